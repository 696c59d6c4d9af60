/**
 * Helpers for the EndpointSlice controller's end-to-end tests: a simulation running only this controller (and
 * `others`), pods created bound to node-1 with their status (IP, readiness) written by hand, and readers.
 */
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { rfc3339 } from '../../engine/clock.ts';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { Simulation } from '../../simulation.ts';
import { endpointSliceControllerDescriptor } from './descriptor.ts';
import { ENDPOINTSLICE_CONTROLLER, ENDPOINTSLICE_EVENT_SOURCE } from './endpointslice-controller.ts';

registerControllers(endpointSliceControllerDescriptor);

/** An EndpointSlice as read back from the simulation. */
export type Slice = KubeObject & EndpointSlice;

/** A simulation with only this controller (and `others`); node-1's Node object is created by hand (no kubelet). */
export function esSimulation(others: string[] = [], seed = 1): Simulation {
  const sim = Simulation.create({ seed, nodes: 1, controllers: [ENDPOINTSLICE_CONTROLLER, ...others] });
  must(sim, sim.act({ type: 'create', manifests: 'apiVersion: v1\nkind: Node\nmetadata: {name: node-1, labels: {topology.kubernetes.io/zone: zone-a}}\n' }));
  sim.runFor(1000);
  return sim;
}

/** Throws the action's messages when it failed. */
export function must(sim: Simulation, r: ReturnType<Simulation['act']>): void {
  if (!r.ok) throw new Error(r.messages.join('; '));
  void sim;
}

/** A Service `web` selecting app=web, port 80 → targetPort `http` (named) unless `targetPort` is given. */
export function serviceYaml(opts: { name?: string; targetPort?: string | number; labels?: string } = {}): string {
  return `apiVersion: v1
kind: Service
metadata: {name: ${opts.name ?? 'web'}${opts.labels ? `, labels: {${opts.labels}}` : ''}}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: ${JSON.stringify(opts.targetPort ?? 'http')}}]
`;
}

/** A pod of app=web bound to node-1, with a container port named `http` (8080). */
export function addPod(sim: Simulation, name: string, status?: { ip?: string; ready?: boolean }, labels = 'app: web'): void {
  must(
    sim,
    sim.act({
      type: 'create',
      manifests: `apiVersion: v1
kind: Pod
metadata: {name: ${name}, labels: {${labels}}}
spec:
  nodeName: node-1
  containers: [{name: web, image: "nginx:1.27", ports: [{name: http, containerPort: 8080}]}]
`,
    }),
  );
  if (status) setPodStatus(sim, name, status);
}

/** Writes the pod's status by hand (the kubelet's job): Running, its IP, Ready or not. */
export function setPodStatus(sim: Simulation, name: string, status: { ip?: string; ready?: boolean }): void {
  const conditions = [{ type: 'Ready', status: status.ready ? 'True' : 'False', lastTransitionTime: rfc3339(sim.now) }];
  must(
    sim,
    sim.act({
      type: 'patch',
      resource: 'pod',
      name,
      subresource: 'status',
      patch: { status: { phase: 'Running', conditions, ...(status.ip ? { podIP: status.ip, podIPs: [{ ip: status.ip }] } : {}) } },
    }),
  );
}

/** The Service's EndpointSlices (by the service-name label). */
export function slicesOf(sim: Simulation, service = 'web'): Slice[] {
  return sim.listObjects('endpointslices', 'default', `kubernetes.io/service-name=${service}`) as Slice[];
}

/** Every endpoint of the Service's slices, as "pod ip ready/serving/terminating", sorted. */
export function endpointSummary(sim: Simulation, service = 'web'): string[] {
  const out: string[] = [];
  for (const s of slicesOf(sim, service)) {
    for (const e of s.endpoints ?? []) {
      const c = e.conditions ?? {};
      out.push(`${e.targetRef?.name} ${e.addresses.join(',')} ready=${c.ready} serving=${c.serving} terminating=${c.terminating}`);
    }
  }
  return out.sort();
}

/** The Kubernetes events the controller recorded, as "Reason: message". */
export function esEvents(sim: Simulation): string[] {
  return sim.trace
    .slice()
    .filter((e) => e.kind === 'k8s.event' && (e as { reportingController?: string }).reportingController === ENDPOINTSLICE_EVENT_SOURCE)
    .map((e) => `${(e as { reason: string }).reason}: ${(e as { message: string }).message}`);
}
