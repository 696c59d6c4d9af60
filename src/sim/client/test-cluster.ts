/**
 * Test scaffolding for the client machinery: a simulation context, the fake api-server, the network, and helpers
 * to write ConfigMaps and Pods straight into the server. Used by the client tests only.
 */
import type { KubeObject } from '../api/object.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import { SimContext } from '../engine/sim-context.ts';
import { FakeApiServer } from '../network/fake-api-server.ts';
import { Network, type ApiServerEndpoint, type NetworkOptions } from '../network/network.ts';
import { ApiServer } from '../apiserver/api-server.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from './store.ts';
import type { ResourceEventHandler } from './shared-index-informer.ts';

/** What the tests need of either api-server. */
export type TestApi = ApiServerEndpoint & {
  compact(): void;
  listObjects(apiVersion: string, kind: string, namespace?: string): KubeObject[];
};

/**
 * A cluster for the client tests. `server` is the fake (request log, `unavailable`, `expireWatches`); with
 * `real: true`, `api` is the simulation's ApiServer instead and `server` is unused.
 */
export function testCluster(seed = 1, options: { historyLimit?: number; network?: NetworkOptions; real?: boolean } = {}) {
  const ctx = new SimContext({ seed });
  const server = new FakeApiServer(options.historyLimit ?? 1000);
  const api: TestApi = options.real ? new ApiServer(ctx, { watchHistory: options.historyLimit ?? 1000 }) : server;
  const network = new Network(ctx, api, options.network);
  const ok = (res: ApiResponse): KubeObject => {
    if (!res.ok || !('object' in res)) throw new Error(`request failed: ${JSON.stringify(res)}`);
    return res.object;
  };
  return {
    ctx,
    server,
    api,
    network,
    run: (ms: number) => ctx.scheduler.runUntil(ctx.now + ms),
    create: (name: string, data: Record<string, string> = {}, namespace = 'default') =>
      ok(api.handle({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data }, user: 'test' })),
    update: (name: string, data: Record<string, string>, namespace = 'default') =>
      ok(api.handle({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace, name, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data }, user: 'test' })),
    remove: (name: string, namespace = 'default') => ok(api.handle({ verb: 'delete', apiVersion: 'v1', kind: 'ConfigMap', namespace, name, user: 'test' })),
    truth: () => api.listObjects('v1', 'ConfigMap'),
  };
}

/** A handler that records what it was told. */
export class RecordingHandler implements ResourceEventHandler {
  events: Array<
    | { type: 'add'; name: string; rv: string; initial: boolean }
    | { type: 'update'; name: string; oldRV: string; rv: string; same: boolean }
    | { type: 'delete'; name: string; tombstone: boolean }
  > = [];
  onAdd(obj: KubeObject, isInInitialList: boolean): void {
    this.events.push({ type: 'add', name: obj.metadata.name!, rv: obj.metadata.resourceVersion!, initial: isInInitialList });
  }
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.events.push({ type: 'update', name: newObj.metadata.name!, oldRV: oldObj.metadata.resourceVersion!, rv: newObj.metadata.resourceVersion!, same: oldObj === newObj });
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    if (isDeletedFinalStateUnknown(obj)) this.events.push({ type: 'delete', name: obj.key.split('/').pop()!, tombstone: true });
    else this.events.push({ type: 'delete', name: (obj as KubeObject).metadata.name!, tombstone: false });
  }
}
