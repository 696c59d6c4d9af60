/**
 * The "cache next to the api-server's truth" view: which entries of an informer's cache are stale (an older
 * resourceVersion than the server's), missing (on the server, not yet in the cache) or extra (deleted on the
 * server, still in the cache). Stale caches are normal and temporary; a controller acting on one is what
 * resourceVersion conflicts exist for.
 *
 * The truth an informer is compared with is what its own list would return ({@link objectsInScope}): the objects in
 * its namespace that match its label and field selectors, decided by the same parse and match code the api-server's
 * list and watch use (handlers/read.ts, storage/watch-cache.ts `Watcher.matches`). A kubelet watches only the pods
 * with `spec.nodeName=<its node>`, the scheduler only those without a node: the other pods are not missing from
 * their caches, they were never asked for.
 */
import { keyOf, type KubeObject } from '../api/object.ts';
import { matchesFields, parseFieldSelector, type ParsedFieldSelector } from '../apiserver/selectors/field-selector.ts';
import { matchesLabels, parseLabelSelector, type ParsedLabelSelector } from '../apiserver/selectors/label-selector.ts';
import type { ListWatchTarget } from './reflector.ts';
import type { Store } from './store.ts';

export interface CacheDifference {
  key: string;
  state: 'stale' | 'missing' | 'extra';
  /** The cache's resourceVersion (stale, extra). */
  cacheRV?: string;
  /** The server's resourceVersion (stale, missing). */
  serverRV?: string;
}

/**
 * The objects of `objects` (all of the target's type, from the api-server) that a list with `target`'s namespace and
 * selectors returns. A selector the api-server would refuse selects nothing (that informer's list fails: its cache
 * stays empty).
 */
export function objectsInScope(target: Readonly<ListWatchTarget>, objects: readonly KubeObject[]): KubeObject[] {
  let labels: ParsedLabelSelector | undefined;
  let fields: ParsedFieldSelector | undefined;
  try {
    labels = target.labelSelector ? parseLabelSelector(target.labelSelector) : undefined;
    fields = target.fieldSelector ? parseFieldSelector(target.fieldSelector, target.kind) : undefined;
  } catch {
    return [];
  }
  return objects.filter(
    (o) =>
      (!target.namespace || o.metadata.namespace === target.namespace) &&
      (!labels || labels.requirements.length === 0 || matchesLabels(labels, o.metadata.labels)) &&
      (!fields || fields.requirements.length === 0 || matchesFields(fields, o)),
  );
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
