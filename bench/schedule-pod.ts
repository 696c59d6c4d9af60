/**
 * Benchmark (issue 3): one scheduling decision (`schedulePod`: filter, score, select) on N nodes of 50 pods each,
 * the part of a pod's cost that grows with the cluster: upstream's numFeasibleNodesToFind scores 420 of 1,000 nodes.
 *
 *   npx tsx bench/schedule-pod.ts [--nodes 1000] [--runs 7]
 *
 * Prints the median CPU time per decision.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { schedulePod } from '../src/sim/controllers/scheduler/schedule-pod.ts';
import { makeNode, makePod } from '../src/sim/controllers/scheduler/test-fixtures.ts';
import { deepFreeze } from '../src/sim/engine/clone-graph.ts';
import { flag } from './flags.ts';

const NODES = flag('nodes', 1000);
const RUNS = flag('runs', 7);
const DECISIONS = 2000;

// As the scheduler sees them: frozen objects from its informers, the pods on each node in one frozen list.
const views = Array.from({ length: NODES }, (_, i) =>
  deepFreeze({
    node: makeNode(`node-${i}`, '64', '256Gi', { pods: '160' }),
    podsOnNode: Array.from({ length: 50 }, (_, j) => makePod(`p-${i}-${j}`, { cpu: '100m', memory: '128Mi' })),
  }),
);
const pod: Pod = deepFreeze(makePod('web', { cpu: '100m', memory: '128Mi' }));
const perDecision: number[] = [];
let scored = 0;
for (let r = 0; r < RUNS; r++) {
  const c0 = process.cpuUsage();
  for (let k = 0; k < DECISIONS; k++) {
    const result = schedulePod(pod, views, k * 7, (n) => k % n);
    if (result.kind === 'scheduled') scored = result.scores.length;
  }
  const c = process.cpuUsage(c0);
  perDecision.push((c.user + c.system) / DECISIONS);
}
perDecision.sort((a, b) => a - b);
console.log(`schedulePod on ${NODES.toLocaleString('en-US')} nodes (${scored} scored): median ${perDecision[Math.floor(RUNS / 2)]!.toFixed(0)} µs CPU per decision, ${RUNS} runs of ${DECISIONS}`);
