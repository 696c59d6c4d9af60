/**
 * Benchmark (issue 3): a Deployment scaled 0 → N replicas on M nodes, client QPS limits off, run headless to
 * convergence. Prints wall time, CPU time (process.cpuUsage: user + system, all threads), virtual time, trace events
 * per second and peak heap. Wall and CPU count from the scale action to convergence (not the cluster's start).
 *
 *   npx tsx bench/scale-deployment.ts                 # 10,000 pods on 100 nodes (goal: converged in <= 1 s wall)
 *   npx tsx bench/scale-deployment.ts --pods 100000 --nodes 1000   # goal: <= 15 s and <= 1 GB heap
 *   options: --runs 3 (median), --trace full|count (default count: ids and causality, no stored log),
 *            --checkpoints off (no timeline checkpoints past the first),
 *            --heap-snapshot FILE (after convergence: a full GC, the heap then, and a V8 heap snapshot of it;
 *            needs `node --expose-gc --import tsx`)
 */
import { writeHeapSnapshot } from 'node:v8';
import { loadLibraries } from '../src/sim/libraries.ts';
import { option } from './flags.ts';
import { scaleToConvergence, settledCluster } from './scale-run.ts';

await loadLibraries();
const PODS = Number(option('pods', '10000'));
const NODES = Number(option('nodes', '100'));
const RUNS = Number(option('runs', '1'));
const TRACE = option('trace', 'count') as 'full' | 'count';
const CHECKPOINTS = option('checkpoints', 'on') !== 'off';
const SNAPSHOT = option('heap-snapshot', '');
const gc = (globalThis as { gc?: () => void }).gc;
if (SNAPSHOT && !gc) throw new Error('--heap-snapshot needs node --expose-gc');

function once(): { wall: number; cpu: number; virtual: number; events: number; converged: boolean; heapMiB: number; afterGcMiB: number; reasons: string[] } {
  const sim = settledCluster({ pods: PODS, nodes: NODES, trace: TRACE, checkpoints: CHECKPOINTS });
  let peak = process.memoryUsage().heapUsed;
  const startEvents = sim.trace.length;
  const startVirtual = sim.now;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const c = scaleToConvergence(sim, PODS, () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  const wall = (performance.now() - t0) / 1000;
  const cpuUsed = process.cpuUsage(cpu0);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1e6;
  let afterGcMiB = NaN;
  if (gc) {
    gc();
    afterGcMiB = process.memoryUsage().heapUsed / 1048576;
    if (SNAPSHOT) writeHeapSnapshot(SNAPSHOT);
  }
  return { wall, cpu, virtual: (sim.now - startVirtual) / 1000, events: sim.trace.length - startEvents, converged: c.converged, heapMiB: peak / 1048576, afterGcMiB, reasons: c.reasons };
}

const results = Array.from({ length: RUNS }, once).sort((a, b) => a.wall - b.wall);
const m = results[Math.floor(results.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`Deployment 0 → ${fmt(PODS)} replicas on ${fmt(NODES)} nodes, client QPS off, trace ${TRACE}, median of ${RUNS}`);
console.log(`  converged: ${m.converged}${m.converged ? '' : ` (${m.reasons.join('; ')})`}`);
console.log(`  wall ${m.wall.toFixed(2)} s (CPU ${m.cpu.toFixed(2)} s) for ${m.virtual.toFixed(1)} s of virtual time`);
console.log(`  ${fmt(m.events)} trace events, ${fmt(m.events / m.wall)} events/s`);
console.log(`  peak heap ${fmt(m.heapMiB)} MiB${Number.isNaN(m.afterGcMiB) ? '' : `, ${fmt(m.afterGcMiB)} MiB after a full GC at convergence`}`);
if (SNAPSHOT) console.log(`  heap snapshot: ${SNAPSHOT}`);
