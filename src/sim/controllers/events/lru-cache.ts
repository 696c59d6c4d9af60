/**
 * The bounded cache every part of client-go's EventCorrelator keeps its records in: groupcache's `lru.Cache`
 * (github.com/golang/groupcache/lru/lru.go), as `tools/record/events_cache.go` uses it with `maxLruCacheEntries`.
 *
 * `get` of a hit and `add` both make the entry the most recent; an `add` that takes the cache past `maxEntries` removes
 * the least recently used entry (`RemoveOldest`). A Map keeps insertion order, so "most recent" is "last inserted":
 * moving an entry to the front is delete + set.
 *
 * Every part of the correlator looks a record up and then adds it back under the same key (`Get` then `Add`, nothing
 * between): {@link LruCache.peek} reads without moving, since the add that follows moves it anyway, which saves
 * a delete + set per part per event and leaves the cache exactly as `Get` then `Add` does.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  /** @param maxEntries groupcache's `MaxEntries` (0 = no limit). */
  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** `Cache.Get`: the value, and on a hit the entry becomes the most recently used. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** `Cache.Add`: stores (or replaces) the value as the most recently used; evicts the oldest past `maxEntries`. */
  add(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.maxEntries !== 0 && this.entries.size > this.maxEntries) this.removeOldest();
  }

  /**
   * `RemoveOldest`: deletes the first key in insertion order. A fresh `keys()` iterator would walk past every entry
   * deleted since the Map last compacted (each eviction and each move leaves one at the front, thousands in a full
   * cache), so one iterator is kept between evictions: by the Map iteration rules it yields keys in insertion order,
   * skips deleted ones and reaches keys added later, and every key it has yielded was deleted at once, so the next key
   * it yields is the oldest one left.
   */
  private removeOldest(): void {
    let oldest = oldestFirst.get(this.entries);
    let next = oldest?.next();
    if (oldest === undefined || next!.done) {
      oldest = this.entries.keys();
      oldestFirst.set(this.entries, oldest);
      next = oldest.next();
    }
    this.entries.delete(next!.value!);
  }

  /** The value without making it the most recent: for a lookup that is followed by an `add` of the same key. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** The keys, least recently used first. */
  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }
}

/**
 * Each cache's iterator of its keys, kept between evictions (see `removeOldest`). A pure cache outside the
 * simulation's graph (a checkpoint cannot copy an iterator): a copied cache starts a fresh one at its first eviction.
 */
const oldestFirst = new WeakMap<Map<string, unknown>, Iterator<string>>();
