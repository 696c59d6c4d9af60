/**
 * What the expectation language reads beyond the api-server's objects: a controller's work queue and its informer
 * cache. A {@link ClusterProbe} over the live {@link Cluster} (the function form follows a simulation's seeks, which
 * replace the cluster object).
 */
import type { KubeObject } from '../api/object.ts';
import { apiVersionOf } from '../api/resources.ts';
import { resourceOf } from '../client/shared-informer-factory.ts';
import type { Cluster } from '../cluster/cluster.ts';

/** A controller's queue now: keys waiting, being processed, in rate-limited backoff (client-go's workqueue). */
export interface QueueState {
  queued: string[];
  processing: string[];
  backoff: string[];
}

/** The cache's copy of one object: absent (`cached: false`) or at `rv`; the server's `rv` beside it. */
export interface CacheState {
  cached: boolean;
  cacheRV?: string;
  serverRV?: string;
}

export interface ClusterProbe {
  /** undefined: no such controller running. */
  queue(controller: string): QueueState | undefined;
  /** undefined: the controller has no informer for that resource (or is not running). */
  cache(controller: string, resource: string, namespace: string | undefined, name: string): CacheState | undefined;
  /** The object a write left at this resourceVersion, while the api-server's history holds it. */
  objectAt(resourceVersion: string): KubeObject | undefined;
}

export function clusterProbe(cluster: () => Cluster): ClusterProbe {
  return {
    objectAt(resourceVersion) {
      const rv = Number(resourceVersion);
      return Number.isInteger(rv) ? cluster().apiServer.objectAtRevision(rv) : undefined;
    },
    queue(controller) {
      const p = cluster().processOf(controller);
      if (!p) return undefined;
      const s = p.stats().controllers.find((c) => c.name === controller);
      if (!s) return undefined;
      return { queued: [...s.queued], processing: s.processing.map((x) => x.key), backoff: s.backoff.map((x) => x.key) };
    },
    cache(controller, resource, namespace, name) {
      const c = cluster();
      const p = c.processOf(controller);
      const info = c.apiServer.resolve(resource);
      const factory = p?.informers();
      if (!p || !info || !factory) return undefined;
      const apiVersion = apiVersionOf(info);
      const prefix = `${factory.process}/informer/${resourceOf(apiVersion, info.kind)}`;
      const informer = factory.list().find((i) => i.name === prefix || i.name.startsWith(`${prefix}#`));
      if (!informer) return undefined;
      const ns = info.namespaced ? (namespace ?? 'default') : undefined;
      const cached = informer.get(ns, name);
      const server = c.apiServer.getObject(apiVersion, info.kind, ns, name);
      const out: CacheState = { cached: cached !== undefined };
      if (cached?.metadata.resourceVersion !== undefined) out.cacheRV = cached.metadata.resourceVersion;
      if (server?.metadata.resourceVersion !== undefined) out.serverRV = server.metadata.resourceVersion;
      return out;
    },
  };
}
