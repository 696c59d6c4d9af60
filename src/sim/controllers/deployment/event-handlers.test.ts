/**
 * The informer handlers, ported from upstream's `deployment_controller_test.go` (TestAddReplicaSet,
 * TestAddReplicaSetOrphan, TestUpdateReplicaSetOrphanWithNewLabels, TestUpdateReplicaSetChangeControllerRef,
 * TestUpdateReplicaSetLabelsChangeControllerRef, TestDeleteReplicaSet, TestDeleteReplicaSetOrphan,
 * TestPodDeletionEnqueuesRecreateDeployment, TestPodDeletionDoesntEnqueueRecreateDeployment,
 * TestPodDeletionPartialReplicaSetOwnershipEnqueueRecreateDeployment), with fake listers.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { Controller } from '../../controller/controller.ts';
import { DeploymentController } from './deployment-controller.ts';
import { DeploymentEventHandler, PodEventHandler, ReplicaSetEventHandler } from './event-handlers.ts';

/** A lister over a fixed list (what the handlers read from the caches). */
function fakeInformer(objects: KubeObject[]): SharedIndexInformer {
  return {
    get: (ns: string | undefined, name: string) => objects.find((o) => o.metadata.namespace === ns && o.metadata.name === name),
    list: (sel?: ParsedLabelSelector, ns?: string) =>
      objects.filter((o) => (ns === undefined || o.metadata.namespace === ns) && (!sel || matchesLabels(sel, o.metadata.labels))),
  } as unknown as SharedIndexInformer;
}

function deployment(name: string, labels: Record<string, string>, strategy = 'RollingUpdate'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: { selector: { matchLabels: labels }, strategy: { type: strategy }, template: { metadata: { labels } } },
  };
}

function rs(name: string, labels: Record<string, string>, owner?: KubeObject, rv = '1'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      labels,
      resourceVersion: rv,
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true }] } : {}),
    },
    spec: { selector: { matchLabels: labels } },
  };
}

function pod(name: string, owner: KubeObject, labels: Record<string, string>): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true }] },
  };
}

function setup(deployments: KubeObject[], replicaSets: KubeObject[], pods: KubeObject[] = []) {
  const queued: string[] = [];
  const dc = new DeploymentController(fakeInformer(deployments), fakeInformer(replicaSets), fakeInformer(pods), { event: () => {} });
  dc.controller = { enqueue: (key: string) => queued.push(key) } as unknown as Controller;
  return { queued, dHandler: new DeploymentEventHandler(dc), rsHandler: new ReplicaSetEventHandler(dc), podHandler: new PodEventHandler(dc) };
}

const foo = { foo: 'bar' };

describe('Deployment controller event handlers', () => {
  it('TestAddReplicaSet: a new owned RS enqueues its Deployment only', () => {
    const d1 = deployment('d1', foo);
    const d2 = deployment('d2', foo);
    const { queued, rsHandler } = setup([d1, d2], []);
    rsHandler.onAdd(rs('rs1', foo, d1));
    expect(queued).toEqual(['default/d1']);
    rsHandler.onAdd(rs('rs2', foo, d2));
    expect(queued).toEqual(['default/d1', 'default/d2']);
  });

  it('TestAddReplicaSetOrphan: an orphan RS enqueues every Deployment whose selector matches it', () => {
    const d1 = deployment('d1', foo);
    const d2 = deployment('d2', foo);
    const d3 = deployment('d3', { foo: 'notMe' });
    const { queued, rsHandler } = setup([d1, d2, d3], []);
    rsHandler.onAdd(rs('rs1', foo));
    expect(queued.sort()).toEqual(['default/d1', 'default/d2']);
  });

  it('an RS added already being deleted is handled as a delete (enqueues its controller)', () => {
    const d1 = deployment('d1', foo);
    const { queued, rsHandler } = setup([d1], []);
    const base = rs('rs1', foo, d1);
    const deleting = { ...base, metadata: { ...base.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } };
    rsHandler.onAdd(deleting);
    expect(queued).toEqual(['default/d1']);
  });

  it('TestUpdateReplicaSetOrphanWithNewLabels: an orphan whose labels changed enqueues the Deployments that may adopt it', () => {
    const d1 = deployment('d1', foo);
    const d2 = deployment('d2', foo);
    const { queued, rsHandler } = setup([d1, d2], []);
    const prev = rs('rs1', { foo: 'notMe' }, undefined, '1');
    const cur = rs('rs1', foo, undefined, '2');
    rsHandler.onUpdate(prev, cur);
    expect(queued.sort()).toEqual(['default/d1', 'default/d2']);
  });

  it('TestUpdateReplicaSetChangeControllerRef: a controllerRef moving from d2 to d1 enqueues both', () => {
    const d1 = deployment('d1', foo);
    const d2 = deployment('d2', foo);
    const { queued, rsHandler } = setup([d1, d2], []);
    rsHandler.onUpdate(rs('rs1', foo, d2, '1'), rs('rs1', foo, d1, '2'));
    expect(queued.sort()).toEqual(['default/d1', 'default/d2']);
  });

  it('TestUpdateReplicaSetLabelsChangeControllerRef: a label change on an owned RS enqueues only its owner', () => {
    const d1 = deployment('d1', foo);
    const d2 = deployment('d2', foo);
    const { queued, rsHandler } = setup([d1, d2], []);
    rsHandler.onUpdate(rs('rs1', { foo: 'notMe' }, d1, '1'), rs('rs1', foo, d1, '2'));
    expect(queued).toEqual(['default/d1']);
  });

  it('an update with the same resourceVersion (a resync) enqueues nothing', () => {
    const d1 = deployment('d1', foo);
    const { queued, rsHandler } = setup([d1], []);
    rsHandler.onUpdate(rs('rs1', foo, d1, '5'), rs('rs1', foo, d1, '5'));
    expect(queued).toEqual([]);
  });

  it('TestDeleteReplicaSet / TestDeleteReplicaSetOrphan: a deleted RS enqueues its owner; an orphan enqueues nothing', () => {
    const d1 = deployment('d1', foo);
    const { queued, rsHandler } = setup([d1], []);
    rsHandler.onDelete(rs('rs1', foo, d1));
    expect(queued).toEqual(['default/d1']);
    rsHandler.onDelete(rs('rs2', foo));
    expect(queued).toEqual(['default/d1']);
    rsHandler.onDelete({ kind: 'DeletedFinalStateUnknown', key: 'default/rs3', obj: rs('rs3', foo, d1) });
    expect(queued).toEqual(['default/d1', 'default/d1']);
  });

  it('an owner reference naming a Deployment with another UID (a recreated one) enqueues nothing', () => {
    const d1 = deployment('d1', foo);
    const impostor = { ...d1, metadata: { ...d1.metadata, uid: 'old-uid' } };
    const { queued, rsHandler } = setup([d1], []);
    rsHandler.onAdd(rs('rs1', foo, impostor));
    expect(queued).toEqual([]);
  });

  it('TestPodDeletionEnqueuesRecreateDeployment: the last pod of a Recreate Deployment going away enqueues it', () => {
    const d1 = deployment('d1', foo, 'Recreate');
    const rs1 = rs('rs1', foo, d1);
    const { queued, podHandler } = setup([d1], [rs1], []);
    podHandler.onDelete(pod('p1', rs1, foo));
    expect(queued).toEqual(['default/d1']);
  });

  it('TestPodDeletionDoesntEnqueueRecreateDeployment: not while another of its pods remains', () => {
    const d1 = deployment('d1', foo, 'Recreate');
    const rs1 = rs('rs1', foo, d1);
    const rs2 = rs('rs2', foo, d1);
    const remaining = pod('p2', rs2, foo);
    const { queued, podHandler } = setup([d1], [rs1, rs2], [remaining]);
    podHandler.onDelete(pod('p1', rs1, foo));
    expect(queued).toEqual([]);
  });

  it('TestPodDeletionPartialReplicaSetOwnershipEnqueueRecreateDeployment: pods of RSs it does not own do not count', () => {
    const d1 = deployment('d1', foo, 'Recreate');
    const rs1 = rs('rs1', foo, d1);
    const rs2 = rs('rs2', foo); // orphan
    const { queued, podHandler } = setup([d1], [rs1, rs2], [pod('p2', rs2, foo)]);
    podHandler.onDelete(pod('p1', rs1, foo));
    expect(queued).toEqual(['default/d1']);
  });

  it('a pod deletion never enqueues a RollingUpdate Deployment', () => {
    const d1 = deployment('d1', foo);
    const rs1 = rs('rs1', foo, d1);
    const { queued, podHandler } = setup([d1], [rs1], []);
    podHandler.onDelete(pod('p1', rs1, foo));
    expect(queued).toEqual([]);
  });

  it('every Deployment event enqueues the Deployment', () => {
    const d1 = deployment('d1', foo);
    const { queued, dHandler } = setup([d1], []);
    dHandler.onAdd(d1);
    dHandler.onUpdate(d1, d1);
    dHandler.onDelete(d1);
    expect(queued).toEqual(['default/d1', 'default/d1', 'default/d1']);
  });
});
