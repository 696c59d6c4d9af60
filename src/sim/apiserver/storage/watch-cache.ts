/**
 * Server-side watches: who is watching what, and the delivery of each write to the matching watchers,
 * synchronously, in revision order.
 *
 * Upstream: k8s.io/apiserver/pkg/storage/cacher/cacher.go (`cacheWatcher`, `watchCacheEvent` filtering: an object
 * leaving a selected set is a DELETED for that watcher carrying its previous state at the event's revision,
 * entering is ADDED) and watch_cache.go (`too old resource
 * version`, initial events for resourceVersion "0"/"").
 *
 * @remarks No bookmarks are sent (`allowWatchBookmarks` is accepted and ignored); no server-side watch timeout.
 */
import { keyOf, type KubeObject } from '../../api/object.ts';
import { deepFreeze, flattenString } from '../../engine/clone-graph.ts';
import { resourceExpired, type Status } from '../../api/status.ts';
import type { ServerWatch, WatchEvent, WatchSink } from '../api-request.ts';
import { matchesLabels, type ParsedLabelSelector } from '../selectors/label-selector.ts';
import { fieldValue, matchesFields, type ParsedFieldSelector } from '../selectors/field-selector.ts';
import type { MvccStore, StoredEvent } from './mvcc-store.ts';

/**
 * A watch event that also carries its object's "namespace/name" key (client-go's `MetaNamespaceKeyFunc` of
 * `object`), computed once per write for every informer that receives it rather than by each of them. A pure
 * function of the object, so an informer may use it instead of keying the object itself; events without it
 * (another server, a test double) are keyed by the informer.
 */
export interface KeyedWatchEvent extends WatchEvent {
  readonly object: KubeObject;
  readonly key: string;
}

/** What a watcher selects: one resource, optionally one namespace, label and field selectors. */
export interface WatchFilter {
  resource: string;
  namespace?: string;
  labels?: ParsedLabelSelector;
  fields?: ParsedFieldSelector;
}

/** One server-side watch. `stop()` ends it; no event is delivered after. */
export class Watcher implements ServerWatch {
  /** The revision this watcher started at, or of the last event offered to it while it was a trigger candidate. */
  seenRevision: number;
  stopped = false;
  /**
   * The value of the resource's trigger field this watcher's field selector requires (`spec.nodeName=node-1` on
   * pods), if any: the watch cache offers it only the events whose object has (or had) that value.
   */
  readonly triggerValue: string | undefined;

  constructor(
    readonly id: number,
    readonly user: string,
    readonly filter: WatchFilter,
    readonly sink: WatchSink,
    private readonly cache: WatchCache,
    startRevision: number,
  ) {
    this.seenRevision = startRevision;
    this.triggerValue = triggerValueOf(filter);
  }

  /**
   * The revision of the last event of its resource this watcher has seen (or its start revision): every event of
   * the resource dispatched since it started passed it, whether or not it was offered to it.
   */
  get lastRevision(): number {
    return Math.max(this.seenRevision, this.cache.dispatchedRevision(this.filter.resource));
  }

  stop(): void {
    this.cache.remove(this.id);
  }

  matches(obj: KubeObject): boolean {
    const f = this.filter;
    if (f.namespace !== undefined && obj.metadata.namespace !== f.namespace) return false;
    if (f.labels !== undefined && f.labels.requirements.length > 0 && !matchesLabels(f.labels, obj.metadata.labels)) return false;
    if (f.fields !== undefined && f.fields.requirements.length > 0 && !matchesFields(f.fields, obj)) return false;
    return true;
  }

  /** The event this watcher sees for a write, or undefined when the write is outside its selection. */
  translate(e: StoredEvent): WatchEvent | undefined {
    switch (e.type) {
      case 'ADDED':
        return this.matches(e.object) ? sharedEvent(e) : undefined;
      case 'DELETED':
        return this.matches(e.prev!) ? sharedEvent(e) : undefined;
      case 'MODIFIED': {
        const now = this.matches(e.object);
        const before = this.matches(e.prev!);
        if (now) return before ? sharedEvent(e) : keyedEvent('ADDED', e.object);
        // Leaving the selection: upstream's cacher sends the previous state at this event's revision.
        return before ? keyedEvent('DELETED', prevAtRevision(e)) : undefined;
      }
    }
  }
}

/**
 * Upstream's watch cache triggers (pkg/registry/core/pod/storage: `NodeNameTriggerFunc`, the cacher's
 * `indexedTrigger`): for these resources, watchers whose field selector requires one value of the field are indexed
 * by it, and an event is offered only to those indexed under its object's value (now or before) and to the watchers
 * without one. Kubelets watch pods with `spec.nodeName=<node>`, so a pod write reaches its node's kubelet, not all.
 */
const TRIGGER_FIELDS: ReadonlyMap<string, string> = new Map([['pods', 'spec.nodeName']]);

function triggerValueOf(filter: WatchFilter): string | undefined {
  const field = TRIGGER_FIELDS.get(filter.resource);
  if (field === undefined || !filter.fields) return undefined;
  for (const r of filter.fields.requirements) if (r.field === field && r.operator === '=') return r.value;
  return undefined;
}

/** The event of the write's own type, made once per write and shared by every watcher that sees it (frozen). */
function sharedEvent(e: StoredEvent): WatchEvent {
  return (e.watchEvent ??= Object.freeze(keyedEvent(e.type, e.object)));
}

/** A {@link KeyedWatchEvent}; the key is flat (a concatenated string is a tree of pieces each Map lookup walks). */
function keyedEvent(type: KeyedWatchEvent['type'], object: KubeObject): KeyedWatchEvent {
  return { type, object, key: flattenString(keyOf(object)) };
}

/** The previous object stamped with the event's revision, made once per event and shared by every watcher. */
function prevAtRevision(e: StoredEvent): KubeObject {
  if (!e.prevAtRevision) {
    const prev = e.prev!;
    e.prevAtRevision = deepFreeze({ ...prev, metadata: { ...prev.metadata, resourceVersion: String(e.revision) } });
  }
  return e.prevAtRevision;
}

export class WatchCache {
  private nextId = 1;
  /**
   * Watchers by resource key, in creation order. Each list is replaced, never changed in place (copy on write):
   * a delivery iterates the list it started with while a sink stops or opens watches, without copying it per write.
   */
  private readonly byResource = new Map<string, readonly Watcher[]>();
  private readonly byId = new Map<number, Watcher>();
  /** Watchers of trigger resources (see {@link TRIGGER_FIELDS}) by the trigger value they require. */
  private readonly byTrigger = new Map<string, Map<string, Watcher[]>>();
  /** Watchers of trigger resources that require no trigger value: offered every event. */
  private readonly untriggered = new Map<string, Watcher[]>();
  /** The revision of the last event dispatched, per resource. */
  private readonly dispatched = new Map<string, number>();
  /** Writes waiting for delivery while an earlier one is being delivered (a sink that writes synchronously). */
  private readonly pending: StoredEvent[] = [];
  private dispatching = false;

  constructor(private readonly store: MvccStore) {}

  /**
   * Starts a watch. `from` undefined means "now, with the current objects as initial ADDED events" (resourceVersion
   * "" or "0"); a number replays the history after it, or fails with 410 Expired when the history no longer has it.
   */
  add(filter: WatchFilter, sink: WatchSink, user: string, from: number | undefined): Watcher | Status {
    if (from !== undefined && !this.store.canReplayFrom(from)) {
      return resourceExpired(`too old resource version: ${from} (${this.store.compactedRevision})`);
    }
    const w = new Watcher(this.nextId++, user, filter, sink, this, this.store.revision);
    this.byId.set(w.id, w);
    this.byResource.set(filter.resource, [...(this.byResource.get(filter.resource) ?? []), w]);
    if (TRIGGER_FIELDS.has(filter.resource)) {
      if (w.triggerValue === undefined) listIn(this.untriggered, filter.resource).push(w);
      else listIn(listsIn(this.byTrigger, filter.resource), w.triggerValue).push(w);
    }
    if (from === undefined) {
      for (const obj of this.store.list(filter.resource, filter.namespace)) {
        if (w.stopped) break;
        if (w.matches(obj)) sink.onWatchEvent(keyedEvent('ADDED', obj));
      }
    } else {
      for (const e of this.store.eventsAfter(from)) {
        if (w.stopped) break;
        if (e.resource !== filter.resource) continue;
        const ev = w.translate(e);
        if (ev) sink.onWatchEvent(ev);
      }
    }
    return w;
  }

  remove(id: number): Watcher | undefined {
    const w = this.byId.get(id);
    if (!w) return undefined;
    w.stopped = true;
    this.byId.delete(id);
    this.byResource.set(
      w.filter.resource,
      this.byResource.get(w.filter.resource)!.filter((x) => x !== w),
    );
    if (TRIGGER_FIELDS.has(w.filter.resource)) {
      const sub = w.triggerValue === undefined ? this.untriggered.get(w.filter.resource) : this.byTrigger.get(w.filter.resource)?.get(w.triggerValue);
      sub?.splice(sub.indexOf(w), 1);
    }
    return w;
  }

  /** The revision of the last event of `resource` dispatched to its watchers (0 before any). */
  dispatchedRevision(resource: string): number {
    return this.dispatched.get(resource) ?? 0;
  }

  /** Ends a watch with an ERROR event carrying 410 Expired, as when the server's watch cache drops a slow watcher. */
  expire(id: number): boolean {
    const w = this.remove(id);
    if (!w) return false;
    w.sink.onWatchEvent({
      type: 'ERROR',
      object: resourceExpired(`too old resource version: ${w.lastRevision} (${Math.max(this.store.compactedRevision, w.lastRevision + 1)})`),
    });
    return true;
  }

  /** Expires every watch opened by `user`; returns how many. */
  expireAllOf(user: string): number {
    const ids = [...this.byId.values()].filter((w) => w.user === user).map((w) => w.id);
    for (const id of ids) this.expire(id);
    return ids.length;
  }

  /** Running watches, oldest first. */
  watchers(): Watcher[] {
    return [...this.byId.values()];
  }

  /** Delivers a write to every matching watcher. Re-entrant writes are queued, so order is always by revision. */
  dispatch(event: StoredEvent): void {
    if (!this.dispatching && !this.byResource.get(event.resource)?.length) return;
    this.pending.push(event);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let i = 0; i < this.pending.length; i++) this.deliver(this.pending[i]!);
    } finally {
      this.pending.length = 0;
      this.dispatching = false;
    }
  }

  private deliver(e: StoredEvent): void {
    const list = this.byResource.get(e.resource);
    if (!list || list.length === 0) return;
    // No copy: a sink that stops or opens a watch while we iterate replaces the list (see `byResource`).
    const candidates = TRIGGER_FIELDS.has(e.resource) ? this.triggered(e) : list;
    // Every watcher of the resource has now seen this revision (see `Watcher.lastRevision`).
    this.dispatched.set(e.resource, e.revision);
    for (const w of candidates) {
      if (w.stopped || e.revision <= w.seenRevision) continue;
      w.seenRevision = e.revision;
      const ev = w.translate(e);
      if (ev) w.sink.onWatchEvent(ev);
    }
  }

  /**
   * The watchers of a trigger resource that may see `e`: those without a trigger value and those indexed under the
   * object's value now or before, in creation order (the order every watcher is offered an event in).
   */
  private triggered(e: StoredEvent): Watcher[] {
    const field = TRIGGER_FIELDS.get(e.resource)!;
    const indexed = this.byTrigger.get(e.resource);
    const now = indexed?.get(fieldValue(e.object, field));
    const beforeValue = e.prev ? fieldValue(e.prev, field) : undefined;
    const before = beforeValue !== undefined ? indexed?.get(beforeValue) : undefined;
    const all = this.untriggered.get(e.resource);
    const out: Watcher[] = [];
    for (const part of [all, now, before === now ? undefined : before]) if (part) for (const w of part) out.push(w);
    return out.length > 1 ? out.sort(byId) : out;
  }
}

function byId(a: Watcher, b: Watcher): number {
  return a.id - b.id;
}

function listIn<V>(m: Map<string, V[]>, k: string): V[] {
  let l = m.get(k);
  if (!l) m.set(k, (l = []));
  return l;
}

function listsIn<V>(m: Map<string, Map<string, V[]>>, k: string): Map<string, V[]> {
  let l = m.get(k);
  if (!l) m.set(k, (l = new Map()));
  return l;
}
