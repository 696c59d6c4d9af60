/**
 * Read-only views the page asks for: a controller's panel (queue, informers, cache vs the api-server's truth) and an
 * object's inspection (the object, its field owners, its history with the cause chain in words).
 */
import type { KubeObject } from '../sim/api/object.ts';
import { fieldOwners } from '../sim/apiserver/fieldmanager/field-owners.ts';
import { compareCacheWithServer, objectsInScope } from '../sim/client/compare-cache.ts';
import type { Simulation } from '../sim/simulation.ts';
import { explain } from '../sim/trace/explain.ts';
import type { ControllerDetail, InspectResult } from './protocol.ts';

/** Most entries of a list sent in one controller panel. */
const MAX_LISTED = 200;
/** Most history entries of an inspected object. */
const MAX_HISTORY = 40;

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

export function inspectObject(sim: Simulation, ref: { apiVersion: string; kind: string; namespace?: string; name: string }): InspectResult | null {
  const obj: KubeObject | undefined = sim.cluster.apiServer.getObject(ref.apiVersion, ref.kind, ref.namespace, ref.name);
  const trace = sim.trace;
  const history: InspectResult['history'] = [];
  for (let id = trace.length; id >= trace.firstId && history.length < MAX_HISTORY; id--) {
    const e = trace.get(id);
    if (!e) continue;
    const about =
      (e.kind === 'api.response' && e.code < 400 && e.verb !== 'get' && e.verb !== 'list' && e.rv !== undefined && sameRef(e.object, ref)) ||
      (e.kind === 'k8s.event' && sameRef(e.involvedObject, ref));
    if (about) history.push({ event: e, story: explain(trace, e.id) });
  }
  history.reverse();
  if (!obj && history.length === 0) return null;
  return { object: obj ?? null, owners: obj ? fieldOwners(obj) : [], history };
}

function sameRef(a: { kind: string; namespace?: string; name: string }, b: { kind: string; namespace?: string; name: string }): boolean {
  return a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');
}
