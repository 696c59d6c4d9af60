/**
 * Helpers for the garbage collector's end-to-end tests: a simulation running only the garbage collector (owners
 * and dependents are created by hand, with ownerReferences to their owners' UIDs), and readers of what it did.
 */
import type { KubeObject } from '../../api/object.ts';
import { registerControllers } from '../../cluster/controller-registry.ts';
import { Simulation } from '../../simulation.ts';
import type { TraceEventOf } from '../../trace/trace-event.ts';
import { garbageCollectorDescriptor } from './descriptor.ts';
import { GARBAGE_COLLECTOR_CONTROLLER } from './garbage-collector.ts';

registerControllers(garbageCollectorDescriptor);

/** A simulation with only the garbage collector (and `others`), its informers synced and leading. */
export function gcSimulation(others: string[] = [], seed = 1): Simulation {
  const sim = Simulation.create({ seed, nodes: 1, controllers: [GARBAGE_COLLECTOR_CONTROLLER, ...others] });
  sim.runFor(1000);
  return sim;
}

/** Creates (kubectl create) one object from YAML; returns it as stored. */
export function create(sim: Simulation, yaml: string): KubeObject {
  const r = sim.act({ type: 'create', manifests: yaml });
  if (!r.ok) throw new Error(`create failed: ${r.messages.join('; ')}`);
  const doc = /kind:\s*(\w+)[\s\S]*?name:\s*([\w.-]+)/.exec(yaml)!;
  const obj = sim.listObjects(doc[1]!, undefined).find((o) => o.metadata.name === doc[2]);
  if (!obj) throw new Error(`created ${doc[1]}/${doc[2]} not found`);
  return obj;
}

/** An ownerReference to `owner`, as `metav1.NewControllerRef` writes it (or a plain one). */
export function ownerRef(owner: KubeObject, opts: { controller?: boolean; block?: boolean; uid?: string } = {}): string {
  const controller = opts.controller ?? true;
  const block = opts.block ?? true;
  return `{apiVersion: ${owner.apiVersion}, kind: ${owner.kind}, name: ${owner.metadata.name}, uid: "${opts.uid ?? owner.metadata.uid}", controller: ${controller}, blockOwnerDeletion: ${block}}`;
}

/** A ReplicaSet of 0 replicas (no controller acts on it here), with the given owner references. */
export function replicaSetYaml(name: string, owners: string[] = []): string {
  return `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: ${name}
  labels: {app: ${name}}
${owners.length ? `  ownerReferences: [${owners.join(', ')}]\n` : ''}spec:
  replicas: 0
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;
}

/** A Deployment of 0 replicas. */
export function deploymentYaml(name: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: 0
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;
}

/** A pod; `nodeName` binds it, so that its deletion is graceful (30 s) and, without a kubelet, never finishes. */
export function podYaml(name: string, owners: string[] = [], nodeName?: string): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  labels: {app: web}
${owners.length ? `  ownerReferences: [${owners.join(', ')}]\n` : ''}spec: {${nodeName ? `nodeName: ${nodeName}, ` : ''}containers: [{name: web, image: "nginx:1.27"}]}
`;
}

/** The object is in the api-server (namespace default). */
export function exists(sim: Simulation, resource: string, name: string): boolean {
  return sim.getObject(resource, 'default', name) !== undefined;
}

/** The order objects were removed from the store (their first DELETED watch delivery), as "Kind/name". */
export function removalOrder(sim: Simulation): string[] {
  const out: string[] = [];
  for (const e of sim.trace.slice()) {
    if (e.kind !== 'watch.deliver') continue;
    const w = e as TraceEventOf<'watch.deliver'>;
    const id = `${w.object.kind}/${w.object.name}`;
    if (w.type === 'DELETED' && !out.includes(id)) out.push(id);
  }
  return out;
}

/** What the garbage collector did (its `reconcile.act` steps) after `from`. */
export function gcActs(sim: Simulation, from = 0): string[] {
  return sim.trace
    .slice()
    .filter((e): e is TraceEventOf<'reconcile.act'> => e.kind === 'reconcile.act' && e.controller === GARBAGE_COLLECTOR_CONTROLLER && e.time >= from)
    .map((e) => e.summary);
}
