/**
 * Benchmark (issue 2): the api-server with 10 informers watching, N writes (default 1,000,000), against a bare
 * baseline measured in the same run (`map-baseline.ts`, shared with `informer-floor.ts`): a Map store handing the
 * same frozen object to 10 watcher Maps.
 *
 *   npx tsx bench/apiserver-watch.ts [--writes 1000000] [--runs 3] [--delivery 1]
 *
 * `--delivery 1` also measures the delivery path alone, the same writes without the api-server's request handling:
 * the store's write (`MvccStore.put`), the watch cache's dispatch, the 10 watch channels, reflectors, DeltaFIFOs and
 * informer indexers (what a write costs after the handler has built the new object).
 *
 * Prints writes/s and deliveries/s for both, and the ratio. Medians over --runs. Trace retention is `count`
 * (ids and causality, no stored events) so memory measures the machinery, not the log.
 */
import { ApiServer } from '../src/sim/apiserver/api-server.ts';
import { SimContext } from '../src/sim/engine/sim-context.ts';
import { Network } from '../src/sim/network/network.ts';
import { SharedInformerFactory } from '../src/sim/client/shared-informer-factory.ts';
import type { KubeObject } from '../src/sim/api/object.ts';
import { MvccStore } from '../src/sim/apiserver/storage/mvcc-store.ts';
import { WatchCache } from '../src/sim/apiserver/storage/watch-cache.ts';
import type { ApiServerEndpoint } from '../src/sim/network/network.ts';
import { baseline as mapBaseline, cpuSeconds, KEYS, WATCHERS } from './map-baseline.ts';
import { flag } from './flags.ts';

const WRITES = flag('writes', 1_000_000);
const RUNS = flag('runs', 3);
const DELIVERY = flag('delivery', 0) > 0;

/** The 10 watchers: a ConfigMap informer each, in its own process (its own factory), started. */
function startInformers(ctx: SimContext, network: Network) {
  return Array.from({ length: WATCHERS }, (_, i) => {
    const f = new SharedInformerFactory(ctx, { process: `watcher-${i}`, network });
    const inf = f.informerFor('v1', 'ConfigMap');
    f.start();
    return inf;
  });
}

function simulated(): { seconds: number; cpu: number; deliveries: number; cachesMatch: boolean } {
  const ctx = new SimContext({ seed: 1, trace: { retain: 'count' } });
  const api = new ApiServer(ctx);
  const network = new Network(ctx, api, { client: { qps: Infinity, burst: Infinity } });
  const informers = startInformers(ctx, network);
  ctx.scheduler.runUntil(1000); // initial lists and watches
  const objects: KubeObject[] = Array.from({ length: KEYS }, (_, k) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { namespace: 'default', name: `cm-${k}` },
    data: { value: '0' },
  }));
  for (const o of objects) api.handle({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: o, user: 'bench' });
  ctx.scheduler.runUntil(2000);
  const delivered = () => network.openChannels().reduce((n, c) => n + c.delivered, 0);
  const before = delivered();
  const c0 = cpuSeconds();
  const t0 = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const k = i % KEYS;
    const res = api.handle({
      verb: 'update',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'default',
      name: `cm-${k}`,
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: `cm-${k}` }, data: { value: String(i) } },
      user: 'bench',
    });
    if (!res.ok) throw new Error(`write ${i} failed: ${res.status.message}`);
    // Let the network deliver every 1,000 writes (1 ms of virtual time), as a steady stream would.
    if (k === KEYS - 1) ctx.scheduler.runUntil(ctx.now + 1);
  }
  ctx.scheduler.runUntil(ctx.now + 1000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - c0;
  const truth = new Map(api.listObjects('v1', 'ConfigMap').map((o) => [o.metadata.name, o.metadata.resourceVersion]));
  const cachesMatch = informers.every((inf) => inf.list().every((o) => truth.get(o.metadata.name) === o.metadata.resourceVersion));
  return { seconds, cpu, deliveries: delivered() - before, cachesMatch };
}

/** The delivery path alone: the same writes straight into the store and the watch cache (no request handling). */
function deliveryPath(): { cpu: number; cachesMatch: boolean } {
  const ctx = new SimContext({ seed: 1, trace: { retain: 'count' } });
  const store = new MvccStore();
  const cache = new WatchCache(store);
  const endpoint: ApiServerEndpoint = {
    handle: () => ({ ok: true, code: 200, list: { apiVersion: 'v1', kind: 'ConfigMapList', metadata: { resourceVersion: String(store.revision) }, items: store.list('configmaps') } }),
    watch: (req, sink) => cache.add({ resource: 'configmaps' }, sink, req.user, Number(req.resourceVersion) || undefined),
  };
  const network = new Network(ctx, endpoint, { client: { qps: Infinity, burst: Infinity } });
  const informers = startInformers(ctx, network);
  ctx.scheduler.runUntil(1000);
  const c0 = cpuSeconds();
  for (let i = 0; i < WRITES; i++) {
    const k = i % KEYS;
    const draft: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: `cm-${k}` }, data: { value: String(i) } };
    cache.dispatch(store.put('configmaps', `default/cm-${k}`, draft));
    if (k === KEYS - 1) ctx.scheduler.runUntil(ctx.now + 1);
  }
  ctx.scheduler.runUntil(ctx.now + 1000);
  const cpu = cpuSeconds() - c0;
  const cachesMatch = informers.every((inf) => inf.list().every((o) => store.get('configmaps', `default/${o.metadata.name}`) === o));
  return { cpu, cachesMatch };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base: number[] = [];
const baseCpu: number[] = [];
const sim: number[] = [];
const simCpu: number[] = [];
let deliveries = 0;
let match = true;
const pathCpu: number[] = [];
for (let r = 0; r < RUNS; r++) {
  if (DELIVERY) {
    const d = deliveryPath();
    pathCpu.push(d.cpu);
    match &&= d.cachesMatch;
  }
  const bl = mapBaseline(WRITES);
  base.push(bl.seconds);
  baseCpu.push(bl.cpu);
  const s = simulated();
  sim.push(s.seconds);
  simCpu.push(s.cpu);
  deliveries = s.deliveries;
  match &&= s.cachesMatch;
}
const b = median(base);
const s = median(sim);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`api-server with ${WATCHERS} informers, ${fmt(WRITES)} writes, median of ${RUNS} runs`);
console.log(`  baseline (Map + ${WATCHERS} watcher Maps): ${b.toFixed(2)} s  ${fmt(WRITES / b)} writes/s  ${fmt((WRITES * WATCHERS) / b)} deliveries/s`);
console.log(`  simulated api-server + informers:  ${s.toFixed(2)} s  ${fmt(WRITES / s)} writes/s  ${fmt(deliveries / s)} deliveries/s`);
console.log(`  simulated, CPU time: ${median(simCpu).toFixed(2)} s  ${fmt(WRITES / median(simCpu))} writes/s  ${((median(simCpu) / WRITES) * 1e6).toFixed(2)} µs per write (steadier than wall time on a loaded machine)`);
console.log(`  baseline, CPU time:  ${median(baseCpu).toFixed(2)} s  ${((median(baseCpu) / WRITES) * 1e6).toFixed(2)} µs per write`);
console.log(`  ratio simulated/baseline: ${(s / b).toFixed(1)}x wall, ${(median(simCpu) / median(baseCpu)).toFixed(1)}x CPU   (goal: within 3x)   caches equal the store: ${match}`);
if (DELIVERY) console.log(`  delivery path alone (store write, watch cache, ${WATCHERS} channels and informers), CPU time: ${((median(pathCpu) / WRITES) * 1e6).toFixed(2)} µs per write`);
console.log(`  peak heap: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB`);
