/**
 * `cache.DeltaFIFO` (client-go `tools/cache/delta_fifo.go`): a queue of keys, each holding the list of changes
 * (deltas) seen for that object since it was last popped. A reflector feeds it; the informer pops it and applies
 * the deltas to its indexer and handlers.
 *
 * - One entry per key: an object that changes three times before it is popped is popped once, with three deltas,
 *   at its first position in the queue (no line jumping).
 * - Only consecutive Deleted/Deleted deltas are deduped; a `DeletedFinalStateUnknown` tombstone loses to a real delete.
 * - `replace(list)` queues `Replaced` for each listed object (informers set `EmitDeltaTypeReplaced`) and
 *   `Deleted(DeletedFinalStateUnknown{key, lastObj})` for each known key missing from the list.
 * - `resync()` queues `Sync` for every object of `knownObjects` that has no pending deltas.
 *
 * @remarks Popping is synchronous. With a `processor`, every public operation drains the queue right away (the
 * simulation delivers a watch event and processes it in the same instant, with no extra timer); without one, call
 * {@link DeltaFIFO.pop}. `ErrRequeue` and `RealFIFO` (InOrderInformers) are not modelled.
 */
import type { KubeObject } from '../api/object.ts';
import {
  deletedFinalStateUnknown,
  deletionHandlingMetaNamespaceKeyFunc,
  isDeletedFinalStateUnknown,
  type DeletedFinalStateUnknown,
} from './store.ts';

/** `cache.DeltaType`. */
export type DeltaType = 'Added' | 'Updated' | 'Deleted' | 'Replaced' | 'Sync';

/** `cache.Delta`. */
export interface Delta {
  readonly type: DeltaType;
  readonly object: KubeObject | DeletedFinalStateUnknown;
}

/** What a DeltaFIFO needs of the informer's indexer (`KeyListerGetter`). */
export interface KnownObjects {
  listKeys(): string[];
  getByKey(key: string): KubeObject | undefined;
}

/** Processes one popped entry (the informer's `HandleDeltas`). */
export interface DeltaProcessor {
  handleDeltas(deltas: readonly Delta[], isInInitialList: boolean): void;
  /**
   * `handleDeltas([{ type, object }], false)` for a lone Added/Updated delta of an object (not a tombstone), when
   * the processor can take it without the array: the hot path of every watch event. `key`, when given, is the
   * object's key (`KeyOf`), known already.
   */
  handleDelta?(type: 'Added' | 'Updated', object: KubeObject, key?: string): void;
}

export interface DeltaFIFOOptions {
  knownObjects?: KnownObjects;
  /** When set, each add/update/delete/replace/resync pops everything queued through it before returning. */
  processor?: DeltaProcessor;
}

export class DeltaFIFO {
  /** key → its pending deltas, oldest first; never empty. */
  private items = new Map<string, Delta[]>();
  /** Keys in FIFO order; `queue[head..]` are pending and each key of `items` appears exactly once there. */
  private queue: string[] = [];
  private head = 0;
  /** True once the first replace (or add/update/delete) was called. */
  private populated = false;
  /** Items of the first replace not yet popped. */
  private initialPopulationCount = 0;
  private readonly knownObjects: KnownObjects | undefined;
  private readonly processor: DeltaProcessor | undefined;
  private draining = false;

  constructor(options: DeltaFIFOOptions = {}) {
    this.knownObjects = options.knownObjects;
    this.processor = options.processor;
  }

  /** `KeyOf`. */
  keyOf(obj: KubeObject | DeletedFinalStateUnknown): string {
    return deletionHandlingMetaNamespaceKeyFunc(obj);
  }

  /** `Add`; `key`, when given, is `KeyOf(obj)` already known (a keyed watch event's). */
  add(obj: KubeObject, key?: string): void {
    this.populated = true;
    if (this.canBypass()) return this.processNow('Added', obj, key);
    this.queueAction('Added', obj);
    this.drain();
  }

  /** `Update`; `key` as for {@link add}. */
  update(obj: KubeObject, key?: string): void {
    this.populated = true;
    if (this.canBypass()) return this.processNow('Updated', obj, key);
    this.queueAction('Updated', obj);
    this.drain();
  }

  /**
   * Queues a Deleted delta, unless the object is neither known nor queued (then deleting it again would be a
   * no-op: client-go returns early).
   */
  delete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const id = this.keyOf(obj);
    this.populated = true;
    const known = this.knownObjects ? this.knownObjects.getByKey(id) !== undefined : false;
    if (!known && !this.items.has(id)) return;
    this.queueAction('Deleted', obj);
    this.drain();
  }

  replace(list: readonly KubeObject[], _resourceVersion: string): void {
    const keys = new Set<string>();
    for (const item of list) {
      const key = this.keyOf(item);
      keys.add(key);
      this.queueAction('Replaced', item);
    }
    let queuedDeletions = 0;
    // Deletions of keys still queued but absent from the new list.
    for (const [k, deltas] of [...this.items]) {
      if (keys.has(k)) continue;
      let deletedObj = deltas[deltas.length - 1]?.object;
      if (deletedObj && isDeletedFinalStateUnknown(deletedObj)) deletedObj = deletedObj.obj;
      queuedDeletions++;
      this.queueAction('Deleted', deletedFinalStateUnknown(k, deletedObj));
    }
    // Deletions of keys in the cache but not in the queue: a delete the watch missed while disconnected.
    if (this.knownObjects) {
      for (const k of this.knownObjects.listKeys()) {
        if (keys.has(k) || this.items.has(k)) continue;
        queuedDeletions++;
        this.queueAction('Deleted', deletedFinalStateUnknown(k, this.knownObjects.getByKey(k)));
      }
    }
    if (!this.populated) {
      this.populated = true;
      this.initialPopulationCount = keys.size + queuedDeletions;
    }
    this.drain();
  }

  /**
   * Queues a Sync delta for every known object without pending deltas; returns how many. `onQueued` hears the
   * count before the queue is drained (so a trace event can be recorded before the handlers run).
   */
  resync(onQueued?: (count: number) => void): number {
    let count = 0;
    if (this.knownObjects) {
      for (const k of this.knownObjects.listKeys()) {
        if (this.items.has(k)) continue;
        const obj = this.knownObjects.getByKey(k);
        if (!obj) continue;
        this.queueAction('Sync', obj);
        count++;
      }
    }
    onQueued?.(count);
    this.drain();
    return count;
  }

  /** `HasSynced`: the first replace happened and all its items were popped. */
  hasSynced(): boolean {
    return this.populated && this.initialPopulationCount === 0;
  }

  /** Pending deltas of a key (`GetByKey`), or undefined. */
  getByKey(key: string): readonly Delta[] | undefined {
    return this.items.get(key);
  }

  /** Pending keys, in queue order (`ListKeys`). */
  listKeys(): string[] {
    return this.queue.slice(this.head);
  }

  get length(): number {
    return this.queue.length - this.head;
  }

  /**
   * Pops the oldest key and hands its deltas to `process` (`Pop`). Returns the popped deltas, or undefined when
   * the queue is empty.
   */
  pop(process: DeltaProcessor): readonly Delta[] | undefined {
    if (this.head >= this.queue.length) return undefined;
    const id = this.queue[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    const isInInitialList = !this.hasSynced();
    const deltas = this.items.get(id)!;
    if (this.initialPopulationCount > 0) this.initialPopulationCount--;
    this.items.delete(id);
    process.handleDeltas(deltas, isInInitialList);
    return deltas;
  }

  /**
   * Whether a delta can go straight to the processor: it drains synchronously and nothing is queued, so queueing the
   * delta and popping it at once would hand it over alone, with `isInInitialList` false (an empty queue after the
   * first replace has no initial items left). Skips the queue's bookkeeping on the hot path of every watch event.
   */
  private canBypass(): boolean {
    return this.processor !== undefined && !this.draining && this.items.size === 0 && this.initialPopulationCount === 0;
  }

  /** What queueAction + drain do for one delta on an empty queue, without touching the queue. */
  private processNow(type: 'Added' | 'Updated', object: KubeObject, key: string | undefined): void {
    this.draining = true;
    try {
      const p = this.processor!;
      if (p.handleDelta && !isDeletedFinalStateUnknown(object)) p.handleDelta(type, object, key);
      else p.handleDeltas([{ type, object }], false);
    } finally {
      this.draining = false;
    }
    this.drain();
  }

  private drain(): void {
    if (!this.processor || this.draining) return;
    this.draining = true;
    try {
      while (this.pop(this.processor));
    } finally {
      this.draining = false;
    }
  }

  private queueAction(type: DeltaType, object: KubeObject | DeletedFinalStateUnknown): void {
    const id = this.keyOf(object);
    const old = this.items.get(id);
    const deltas = dedupDeltas([...(old ?? []), { type, object }]);
    if (!old) this.queue.push(id);
    this.items.set(id, deltas);
  }
}

/** `dedupDeltas`: collapses the last two deltas when both are deletions. */
export function dedupDeltas(deltas: Delta[]): Delta[] {
  const n = deltas.length;
  if (n < 2) return deltas;
  const a = deltas[n - 1]!;
  const b = deltas[n - 2]!;
  const out = isDeletionDup(a, b);
  if (out) return [...deltas.slice(0, n - 2), out];
  return deltas;
}

/** Keeps the more informative of two deletions: a real delete beats a tombstone. */
function isDeletionDup(a: Delta, b: Delta): Delta | undefined {
  if (b.type !== 'Deleted' || a.type !== 'Deleted') return undefined;
  if (isDeletedFinalStateUnknown(b.object)) return a;
  return b;
}
