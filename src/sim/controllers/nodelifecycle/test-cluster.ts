/**
 * Test helpers: a simulation running only the node lifecycle and taint eviction controllers, where the tests play
 * the kubelets by hand (register the Node, post Ready, renew the Lease) through the api-server.
 */
import type { Node, Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import { parseTime, rfc3339, rfc3339Micro } from '../../engine/clock.ts';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { Simulation } from '../../simulation.ts';
import { taintEvictionControllerDescriptor } from '../tainteviction/descriptor.ts';
import { nodeLifecycleControllerDescriptor } from './descriptor.ts';

registerControllers(nodeLifecycleControllerDescriptor, taintEvictionControllerDescriptor);

export function newSim(controllers: string[] = ['node-lifecycle-controller'], seed = 1, options: { watchJitterMs?: number } = {}): Simulation {
  const network = options.watchJitterMs === undefined ? {} : { network: { watchLatency: { meanMs: 3, jitterMs: options.watchJitterMs } } };
  return Simulation.create({ seed, nodes: [], controllers, clientQPS: 'off', ...network });
}

function must(sim: Simulation, r: ReturnType<Simulation['act']>): void {
  if (!r.ok) throw new Error(r.messages.join('\n'));
  void sim;
}

/** Registers a Node and posts Ready=True, as a kubelet starting up does. */
export function registerNode(sim: Simulation, name: string, labels: Record<string, string> = {}): void {
  must(sim, sim.apply([{ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } }]));
  postReady(sim, name, 'True');
  renewLease(sim, name);
}

/** Posts the Ready condition with a fresh heartbeat (a kubelet's status update). */
export function postReady(sim: Simulation, name: string, status: 'True' | 'False'): void {
  const node = sim.getObject('node', undefined, name) as Node | undefined;
  const prev = node?.status?.conditions?.find((c) => c.type === 'Ready');
  const transition = prev && prev.status === status ? prev.lastTransitionTime : rfc3339(sim.now);
  must(sim, sim.act({
    type: 'patch', resource: 'node', name, subresource: 'status', patchType: 'merge',
    patch: { status: { conditions: [{ type: 'Ready', status, reason: status === 'True' ? 'KubeletReady' : 'KubeletNotReady', lastHeartbeatTime: rfc3339(sim.now), lastTransitionTime: transition }] } },
  }));
}

/** Creates or renews the node's Lease in kube-node-lease. */
export function renewLease(sim: Simulation, name: string): void {
  must(sim, sim.apply([{
    apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-node-lease' },
    spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: rfc3339Micro(sim.now) },
  }], { fieldManager: 'kubelet', force: true }));
}

/** Runs `ms`, renewing the Leases of `alive` every 10 s (the kubelet's renewInterval). */
export function runWithKubelets(sim: Simulation, alive: readonly string[], ms: number): void {
  const end = sim.now + ms;
  while (sim.now < end) {
    for (const n of alive) renewLease(sim, n);
    sim.runFor(Math.min(10_000, end - sim.now));
  }
}

/** A running, ready pod bound to `nodeName` (admission adds the default 300 s tolerations). */
export function createPod(sim: Simulation, name: string, nodeName: string, tolerations?: Toleration[]): void {
  must(sim, sim.act({ type: 'create', manifests: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }], ...(tolerations ? { tolerations } : {}) } }] }));
  must(sim, sim.act({
    type: 'patch', resource: 'pod', name, namespace: 'default', subresource: 'status', patchType: 'merge',
    patch: { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(sim.now) }] } },
  }));
}

/** Virtual times of the controllers' events with `reason` (and a message containing `text`). */
export function eventTimes(sim: Simulation, reason: string, text = ''): number[] {
  return sim.trace
    .slice()
    .filter((e) => e.kind === 'k8s.event' && e.reason === reason && e.message.includes(text))
    .map((e) => e.time);
}

/** When the node first carried the taint `key:effect` (from its timeAdded, or the trace of node updates). */
export function taintTime(sim: Simulation, node: string, key: string, effect = 'NoExecute'): number | undefined {
  const t = taintsOf(sim, node).find((x) => x.key === key && x.effect === effect);
  return t?.timeAdded ? parseTime(t.timeAdded) : undefined;
}

export function taintsOf(sim: Simulation, name: string): Taint[] {
  return ((sim.getObject('node', undefined, name) as Node | undefined)?.spec?.taints ?? []) as Taint[];
}

export function readyOf(sim: Simulation, name: string): string | undefined {
  return (sim.getObject('node', undefined, name) as Node | undefined)?.status?.conditions?.find((c) => c.type === 'Ready')?.status;
}

export function podReady(sim: Simulation, name: string): string | undefined {
  return (sim.getObject('pod', 'default', name) as Pod | undefined)?.status?.conditions?.find((c) => c.type === 'Ready')?.status;
}

/** Steps in `stepMs` increments until `pred` holds; returns the virtual time it first did (or throws). */
export function timeUntil(sim: Simulation, pred: () => boolean, maxMs: number, stepMs = 100, alive: readonly string[] = []): number {
  const end = sim.now + maxMs;
  let nextRenew = sim.now;
  while (sim.now <= end) {
    if (pred()) return sim.now;
    if (alive.length && sim.now >= nextRenew) {
      for (const n of alive) renewLease(sim, n);
      nextRenew = sim.now + 10_000;
    }
    sim.runFor(stepMs);
  }
  throw new Error(`condition not reached within ${maxMs} ms`);
}
