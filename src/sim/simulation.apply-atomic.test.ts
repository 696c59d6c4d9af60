/**
 * The library's `apply` is all-or-nothing: every document is checked in order in a world where the earlier ones
 * are written, and nothing is written when one is refused (issue 17). The console's `kubectl apply -f` sends one
 * action per object, so it keeps kubectl's per-object semantics (src/kubectl/cmd/apply.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from './simulation.ts';
import { storeHash } from './testing/store-hash.ts';

const NS = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: ns1}\n';
const deployment = (replicas: number, ns = 'ns1') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ${ns}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx:1.27}]}
`;
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\ndata: {a: "1"}\n';

describe('apply is atomic', () => {
  it('a Namespace then an invalid Deployment in it writes nothing, and the refusal names the field', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.runFor(1_000);
    const before = storeHash(sim);
    const r = sim.apply(`${NS}---\n${deployment(-3)}`);
    expect(r.ok).toBe(false);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]!.index).toBe(1);
    expect(r.results[0]!.status?.reason).toBe('Invalid');
    expect(r.results[0]!.status?.details?.causes?.[0]?.field).toBe('spec.replicas');
    expect(sim.getObject('namespace', undefined, 'ns1')).toBeUndefined();
    expect(storeHash(sim)).toBe(before);
    // The refusal is in the trace, caused by the user action.
    const refusal = sim.trace.slice().filter((e) => e.kind === 'api.response' && e.causeId !== null).at(-1);
    expect(refusal).toMatchObject({ kind: 'api.response' });
    expect(JSON.stringify(refusal)).toContain('Invalid');
  });

  it('a Namespace then a valid Deployment in it are both written, and the Deployment converges', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const r = sim.apply(`${NS}---\n${deployment(2)}`);
    expect(r.messages).toEqual(['namespace/ns1 created', 'deployment.apps/web created']);
    expect(sim.runUntilConverged(120_000).converged).toBe(true);
    expect(sim.listObjects('pods', 'ns1')).toHaveLength(2);
  });

  it('create of two ConfigMaps of the same name writes neither', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const before = storeHash(sim);
    const r = sim.act({ type: 'create', manifests: `${CM}---\n${CM}` });
    expect(r.ok).toBe(false);
    expect(r.results[0]!.status?.reason).toBe('AlreadyExists');
    expect(r.results[0]!.index).toBe(1);
    expect(sim.getObject('configmap', 'default', 'settings')).toBeUndefined();
    expect(storeHash(sim)).toBe(before);
  });

  it('a CRD then an object of its kind that its schema refuses writes nothing', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: integer, minimum: 1}}}
`;
    const before = storeHash(sim);
    const r = sim.apply(`${crd}---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 0}\n`);
    expect(r.ok).toBe(false);
    expect(r.results[0]!.index).toBe(1);
    expect(sim.getObject('customresourcedefinitions', undefined, 'widgets.example.com')).toBeUndefined();
    expect(sim.cluster.apiServer.resolve('widgets')).toBeUndefined();
    expect(storeHash(sim)).toBe(before);
    // And with a valid object both are written.
    expect(sim.apply(`${crd}---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 2}\n`).ok).toBe(true);
    expect(sim.getObject('widgets', 'default', 'w')).toBeDefined();
  });

  it('a refused apply leaves the run as if it never happened: same trace afterwards as a run without it, but for the refusal', () => {
    const run = (refused: boolean) => {
      const sim = Simulation.create({ seed: 3, nodes: 1 });
      sim.apply(deployment(2, 'default'));
      sim.runFor(2_000);
      if (refused) sim.apply(`${NS}---\n${deployment(-3)}`);
      const from = sim.trace.length;
      sim.runFor(30_000);
      // Ids and request numbers shift by the refusal's own events; everything else must be the same.
      const events = sim.trace.slice(from).map((e) => JSON.stringify({ ...e, id: 0, causeId: 0, requestId: 0 }));
      return { events, revision: sim.cluster.apiServer.revision };
    };
    const a = run(false);
    const b = run(true);
    expect(b.revision).toBe(a.revision);
    expect(b.events.length).toBe(a.events.length);
    expect(b.events.findIndex((e, i) => e !== a.events[i])).toBe(-1);
  });
});
