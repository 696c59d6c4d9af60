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
 * A fight on (object, field) is a trailing run of changes by exactly two managers, within `windowMs` of the last
 * one, in which the writer switched at least `minFlips` times (a → b → a → b is 3 flips).
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
  /** Writer switches in the run. */
  flips: number;
  firstFlipAt: number;
  lastFlipAt: number;
  /** Value-less history of the run, newest last (manager, virtual ms), at most the last 12. */
  recent: Array<{ manager: string; at: number }>;
}

export interface FightDetectorOptions {
  /** Changes older than this before the run's last change do not count (virtual ms; default 10 minutes). */
  windowMs?: number;
  /** Switches needed to call it a fight (default 3). */
  minFlips?: number;
  /** Changes kept per (object, field) (default 32). */
  maxHistory?: number;
}

interface PendingWrite {
  ref: ObjectRef;
  manager: string;
  loop: string;
  subresource: string | undefined;
}

interface Change {
  manager: string;
  loop: string;
  at: number;
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
  private readonly windowMs: number;
  private readonly minFlips: number;
  private readonly maxHistory: number;
  /** In-flight writes by requestId. */
  private pending = new Map<number, PendingWrite>();
  /** Loop (queue / controller name) of recent queue.get and reconcile.* events, by event id. */
  private loopOf = new Map<number, string>();
  /** Changes per object key, then field. */
  private history = new Map<string, { ref: ObjectRef; fields: Map<string, Change[]> }>();
  /** Current fights, by object key + field. */
  private found = new Map<string, FieldFight>();

  constructor(options: FightDetectorOptions = {}) {
    this.windowMs = options.windowMs ?? 600_000;
    this.minFlips = options.minFlips ?? 3;
    this.maxHistory = options.maxHistory ?? 32;
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
   * The fights found so far, most flips first (then newest, then object and field). With `now`, only fights whose
   * last flip is within the window of `now` (a fight that stopped fades out).
   */
  fights(now?: number): FieldFight[] {
    const out = [...this.found.values()].filter((f) => now === undefined || now - f.lastFlipAt <= this.windowMs);
    out.sort(
      (a, b) =>
        b.flips - a.flips ||
        b.lastFlipAt - a.lastFlipAt ||
        (objectKey(a.object) < objectKey(b.object) ? -1 : objectKey(a.object) > objectKey(b.object) ? 1 : 0) ||
        (a.field < b.field ? -1 : a.field > b.field ? 1 : 0),
    );
    return out.map((f) => ({ ...f, object: { ...f.object }, managers: [...f.managers], loops: [...f.loops], recent: f.recent.map((r) => ({ ...r })) }));
  }

  private forget(ref: ObjectRef): void {
    const key = objectKey(ref);
    if (!this.history.delete(key)) return;
    for (const id of [...this.found.keys()]) if (id.startsWith(`${key}|`)) this.found.delete(id);
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
    let obj = this.history.get(key);
    if (!obj) {
      obj = { ref: { ...w.ref }, fields: new Map() };
      this.history.set(key, obj);
    }
    if (uid) obj.ref.uid = uid;
    let changes = obj.fields.get(field);
    if (!changes) {
      changes = [];
      obj.fields.set(field, changes);
    }
    changes.push({ manager: w.manager, loop: w.loop, at });
    if (changes.length > this.maxHistory) changes.splice(0, changes.length - this.maxHistory);
    const fight = this.evaluate(changes);
    const id = `${key}|${field}`;
    if (fight) this.found.set(id, { object: { ...obj.ref }, field, ...fight });
    // A third writer took over, or the pair went quiet past the window: that fight is over.
    else this.found.delete(id);
  }

  /** The trailing two-manager run of `changes` if it has enough switches. */
  private evaluate(changes: readonly Change[]): Omit<FieldFight, 'object' | 'field'> | null {
    const last = changes[changes.length - 1]!;
    let i = changes.length - 1;
    let other: string | undefined;
    let flips = 0;
    let firstFlipAt = last.at;
    while (i > 0) {
      const prev = changes[i - 1]!;
      const cur = changes[i]!;
      if (last.at - prev.at > this.windowMs) break;
      if (prev.manager !== last.manager) {
        if (other === undefined) other = prev.manager;
        else if (prev.manager !== other) break;
      }
      if (prev.manager !== cur.manager) {
        flips++;
        firstFlipAt = cur.at;
      }
      i--;
    }
    if (other === undefined || flips < this.minFlips) return null;
    const run = changes.slice(i);
    const first = run[0]!.manager;
    const second = first === last.manager ? other : last.manager;
    const loopOfManager = (m: string): string => {
      for (let k = run.length - 1; k >= 0; k--) if (run[k]!.manager === m) return run[k]!.loop;
      return m;
    };
    return {
      managers: [first, second],
      loops: [loopOfManager(first), loopOfManager(second)],
      flips,
      firstFlipAt,
      lastFlipAt: last.at,
      recent: run.slice(-12).map((c) => ({ manager: c.manager, at: c.at })),
    };
  }
}

/** The fights in a whole trace (a pure function over {@link FightDetector}). */
export function detectFights(events: readonly TraceEvent[], options: FightDetectorOptions = {}, now?: number): FieldFight[] {
  const d = new FightDetector(options);
  d.observeAll(events);
  return d.fights(now);
}
