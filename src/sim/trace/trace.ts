/**
 * The trace recorder: an id-ordered list of {@link TraceEvent}s plus the "current cause", kept as a window of the
 * most recent events.
 *
 * While a timer runs, `cause` holds the event that scheduled it, and every event recorded without an explicit
 * cause gets it. Components that know better (a reconcile caused by the queue.get that handed it the key) pass
 * `causeId` themselves or set `cause` around their work.
 *
 * Events are stored in frozen chunks so that a checkpoint (see `cloneGraph`) copies a few pointers, not the trace.
 *
 * **The window.** A run left playing all day records about 50,000 events per virtual hour (the default demo), so only
 * the most recent `window` events are kept with full detail: when a chunk closes and more than `window` events are
 * kept, the oldest chunks are dropped and counted in {@link Trace.before} (how many events of each kind came before
 * the window). Ids go on from where they were: an event keeps its id whether or not older ones were dropped, and
 * what is kept is exactly what a run that dropped nothing would hold at those ids. Dropping depends only on how many
 * events were recorded (and the floor a timeline carries over from its furthest point, {@link Trace.dropThrough}),
 * never on wall time or on who looked, so two runs of the same seed and inputs hold the same window.
 * A cause chain that reaches an event before the window ends there: {@link Trace.beforeWindow} tells such an id from
 * one that never existed.
 */
import type { TraceEvent, TraceEventBody, TraceEventKind } from './trace-event.ts';

const CHUNK = 1024;

/**
 * Events kept by default (rounded up to whole chunks of 1,024, plus the chunk being filled). 100,000 events are
 * ~25–35 MB of heap, about two virtual hours of the default demo, a 1,000-pod rollout (~86 events a pod) whole, and
 * five times the page's own event log (`MAX_EVENTS`, 20,000).
 */
export const DEFAULT_TRACE_WINDOW = 100_000;

export interface TraceOptions {
  /**
   * `full` keeps every event (the default; the page and the CLI need it). `count` only numbers them: ids and
   * causality still work inside the run, nothing is kept (for benchmarks of huge clusters).
   */
  retain?: 'full' | 'count';
  /** With `full`: most events kept with full detail; older ones are counted in {@link Trace.before}. */
  window?: number;
}

/** What the trace no longer holds: the events before its window, counted by kind. Frozen; shared by copies. */
export interface TraceBeforeWindow {
  /** Events dropped: every id up to and including this one is gone. */
  readonly events: number;
  /** Their virtual time span's end: the time of the last event dropped (0 when none). */
  readonly until: number;
  readonly byKind: Readonly<Partial<Record<TraceEventKind, number>>>;
}

const NOTHING_BEFORE: TraceBeforeWindow = Object.freeze({ events: 0, until: 0, byKind: Object.freeze({}) });

export class Trace {
  /** The cause given to events recorded without one; set by the scheduler while a timer runs. */
  cause: number | null = null;
  /** Full chunks of CHUNK events, the first holding ids `base + 1 ..`. */
  private chunks: TraceEvent[][] = [];
  private open: TraceEvent[] = [];
  private count = 0;
  /** Ids up to this one are not kept (a multiple of CHUNK); {@link dropped} counts them. */
  private base = 0;
  private dropped: TraceBeforeWindow = NOTHING_BEFORE;
  private readonly keep: boolean;
  /** Full chunks kept at most: the window rounded up to chunks. */
  private readonly maxChunks: number;

  constructor(
    private readonly clock: { readonly now: number },
    options: TraceOptions = {},
  ) {
    this.keep = (options.retain ?? 'full') === 'full';
    const window = options.window ?? DEFAULT_TRACE_WINDOW;
    if (!(window >= 1)) throw new Error(`trace window must be at least 1 event, got ${window}`);
    this.maxChunks = Math.ceil(window / CHUNK);
  }

  /** Records an event and returns its id. */
  emit(actor: string, body: TraceEventBody, causeId: number | null = this.cause): number {
    const id = ++this.count;
    // An id at or below the floor is one a timeline's furthest point already dropped (re-executing from an older
    // checkpoint): numbered, not kept, already counted.
    if (this.keep && id > this.base) {
      const event = Object.freeze({ id, time: this.clock.now, actor, causeId, ...body }) as TraceEvent;
      this.open.push(event);
      if (this.open.length === CHUNK) {
        this.chunks.push(Object.freeze(this.open) as TraceEvent[]);
        this.open = [];
        if (this.chunks.length > this.maxChunks) this.dropOldest();
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

  /** The id of the oldest event kept (`length + 1` when none is). */
  get firstId(): number {
    return this.keep ? Math.min(this.base, this.count) + 1 : this.count + 1;
  }

  /** The events before the window, counted (frozen: a timeline hands it to {@link dropThrough} of other copies). */
  get before(): TraceBeforeWindow {
    return this.dropped;
  }

  /** True when `id` was recorded but is no longer kept: it is before the window. */
  beforeWindow(id: number): boolean {
    return id >= 1 && id <= this.count && id < this.firstId;
  }

  /** The event with this id, if kept. */
  get(id: number): TraceEvent | undefined {
    if (!this.keep || id <= this.base || id > this.count) return undefined;
    const i = id - 1 - this.base;
    const c = Math.floor(i / CHUNK);
    return c < this.chunks.length ? this.chunks[c]![i % CHUNK] : this.open[i % CHUNK];
  }

  /** Kept events with ids in (afterId, toId], in order. */
  slice(afterId = 0, toId = this.count): TraceEvent[] {
    const out: TraceEvent[] = [];
    for (let id = Math.max(afterId, this.base) + 1; id <= toId; id++) {
      const e = this.get(id);
      if (e) out.push(e);
    }
    return out;
  }

  /**
   * The chain of causes of an event, from the event itself back to its root, or to the window's start: when the last
   * event's `causeId` is not null, that cause is {@link beforeWindow}.
   */
  causeChain(id: number): TraceEvent[] {
    const chain: TraceEvent[] = [];
    for (let e = this.get(id); e; e = e.causeId === null ? undefined : this.get(e.causeId)) chain.push(e);
    return chain;
  }

  /** Drops every event after `length` (what a trial recorded and then took back). */
  truncate(length: number): void {
    if (length >= this.count) return;
    this.count = Math.max(0, length);
    const kept = this.count - this.base;
    if (kept <= 0) {
      this.chunks = [];
      this.open = [];
      return;
    }
    const full = Math.floor(kept / CHUNK);
    if (full < this.chunks.length) {
      this.open = this.chunks[full]!.slice(0, kept % CHUNK);
      this.chunks = this.chunks.slice(0, full);
    } else this.open.length = kept % CHUNK;
  }

  /**
   * Drops every event counted in `before` (another copy's {@link before}, further along the same run): the timeline
   * carries its furthest point's window over to older checkpoints and restored copies, so no copy holds events the
   * run has dropped.
   */
  dropThrough(before: TraceBeforeWindow): void {
    if (before.events <= this.base) return;
    const chunks = (before.events - this.base) / CHUNK;
    this.chunks = chunks < this.chunks.length ? this.chunks.slice(chunks) : [];
    // The chunk being filled is before the new floor too when nothing after the floor was recorded yet.
    if (this.count <= before.events) this.open = [];
    this.base = before.events;
    this.dropped = before;
  }

  /** Drops the oldest full chunk, counting its events. */
  private dropOldest(): void {
    const chunk = this.chunks.shift()!;
    const byKind: Partial<Record<TraceEventKind, number>> = { ...this.dropped.byKind };
    for (const e of chunk) byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    this.base += CHUNK;
    this.dropped = Object.freeze({ events: this.base, until: chunk[CHUNK - 1]!.time, byKind: Object.freeze(byKind) });
  }
}
