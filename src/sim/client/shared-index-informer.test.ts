import { describe, expect, it } from 'vitest';
import { parseLabelSelector } from '../apiserver/selectors/label-selector.ts';
import { cloneGraph } from '../engine/clone-graph.ts';
import { compareCacheWithServer } from './compare-cache.ts';
import { SharedInformerFactory } from './shared-informer-factory.ts';
import { RecordingHandler, testCluster } from './test-cluster.ts';

function factoryFor(c: ReturnType<typeof testCluster>, defaultResync = 0) {
  return new SharedInformerFactory(c.ctx, { process: 'kube-controller-manager', network: c.network, defaultResync });
}

describe('SharedIndexInformer', () => {
  it('tells handlers onAdd (in the initial list or not), onUpdate and onDelete, after the cache has the change', () => {
    const c = testCluster();
    c.create('a');
    const f = factoryFor(c);
    const inf = f.informerFor('v1', 'ConfigMap');
    const h = new RecordingHandler();
    inf.addEventHandler(h);
    expect(inf.hasSynced()).toBe(false);
    f.start();
    c.run(100);
    expect(inf.hasSynced()).toBe(true);
    c.create('b');
    c.update('a', { x: '1' });
    c.remove('b');
    c.run(100);
    expect(h.events).toEqual([
      { type: 'add', name: 'a', rv: '1', initial: true },
      { type: 'add', name: 'b', rv: '2', initial: false },
      { type: 'update', name: 'a', oldRV: '1', rv: '3', same: false },
      { type: 'delete', name: 'b', tombstone: false },
    ]);
    expect(inf.get('default', 'a')!.metadata.resourceVersion).toBe('3');
    expect(inf.status()).toEqual({
      name: 'kube-controller-manager/informer/configmaps',
      resource: 'configmaps',
      synced: true,
      lastSyncResourceVersion: '4',
      cached: 1,
      watching: true,
      inFlight: 0,
      handlers: 1,
      lists: 1,
    });
  });

  it('resync re-delivers every cached object as onUpdate(old == new) and records informer.resync', () => {
    const c = testCluster();
    c.create('a');
    c.create('b');
    const f = factoryFor(c, 30_000);
    const inf = f.informerFor('v1', 'ConfigMap');
    const h = new RecordingHandler();
    inf.addEventHandler(h);
    f.start();
    c.run(30_000 + 10);
    const updates = h.events.filter((e) => e.type === 'update');
    expect(updates).toEqual([
      { type: 'update', name: 'a', oldRV: '1', rv: '1', same: true },
      { type: 'update', name: 'b', oldRV: '2', rv: '2', same: true },
    ]);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.resync')).toMatchObject([{ informer: 'kube-controller-manager/informer/configmaps', count: 2 }]);
  });

  it('only handlers with a resync period get sync updates', () => {
    const c = testCluster();
    c.create('a');
    const f = factoryFor(c, 10_000);
    const inf = f.informerFor('v1', 'ConfigMap');
    const syncing = new RecordingHandler();
    const quiet = new RecordingHandler();
    inf.addEventHandler(syncing);
    inf.addEventHandler(quiet, 0);
    f.start();
    c.run(25_000);
    expect(syncing.events.filter((e) => e.type === 'update')).toHaveLength(2);
    expect(quiet.events.filter((e) => e.type === 'update')).toHaveLength(0);
  });

  it('a delete missed while the watch was down comes back at the relist as a DeletedFinalStateUnknown', () => {
    const c = testCluster();
    c.create('a');
    c.create('b');
    const f = factoryFor(c);
    const inf = f.informerFor('v1', 'ConfigMap');
    const h = new RecordingHandler();
    inf.addEventHandler(h);
    f.start();
    c.run(100);
    c.network.dropWatchEvents('kube-controller-manager', 1000);
    c.remove('b');
    c.run(100);
    expect(inf.get('default', 'b')).toBeDefined();
    expect(compareCacheWithServer(inf.getIndexer(), c.truth())).toEqual([{ key: 'default/b', state: 'extra', cacheRV: '2' }]);
    c.network.expireWatches('kube-controller-manager');
    c.run(5000);
    expect(h.events.filter((e) => e.type !== 'add')).toEqual([{ type: 'delete', name: 'b', tombstone: true }]);
    expect(compareCacheWithServer(inf.getIndexer(), c.truth())).toEqual([]);
  });

  it('a handler added to a running informer first hears onAdd for every cached object', () => {
    const c = testCluster();
    c.create('a');
    const f = factoryFor(c);
    const inf = f.informerFor('v1', 'ConfigMap');
    f.start();
    c.run(100);
    const late = new RecordingHandler();
    inf.addEventHandler(late);
    expect(late.events).toEqual([{ type: 'add', name: 'a', rv: '1', initial: true }]);
  });

  it('serves lister reads: get, list with a label selector and namespace, byIndex', () => {
    const c = testCluster();
    c.server.handle({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'x', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'x', name: 'web', labels: { app: 'web' } } }, user: 't' });
    c.create('other');
    const f = factoryFor(c);
    const inf = f.informerFor('v1', 'ConfigMap');
    f.start();
    c.run(100);
    expect(inf.get('x', 'web')?.metadata.name).toBe('web');
    expect(inf.list(parseLabelSelector('app=web')).map((o) => o.metadata.name)).toEqual(['web']);
    expect(inf.list(undefined, 'default').map((o) => o.metadata.name)).toEqual(['other']);
    expect(inf.byIndex('namespace', 'x')).toHaveLength(1);
  });
});

describe('SharedInformerFactory', () => {
  it('shares one informer per type and options, named <process>/informer/<resource>', () => {
    const c = testCluster();
    const f = factoryFor(c);
    const a = f.informerFor('v1', 'Pod');
    expect(f.informerFor('v1', 'Pod')).toBe(a);
    expect(a.name).toBe('kube-controller-manager/informer/pods');
    expect(f.informerFor('apps/v1', 'ReplicaSet').name).toBe('kube-controller-manager/informer/replicasets');
    expect(f.informerFor('v1', 'Pod', { fieldSelector: 'spec.nodeName=n1' })).not.toBe(a);
  });

  it('a stopped factory (a crash) loses its caches and watches; a new one relists with reason restart', () => {
    const c = testCluster();
    c.create('a');
    const f = factoryFor(c);
    f.informerFor('v1', 'ConfigMap');
    f.start();
    c.run(100);
    expect(f.hasSynced()).toBe(true);
    f.stop();
    expect(c.server.watchCount).toBe(0);
    expect(f.list()).toEqual([]);
    c.create('b');
    const g = new SharedInformerFactory(c.ctx, { process: 'kube-controller-manager', network: c.network, listReason: 'restart' });
    const inf = g.informerFor('v1', 'ConfigMap');
    g.start();
    c.run(100);
    expect(inf.list().map((o) => o.metadata.name).sort()).toEqual(['a', 'b']);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list').map((e) => (e as { reason: string }).reason)).toEqual(['initial', 'restart']);
  });

  it('a running cluster with informers can be checkpointed, and the copy runs on independently', () => {
    const c = testCluster();
    c.create('a');
    const f = factoryFor(c, 5000);
    const inf = f.informerFor('v1', 'ConfigMap');
    const h = new RecordingHandler();
    inf.addEventHandler(h);
    f.start();
    c.run(100);
    c.create('b');
    const copy = cloneGraph({ ctx: c.ctx, server: c.server, inf, h });
    copy.ctx.scheduler.runUntil(copy.ctx.now + 100);
    expect(copy.inf.list().map((o) => o.metadata.name).sort()).toEqual(['a', 'b']);
    expect(inf.list().map((o) => o.metadata.name)).toEqual(['a']);
    expect(h.events).toHaveLength(1);
  });
});

describe('compareCacheWithServer', () => {
  it('reports stale, missing and extra entries, sorted by key', () => {
    const o = (name: string, rv: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'd', name, resourceVersion: rv } });
    const cache = { list: () => [o('a', '1'), o('b', '2'), o('c', '3')] };
    expect(compareCacheWithServer(cache, [o('a', '1'), o('b', '5'), o('d', '6')])).toEqual([
      { key: 'd/b', state: 'stale', cacheRV: '2', serverRV: '5' },
      { key: 'd/c', state: 'extra', cacheRV: '3' },
      { key: 'd/d', state: 'missing', serverRV: '6' },
    ]);
  });
});
