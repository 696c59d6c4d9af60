/**
 * The trace recorder: an append-only, id-ordered list of {@link TraceEvent}s plus the "current cause".
 *
 * While a timer runs, `cause` holds the event that scheduled it, and every event recorded without an explicit
 * cause gets it. Components that know better (a reconcile caused by the queue.get that handed it the key) pass
 * `causeId` themselves or set `cause` around their work.
 *
 * Events are stored in frozen chunks so that a checkpoint (see `cloneGraph`) copies a few pointers, not the trace.
 */
import type { TraceEvent, TraceEventBody } from './trace-event.ts';

const CHUNK = 1024;

export interface TraceOptions {
  /**
   * `full` keeps every event (the default; the page and the CLI need it). `count` only numbers them: ids and
   * causality still work inside the run, nothing is kept (for benchmarks of huge clusters).
   */
  retain?: 'full' | 'count';
}

export class Trace {
  /** The cause given to events recorded without one; set by the scheduler while a timer runs. */
  cause: number | null = null;
  private chunks: TraceEvent[][] = [];
  private open: TraceEvent[] = [];
  private count = 0;
  private readonly keep: boolean;

  constructor(
    private readonly clock: { readonly now: number },
    options: TraceOptions = {},
  ) {
    this.keep = (options.retain ?? 'full') === 'full';
  }

  /** Records an event and returns its id. */
  emit(actor: string, body: TraceEventBody, causeId: number | null = this.cause): number {
    const id = ++this.count;
    if (this.keep) {
      const event = Object.freeze({ id, time: this.clock.now, actor, causeId, ...body }) as TraceEvent;
      this.open.push(event);
      if (this.open.length === CHUNK) {
        this.chunks.push(Object.freeze(this.open) as TraceEvent[]);
        this.open = [];
      }
    }
    return id;
  }

  /**
   * Whether events are kept (`retain: 'full'`). With `count`, a hot path may skip building an event's body: only its
   * id is used.
   */
  get keepsEvents(): boolean {
    return this.keep;
  }

  /** Number of events recorded (the id of the last one). */
  get length(): number {
    return this.count;
  }

  /** The event with this id, if kept. */
  get(id: number): TraceEvent | undefined {
    if (!this.keep || id < 1 || id > this.count) return undefined;
    const i = id - 1;
    const c = Math.floor(i / CHUNK);
    return c < this.chunks.length ? this.chunks[c]![i % CHUNK] : this.open[i % CHUNK];
  }

  /** Events with ids in (afterId, toId], in order. */
  slice(afterId = 0, toId = this.count): TraceEvent[] {
    const out: TraceEvent[] = [];
    for (let id = afterId + 1; id <= toId; id++) {
      const e = this.get(id);
      if (e) out.push(e);
    }
    return out;
  }

  /** The chain of causes of an event, from the event itself back to its root. */
  causeChain(id: number): TraceEvent[] {
    const chain: TraceEvent[] = [];
    for (let e = this.get(id); e; e = e.causeId === null ? undefined : this.get(e.causeId)) chain.push(e);
    return chain;
  }

  /** Drops every event after `length` (used when a checkpoint is restored or the timeline forks). */
  truncate(length: number): void {
    if (length >= this.count) return;
    const all = this.keep ? this.slice(0, length) : [];
    this.chunks = [];
    this.open = [];
    this.count = 0;
    for (const e of all) {
      this.count = e.id;
      this.open.push(e);
      if (this.open.length === CHUNK) {
        this.chunks.push(Object.freeze(this.open) as TraceEvent[]);
        this.open = [];
      }
    }
    this.count = length;
  }
}
