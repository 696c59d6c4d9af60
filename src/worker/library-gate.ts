/**
 * The worker's gate for messages that may need the on-demand libraries (needs-libraries.ts, on-demand.ts): such a
 * message, and every message after it, waits until they are loaded, then all are passed on in order. While the gate
 * holds messages, the host keeps virtual time still ({@link LibraryGate.holding}), so an action applies at the moment the
 * person acted, however long the load took. A failed load refuses what needed the libraries, with a clear error, and
 * passes the rest on; the next message that needs them tries again.
 */
import { needsLibraries } from './needs-libraries.ts';

/** What is loaded on demand; tests pass a loader they control. */
export interface OnDemandLoader {
  loaded(): boolean;
  load(): Promise<unknown>;
}

export class LibraryGate {
  private held: unknown[] = [];

  constructor(
    private readonly loader: OnDemandLoader,
    /** Called with each message, in order, once nothing it may need is missing. */
    private readonly pass: (data: unknown) => void,
    /** Called with a held message that needed the libraries when they could not be loaded. */
    private readonly refuse: (data: unknown, message: string) => void,
    /** Called when held messages are about to be passed on. */
    private readonly onRelease: () => void,
    /** Which messages need what the loader loads (another gate passes its own: user-controllers.ts). */
    private readonly needs: (data: unknown) => boolean = needsLibraries,
    /** What a refused message is told, after the load's error. */
    private readonly failure: (error: string) => string = (error) =>
      `could not load the libraries that read YAML, CRD schemas and cron schedules (${error}); reload the page to try again`,
  ) {}

  get holding(): boolean {
    return this.held.length > 0;
  }

  get loaded(): boolean {
    return this.loader.loaded();
  }

  receive(data: unknown): void {
    if (this.held.length === 0 && (this.loader.loaded() || !this.needs(data))) return this.pass(data);
    this.held.push(data);
    if (this.held.length > 1) return;
    this.load().then(
      () => this.release(undefined),
      (err: unknown) => this.release(err instanceof Error ? err.message : String(err)),
    );
  }

  /** Starts loading without holding anything (a preload); a failure is left to the next message that needs them. */
  preload(): void {
    if (!this.loader.loaded()) this.load().catch(() => undefined);
  }

  private load(): Promise<unknown> {
    try {
      return this.loader.load();
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private release(error: string | undefined): void {
    const held = this.held;
    this.held = [];
    this.onRelease();
    for (const data of held) {
      if (error === undefined || !this.needs(data)) this.pass(data);
      else this.refuse(data, this.failure(error));
    }
  }
}
