import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { controllerWrites, k8sEvents, podsOf, reconcileSteps, replicaSetYaml, rsOnlySimulation, setPodStatus } from './test-helpers.ts';

type RS = ReplicaSet & KubeObject;

describe('ReplicaSet controller (end to end)', () => {
  it('creates missing pods in slow-start batches of 1, 2, 4 within one sync', () => {
    const sim = rsOnlySimulation();
    expect(sim.apply(replicaSetYaml({ replicas: 7 })).ok).toBe(true);
    sim.runFor(2000);
    expect(reconcileSteps(sim, 'reconcile.act')).toEqual([
      'create 1 pod (slow-start batch 1 of 3)',
      'create 2 pods (slow-start batch 2 of 3)',
      'create 4 pods (slow-start batch 3 of 3)',
    ]);
    const pods = podsOf(sim);
    expect(pods).toHaveLength(7);
    const created = k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate'));
    expect(created.sort()).toEqual(pods.map((p) => `SuccessfulCreate: Created pod: ${p.metadata.name}`).sort());
  });

  it('stamps pods from the template: labels, annotations and spec, generateName "<rs>-" and a blocking controllerRef', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 1, labels: 'tier: front' }));
    sim.runFor(2000);
    const rs = sim.getObject('rs', 'default', 'web') as RS;
    const [pod] = podsOf(sim);
    expect(pod!.metadata.generateName).toBe('web-');
    expect(pod!.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(pod!.metadata.labels).toEqual({ app: 'web', tier: 'front' });
    expect(pod!.metadata.annotations).toEqual({ team: 'blue' });
    expect(pod!.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(pod!.spec?.containers).toEqual([expect.objectContaining({ name: 'web', image: 'nginx:1.27' })]);
    const managers = (pod!.metadata.managedFields ?? []).map((m) => m.manager);
    expect(managers).toContain('kube-controller-manager');
  });

  it('a converged ReplicaSet syncs again without writing anything', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 3 }));
    sim.runFor(3000);
    const before = sim.now;
    sim.cluster.processOf('replicaset-controller')!.controller('replicaset-controller')!.enqueue('default/web');
    sim.runFor(1000);
    expect(reconcileSteps(sim, 'reconcile.diff', before)).toEqual(['want 3 pods, have 3']);
    expect(reconcileSteps(sim, 'reconcile.status', before)).toEqual(['status unchanged: replicas 3, ready 0, available 0']);
    expect(controllerWrites(sim, before)).toEqual([]);
  });

  it('expectations suppress a second wave of creates until the informer has seen the first', () => {
    const sim = rsOnlySimulation();
    // Watch events reach kube-controller-manager 3 s late: its cache lags its own writes.
    expect(sim.act({ type: 'fault', fault: { type: 'delay-watch-events', controller: 'replicaset-controller', delay: 3000, duration: 20_000 } }).ok).toBe(true);
    sim.apply(replicaSetYaml({ replicas: 3 }));
    sim.runFor(4000); // the ADDED ReplicaSet arrived at ~3 s; the creates are done, their ADDED pods not yet seen
    expect(podsOf(sim)).toHaveLength(3);
    const resync = sim.now;
    sim.cluster.processOf('replicaset-controller')!.controller('replicaset-controller')!.enqueue('default/web');
    sim.runFor(500);
    expect(reconcileSteps(sim, 'reconcile.diff', resync)).toEqual([
      'want 3 pods, have 0; not acting: waiting for the informer to see 3 creates (expectations)',
    ]);
    sim.runFor(20_000);
    expect(podsOf(sim)).toHaveLength(3);
    expect(k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(3);
  });

  it('deleting one of two pods creates a replacement before the old one finishes terminating', () => {
    const sim = rsOnlySimulation();
    // Pods bound to node-1: with no kubelet to finish it, a deleted pod stays terminating.
    sim.apply(replicaSetYaml({ replicas: 2, nodeName: 'node-1' }));
    sim.runFor(2000);
    const [victim] = podsOf(sim);
    const at = sim.now;
    expect(sim.act({ type: 'delete', resource: 'pod', name: victim!.metadata.name! }).ok).toBe(true);
    sim.runFor(1000);
    const pods = podsOf(sim);
    expect(pods).toHaveLength(3);
    expect(pods.find((p) => p.metadata.name === victim!.metadata.name)!.metadata.deletionTimestamp).toBeDefined();
    expect(k8sEvents(sim, at)).toEqual([expect.stringMatching(/^SuccessfulCreate: Created pod: web-[a-z0-9]{5}$/)]);
    const rs = sim.getObject('rs', 'default', 'web') as RS;
    expect(rs.status).toMatchObject({ replicas: 2, terminatingReplicas: 1, observedGeneration: 1 });
  });

  it('scaling down deletes the pods upstream ranks first: pending before running, not ready before ready', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 3 }));
    sim.runFor(2000);
    const [a, b, c] = podsOf(sim).map((p) => p.metadata.name!);
    setPodStatus(sim, a!, { phase: 'Running', ready: true });
    setPodStatus(sim, b!, { phase: 'Pending' });
    setPodStatus(sim, c!, { phase: 'Running', ready: false });
    sim.runFor(1000);
    const at = sim.now;
    expect(sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 1 }).ok).toBe(true);
    sim.runFor(2000);
    expect(k8sEvents(sim, at).sort()).toEqual([`SuccessfulDelete: Deleted pod: ${b}`, `SuccessfulDelete: Deleted pod: ${c}`].sort());
    expect(reconcileSteps(sim, 'reconcile.act', at)).toEqual([`delete 2 pods: ${b}, ${c}`]);
    expect(podsOf(sim).map((p) => p.metadata.name)).toEqual([a]);
    expect((sim.getObject('rs', 'default', 'web') as RS).status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 1 });
  });

  it('adopts an orphan pod its selector matches instead of creating one', () => {
    const sim = rsOnlySimulation();
    sim.apply('apiVersion: v1\nkind: Pod\nmetadata: {name: stray, labels: {app: web}}\nspec:\n  containers: [{name: web, image: "nginx:1.27"}]\n');
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    const rs = sim.getObject('rs', 'default', 'web') as RS;
    const stray = sim.getObject('pod', 'default', 'stray')!;
    expect(stray.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(podsOf(sim)).toHaveLength(2);
    expect(k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(1);
    expect(reconcileSteps(sim, 'reconcile.act')[0]).toBe('adopt stray');
  });

  it('releases a pod whose labels no longer match and creates a replacement', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 1 }));
    sim.runFor(2000);
    const [pod] = podsOf(sim);
    const name = pod!.metadata.name!;
    expect(sim.act({ type: 'patch', resource: 'pod', name, patch: { metadata: { labels: { app: 'debug' } } } }).ok).toBe(true);
    sim.runFor(2000);
    expect(sim.getObject('pod', 'default', name)!.metadata.ownerReferences ?? []).toEqual([]);
    expect(podsOf(sim)).toHaveLength(1);
    expect(podsOf(sim)[0]!.metadata.name).not.toBe(name);
  });

  it('counts a pod available only minReadySeconds after it became ready, by requeueing itself', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 1, minReadySeconds: 5 }));
    sim.runFor(2000);
    const [pod] = podsOf(sim);
    const readyAt = sim.now;
    setPodStatus(sim, pod!.metadata.name!, { phase: 'Running', ready: true });
    sim.runFor(1000);
    expect((sim.getObject('rs', 'default', 'web') as RS).status).toMatchObject({ readyReplicas: 1, availableReplicas: 0 });
    expect(sim.trace.slice().some((e) => e.kind === 'reconcile.done' && e.time > readyAt && e.result === 'requeueAfter' && e.requeueAfter === 5000)).toBe(true);
    sim.runFor(6000);
    expect((sim.getObject('rs', 'default', 'web') as RS).status).toMatchObject({ readyReplicas: 1, availableReplicas: 1 });
  });

  it('overwrites a status.replicas written by hand on its next sync', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    expect(sim.act({ type: 'patch', resource: 'rs', name: 'web', subresource: 'status', patch: { status: { replicas: 7 } } }).ok).toBe(true);
    expect((sim.getObject('rs', 'default', 'web') as RS).status?.replicas).toBe(7);
    sim.runFor(1000);
    expect((sim.getObject('rs', 'default', 'web') as RS).status?.replicas).toBe(2);
  });

  it('a failed delete records FailedDelete and the ReplicaFailure condition, removed by the next good sync', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    const at = sim.now;
    expect(sim.act({ type: 'fault', fault: { type: 'inject-conflicts', resource: 'pods', duration: 50 } }).ok).toBe(true);
    sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 1 });
    sim.runFor(30);
    const events = k8sEvents(sim, at);
    expect(events[0]).toMatch(/^FailedDelete: Error deleting: Operation cannot be fulfilled on pods "web-[a-z0-9]{5}"/);
    const failed = (sim.getObject('rs', 'default', 'web') as RS).status?.conditions?.find((c) => c.type === 'ReplicaFailure');
    expect(failed).toMatchObject({ status: 'True', reason: 'FailedDelete', message: expect.stringMatching(/^unable to delete pods: Operation cannot be fulfilled/) });
    sim.runFor(3000);
    expect(podsOf(sim)).toHaveLength(1);
    expect((sim.getObject('rs', 'default', 'web') as RS).status?.conditions ?? []).toEqual([]);
  });

  it('scales to zero and back', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 3 }));
    sim.runFor(2000);
    sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 0 });
    sim.runFor(2000);
    expect(podsOf(sim)).toHaveLength(0);
    expect((sim.getObject('rs', 'default', 'web') as RS).status?.replicas ?? 0).toBe(0);
    sim.act({ type: 'scale', resource: 'rs', name: 'web', replicas: 2 });
    sim.runFor(2000);
    expect(podsOf(sim)).toHaveLength(2);
    expect((sim.getObject('rs', 'default', 'web') as RS).status).toMatchObject({ replicas: 2, observedGeneration: 3 });
  });
});

describe('ReplicaSet controller (end to end): deletion and restarts', () => {
  it('a ReplicaSet being deleted neither adopts orphans nor replaces pods', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    // Foreground deletion: with no garbage collector running, the ReplicaSet stays, marked for deletion.
    expect(sim.act({ type: 'delete', resource: 'rs', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(500);
    expect(sim.getObject('rs', 'default', 'web')!.metadata.deletionTimestamp).toBeDefined();
    const at = sim.now;
    sim.apply('apiVersion: v1\nkind: Pod\nmetadata: {name: stray, labels: {app: web}}\nspec:\n  containers: [{name: web, image: "nginx:1.27"}]\n');
    sim.act({ type: 'delete', resource: 'pod', name: podsOf(sim).find((p) => p.metadata.name !== 'stray')!.metadata.name! });
    sim.runFor(2000);
    expect(sim.getObject('pod', 'default', 'stray')!.metadata.ownerReferences ?? []).toEqual([]);
    expect(controllerWrites(sim, at).filter((w) => !w.startsWith('update ReplicaSet/web/status'))).toEqual([]);
    expect(reconcileSteps(sim, 'reconcile.diff', at).at(-1)).toBe('want 2 pods, have 1; not acting: the ReplicaSet is being deleted');
  });

  it('after a crash the rebuilt controller relists and creates nothing twice', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 4 }));
    sim.runFor(2000);
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller', restartAfter: 1000 } }).ok).toBe(true);
    sim.runFor(20_000);
    expect(podsOf(sim)).toHaveLength(4);
    expect(k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(4);
  });

  it('a ReplicaSet deleted and re-created under the same name starts with clean expectations', () => {
    const sim = rsOnlySimulation();
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    sim.act({ type: 'delete', resource: 'rs', name: 'web', propagationPolicy: 'Orphan' });
    sim.runFor(1000);
    // The orphaned pods are adopted by the new ReplicaSet (same selector): nothing is created.
    sim.apply(replicaSetYaml({ replicas: 2 }));
    sim.runFor(2000);
    const rs = sim.getObject('rs', 'default', 'web')!;
    expect(podsOf(sim).map((p) => p.metadata.ownerReferences?.[0]?.uid)).toEqual([rs.metadata.uid, rs.metadata.uid]);
    expect(k8sEvents(sim).filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(2);
  });
});
