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
import type { KubeObject } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { resourceExpired, type Status } from '../../api/status.ts';
import type { ServerWatch, WatchEvent, WatchSink } from '../api-request.ts';
import { matchesLabels, type ParsedLabelSelector } from '../selectors/label-selector.ts';
import { matchesFields, type ParsedFieldSelector } from '../selectors/field-selector.ts';
import type { MvccStore, StoredEvent } from './mvcc-store.ts';

/** What a watcher selects: one resource, optionally one namespace, label and field selectors. */
export interface WatchFilter {
  resource: string;
  namespace?: string;
  labels?: ParsedLabelSelector;
  fields?: ParsedFieldSelector;
}

/** One server-side watch. `stop()` ends it; no event is delivered after. */
export class Watcher implements ServerWatch {
  /** The revision of the last event this watcher has seen (or its start revision). */
  lastRevision: number;
  stopped = false;

  constructor(
    readonly id: number,
    readonly user: string,
    readonly filter: WatchFilter,
    readonly sink: WatchSink,
    private readonly cache: WatchCache,
    startRevision: number,
  ) {
    this.lastRevision = startRevision;
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
        if (now) return before ? sharedEvent(e) : { type: 'ADDED', object: e.object };
        // Leaving the selection: upstream's cacher sends the previous state at this event's revision.
        return before ? { type: 'DELETED', object: prevAtRevision(e) } : undefined;
      }
    }
  }
}

/** The event of the write's own type, made once per write and shared by every watcher that sees it (frozen). */
function sharedEvent(e: StoredEvent): WatchEvent {
  return (e.watchEvent ??= Object.freeze({ type: e.type, object: e.object }) as WatchEvent);
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
  /** Watchers by resource key, in creation order. */
  private readonly byResource = new Map<string, Watcher[]>();
  private readonly byId = new Map<number, Watcher>();
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
    let list = this.byResource.get(filter.resource);
    if (!list) {
      list = [];
      this.byResource.set(filter.resource, list);
    }
    list.push(w);
    if (from === undefined) {
      for (const obj of this.store.list(filter.resource, filter.namespace)) {
        if (w.stopped) break;
        if (w.matches(obj)) sink.onWatchEvent({ type: 'ADDED', object: obj });
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
    const list = this.byResource.get(w.filter.resource)!;
    list.splice(list.indexOf(w), 1);
    return w;
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
    if (!this.byResource.get(event.resource)?.length && !this.dispatching) return;
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
    // A copy: a sink may stop its own or another watch while we iterate.
    for (const w of list.length === 1 ? list : [...list]) {
      if (w.stopped || e.revision <= w.lastRevision) continue;
      w.lastRevision = e.revision;
      const ev = w.translate(e);
      if (ev) w.sink.onWatchEvent(ev);
    }
  }
}
