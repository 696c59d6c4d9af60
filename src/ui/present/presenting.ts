/**
 * Presenter mode's state: on or off, and the blank screen. It is in the page's entry (the top bar's button and the keys
 * read it); everything presenter mode draws is in a chunk of its own (present-mode.tsx).
 *
 * The address says it: `?present` turns it on when the page opens, and the toggle keeps the address in step
 * (replaceState: presenter mode is not a place to go back to). The lesson addresses keep other parameters
 * (lessons/lesson-address.ts `lessonSearch`), and should an address without it come back (the back button to an entry
 * made before presenter mode was turned on), presenter mode stays on and the address gets it again.
 */
import { create } from 'zustand';

export interface PresentingState {
  /** Presenter mode is on. */
  on: boolean;
  /** The blank screen (a black window; any key or click ends it). Only while presenting. */
  blank: boolean;
}

export const usePresenting = create<PresentingState>(() => ({ on: false, blank: false }));

/** Whether an address's query (`location.search`) asks for presenter mode: `?present`, `?present=`, `?present=1`… but not `?present=0`. */
export function presentInSearch(search: string): boolean {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.length > 4096 ? search.slice(0, 4096) : search);
  } catch {
    return false;
  }
  const v = params.get('present');
  return v !== null && v !== '0' && v !== 'false';
}

/** The query with presenter mode on or off, every other parameter kept in its order; `present` first and bare (`?present&lesson=…`). */
export function searchWithPresent(search: string, on: boolean): string {
  const params = new URLSearchParams(search);
  params.delete('present');
  const rest = params.toString();
  if (!on) return rest ? `?${rest}` : '';
  return rest ? `?present&${rest}` : '?present';
}

function syncAddress(on: boolean): void {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  if (presentInSearch(location.search) === on) return;
  history.replaceState(history.state, '', `${location.pathname}${searchWithPresent(location.search, on)}${location.hash}`);
}

/** Turns presenter mode on or off (ending a blank screen), with the address following. */
export function setPresenting(on: boolean): void {
  usePresenting.setState({ on, blank: false });
  syncAddress(on);
}

export function togglePresenting(): void {
  setPresenting(!usePresenting.getState().on);
}

/** Shows or ends the blank screen; only presenter mode has one. */
export function setBlank(blank: boolean): void {
  const { on } = usePresenting.getState();
  usePresenting.setState({ blank: on && blank });
}

let started = false;

/** Reads `?present` from the address once, and keeps it there while presenting. Called at start (idempotent). */
export function startPresentingFromAddress(): void {
  if (started || typeof location === 'undefined') return;
  started = true;
  if (presentInSearch(location.search)) usePresenting.setState({ on: true });
  window.addEventListener('popstate', () => syncAddress(usePresenting.getState().on));
}
