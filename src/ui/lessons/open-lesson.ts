/**
 * Opening a lesson step: restart the simulation with the lesson's file at that step (the worker builds its cluster and
 * completes the earlier steps by their solutions), put its manifests in the editor, and give the step its address.
 * Also what the browser's back and forward buttons do on a lesson's address: they move between its steps.
 */
import { play, start, lessonMove } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { useDesiredText } from '../state/desired-text.ts';
import { DEFAULT_MANIFESTS, DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from '../default-demo.ts';
import { lessonManifests } from '../layout/lesson-manifests.ts';
import { lessonById } from './lesson-catalog.ts';
import { lessonSearch, readLessonAddress, type LessonAddress } from './lesson-address.ts';

/** How the address bar follows: a new history entry (a move the user made), the same one (a restart), or none. */
export type AddressMode = 'push' | 'replace' | 'none';

function setAddress(address: LessonAddress | null, mode: AddressMode): void {
  if (mode === 'none') return;
  const url = `${location.pathname}${lessonSearch(location.search, address)}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** Opens `id` at `step` (0-based). Resolves with an error in words (also shown in the page's banner), or null. */
export async function openLesson(id: string, step: number, mode: AddressMode = 'push'): Promise<string | null> {
  const entry = lessonById(id);
  if (!entry) {
    const message = `there is no lesson "${id}" in this version of Loopscope; the lessons are listed under Lessons`;
    useSim.getState().setError(message);
    return message;
  }
  useSim.getState().select(null);
  const err = await start({ seed: 1, lesson: { text: entry.text, step } });
  if (err) return err;
  play();
  setAddress({ id: entry.id, step }, mode);
  useDesiredText.getState().show(lessonManifests(entry.text) ?? '', `lesson ${entry.id}`);
  return null;
}

/** Closes the lesson: back to the playground, and the address without it. */
export async function closeLesson(mode: AddressMode = 'push'): Promise<void> {
  await lessonMove('close');
  useSim.getState().select(null);
  const err = await start({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES, manifests: DEFAULT_OBJECTS });
  if (!err) play();
  useDesiredText.getState().show(DEFAULT_MANIFESTS, 'the playground');
  setAddress(null, mode);
}

/** Next or Back in the open lesson, with the address following (one history entry per step). */
export async function moveStep(op: 'next' | 'back'): Promise<void> {
  const r = await lessonMove(op);
  if (r.view) setAddress({ id: r.view.lesson.id, step: r.view.step }, 'push');
}

/**
 * Opens what the address names (at start, and on back/forward). `opened`: a lesson now plays. `error`: the address
 * was invalid or named no lesson (in words; the caller shows it once the playground plays).
 */
export async function openFromAddress(mode: AddressMode): Promise<{ opened: boolean; error?: string }> {
  const address = readLessonAddress(location.search);
  if (address === null) return { opened: false };
  if ('error' in address) return { opened: false, error: `${address.error}; playing the playground instead` };
  const current = useSim.getState().lesson;
  if (current && current.lesson.id === address.id && current.step === address.step) return { opened: true };
  const error = await openLesson(address.id, address.step, mode);
  return error === null ? { opened: true } : { opened: false, error: `${error}; playing the playground instead` };
}

let listening = false;

/** Back and forward move between lesson steps (and out of a lesson, to the playground). */
export function followHistory(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => {
    void openFromAddress('none').then(({ opened, error }) => {
      if (error) useSim.getState().setError(error);
      if (!opened && useSim.getState().lesson && readLessonAddress(location.search) === null) void closeLesson('none');
    });
  });
}
