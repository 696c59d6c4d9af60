/** The garbage collector and custom resources: kinds learned from CRDs, monitored, and collected like any other. */
import { describe, expect, it } from 'vitest';
import { widgetCRD } from '../../apiserver/crd/test-crd.ts';
import type { KubeObject } from '../../api/object.ts';
import { compareKubeAwareVersions } from './custom-resource-monitors.ts';
import { exists, gcActs, gcSimulation, ownerRef } from './test-helpers.ts';

function clusterCRD(): KubeObject {
  const crd = structuredClone(widgetCRD());
  crd.metadata = { name: 'gadgets.example.com' };
  const spec = crd.spec as { scope: string; names: Record<string, unknown>; versions: Array<{ subresources?: unknown }> };
  spec.scope = 'Cluster';
  spec.names = { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' };
  for (const v of spec.versions) delete v.subresources;
  return crd;
}

function withCRDs(): ReturnType<typeof gcSimulation> {
  const sim = gcSimulation();
  expect(sim.act({ type: 'create', manifests: [widgetCRD(), clusterCRD()] }).ok).toBe(true);
  sim.runFor(1000);
  return sim;
}

function createOne(sim: ReturnType<typeof gcSimulation>, obj: object): KubeObject {
  const r = sim.act({ type: 'create', manifests: [obj] });
  if (!r.ok) throw new Error(r.messages.join('; '));
  const o = obj as KubeObject;
  const resource = o.kind === 'Widget' ? 'widgets' : o.kind === 'Gadget' ? 'gadgets' : o.kind.toLowerCase() + 's';
  return sim.getObject(resource, o.metadata.namespace, o.metadata.name!)!;
}

const configMap = (name: string, owners: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  ownerReferences: [${owners}]\ndata: {a: b}\n`;

describe('garbage collector: custom resources', () => {
  it('a ConfigMap owned by a custom resource goes when the custom resource is deleted', () => {
    const sim = withCRDs();
    const w = createOne(sim, { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default' }, spec: { size: 'S' } });
    expect(sim.act({ type: 'create', manifests: configMap('cfg', ownerRef(w)) }).ok).toBe(true);
    sim.runFor(2000);
    expect(exists(sim, 'configmaps', 'cfg')).toBe(true);
    expect(sim.act({ type: 'delete', resource: 'widgets', name: 'w1' }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'configmaps', 'cfg')).toBe(false);
  });

  it('a custom resource owned by a ConfigMap goes with it (custom kinds are monitored)', () => {
    const sim = withCRDs();
    const cm = createOne(sim, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'default' } });
    createOne(sim, {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w2', namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: cm.metadata.uid, controller: true, blockOwnerDeletion: true }] },
      spec: { size: 'M' },
    });
    sim.runFor(2000);
    expect(sim.act({ type: 'delete', resource: 'configmaps', name: 'owner' }).ok).toBe(true);
    sim.runFor(3000);
    expect(sim.getObject('widgets', 'default', 'w2')).toBeUndefined();
    expect(gcActs(sim)).toContain('delete Widget/w2 (propagationPolicy Background)');
  });

  it('a namespaced dependent of a cluster-scoped custom resource is kept while its owner exists', () => {
    const sim = withCRDs();
    const g = createOne(sim, { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g1' }, spec: { size: 'L' } });
    expect(sim.act({ type: 'create', manifests: configMap('kept', ownerRef(g)) }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'configmaps', 'kept')).toBe(true);
    expect(sim.act({ type: 'delete', resource: 'gadgets', name: 'g1' }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'configmaps', 'kept')).toBe(false);
  });
});

describe('compareKubeAwareVersions', () => {
  it('orders GA, then beta, then alpha, higher numbers first, then the rest by name', () => {
    const sorted = ['foo10', 'v1beta1', 'v12alpha1', 'v1', 'foo1', 'v11beta2', 'v2', 'v10beta3', 'v3beta1', 'v11alpha2'].sort(compareKubeAwareVersions);
    expect(sorted).toEqual(['v2', 'v1', 'v11beta2', 'v10beta3', 'v3beta1', 'v1beta1', 'v12alpha1', 'v11alpha2', 'foo1', 'foo10']);
  });
});
