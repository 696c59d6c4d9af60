/**
 * What the page has been sent of the cluster's objects, and the delta a frame carries: after a reset, a command or a
 * frame whose trace is not all kept, every object of every drawn kind is listed and diffed; otherwise only the
 * objects the frame's successful writes name are read again (its `api.response` events), so a frame costs
 * O(writes), not O(objects).
 */
import type { Simulation } from '../sim/simulation.ts';
import type { TraceEvent } from '../sim/trace/trace-event.ts';
import { objectKey, sameSummary, summarize } from './object-summary.ts';
import type { Frame, ObjectSummary } from './protocol.ts';

/** Kinds not drawn as objects (they are shown elsewhere: events in the log, leases as heartbeats). */
const HIDDEN_KINDS = new Set(['Event', 'Lease']);
/** Verbs whose successful `api.response` names an object that changed (or is gone). */
const WRITE_VERBS = new Set(['create', 'update', 'patch', 'apply', 'delete', 'deletecollection']);

export class ObjectDelta {
  private sentObjects = new Map<string, ObjectSummary>();
  /** The apiVersions under which objects of each kind were sent (to notice a write named through another one). */
  private sentVersions = new Map<string, Set<string>>();

  /** Forgets what was sent (a new simulation). */
  clear(): void {
    this.sentObjects.clear();
  }

  /**
   * The objects that changed since the last frame. `full`: a reset (send everything); `rescan`: list everything
   * (after a command, which may write without a trace event); `expected`: how many events the frame should have
   * (fewer were kept: list everything).
   */
  delta(sim: Simulation, full: boolean, rescanWanted: boolean, fresh: readonly TraceEvent[], expected: number): Frame['objects'] {
    const rescan = full || rescanWanted || fresh.length !== expected || this.needsRescan(fresh);
    if (rescan) return this.fullDelta(sim, full);
    const api = sim.cluster.apiServer;
    const upserts: ObjectSummary[] = [];
    const deletes: string[] = [];
    const done = new Set<string>();
    for (const e of fresh) {
      if (e.kind !== 'api.response' || e.code >= 400 || !WRITE_VERBS.has(e.verb) || HIDDEN_KINDS.has(e.object.kind)) continue;
      const ref = e.object;
      const key = objectKey(ref.apiVersion, ref.kind, ref.namespace, ref.name);
      if (done.has(key)) continue;
      done.add(key);
      const obj = api.getObject(ref.apiVersion, ref.kind, ref.namespace, ref.name);
      // Named through another version of its kind (autoscaling/v1 for a stored autoscaling/v2 object): the sent key
      // is the stored version's, so this frame lists everything rather than guess it.
      if (obj ? obj.apiVersion !== ref.apiVersion : !this.sentObjects.has(key) && this.sentUnderOtherVersion(ref.kind, ref.apiVersion)) return this.fullDelta(sim, false);
      const old = this.sentObjects.get(key);
      if (!obj) {
        if (old) {
          this.sentObjects.delete(key);
          deletes.push(key);
        }
        continue;
      }
      const s = summarize(obj);
      if (!old || !sameSummary(old, s)) {
        this.sentObjects.set(key, s);
        this.noteVersion(s);
        upserts.push(s);
      }
    }
    return { upserts, deletes, full: false };
  }

  /**
   * Whether the frame's writes may have changed objects that no event names: the api-server itself removes a
   * deleting namespace once empty and the objects of a removed CRD's kind; a namespace being deleted deletes its
   * objects. Those frames list everything.
   */
  private needsRescan(fresh: readonly TraceEvent[]): boolean {
    let deleted = false;
    for (const e of fresh) {
      if (e.kind !== 'api.response' || e.code >= 400 || !WRITE_VERBS.has(e.verb)) continue;
      if (e.object.kind === 'Namespace' || e.object.kind === 'CustomResourceDefinition' || e.verb === 'deletecollection') return true;
      if (e.verb === 'delete') deleted = true;
    }
    if (!deleted) return false;
    for (const s of this.sentObjects.values()) if (s.kind === 'Namespace' && s.deleting) return true;
    return false;
  }

  /** Whether objects of this kind were sent under another apiVersion than `apiVersion`. */
  private sentUnderOtherVersion(kind: string, apiVersion: string): boolean {
    for (const v of this.sentVersions.get(kind) ?? []) if (v !== apiVersion) return true;
    return false;
  }

  private noteVersion(s: ObjectSummary): void {
    let set = this.sentVersions.get(s.kind);
    if (!set) this.sentVersions.set(s.kind, (set = new Set()));
    set.add(s.apiVersion);
  }

  /** Lists every object of every drawn kind and diffs with what was sent (a reset sends them all). */
  private fullDelta(sim: Simulation, full: boolean): Frame['objects'] {
    const api = sim.cluster.apiServer;
    const now = new Map<string, ObjectSummary>();
    for (const info of api.resourcesInfo()) {
      if (HIDDEN_KINDS.has(info.kind)) continue;
      const apiVersion = info.group ? `${info.group}/${info.version}` : info.version;
      for (const obj of api.listObjects(apiVersion, info.kind)) {
        const s = summarize(obj);
        now.set(s.key, s);
      }
    }
    this.sentVersions.clear();
    for (const s of now.values()) this.noteVersion(s);
    const upserts: ObjectSummary[] = [];
    const deletes: string[] = [];
    for (const [key, s] of now) {
      const old = this.sentObjects.get(key);
      if (full || !old || !sameSummary(old, s)) upserts.push(s);
    }
    if (!full) for (const key of this.sentObjects.keys()) if (!now.has(key)) deletes.push(key);
    this.sentObjects = now;
    return { upserts, deletes, full };
  }
}
