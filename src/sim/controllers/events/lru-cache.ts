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
    if (this.maxEntries !== 0 && this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
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
