/**
 * Benchmark (issue 3): the floor under `scale-deployment.ts`'s goals (10,000 pods converged in ≤ 1 s wall; 100,000
 * in ≤ 15 s and ≤ 1 GB of heap). It scales a Deployment to --pods replicas (default 1,000 on 10 nodes) and prints:
 *
 * 1. What one pod's life costs a faithful cluster, counted from the run's trace: API writes by verb, resource and
 *    client; watch deliveries; reconciles. These are upstream's steps: the ReplicaSet controller creates the pod, the
 *    scheduler binds it and records Scheduled, the kubelet writes its status three times and records
 *    Pulling/Pulled/Created/Started.
 * 2. The CPU the 1 s goal leaves per pod and per write, beside this run's CPU per pod (trace counted, not kept, as in
 *    scale-deployment).
 * 3. The memory floor: the objects the api-server must hold for each pod (the pod and its Events, as they are at
 *    convergence), rebuilt in the two leanest forms this machine runs, measured as heap after a full GC:
 *    a. decoded, every text that repeats across pods stored once;
 *    b. as JSON text (the form etcd keeps), plus the decoded pods without managedFields, texts shared: the least the
 *       controllers and the scheduler must read.
 *    Times 100,000 pods, against 1 GiB (the generous reading of 1 GB). No informer index, scheduler cache, queue,
 *    event correlator or trace is counted.
 *
 *   npx tsx bench/scale-floor.ts [--pods 1000] [--nodes 10]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadLibraries } from '../src/sim/libraries.ts';
import type { KubeObject } from '../src/sim/api/object.ts';
import { flag } from './flags.ts';
import { scaleToConvergence, settledCluster } from './scale-run.ts';

await loadLibraries();
const PODS = flag('pods', 1000);
const NODES = flag('nodes', 10);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// 1. One pod's life, counted from the full trace.
const sim = settledCluster({ pods: PODS, nodes: NODES, trace: 'full', checkpoints: false });
const from = sim.trace.length;
const run = scaleToConvergence(sim, PODS);
if (!run.converged) throw new Error(`did not converge: ${run.reasons.join('; ')}`);
const writes = new Map<string, number>();
let writeCount = 0;
let deliveries = 0;
let reconciles = 0;
const client = (actor: string) => actor.replace(/^kubelet\/.*/, 'kubelet');
for (const e of sim.trace.slice(from)) {
  if (e.kind === 'api.request' && !['get', 'list', 'watch'].includes(e.verb)) {
    const row = `${e.verb} ${e.object.kind}${e.subresource ? `/${e.subresource}` : ''} by ${client(e.actor)}`;
    writes.set(row, (writes.get(row) ?? 0) + 1);
    writeCount++;
  } else if (e.kind === 'watch.deliver') deliveries++;
  else if (e.kind === 'queue.get') reconciles++;
}
const perPod = (n: number) => n / PODS;
console.log(`One pod's life (Deployment 0 → ${fmt(PODS)} on ${fmt(NODES)} nodes, counted from the trace), per pod:`);
console.log(`  ${fmt(perPod(writeCount), 2)} API writes:`);
let other = 0;
for (const [row, n] of [...writes].sort((a, b) => b[1] - a[1])) {
  if (perPod(n) >= 0.05) console.log(`    ${fmt(perPod(n), 2).padStart(5)}  ${row}`);
  else other += n;
}
if (other) console.log(`    ${fmt(perPod(other), 2).padStart(5)}  other (ReplicaSet and Deployment status, their Events…)`);
console.log(`  ${fmt(perPod(deliveries), 2)} watch deliveries, ${fmt(perPod(reconciles), 2)} reconciles, ${fmt(perPod(sim.trace.length - from))} trace events`);

// 2. The CPU budget, beside this run's CPU (trace counted only, as scale-deployment runs).
const timed = settledCluster({ pods: PODS, nodes: NODES, trace: 'count', checkpoints: true });
const cpu0 = process.cpuUsage();
scaleToConvergence(timed, PODS);
const used = process.cpuUsage(cpu0);
const cpuPerPodUs = (used.user + used.system) / PODS;
const budgetUs = 1e6 / 10_000;
console.log(`CPU: the 1 s goal for 10,000 pods leaves ${fmt(budgetUs)} µs per pod, ${fmt(budgetUs / perPod(writeCount), 1)} µs per API write with`);
console.log(`  everything it causes; 15 s for 100,000 leaves ${fmt(15e6 / 100_000)} µs per pod. This run: ${fmt(cpuPerPodUs)} µs CPU per pod (${fmt(cpuPerPodUs / budgetUs, 1)}× the first)`);

// 3. The memory floor.
const pods = sim.listObjects('pods');
const events = sim.listObjects('events').filter((e) => (e as KubeObject & { involvedObject?: { kind?: string } }).involvedObject?.kind === 'Pod');
const podTexts = pods.map((o) => JSON.stringify(o));
const eventTexts = events.map((o) => JSON.stringify(o));

/** Heap retained by what `build` returns, after a full GC (median of 3). */
function retained(build: () => unknown): number {
  const sizes: number[] = [];
  for (let r = 0; r < 3; r++) {
    gc();
    const h0 = process.memoryUsage().heapUsed;
    let kept: unknown = build();
    gc();
    sizes.push(process.memoryUsage().heapUsed - h0);
    kept = null;
    void kept;
  }
  return sizes.sort((a, b) => a - b)[1]!;
}

/** JSON.parse with every text stored once across the set; `drop` keys left out. */
function decodeShared(texts: string[], drop?: string): unknown[] {
  const pool = new Map<string, string>();
  return texts.map((t) =>
    JSON.parse(t, (key, value: unknown) => {
      if (key === drop) return undefined;
      if (typeof value !== 'string') return value;
      const s = pool.get(value);
      if (s !== undefined) return s;
      pool.set(value, value);
      return value;
    }),
  );
}

const decoded = retained(() => [decodeShared(podTexts), decodeShared(eventTexts)]) / PODS;
const asText = retained(() => [JSON.parse(JSON.stringify(podTexts)), JSON.parse(JSON.stringify(eventTexts)), decodeShared(podTexts, 'managedFields')]) / PODS;
const floorBytes = Math.min(decoded, asText);
const GiB = 2 ** 30;
const goal = GiB / 100_000;
console.log(`Memory: the api-server's objects for each pod (${fmt(perPod(pods.length), 2)} pod, ${fmt(perPod(events.length), 2)} Events; ${fmt(perPod(podTexts.join('').length + eventTexts.join('').length) / 1000, 1)} KB of JSON), heap after a full GC:`);
console.log(`  a. decoded, repeated texts stored once:                      ${fmt(decoded / 1000, 1)} KB per pod → ${fmt((decoded * 100_000) / GiB, 2)} GiB at 100,000 pods`);
console.log(`  b. JSON text + decoded pods without managedFields:          ${fmt(asText / 1000, 1)} KB per pod → ${fmt((asText * 100_000) / GiB, 2)} GiB at 100,000 pods`);
console.log(`  goal: 1 GiB at 100,000 pods = ${fmt(goal / 1000, 1)} KB per pod for everything; the lesser floor is ${fmt(floorBytes / goal, 2)}× that`);
