// tldraw-style seeded fuzzing: the informer cache, maintained incrementally through a lossy network, converges to
// the api-server's state once deliveries settle and a relist has happened.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCacheWithServer } from './compare-cache.ts';
import { SharedInformerFactory } from './shared-informer-factory.ts';
import { RecordingHandler, testCluster } from './test-cluster.ts';

type Op =
  | { t: 'create' | 'update' | 'delete'; n: number }
  | { t: 'drop'; target: 'a' | 'b'; ms: number; p: number }
  | { t: 'delay'; target: 'a' | 'b'; ms: number; delay: number }
  | { t: 'expire'; target: 'a' | 'b' }
  | { t: 'compact' }
  | { t: 'advance'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constantFrom('create' as const, 'update' as const, 'delete' as const), n: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ t: fc.constant('drop' as const), target: fc.constantFrom('a' as const, 'b' as const), ms: fc.integer({ min: 0, max: 5000 }), p: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ t: fc.constant('delay' as const), target: fc.constantFrom('a' as const, 'b' as const), ms: fc.integer({ min: 0, max: 5000 }), delay: fc.integer({ min: 0, max: 3000 }) }),
  fc.record({ t: fc.constant('expire' as const), target: fc.constantFrom('a' as const, 'b' as const) }),
  fc.record({ t: fc.constant('compact' as const) }),
  fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3000 }) }),
);

function play(seed: number, ops: Op[], real = false) {
  const c = testCluster(seed, { historyLimit: 20, real });
  const factories = { a: new SharedInformerFactory(c.ctx, { process: 'a', network: c.network, defaultResync: 7000 }), b: new SharedInformerFactory(c.ctx, { process: 'b', network: c.network }) };
  const informers = { a: factories.a.informerFor('v1', 'ConfigMap'), b: factories.b.informerFor('v1', 'ConfigMap') };
  informers.a.addEventHandler(new RecordingHandler());
  factories.a.start();
  factories.b.start();
  let version = 0;
  for (const o of ops) {
    const name = `cm-${'n' in o ? o.n : 0}`;
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name }, data: { v: String(version++) } };
    if (o.t === 'create') c.api.handle({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body, user: 'u' });
    else if (o.t === 'update') c.api.handle({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name, body, user: 'u' });
    else if (o.t === 'delete') c.api.handle({ verb: 'delete', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name, user: 'u' });
    else if (o.t === 'drop') c.network.dropWatchEvents(o.target, o.ms, o.p);
    else if (o.t === 'delay') c.network.delayWatchEvents(o.target, o.delay, o.ms);
    else if (o.t === 'expire') c.network.expireWatches(o.target);
    else if (o.t === 'compact') c.api.compact();
    else if (o.t === 'advance') c.run(o.ms);
  }
  return { c, informers };
}

describe.each([
  { server: 'the fake api-server', real: false },
  { server: 'the real ApiServer', real: true },
])('informer cache vs $server (property)', ({ real }) => {
  it('after any writes, dropped/delayed events and forced relists, a final relist makes every cache equal the server', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(op, { maxLength: 60 }), (seed, ops) => {
        const { c, informers } = play(seed, ops, real);
        c.network.clearWatchFaults();
        c.run(10_000); // deliveries and pending relists settle
        c.network.expireWatches('a');
        c.network.expireWatches('b');
        c.run(130_000); // backoff (≤ 60 s) + list + the next resync
        for (const inf of Object.values(informers)) {
          expect(inf.hasSynced()).toBe(true);
          expect(compareCacheWithServer(inf.getIndexer(), c.truth())).toEqual([]);
          const keysAndRVs = (objs: { metadata: { namespace?: string; name?: string; resourceVersion?: string } }[]) =>
            objs.map((o) => `${o.metadata.namespace}/${o.metadata.name}@${o.metadata.resourceVersion}`).sort();
          expect(keysAndRVs(inf.list())).toEqual(keysAndRVs(c.truth()));
        }
      }),
      { seed: 20261122, numRuns: 150 },
    );
  });

  it('without faults the watch alone keeps the cache equal to the server once deliveries settle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(op.filter((o) => o.t === 'create' || o.t === 'update' || o.t === 'delete' || o.t === 'advance'), { maxLength: 60 }), (seed, ops) => {
        const { c, informers } = play(seed, ops, real);
        c.run(1000);
        for (const inf of Object.values(informers)) expect(compareCacheWithServer(inf.getIndexer(), c.truth())).toEqual([]);
        expect(c.ctx.trace.slice().filter((e) => e.kind === 'informer.list')).toHaveLength(2);
      }),
      { seed: 7, numRuns: 100 },
    );
  });

  it('the same seed and inputs give the same trace', () => {
    const ops: Op[] = [
      { t: 'create', n: 1 },
      { t: 'drop', target: 'a', ms: 500, p: 0.5 },
      { t: 'create', n: 2 },
      { t: 'update', n: 1 },
      { t: 'advance', ms: 300 },
      { t: 'expire', target: 'b' },
      { t: 'advance', ms: 5000 },
    ];
    const trace = (seed: number) => {
      const { c } = play(seed, ops, real);
      c.run(20_000);
      expect(c.truth().map((o) => o.metadata.name)).toEqual(['cm-1', 'cm-2']);
      return JSON.stringify(c.ctx.trace.slice());
    };
    expect(trace(5)).toBe(trace(5));
    expect(trace(5)).not.toBe(trace(6));
  });
});
