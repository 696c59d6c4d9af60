/**
 * An etcd-like multi-version store: one global revision counter bumped by every write, the current objects per
 * resource, and a bounded history of the writes (what a watch replays).
 *
 * Upstream: k8s.io/apiserver/pkg/storage/etcd3/store.go (resourceVersion = etcd mod revision) and etcd's MVCC
 * (compaction). Objects are stored deep-frozen; the same frozen object is handed to every reader and watcher.
 *
 * @remarks The history holds the last `capacity` writes of all resources together (etcd's history is global too);
 * upstream's per-resource watch cache is modelled by {@link WatchCache} filtering that one stream.
 */
import { deepFreeze, shareInCheckpoints } from '../../engine/clone-graph.ts';
import { keyOf, type KubeObject } from '../../api/object.ts';
import { metaOf } from '../mutable-meta.ts';
import type { WatchEvent } from '../api-request.ts';

export type StoredEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One write, as the history and the watchers see it. */
export interface StoredEvent {
  readonly revision: number;
  readonly type: StoredEventType;
  /** Resource key ("deployments.apps"): which watchers may care. */
  readonly resource: string;
  /** The object after the write; for DELETED its last state carrying the deletion's resourceVersion. */
  readonly object: KubeObject;
  /** The object before the write (MODIFIED and DELETED). */
  readonly prev?: KubeObject;
  /** `prev` with this event's resourceVersion: what a watcher whose selection the object left receives (made lazily). */
  prevAtRevision?: KubeObject;
  /** The watch event of this write's own type (`type`, `object`), made once and shared by every watcher (lazily). */
  watchEvent?: WatchEvent;
}

export const DEFAULT_WATCH_HISTORY = 10_000;

/**
 * A {@link StoredEvent} with every field present from the start (the lazy ones undefined): one object shape for
 * every event, so the watch cache's reads of them stay monomorphic and filling in `watchEvent` at the first watcher
 * does not change the event's shape on every write. Checkpoints share it (its lazy fields are caches of the others).
 */
function storedEvent(revision: number, type: StoredEventType, resource: string, object: KubeObject, prev: KubeObject | undefined): StoredEvent {
  return shareInCheckpoints({ revision, type, resource, object, prev, prevAtRevision: undefined, watchEvent: undefined });
}

/** What {@link MvccStore.rollbackTrial} needs to undo a trial's writes. */
interface TrialUndo {
  rev: number;
  head: number;
  size: number;
  compacted: number;
  /** Each write's key and the object it replaced (undefined: there was none). */
  writes: { resource: string; key: string; prev: KubeObject | undefined }[];
  /** Each history slot a write filled, with what it held before. */
  slots: { slot: number; event: StoredEvent | undefined }[];
}

export class MvccStore {
  private rev = 0;
  private readonly data = new Map<string, Map<string, KubeObject>>();
  /** Ring buffer of the last `capacity` events; `head` indexes the oldest. */
  private readonly ring: (StoredEvent | undefined)[];
  private head = 0;
  private size = 0;
  /** Every event with revision <= this is gone from the history. */
  private compacted = 0;
  /** While a trial runs ({@link beginTrial}): how to undo each write since, newest last. */
  private journal: TrialUndo | null = null;

  constructor(readonly capacity: number = DEFAULT_WATCH_HISTORY) {
    this.ring = new Array<StoredEvent | undefined>(Math.max(1, capacity));
  }

  /** The current revision: the one of the latest write (0 before any). */
  get revision(): number {
    return this.rev;
  }

  /** The newest revision no longer in the history (a watch from below it gets 410). */
  get compactedRevision(): number {
    return this.compacted;
  }

  get(resource: string, key: string): KubeObject | undefined {
    return this.data.get(resource)?.get(key);
  }

  /** Current objects of a resource, optionally of one namespace, sorted by key as etcd returns them. */
  list(resource: string, namespace?: string): KubeObject[] {
    const m = this.data.get(resource);
    if (!m) return [];
    const keys = [...m.keys()].sort();
    const out: KubeObject[] = [];
    const prefix = namespace ? `${namespace}/` : undefined;
    for (const k of keys) if (prefix === undefined || k.startsWith(prefix)) out.push(m.get(k)!);
    return out;
  }

  /**
   * The objects of a resource as they were at `revision` (etcd's read at a past revision): the current ones with every
   * later write of the resource undone from the history, sorted by key. Undefined when the history no longer holds every
   * write after `revision` (compacted) or `revision` is in the future.
   */
  listAt(resource: string, revision: number, namespace?: string): KubeObject[] | undefined {
    if (revision > this.rev || !this.canReplayFrom(revision)) return undefined;
    const m = new Map(this.data.get(resource) ?? []);
    const later = this.eventsAfter(revision);
    for (let i = later.length - 1; i >= 0; i--) {
      const e = later[i]!;
      if (e.resource !== resource) continue;
      const key = keyOf(e.object);
      if (e.type === 'ADDED') m.delete(key);
      else m.set(key, e.prev!);
    }
    const prefix = namespace ? `${namespace}/` : undefined;
    return [...m.keys()]
      .sort()
      .filter((k) => prefix === undefined || k.startsWith(prefix))
      .map((k) => m.get(k)!);
  }

  /** Number of objects of a resource (cheap, for namespace emptiness checks and stats). */
  count(resource: string): number {
    return this.data.get(resource)?.size ?? 0;
  }

  /** Every resource key that holds objects, sorted. */
  resources(): string[] {
    return [...this.data.keys()].filter((r) => this.data.get(r)!.size > 0).sort();
  }

  /**
   * Stores a new version of `key`. `draft` is a private mutable copy: it gets its resourceVersion, is deep-frozen
   * and becomes the stored object, which is returned with the event (for dispatch to watchers).
   */
  put(resource: string, key: string, draft: KubeObject): StoredEvent {
    const revision = ++this.rev;
    metaOf(draft).resourceVersion = String(revision);
    const object = deepFreeze(draft);
    let m = this.data.get(resource);
    if (!m) {
      m = new Map();
      this.data.set(resource, m);
    }
    const prev = m.get(key);
    if (this.journal) this.journal.writes.push({ resource, key, prev });
    m.set(key, object);
    const event = storedEvent(revision, prev ? 'MODIFIED' : 'ADDED', resource, object, prev);
    this.append(event);
    return event;
  }

  /** Removes `key`. The DELETED event's object is the last state with the deletion's resourceVersion. */
  remove(resource: string, key: string): StoredEvent | undefined {
    const m = this.data.get(resource);
    const prev = m?.get(key);
    if (!m || !prev) return undefined;
    const revision = ++this.rev;
    if (this.journal) this.journal.writes.push({ resource, key, prev });
    m.delete(key);
    const object = deepFreeze({ ...prev, metadata: { ...prev.metadata, resourceVersion: String(revision) } });
    const event = storedEvent(revision, 'DELETED', resource, object, prev);
    this.append(event);
    return event;
  }

  /**
   * Starts a trial: every write from now on can be undone by {@link rollbackTrial}, which puts back the objects,
   * the revision and the history as they were (what an atomic multi-document apply tries its writes in).
   */
  beginTrial(): void {
    if (this.journal) throw new Error('MvccStore: a trial is already running');
    this.journal = { rev: this.rev, head: this.head, size: this.size, compacted: this.compacted, writes: [], slots: [] };
  }

  /** Undoes every write since {@link beginTrial} and ends the trial. */
  rollbackTrial(): void {
    const j = this.journal;
    if (!j) return;
    this.journal = null;
    for (let i = j.writes.length - 1; i >= 0; i--) {
      const w = j.writes[i]!;
      const m = this.data.get(w.resource)!;
      if (w.prev) m.set(w.key, w.prev);
      else m.delete(w.key);
    }
    for (let i = j.slots.length - 1; i >= 0; i--) this.ring[j.slots[i]!.slot] = j.slots[i]!.event;
    this.rev = j.rev;
    this.head = j.head;
    this.size = j.size;
    this.compacted = j.compacted;
  }

  private append(event: StoredEvent): void {
    const cap = this.ring.length;
    if (this.journal) {
      const slot = this.size === cap ? this.head : (this.head + this.size) % cap;
      this.journal.slots.push({ slot, event: this.ring[slot] });
    }
    if (this.size === cap) {
      this.compacted = this.ring[this.head]!.revision;
      this.ring[this.head] = event;
      this.head = (this.head + 1) % cap;
    } else {
      this.ring[(this.head + this.size) % cap] = event;
      this.size++;
    }
  }

  /** The event that made `revision`, while the history still holds it (revisions are consecutive in the ring). */
  eventAt(revision: number): StoredEvent | undefined {
    if (this.size === 0) return undefined;
    const i = revision - this.ring[this.head]!.revision;
    return Number.isInteger(i) && i >= 0 && i < this.size ? this.ring[(this.head + i) % this.ring.length] : undefined;
  }

  /** Whether the history still holds every event after `revision`. */
  canReplayFrom(revision: number): boolean {
    return revision >= this.compacted;
  }

  /** The events with revision > `after`, oldest first. Check {@link canReplayFrom} first. */
  eventsAfter(after: number): StoredEvent[] {
    const out: StoredEvent[] = [];
    if (this.size === 0) return out;
    const oldest = this.ring[this.head]!.revision;
    const skip = Math.max(0, after + 1 - oldest);
    for (let i = skip; i < this.size; i++) out.push(this.ring[(this.head + i) % this.ring.length]!);
    return out;
  }

  /** etcd's compaction: forgets the history up to and including `revision` (default: all of it). */
  compact(revision: number = this.rev): void {
    while (this.size > 0 && this.ring[this.head]!.revision <= revision) {
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.ring.length;
      this.size--;
    }
    this.compacted = Math.max(this.compacted, Math.min(revision, this.rev));
  }
}
