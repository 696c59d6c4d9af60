/**
 * The informer cache's key/value store (client-go `tools/cache/store.go`, `thread_safe_store.go`): objects keyed by
 * `MetaNamespaceKeyFunc` ("namespace/name"). Objects are kept as the same frozen references the api-server sent:
 * never copied, never mutated.
 *
 * @remarks Single-threaded: the simulation runs one timer at a time, so no locking. The key function is always
 * `DeletionHandlingMetaNamespaceKeyFunc` (client-go's default for informers).
 */
import { keyOf, type KubeObject } from '../api/object.ts';
import { flattenString } from '../engine/clone-graph.ts';

/**
 * client-go's `DeletedFinalStateUnknown`: an object was deleted while the watch was disconnected, so its final
 * state is unknown; `obj` is the last state the cache saw (possibly stale).
 */
export interface DeletedFinalStateUnknown {
  readonly kind: 'DeletedFinalStateUnknown';
  readonly key: string;
  readonly obj: KubeObject | undefined;
}

export function deletedFinalStateUnknown(key: string, obj: KubeObject | undefined): DeletedFinalStateUnknown {
  return Object.freeze({ kind: 'DeletedFinalStateUnknown', key, obj });
}

export function isDeletedFinalStateUnknown(x: unknown): x is DeletedFinalStateUnknown {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'DeletedFinalStateUnknown' && 'key' in x;
}

/**
 * The key of each frozen object seen, computed once: every informer of every process keys the same shared object,
 * and a key built anew is a fresh string each time, hashed again by each Map it is looked up in. A pure cache of
 * derived data, outside the simulation graph (a checkpoint never sees it).
 */
const keyOfFrozen = new WeakMap<KubeObject, string>();

/** `cache.MetaNamespaceKeyFunc`. */
export function metaNamespaceKeyFunc(obj: KubeObject): string {
  let key = keyOfFrozen.get(obj);
  if (key === undefined) {
    // Flat: a key built by concatenation is a tree of pieces in V8, and every Map that compares it walks them.
    key = flattenString(keyOf(obj));
    if (Object.isFrozen(obj)) keyOfFrozen.set(obj, key);
  }
  return key;
}

/** `cache.DeletionHandlingMetaNamespaceKeyFunc`: a tombstone's key is its recorded key. */
export function deletionHandlingMetaNamespaceKeyFunc(obj: KubeObject | DeletedFinalStateUnknown): string {
  return isDeletedFinalStateUnknown(obj) ? obj.key : metaNamespaceKeyFunc(obj);
}

/** `cache.Store`. */
export interface Store {
  add(obj: KubeObject): void;
  update(obj: KubeObject): void;
  /** Removes the object with the same key (a tombstone is accepted and removes its key). */
  delete(obj: KubeObject | DeletedFinalStateUnknown): void;
  /** Every object, in a deterministic order (insertion order of the keys). */
  list(): KubeObject[];
  listKeys(): string[];
  /** The stored object with the same key as `obj`. */
  get(obj: KubeObject): KubeObject | undefined;
  getByKey(key: string): KubeObject | undefined;
  /** Replaces the whole contents with `list` (client-go's `Replace(list, resourceVersion)`). */
  replace(list: readonly KubeObject[], resourceVersion: string): void;
  /** Meaningless for a plain store; a DeltaFIFO queues a Sync delta for every known object. */
  resync(): void;
}

/**
 * A plain {@link Store} over a Map (client-go `cache.NewStore(MetaNamespaceKeyFunc)`). Subclasses hear about every
 * change through {@link MapStore.changed} to keep indices.
 */
export class MapStore implements Store {
  protected items = new Map<string, KubeObject>();

  add(obj: KubeObject): void {
    this.put(metaNamespaceKeyFunc(obj), obj);
  }

  update(obj: KubeObject): void {
    this.put(metaNamespaceKeyFunc(obj), obj);
  }

  delete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const key = deletionHandlingMetaNamespaceKeyFunc(obj);
    const old = this.items.get(key);
    if (old === undefined) return;
    this.items.delete(key);
    this.changed(key, old, undefined);
  }

  list(): KubeObject[] {
    return [...this.items.values()];
  }

  listKeys(): string[] {
    return [...this.items.keys()];
  }

  get(obj: KubeObject): KubeObject | undefined {
    return this.items.get(metaNamespaceKeyFunc(obj));
  }

  getByKey(key: string): KubeObject | undefined {
    return this.items.get(key);
  }

  get size(): number {
    return this.items.size;
  }

  replace(list: readonly KubeObject[], _resourceVersion: string): void {
    const next = new Map<string, KubeObject>();
    for (const obj of list) next.set(metaNamespaceKeyFunc(obj), obj);
    for (const [key, old] of this.items) if (!next.has(key)) this.changed(key, old, undefined);
    for (const [key, obj] of next) this.changed(key, this.items.get(key), obj);
    this.items = next;
  }

  resync(): void {}

  /**
   * `ThreadSafeStore.Update(key, obj)`: stores `obj` under a key the caller already computed (must be
   * `metaNamespaceKeyFunc(obj)`), saving the informer a second key computation per event.
   */
  putByKey(key: string, obj: KubeObject): void {
    this.put(key, obj);
  }

  /** {@link putByKey}, returning the object it replaced (one lookup of the key, not two). */
  swapByKey(key: string, obj: KubeObject): KubeObject | undefined {
    const old = this.items.get(key);
    this.items.set(key, obj);
    this.changed(key, old, obj);
    return old;
  }

  private put(key: string, obj: KubeObject): void {
    this.swapByKey(key, obj);
  }

  /** Hook for indices: `key` went from `_old` to `_obj` (undefined = absent). */
  protected changed(_key: string, _old: KubeObject | undefined, _obj: KubeObject | undefined): void {}
}

/** `cache.NewStore`. */
export function newStore(): MapStore {
  return new MapStore();
}
