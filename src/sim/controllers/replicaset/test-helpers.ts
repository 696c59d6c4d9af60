/**
 * Helpers for the ReplicaSet controller's end-to-end tests: a simulation running only this controller (pods stay
 * unscheduled unless the template names a node; their status is written by hand), and readers of what it did.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { rfc3339 } from '../../engine/clock.ts';
import { Simulation } from '../../simulation.ts';
import type { TraceEvent, TraceEventOf } from '../../trace/trace-event.ts';
import { REPLICASET_CONTROLLER } from './replicaset-controller.ts';

/** A ReplicaSet manifest: `web`, selecting app=web. */
export function replicaSetYaml(opts: { name?: string; replicas: number; minReadySeconds?: number; nodeName?: string; labels?: string }): string {
  const name = opts.name ?? 'web';
  return `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ${name}}
spec:
  replicas: ${opts.replicas}
${opts.minReadySeconds ? `  minReadySeconds: ${opts.minReadySeconds}\n` : ''}  selector: {matchLabels: {app: ${name}}}
  template:
    metadata:
      labels: {app: ${name}${opts.labels ? `, ${opts.labels}` : ''}}
      annotations: {team: blue}
    spec:
${opts.nodeName ? `      nodeName: ${opts.nodeName}\n` : ''}      containers: [{name: web, image: "nginx:1.27"}]
`;
}

/** A simulation with only the ReplicaSet controller, its informers synced and leading. */
export function rsOnlySimulation(seed = 1): Simulation {
  const sim = Simulation.create({ seed, nodes: 1, controllers: [REPLICASET_CONTROLLER] });
  sim.runFor(1000);
  return sim;
}

export function podsOf(sim: Simulation, selector = 'app=web'): Array<Pod & KubeObject> {
  return sim.listObjects('pods', 'default', selector) as Array<Pod & KubeObject>;
}

/** The Kubernetes events the controller recorded, as "Reason: message". */
export function k8sEvents(sim: Simulation, from = 0): string[] {
  return sim.trace
    .slice()
    .filter((e): e is TraceEventOf<'k8s.event'> => e.kind === 'k8s.event' && e.reportingController === REPLICASET_CONTROLLER && e.time >= from)
    .map((e) => `${e.reason}: ${e.message}`);
}

export function reconcileSteps(sim: Simulation, kind: 'reconcile.act' | 'reconcile.diff' | 'reconcile.status', from = 0): string[] {
  return sim.trace
    .slice()
    .filter((e): e is TraceEvent & { summary: string } => e.kind === kind && e.time >= from)
    .map((e) => e.summary);
}

/** Writes (create/update/patch/delete) the controller sent after `from`. */
export function controllerWrites(sim: Simulation, from = 0): string[] {
  return sim.trace
    .slice()
    .filter((e): e is TraceEventOf<'api.request'> => e.kind === 'api.request' && e.actor === REPLICASET_CONTROLLER && e.time >= from && e.verb !== 'get' && e.verb !== 'list')
    .map((e) => `${e.verb} ${e.object.kind}/${e.object.name}${e.subresource ? `/${e.subresource}` : ''}`);
}

/** Writes a pod's status by hand (the kubelet's job): phase, and Ready since now. */
export function setPodStatus(sim: Simulation, name: string, status: { phase: string; ready?: boolean; restarts?: number }): void {
  const conditions = status.ready === undefined ? [] : [{ type: 'Ready', status: status.ready ? 'True' : 'False', lastTransitionTime: rfc3339(sim.now) }];
  const r = sim.act({
    type: 'patch',
    resource: 'pod',
    name,
    subresource: 'status',
    patch: {
      status: {
        phase: status.phase,
        conditions,
        ...(status.restarts !== undefined ? { containerStatuses: [{ name: 'web', image: 'nginx:1.27', imageID: '', ready: !!status.ready, restartCount: status.restarts, state: {} }] } : {}),
      },
    },
  });
  if (!r.ok) throw new Error(`status patch of ${name} failed: ${r.messages.join('; ')}`);
}
