/**
 * The load the user puts on each workload, as a function of virtual time: the total CPU (millicores) and memory
 * (bytes) its pods are asked to serve. A `set-load` action (the page's slider, a scenario's `setLoad:` step) adds a
 * step to a workload's history; the metrics sampler ({@link samplePodMetrics}) reads the demand at each scrape
 * instant and splits it over the workload's ready pods.
 *
 * Nothing here exists upstream: a real cluster's usage comes from real traffic. This model is the simulator's stand-in
 * for it, held once per cluster.
 *
 * @remarks The model is reachable by every process through the cluster's container runtime (see
 * {@link installLoadModel}): usage is what the runtime's containers consume, which is where cAdvisor and
 * metrics-server read it from upstream.
 */
import type { ContainerRuntime } from '../cluster/container-runtime.ts';
import type { SimContext } from '../engine/sim-context.ts';

/** The demand on one workload from `at` (virtual ms) on, until the next step. */
export interface LoadStep {
  at: number;
  cpuMillis: number;
  memoryBytes: number;
}

/** What a workload is asked to serve at an instant. */
export interface Demand {
  cpuMillis: number;
  memoryBytes: number;
}

/** The demand of a workload no one set a load for: idle. */
export const IDLE: Readonly<Demand> = Object.freeze({ cpuMillis: 0, memoryBytes: 0 });

/** The runtime slot the cluster's model is kept in (never a node's name: node names cannot contain "/"). */
export const LOAD_MODEL_SLOT = 'metrics.loopscope/load-model';

/** A workload's key: "namespace/name" of its Deployment. */
export function workloadKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** The cluster-wide load model: per workload, a history of demand steps ordered by time. */
export class LoadModel {
  /** Steps by workload key; each list is sorted by `at` and holds full values (a step sets both dimensions). */
  private readonly steps = new Map<string, LoadStep[]>();
  /** Varies the sampler's per-pod jitter between seeds (see {@link seedJitter}). */
  private jitterSalt = 0;

  /** Draws the jitter salt once from the simulation's random source (the cluster does, when it installs the model). */
  seedJitter(draw: () => number): void {
    this.jitterSalt = draw();
  }

  /** The sampler's jitter salt. */
  salt(): number {
    return this.jitterSalt;
  }

  /**
   * Sets a workload's demand from `at` on. A dimension left undefined keeps its previous value (idle if none).
   * A step at the same instant as the last one replaces it.
   */
  set(namespace: string, name: string, at: number, demand: Partial<Demand>): LoadStep {
    const key = workloadKey(namespace, name);
    const list = this.steps.get(key) ?? [];
    const prev = this.demandAt(namespace, name, at);
    const step: LoadStep = { at, cpuMillis: demand.cpuMillis ?? prev.cpuMillis, memoryBytes: demand.memoryBytes ?? prev.memoryBytes };
    // Later steps (set before a rewind) never survive a new step: the history is what the user did, in order.
    const kept = list.filter((s) => s.at < at);
    kept.push(step);
    this.steps.set(key, kept);
    return step;
  }

  /** The workload's demand at virtual time `t`: the last step at or before `t`, idle before the first. */
  demandAt(namespace: string, name: string, t: number): Demand {
    const list = this.steps.get(workloadKey(namespace, name));
    let found: Demand = IDLE;
    if (list) for (const s of list) if (s.at <= t) found = s;
    return { cpuMillis: found.cpuMillis, memoryBytes: found.memoryBytes };
  }

  /** Every workload's steps, by key in sorted order (for the page and tests). */
  history(): Array<{ workload: string; steps: readonly LoadStep[] }> {
    return [...this.steps.keys()].sort().map((workload) => ({ workload, steps: this.steps.get(workload)! }));
  }
}

/**
 * Creates the cluster's load model and keeps it in the runtime, where every process's controllers can reach it.
 * The sampler's jitter is seeded from the simulation's "metrics-server" random stream.
 */
export function installLoadModel(runtime: ContainerRuntime, ctx?: SimContext): LoadModel {
  const existing = loadModelOf(runtime);
  if (existing) return existing;
  const model = new LoadModel();
  if (ctx) {
    const rng = ctx.rngFor('metrics-server');
    model.seedJitter(() => rng.int(0, 0x3fffffff));
  }
  runtime.setNodeState(LOAD_MODEL_SLOT, model);
  return model;
}

/** The cluster's load model, or undefined when none was installed (a bare test cluster). */
export function loadModelOf(runtime: ContainerRuntime): LoadModel | undefined {
  const m = runtime.nodeState<object>(LOAD_MODEL_SLOT);
  return m instanceof LoadModel ? m : undefined;
}
