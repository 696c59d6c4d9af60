/**
 * The "cache next to the api-server's truth" view: which entries of an informer's cache are stale (an older
 * resourceVersion than the server's), missing (on the server, not yet in the cache) or extra (deleted on the
 * server, still in the cache). Stale caches are normal and temporary; a controller acting on one is what
 * resourceVersion conflicts exist for.
 */
import { keyOf, type KubeObject } from '../api/object.ts';
import type { Store } from './store.ts';

export interface CacheDifference {
  key: string;
  state: 'stale' | 'missing' | 'extra';
  /** The cache's resourceVersion (stale, extra). */
  cacheRV?: string;
  /** The server's resourceVersion (stale, missing). */
  serverRV?: string;
}

/** Differences between `cache` and `serverObjects` (the same type and scope), sorted by key. */
export function compareCacheWithServer(cache: Pick<Store, 'list'>, serverObjects: readonly KubeObject[]): CacheDifference[] {
  const server = new Map(serverObjects.map((o) => [keyOf(o), o]));
  const out: CacheDifference[] = [];
  const seen = new Set<string>();
  for (const c of cache.list()) {
    const key = keyOf(c);
    seen.add(key);
    const s = server.get(key);
    const cacheRV = c.metadata.resourceVersion ?? '';
    if (!s) out.push({ key, state: 'extra', cacheRV });
    else if ((s.metadata.resourceVersion ?? '') !== cacheRV) out.push({ key, state: 'stale', cacheRV, serverRV: s.metadata.resourceVersion ?? '' });
  }
  for (const [key, s] of server) if (!seen.has(key)) out.push({ key, state: 'missing', serverRV: s.metadata.resourceVersion ?? '' });
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
