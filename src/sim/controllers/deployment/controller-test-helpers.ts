/**
 * Test helpers for the Deployment controller's reconciler tests: a simulation that runs only the Deployment
 * controller, with ReplicaSet status written by hand through /status (standing in for the ReplicaSet controller
 * and the kubelets), and readers for the ScalingReplicaSet events and the (old, new) sizes.
 */
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';
import { rsReplicas } from './replica-sets.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import { REVISION_ANNOTATION } from './annotations.ts';

/** A Deployment manifest: `web`, label app=web, one nginx container. */
export function deploymentYaml(options: {
  replicas?: number;
  image?: string;
  strategy?: string;
  progressDeadlineSeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  annotations?: Record<string, string>;
} = {}): string {
  const strategy = options.strategy ?? 'rollingUpdate: {maxSurge: 1, maxUnavailable: 0}';
  const lines = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    ...(options.annotations ? [`  annotations: ${JSON.stringify(options.annotations)}`] : []),
    'spec:',
    `  replicas: ${options.replicas ?? 3}`,
    ...(options.progressDeadlineSeconds !== undefined ? [`  progressDeadlineSeconds: ${options.progressDeadlineSeconds}`] : []),
    ...(options.revisionHistoryLimit !== undefined ? [`  revisionHistoryLimit: ${options.revisionHistoryLimit}`] : []),
    ...(options.paused !== undefined ? [`  paused: ${options.paused}`] : []),
    '  selector: {matchLabels: {app: web}}',
    strategy === 'Recreate' ? '  strategy: {type: Recreate}' : `  strategy: {type: RollingUpdate, ${strategy}}`,
    '  template:',
    '    metadata: {labels: {app: web}}',
    '    spec:',
    `      containers: [{name: web, image: "${options.image ?? 'nginx:1.27'}"}]`,
  ];
  return lines.join('\n') + '\n';
}

/** A simulation running only the Deployment controller. */
export function deploymentOnlySim(seed = 1): Simulation {
  return Simulation.create({ seed, nodes: 1, controllers: ['deployment-controller'] });
}

/** The Deployment's ReplicaSets, oldest revision first. */
export function replicaSets(sim: Simulation): ReplicaSetObject[] {
  const rev = (rs: KubeObject): number => Number(rs.metadata.annotations?.[REVISION_ANNOTATION] ?? 0);
  return (sim.listObjects('replicasets', 'default') as ReplicaSetObject[]).sort((a, b) => rev(a) - rev(b));
}

/** Writes an RS's status through /status, as the ReplicaSet controller would. */
export function setReplicaSetStatus(sim: Simulation, name: string, status: Record<string, number>): void {
  const r = sim.act({ type: 'patch', resource: 'replicasets', name, subresource: 'status', patchType: 'merge', patch: { status } });
  if (!r.ok) throw new Error(`status patch of ${name} failed: ${r.messages.join('; ')}`);
}

/**
 * Stands in for the ReplicaSet controller with instantly ready pods: every RS reports its spec size as replicas,
 * ready and available, and observes its generation. Returns true when it wrote anything.
 */
export function makeReplicaSetsAvailable(sim: Simulation): boolean {
  let wrote = false;
  for (const rs of replicaSets(sim)) {
    const n = rsReplicas(rs);
    const gen = rs.metadata.generation ?? 0;
    const st: NonNullable<ReplicaSetObject["status"]> = rs.status ?? { replicas: 0 };
    if (st.replicas === n && st.availableReplicas === n && st.readyReplicas === n && st.observedGeneration === gen) continue;
    setReplicaSetStatus(sim, rs.metadata.name ?? '', { replicas: n, readyReplicas: n, availableReplicas: n, observedGeneration: gen });
    wrote = true;
  }
  return wrote;
}

/** Runs `ms` of virtual time, making every RS available each `tick` ms. */
export function runWithAvailableReplicaSets(sim: Simulation, ms: number, tick = 500): void {
  for (let t = 0; t < ms; t += tick) {
    makeReplicaSetsAvailable(sim);
    sim.runFor(tick);
  }
}

/** The messages of the Deployment's events with this reason, in order. */
export function eventMessages(sim: Simulation, reason = 'ScalingReplicaSet'): string[] {
  const out: string[] = [];
  for (const e of sim.trace.slice()) if (e.kind === 'k8s.event' && e.reason === reason) out.push(e.message);
  return out;
}

/** `(old, new)` spec sizes: Σ of the old RSs and the newest revision's RS. */
export function oldNewSizes(sim: Simulation): [number, number] {
  const rss = replicaSets(sim);
  const newest = rss[rss.length - 1];
  const old = rss.slice(0, -1).reduce((n, rs) => n + rsReplicas(rs), 0);
  return [old, newest ? rsReplicas(newest) : 0];
}

/** A field of the Deployment's condition of `type`. */
export function condition(sim: Simulation, type: string): { status?: string; reason?: string; message?: string } | undefined {
  const d = sim.getObject('deployment', 'default', 'web');
  const conds = (d?.status as { conditions?: Array<{ type: string; status?: string; reason?: string; message?: string }> } | undefined)?.conditions;
  return conds?.find((c) => c.type === type);
}
