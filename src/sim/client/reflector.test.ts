// Ports of client-go tools/cache/reflector_test.go, on virtual time.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { tooManyRequests } from '../api/status.ts';
import { DeltaFIFO } from './delta-fifo.ts';
import { newIndexer } from './indexer.ts';
import { BACKOFF_CAP_MS, Reflector } from './reflector.ts';
import { testCluster } from './test-cluster.ts';

function reflectorFor(c: ReturnType<typeof testCluster>, transport = c.network.restClient('test')) {
  const indexer = newIndexer();
  const fifo = new DeltaFIFO({ knownObjects: indexer, processor: { handleDeltas: (deltas) => deltas.forEach((d) => (d.type === 'Deleted' ? indexer.delete(d.object) : indexer.update(d.object as KubeObject))) } });
  const r = new Reflector(c.ctx, {
    name: 'test/informer/configmaps',
    resource: 'configmaps',
    target: { apiVersion: 'v1', kind: 'ConfigMap' },
    user: 'test',
    transport,
    network: c.network,
    store: fifo,
  });
  return { r, indexer };
}

const names = (objs: KubeObject[]) => objs.map((o) => o.metadata.name).sort();

describe('Reflector', () => {
  it('TestReflectorListAndWatch: lists from RV "0", then watches from the list RV and applies every event', () => {
    const c = testCluster();
    c.create('a');
    c.create('b');
    const { r, indexer } = reflectorFor(c);
    r.run();
    c.run(100);
    expect(names(indexer.list())).toEqual(['a', 'b']);
    expect(c.server.handled.find((q) => q.verb === 'list')!.resourceVersion).toBe('0');
    expect(r.lastSyncResourceVersion).toBe('2');
    c.create('c');
    c.update('a', { x: '1' });
    c.remove('b');
    c.run(100);
    expect(names(indexer.list())).toEqual(['a', 'c']);
    expect(indexer.getByKey('default/a')!.data).toEqual({ x: '1' });
    expect(r.lastSyncResourceVersion).toBe('5');
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list')).toMatchObject([{ reason: 'initial', count: 2, rv: '2' }]);
  });

  it('a watch ended by ERROR 410 Expired relists from the last synced RV after the backoff', () => {
    const c = testCluster();
    c.create('a');
    const { r, indexer } = reflectorFor(c);
    r.run();
    c.run(100);
    c.server.expireWatches();
    c.create('b');
    c.run(500);
    expect(r.watching).toBe(false);
    c.run(2000);
    const lists = c.server.handled.filter((q) => q.verb === 'list');
    expect(lists.map((q) => q.resourceVersion)).toEqual(['0', '1']);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list').map((e) => (e as { reason: string }).reason)).toEqual(['initial', 'expired']);
    expect(names(indexer.list())).toEqual(['a', 'b']);
    expect(r.watching).toBe(true);
  });

  it('a re-watch from a compacted RV gets 410 and the reflector relists', () => {
    const c = testCluster(1, { historyLimit: 2 });
    c.create('a');
    const { r, indexer } = reflectorFor(c);
    r.run();
    c.run(100);
    c.network.dropWatchEvents('test', 60_000);
    for (const n of ['b', 'c', 'd', 'e']) c.create(n);
    c.run(60_000);
    expect(names(indexer.list())).toEqual(['a']);
    // The watch times out within 10 minutes; re-watching from RV 1 is refused (history holds 4..5).
    c.run(10 * 60_000);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list').map((e) => (e as { reason: string }).reason)).toEqual(['initial', 'expired']);
    expect(names(indexer.list())).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a relist answered 410 Expired lists again with RV "" (a consistent read)', () => {
    const c = testCluster();
    c.create('a');
    const { r, indexer } = reflectorFor(c);
    r.run();
    c.run(100);
    c.network.dropWatchEvents('test', 100);
    c.create('b');
    c.create('c');
    c.server.compact();
    c.server.expireWatches();
    c.run(10_000);
    const lists = c.server.handled.filter((q) => q.verb === 'list').map((q) => q.resourceVersion);
    expect(lists).toEqual(['0', '1', '']);
    expect(names(indexer.list())).toEqual(['a', 'b', 'c']);
    expect(r.relistResourceVersion()).toBe('3');
  });

  it('TestBackoffOnTooManyRequests: a watch refused with 429 is retried after the backoff without relisting', () => {
    const c = testCluster();
    c.server.refuseWatches = tooManyRequests('too many requests, please try again later', 1);
    const { r } = reflectorFor(c);
    r.run();
    c.run(100);
    expect(r.watching).toBe(false);
    c.server.refuseWatches = null;
    c.run(5000);
    expect(r.watching).toBe(true);
    expect(c.server.watchRequests).toHaveLength(2);
    expect(r.listCount).toBe(1);
  });

  it('a watch timeout re-watches from the last RV without relisting', () => {
    const c = testCluster();
    const { r } = reflectorFor(c);
    r.run();
    c.run(100);
    const first = c.network.openChannels()[0]!.id;
    c.create('a');
    c.run(10 * 60_000 + 1);
    expect(c.server.watchRequests.map((w) => w.resourceVersion)).toEqual(['0', '1']);
    expect(r.listCount).toBe(1);
    expect(c.network.openChannels().map((ch) => ch.id)).not.toContain(first);
    expect(c.server.watchCount).toBe(1);
  });

  it('backs off 800 ms doubling to 30 s with jitter, and resets after 2 minutes', () => {
    const c = testCluster();
    const { r } = reflectorFor(c);
    const base = [800, 1600, 3200, 6400, 12800, 25600, 30000, 30000];
    for (const d of base) {
      const b = r.nextBackoff();
      expect(b).toBeGreaterThanOrEqual(d);
      expect(b).toBeLessThan(2 * Math.min(d, BACKOFF_CAP_MS) + 1e-9);
    }
    c.run(2 * 60_000 + 1);
    expect(r.nextBackoff()).toBeLessThan(1600);
  });

  it('a failed list is retried after the backoff', () => {
    const c = testCluster();
    c.server.unavailable = true;
    // A client that does not retry Retry-After answers, so the reflector sees the 503.
    const { r, indexer } = reflectorFor(c, c.network.restClient('no-retry', { maxRetries: 0 }));
    r.run();
    c.run(100);
    expect(r.listCount).toBe(0);
    c.server.unavailable = false;
    c.create('a');
    c.run(5000);
    expect(r.listCount).toBe(1);
    expect(names(indexer.list())).toEqual(['a']);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list').map((e) => (e as { reason: string }).reason)).toEqual(['initial']);
    expect(c.ctx.trace.slice().filter((e) => e.kind === 'api.request' && e.verb === 'list')).toHaveLength(2);
  });

  it('stop closes the watch and ignores answers in flight', () => {
    const c = testCluster();
    const { r, indexer } = reflectorFor(c);
    r.run();
    r.stop();
    c.create('a');
    c.run(1000);
    expect(indexer.list()).toEqual([]);
    expect(c.server.watchCount).toBe(0);
    expect(r.isRunning).toBe(false);
  });
});
