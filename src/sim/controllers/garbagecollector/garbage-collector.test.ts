import { describe, expect, it } from 'vitest';
import { create, deploymentYaml, exists, gcActs, gcSimulation, ownerRef, podYaml, removalOrder, replicaSetYaml } from './test-helpers.ts';

describe('garbage collector: background deletion', () => {
  it('deleting a ReplicaSet in the background deletes its pods', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('web-a', [ownerRef(rs)]));
    create(sim, podYaml('web-b', [ownerRef(rs)]));
    create(sim, podYaml('loner'));
    sim.runFor(2000);
    expect(exists(sim, 'pods', 'web-a')).toBe(true);
    const t = sim.now;
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'web' }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'replicasets', 'web')).toBe(false);
    expect(exists(sim, 'pods', 'web-a')).toBe(false);
    expect(exists(sim, 'pods', 'web-b')).toBe(false);
    expect(exists(sim, 'pods', 'loner')).toBe(true);
    expect(gcActs(sim, t).sort()).toEqual(['delete Pod/web-a (propagationPolicy Background)', 'delete Pod/web-b (propagationPolicy Background)']);
  });

  it('a dependent whose owner reference names another UID is deleted', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('stale', [ownerRef(rs, { uid: '00000000-0000-4000-8000-000000000000' })]));
    create(sim, podYaml('good', [ownerRef(rs)]));
    sim.runFor(3000);
    expect(exists(sim, 'pods', 'stale')).toBe(false);
    expect(exists(sim, 'pods', 'good')).toBe(true);
    expect(exists(sim, 'replicasets', 'web')).toBe(true);
  });

  it('a dependent with one solid and one dangling owner loses only the dangling reference', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    const other = create(sim, replicaSetYaml('gone'));
    create(sim, podYaml('shared', [ownerRef(rs, { controller: true }), ownerRef(other, { controller: false })]));
    sim.runFor(1000);
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'gone' }).ok).toBe(true);
    sim.runFor(3000);
    const pod = sim.getObject('pods', 'default', 'shared');
    expect(pod?.metadata.ownerReferences?.map((r) => r.name)).toEqual(['web']);
  });

  it('an object whose owners all exist is left alone', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('web-a', [ownerRef(rs)]));
    sim.runFor(5000);
    expect(exists(sim, 'pods', 'web-a')).toBe(true);
    expect(gcActs(sim)).toEqual([]);
  });

  it('a dependent naming an owner in another namespace is deleted, with an OwnerRefInvalidNamespace warning', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    expect(sim.act({ type: 'create', manifests: 'apiVersion: v1\nkind: Namespace\nmetadata: {name: other}\n' }).ok).toBe(true);
    const pod = podYaml('stray', [ownerRef(rs)]).replace('  name: stray\n', '  name: stray\n  namespace: other\n');
    expect(sim.act({ type: 'create', manifests: pod }).ok).toBe(true);
    sim.runFor(3000);
    expect(sim.getObject('pods', 'other', 'stray')).toBeUndefined();
    expect(exists(sim, 'replicasets', 'web')).toBe(true);
    const warnings = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && (e as { reason?: string }).reason === 'OwnerRefInvalidNamespace');
    expect(warnings.map((e) => (e as { message?: string }).message)).toEqual([
      `ownerRef [apps/v1/ReplicaSet, namespace: other, name: web, uid: ${rs.metadata.uid}] does not exist in namespace "other"`,
    ]);
  });

  it('a dependent created after its owner is gone is collected (the owner is a virtual node, confirmed absent)', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'web' }).ok).toBe(true);
    create(sim, podYaml('late', [ownerRef(rs)]));
    sim.runFor(3000);
    expect(exists(sim, 'pods', 'late')).toBe(false);
  });
});

describe('garbage collector: foreground deletion', () => {
  it('deletes the dependents first, then the owner: pods, then the ReplicaSet, then the Deployment', () => {
    const sim = gcSimulation();
    const d = create(sim, deploymentYaml('web'));
    const rs = create(sim, replicaSetYaml('web-1', [ownerRef(d)]));
    create(sim, podYaml('web-1-a', [ownerRef(rs)]));
    create(sim, podYaml('web-1-b', [ownerRef(rs)]));
    sim.runFor(2000);
    const t = sim.now;
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(5000);
    expect(exists(sim, 'deployments', 'web')).toBe(false);
    const order = removalOrder(sim);
    const rank = (id: string) => order.indexOf(id);
    expect(rank('Pod/web-1-a')).toBeGreaterThanOrEqual(0);
    expect(rank('Pod/web-1-a')).toBeLessThan(rank('ReplicaSet/web-1'));
    expect(rank('Pod/web-1-b')).toBeLessThan(rank('ReplicaSet/web-1'));
    expect(rank('ReplicaSet/web-1')).toBeLessThan(rank('Deployment/web'));
    // The ReplicaSet, having dependents of its own, is deleted in the foreground too; the finalizers go last.
    const acts = gcActs(sim, t);
    expect(acts).toContain('delete ReplicaSet/web-1 (propagationPolicy Foreground)');
    expect(acts.indexOf('remove finalizer foregroundDeletion from ReplicaSet/web-1')).toBeLessThan(
      acts.indexOf('remove finalizer foregroundDeletion from Deployment/web'),
    );
  });

  it('an owner whose blocking dependent is still terminating keeps its foregroundDeletion finalizer', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('bound', [ownerRef(rs)], 'node-1'));
    sim.runFor(1000);
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(10_000);
    // No kubelet finishes the pod's graceful deletion: the owner waits.
    expect(sim.getObject('pods', 'default', 'bound')?.metadata.deletionTimestamp).toBeDefined();
    expect(sim.getObject('replicasets', 'default', 'web')?.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'bound', gracePeriodSeconds: 0 }).ok).toBe(true);
    sim.runFor(2000);
    expect(exists(sim, 'replicasets', 'web')).toBe(false);
  });

  it('a dependent without blockOwnerDeletion does not hold the owner back', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('free', [ownerRef(rs, { block: false })], 'node-1'));
    sim.runFor(1000);
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'replicasets', 'web')).toBe(false);
    // It was deleted all the same, and is still terminating.
    expect(sim.getObject('pods', 'default', 'free')?.metadata.deletionTimestamp).toBeDefined();
  });
});

describe('garbage collector: orphan deletion', () => {
  it('removes the owner reference from the dependents, then the orphan finalizer; the dependents stay', () => {
    const sim = gcSimulation();
    const d = create(sim, deploymentYaml('web'));
    const rs = create(sim, replicaSetYaml('web-1', [ownerRef(d)]));
    create(sim, podYaml('web-1-a', [ownerRef(rs)]));
    sim.runFor(2000);
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Orphan' }).ok).toBe(true);
    sim.runFor(3000);
    expect(exists(sim, 'deployments', 'web')).toBe(false);
    const left = sim.getObject('replicasets', 'default', 'web-1');
    expect(left).toBeDefined();
    expect(left?.metadata.ownerReferences ?? []).toEqual([]);
    expect(sim.getObject('pods', 'default', 'web-1-a')?.metadata.ownerReferences?.map((r) => r.name)).toEqual(['web-1']);
  });
});

describe('garbage collector: restarts', () => {
  it('a crashed garbage collector rebuilds its graph and finishes a foreground deletion', () => {
    const sim = gcSimulation();
    const rs = create(sim, replicaSetYaml('web'));
    create(sim, podYaml('bound', [ownerRef(rs)], 'node-1'));
    sim.runFor(1000);
    expect(sim.act({ type: 'delete', resource: 'replicaset', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(3000);
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'garbage-collector-controller', restartAfter: 1000 } }).ok).toBe(true);
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'bound', gracePeriodSeconds: 0 }).ok).toBe(true);
    sim.runFor(20_000);
    expect(exists(sim, 'replicasets', 'web')).toBe(false);
  });
});
