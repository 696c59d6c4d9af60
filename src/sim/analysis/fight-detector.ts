/**
 * The field-ownership fight detector: two loops that keep rewriting the same field of the same object (an HPA and a
 * GitOps sync over a Deployment's `spec.replicas`, two controllers over one label). Upstream has no such thing;
 * the evidence it reads is upstream's own — every successful write, who sent it (the `fieldManager` that
 * managedFields records, see apiserver/fieldmanager/field-owners.ts) and which fields it changed.
 *
 * It consumes trace events incrementally ({@link FightDetector.observe}): `api.request` names the writer (its
 * `fieldManager`, else the sending process) and the object; the matching `api.response` (same `requestId`) says the
 * write succeeded and lists the `changed` paths. The loop behind a request is found through the request's cause
 * (the `queue.get` / `reconcile.*` event of the reconcile that sent it).
 *
 * A fight on (object, field) is a run of changes by exactly two managers in which the writer switched at least
 * `minFlips` times (a → b → a → b is 3 flips), no two consecutive switches more than `quietMs` apart. Every flip is
 * counted from the first, in constant memory per field (summary counters and the last few changes, never a window
 * of changes that forgets the start). The run ends when a third manager writes the field (a new run of the last two
 * writers begins) or when a switch comes after the field was quiet for `quietMs` (a new run begins with it); a fight
 * whose last flip is `quietMs` old is over (`fights(now)` leaves it out; `fights()` lists it, with the ended ones).
 *
 * @remarks `changed` lists at most a handful of top paths per write (rest-client.ts), so a write touching many
 * fields may hide some; a write through `/scale` is only credited with `spec.replicas` and one through `/status`
 * only with `status.*` paths (the subresource cannot change anything else). The trace's `changed` of a `/scale`
 * write compares the parent object with the returned Scale, so it may miss `spec.replicas`: a `/scale` write that
 * moved the resourceVersion is credited with it.
 */
import type { ObjectRef, TraceEvent } from '../trace/trace-event.ts';

/** One detected fight, for the page: the flapping field, the two managers (and their loops), how often it flipped. */
export interface FieldFight {
  object: ObjectRef;
  /** Dotted path as the trace reports it ("spec.replicas"). */
  field: string;
  /** The two fieldManagers, the earliest writer of the run first. */
  managers: [string, string];
  /** The loop (controller or actor) behind each manager's latest write, same order as `managers`. */
  loops: [string, string];
  /** Writer switches in the run, every one since the first. */
  flips: number;
  firstFlipAt: number;
  lastFlipAt: number;
  /** Value-less history of the run, newest last (manager, virtual ms), at most the last 12. */
  recent: Array<{ manager: string; at: number }>;
}

export interface FightDetectorOptions {
  /** A switch this long after the previous one starts a new run; a fight this long without one is over (virtual ms; default 60 s). */
  quietMs?: number;
  /** Switches needed to call it a fight (default 3). */
  minFlips?: number;
}

/** Default {@link FightDetectorOptions.quietMs}: a minute without a switch ends a fight (HPA syncs every 15 s). */
export const DEFAULT_QUIET_MS = 60_000;
/** Ended fights kept for {@link FightDetector.fights} without `now` (the oldest go first). */
const MAX_ENDED = 64;
/**
 * Objects whose field history is kept, the most recently written (a day-long run writes to many objects that are
 * never deleted by a request: Events expire, so `forget` never hears of them). A fight writes every few seconds, so
 * it is never the least recent.
 */
export const MAX_TRACKED_OBJECTS = 4096;
const RECENT = 12;

interface PendingWrite {
  ref: ObjectRef;
  manager: string;
  loop: string;
  subresource: string | undefined;
}

/** The current run of one (object, field): counters only, whatever its length. */
interface Run {
  /** One manager until the first switch, then the two, the earliest writer first. */
  managers: string[];
  /** The loop behind each manager's latest write. */
  loops: Record<string, string>;
  lastManager: string;
  flips: number;
  firstFlipAt: number;
  lastFlipAt: number;
  recent: Array<{ manager: string; at: number }>;
}

const WRITE_VERBS = new Set(['create', 'update', 'patch', 'apply']);
/** Bookkeeping every write moves, never a fight: resourceVersion, managedFields, generation. */
const BOOKKEEPING = new Set(['apiVersion', 'kind', 'metadata.resourceVersion', 'metadata.managedFields', 'metadata.generation']);
/** Events kept to resolve a request's loop; older ones are forgotten (a request follows its reconcile closely). */
const MAX_LOOP_EVENTS = 20_000;

/** The fields a successful write is credited with (see the @remarks of this module). */
export function creditedFields(changed: readonly string[], subresource: string | undefined): string[] {
  if (subresource === 'scale') return changed.includes('spec.replicas') ? ['spec.replicas'] : [];
  return changed.filter((p) => !BOOKKEEPING.has(p) && (subresource === 'status') === (p === 'status' || p.startsWith('status.')));
}

function objectKey(ref: ObjectRef): string {
  return `${ref.apiVersion}|${ref.kind}|${ref.namespace ?? ''}|${ref.name}`;
}

/** Incremental detector over the trace. Plain data and maps: safe to keep in a checkpointed graph. */
export class FightDetector {
  private readonly quietMs: number;
  private readonly minFlips: number;
  /** In-flight writes by requestId. */
  private pending = new Map<number, PendingWrite>();
  /** Loop (queue / controller name) of recent queue.get and reconcile.* events, by event id. */
  private loopOf = new Map<number, string>();
  /** The current run per object key, then field. */
  private runs = new Map<string, { ref: ObjectRef; fields: Map<string, Run> }>();
  /** Fights whose run ended (a third writer, or a switch after a quiet spell), oldest first. */
  private ended: FieldFight[] = [];

  constructor(options: FightDetectorOptions = {}) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.minFlips = options.minFlips ?? 3;
  }
  /** Feeds one trace event (in trace order). */
  observe(e: TraceEvent): void {
    switch (e.kind) {
      case 'queue.get':
        this.rememberLoop(e.id, e.queue);
        return;
      case 'reconcile.observe':
      case 'reconcile.diff':
      case 'reconcile.act':
      case 'reconcile.status':
        this.rememberLoop(e.id, e.controller);
        return;
      case 'api.request': {
        // A reconcile resumes with the cause of the response it got: follow request → response → next request.
        const known = e.causeId !== null ? this.loopOf.get(e.causeId) : undefined;
        if (known) this.rememberLoop(e.id, known);
        if (!WRITE_VERBS.has(e.verb)) return;
        const loop = known ?? e.actor;
        this.pending.set(e.requestId, { ref: e.object, manager: e.fieldManager ?? e.actor, loop, subresource: e.subresource });
        return;
      }
      case 'api.response': {
        const viaRequest = e.causeId !== null ? this.loopOf.get(e.causeId) : undefined;
        if (viaRequest) this.rememberLoop(e.id, viaRequest);
        if (e.verb === 'delete' && e.code < 300) {
          // The object is going or gone: forget its field history (a recreated object starts afresh).
          this.forget(e.object);
          return;
        }
        const w = this.pending.get(e.requestId);
        if (!w) return;
        this.pending.delete(e.requestId);
        if (e.code >= 300) return;
        // A /scale write that moved the resourceVersion changed spec.replicas, whatever `changed` lists.
        const changed = w.subresource === 'scale' && e.rv !== undefined && e.rvBefore !== undefined && e.rv !== e.rvBefore ? ['spec.replicas'] : e.changed;
        if (!changed) return;
        for (const field of creditedFields(changed, w.subresource)) this.record(w, field, e.time, e.object.uid);
        return;
      }
      default:
        return;
    }
  }

  /** Feeds many events in order. */
  observeAll(events: readonly TraceEvent[]): void {
    for (const e of events) this.observe(e);
  }

  /**
   * The fights, most flips first (then newest, then object and field). With `now`, only the live ones: a current run
   * with a switch within `quietMs` of `now`. Without, every fight: current runs and the last ended ones.
   */
  fights(now?: number): FieldFight[] {
    const out: FieldFight[] = now === undefined ? this.ended.map(copyFight) : [];
    for (const { ref, fields } of this.runs.values()) {
      for (const [field, run] of fields) {
        if (run.flips < this.minFlips) continue;
        if (now !== undefined && now - run.lastFlipAt > this.quietMs) continue;
        out.push(fightOf(ref, field, run));
      }
    }
    out.sort(
      (a, b) =>
        b.flips - a.flips ||
        b.lastFlipAt - a.lastFlipAt ||
        (objectKey(a.object) < objectKey(b.object) ? -1 : objectKey(a.object) > objectKey(b.object) ? 1 : 0) ||
        (a.field < b.field ? -1 : a.field > b.field ? 1 : 0) ||
        a.firstFlipAt - b.firstFlipAt,
    );
    return out;
  }

  /** Objects whose field history is kept (at most {@link MAX_TRACKED_OBJECTS}). */
  get trackedObjects(): number {
    return this.runs.size;
  }

  private forget(ref: ObjectRef): void {
    this.runs.delete(objectKey(ref));
  }

  private rememberLoop(id: number, loop: string): void {
    this.loopOf.set(id, loop);
    if (this.loopOf.size > MAX_LOOP_EVENTS) {
      const oldest = this.loopOf.keys().next().value;
      if (oldest !== undefined) this.loopOf.delete(oldest);
    }
  }

  private record(w: PendingWrite, field: string, at: number, uid: string | undefined): void {
    const key = objectKey(w.ref);
    let obj = this.runs.get(key);
    if (obj) {
      // Most recently written last: the first is the one to forget.
      this.runs.delete(key);
      this.runs.set(key, obj);
    } else {
      obj = { ref: { ...w.ref }, fields: new Map() };
      this.runs.set(key, obj);
      if (this.runs.size > MAX_TRACKED_OBJECTS) this.runs.delete(this.runs.keys().next().value!);
    }
    if (uid) obj.ref.uid = uid;
    const run = obj.fields.get(field);
    const m = w.manager;
    if (!run) {
      obj.fields.set(field, { managers: [m], loops: { [m]: w.loop }, lastManager: m, flips: 0, firstFlipAt: at, lastFlipAt: at, recent: [{ manager: m, at }] });
      return;
    }
    if (m === run.lastManager) {
      run.loops[m] = w.loop;
      pushRecent(run, m, at);
      return;
    }
    const third = run.managers.length === 2 && !run.managers.includes(m);
    const afterQuiet = run.flips > 0 && at - run.lastFlipAt > this.quietMs;
    if (third || afterQuiet) {
      // This run is over; a new one begins with the switch from its last writer to this one.
      if (run.flips >= this.minFlips) this.end(fightOf(obj.ref, field, run));
      const last = run.recent[run.recent.length - 1]!;
      const prev = run.lastManager;
      obj.fields.set(field, { managers: [prev, m], loops: { [prev]: run.loops[prev]!, [m]: w.loop }, lastManager: m, flips: 1, firstFlipAt: at, lastFlipAt: at, recent: [last, { manager: m, at }] });
      return;
    }
    if (run.managers.length === 1) {
      run.managers.push(m);
      run.firstFlipAt = at;
    }
    run.flips++;
    run.lastFlipAt = at;
    run.lastManager = m;
    run.loops[m] = w.loop;
    pushRecent(run, m, at);
  }

  private end(f: FieldFight): void {
    this.ended.push(f);
    if (this.ended.length > MAX_ENDED) this.ended.shift();
  }
}

function pushRecent(run: Run, manager: string, at: number): void {
  run.recent.push({ manager, at });
  if (run.recent.length > RECENT) run.recent.shift();
}

function fightOf(ref: ObjectRef, field: string, run: Run): FieldFight {
  const [a, b] = run.managers as [string, string];
  return {
    object: { ...ref },
    field,
    managers: [a, b],
    loops: [run.loops[a] ?? a, run.loops[b] ?? b],
    flips: run.flips,
    firstFlipAt: run.firstFlipAt,
    lastFlipAt: run.lastFlipAt,
    recent: run.recent.map((r) => ({ ...r })),
  };
}

function copyFight(f: FieldFight): FieldFight {
  return { ...f, object: { ...f.object }, managers: [...f.managers], loops: [...f.loops], recent: f.recent.map((r) => ({ ...r })) };
}

/** The fights in a whole trace (a pure function over {@link FightDetector}); with `now`, only those live then. */
export function detectFights(events: readonly TraceEvent[], options: FightDetectorOptions = {}, now?: number): FieldFight[] {
  const d = new FightDetector(options);
  d.observeAll(events);
  return d.fights(now);
}
