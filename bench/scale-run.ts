/**
 * The scale benchmarks' shared run, used by `scale-deployment.ts` and `scale-floor.ts`: a cluster of `nodes` nodes
 * (64 CPUs, 256 Gi, room for 1.5× their share of the pods), client QPS limits off, an empty Deployment `web` settled,
 * then scaled to `pods` replicas and run to convergence.
 */
import { Simulation } from '../src/sim/simulation.ts';
import { deploymentYaml } from '../src/sim/determinism-case.ts';
import type { TraceOptions } from '../src/sim/trace/trace.ts';

export interface ScaleCluster {
  pods: number;
  nodes: number;
  trace: NonNullable<TraceOptions['retain']>;
  /** Timeline checkpoints: sparse (every 200,000 steps, at most 8) or off (none past the first). */
  checkpoints: boolean;
}

/** The cluster with the empty Deployment settled (nodes registered, controllers leading). */
export function settledCluster(c: ScaleCluster): Simulation {
  const sim = Simulation.create({
    seed: 1,
    nodes: Array.from({ length: c.nodes }, (_, i) => ({ name: `node-${i + 1}`, cpu: '64', memory: '256Gi', pods: Math.ceil((c.pods / c.nodes) * 1.5) + 10 })),
    clientQPS: 'off',
    trace: { retain: c.trace },
    // A checkpoint copies the graph; at this scale keep them sparse.
    timeline: c.checkpoints ? { checkpointEvery: 200_000, maxCheckpoints: 8 } : { checkpointEvery: Number.MAX_SAFE_INTEGER },
  });
  sim.apply(deploymentYaml('web', 0));
  sim.runFor(5_000);
  return sim;
}

/**
 * Scales `web` to `pods` and runs in 1 s steps of virtual time until converged (at most 600), calling `tick` after
 * each step. Returns whether it converged and, if not, the first reasons.
 */
export function scaleToConvergence(sim: Simulation, pods: number, tick: () => void = () => {}): { converged: boolean; reasons: string[] } {
  sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: pods });
  let c = sim.isConverged();
  for (let i = 0; i < 600 && !c.converged; i++) {
    sim.runFor(1_000);
    c = sim.isConverged();
    tick();
  }
  return { converged: c.converged, reasons: c.reasons.slice(0, 3) };
}
