/**
 * A controller's panel, sent in every frame while the page focuses it: its queue (with merged adds), what it is
 * processing, its backoffs and requeues, its informers, and its cache next to the api-server's truth.
 */
import { compareCacheWithServer, objectsInScope } from '../sim/client/compare-cache.ts';
import type { Simulation } from '../sim/simulation.ts';
import type { ControllerDetail } from './protocol.ts';

/** Most entries of a list sent in one controller panel. */
const MAX_LISTED = 200;

export function controllerDetail(sim: Simulation, name: string): ControllerDetail | undefined {
  const cluster = sim.cluster;
  const p = cluster.processOf(name);
  if (!p) return undefined;
  const s = p.controller(name)?.stats();
  const informers = p.informers()?.list() ?? [];
  const cacheDiff: ControllerDetail['cacheDiff'] = [];
  for (const inf of informers) {
    // The truth for this informer is what its own list would return: a kubelet's pods are its node's only.
    const target = inf.target;
    const truth = objectsInScope(target, cluster.apiServer.listObjects(target.apiVersion, target.kind));
    for (const d of compareCacheWithServer(inf.getStore(), truth).slice(0, MAX_LISTED)) {
      cacheDiff.push({ resource: inf.status().resource, key: d.key, state: d.state, ...(d.cacheRV ? { cacheRV: d.cacheRV } : {}), ...(d.serverRV ? { serverRV: d.serverRV } : {}) });
    }
  }
  const queued = (s?.queued ?? []).slice(0, MAX_LISTED);
  const processing = s?.processing ?? [];
  const queue = p.controller(name)?.queue;
  const mergedAdds: Record<string, number> = {};
  for (const key of [...processing.map((w) => w.key), ...queued]) {
    const n = queue?.mergedAdds(key) ?? 0;
    if (n > 0) mergedAdds[key] = n;
  }
  return {
    name,
    process: p.name,
    queued,
    mergedAdds,
    processing,
    backoff: (s?.backoff ?? []).slice(0, MAX_LISTED),
    requeueAfter: (s?.requeueAfter ?? []).slice(0, MAX_LISTED),
    recent: s?.recent ?? [],
    informers: informers.map((i) => i.status()),
    cacheDiff,
    ...(p.kind === 'user-controller' ? { logs: p.userControllerLogs() } : {}),
  };
}
