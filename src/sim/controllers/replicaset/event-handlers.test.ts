import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import { deletedFinalStateUnknown } from '../../client/store.ts';
import type { Controller } from '../../controller/controller.ts';
import { PodEventHandler, ReplicaSetEventHandler } from './event-handlers.ts';
import { getIndirectlyRelatedPods } from './manage-replicas.ts';
import { ReplicaSetController } from './replicaset-controller.ts';

/** A stand-in for a lister: get / list / byIndex over a fixed set of objects. */
function fakeInformer(objects: KubeObject[]): SharedIndexInformer {
  return {
    get: (ns: string | undefined, name: string) => objects.find((o) => o.metadata.namespace === ns && o.metadata.name === name),
    list: (sel?: ParsedLabelSelector, ns?: string) => objects.filter((o) => (ns === undefined || o.metadata.namespace === ns) && (!sel || matchesLabels(sel, o.metadata.labels))),
    byIndex: (_index: string, uid: string) => objects.filter((o) => o.metadata.ownerReferences?.some((r) => r.controller && r.uid === uid)),
  } as unknown as SharedIndexInformer;
}

function rs(name: string, extra: { minReadySeconds?: number; owner?: string } = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      resourceVersion: '1',
      ...(extra.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: extra.owner, controller: true }] } : {}),
    },
    spec: { replicas: 2, minReadySeconds: extra.minReadySeconds ?? 0, selector: { matchLabels: { app: name } } },
  };
}

function pod(name: string, opts: { app?: string; owner?: string; rv?: string; ready?: boolean; deleting?: boolean } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      resourceVersion: opts.rv ?? '1',
      labels: { app: opts.app ?? 'web' },
      ...(opts.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: opts.owner, uid: `uid-${opts.owner}`, controller: true }] } : {}),
      ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:10Z' } : {}),
    },
    spec: { containers: [] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: opts.ready ? 'True' : 'False' }] },
  };
}

function setup(rss: KubeObject[]) {
  const queued: string[] = [];
  const rsc = new ReplicaSetController({ rsInformer: fakeInformer(rss), podInformer: fakeInformer([]), recorder: { event: () => {} } });
  rsc.runner = {
    enqueue: (key: string, reason: string) => queued.push(`${key} (${reason})`),
    enqueueAfter: (key: string, delay: number) => queued.push(`${key} after ${delay}ms`),
  } as unknown as Controller;
  return { rsc, queued, pods: new PodEventHandler(rsc), sets: new ReplicaSetEventHandler(rsc) };
}

describe('ReplicaSet controller event handlers', () => {
  it('a new pod with a controllerRef is an observed create of its ReplicaSet', () => {
    const { rsc, queued, pods } = setup([rs('web')]);
    rsc.expectations.expectCreations('default/web', 1, 0);
    pods.onAdd(pod('p', { owner: 'web' }));
    expect(queued).toEqual(['default/web (add)']);
    expect(rsc.expectations.satisfiedExpectations('default/web', 0)).toBe(true);
  });

  it('a controllerRef to a ReplicaSet with another UID resolves to nothing', () => {
    const { queued, pods } = setup([{ ...rs('web'), metadata: { ...rs('web').metadata, uid: 'recreated' } }]);
    pods.onAdd(pod('p', { owner: 'web' }));
    expect(queued).toEqual([]);
  });

  it('a new orphan wakes every ReplicaSet that selects it, without observing a create', () => {
    const { rsc, queued, pods } = setup([rs('web'), rs('api')]);
    rsc.expectations.expectCreations('default/web', 1, 0);
    pods.onAdd(pod('stray'));
    expect(queued).toEqual(['default/web (add)']);
    expect(rsc.expectations.satisfiedExpectations('default/web', 0)).toBe(false);
  });

  it('a pod that arrives already being deleted is counted as a delete', () => {
    const { rsc, queued, pods } = setup([rs('web')]);
    rsc.expectations.expectDeletions('default/web', ['default/p'], 0);
    pods.onAdd(pod('p', { owner: 'web', deleting: true }));
    expect(queued).toEqual(['default/web (delete)']);
    expect(rsc.expectations.satisfiedExpectations('default/web', 0)).toBe(true);
  });

  it('a resync (same resourceVersion) of a pod wakes nothing', () => {
    const { queued, pods } = setup([rs('web')]);
    pods.onUpdate(pod('p', { owner: 'web' }), pod('p', { owner: 'web' }));
    expect(queued).toEqual([]);
  });

  it('a deletionTimestamp is observed as the delete, so the replacement does not wait for the pod to go', () => {
    const { rsc, queued, pods } = setup([rs('web')]);
    rsc.expectations.expectDeletions('default/web', ['default/p'], 0);
    pods.onUpdate(pod('p', { owner: 'web' }), pod('p', { owner: 'web', rv: '2', deleting: true }));
    expect(queued).toEqual(['default/web (delete)']);
    expect(rsc.expectations.satisfiedExpectations('default/web', 0)).toBe(true);
  });

  it('a pod turning ready wakes its ReplicaSet now and again after minReadySeconds + 1 s', () => {
    const { queued, pods } = setup([rs('web', { minReadySeconds: 10 })]);
    pods.onUpdate(pod('p', { owner: 'web' }), pod('p', { owner: 'web', rv: '2', ready: true }));
    expect(queued).toEqual(['default/web (update)', 'default/web after 11000ms']);
  });

  it('a changed controllerRef wakes the old owner and the new one', () => {
    const { queued, pods } = setup([rs('web'), rs('api')]);
    pods.onUpdate(pod('p', { owner: 'web' }), pod('p', { owner: 'api', rv: '2' }));
    expect(queued).toEqual(['default/web (update)', 'default/api (update)']);
  });

  it('an orphan whose labels changed wakes the ReplicaSets that select it now', () => {
    const { queued, pods } = setup([rs('web'), rs('api')]);
    pods.onUpdate(pod('p', { app: 'web' }), pod('p', { app: 'api', rv: '2' }));
    expect(queued).toEqual(['default/api (update)']);
  });

  it('a deleted pod found only at a relist (a tombstone) is still observed', () => {
    const { rsc, queued, pods } = setup([rs('web')]);
    rsc.expectations.expectDeletions('default/web', ['default/p'], 0);
    pods.onDelete(deletedFinalStateUnknown('default/p', pod('p', { owner: 'web' })));
    expect(queued).toEqual(['default/web (delete)']);
    expect(rsc.expectations.satisfiedExpectations('default/web', 0)).toBe(true);
  });

  it('a deleted ReplicaSet forgets its expectations; a re-created one (new UID) is a delete then an update', () => {
    const { rsc, queued, sets } = setup([rs('web')]);
    rsc.expectations.expectCreations('default/web', 3, 0);
    const old = rs('web');
    sets.onUpdate(old, { ...old, metadata: { ...old.metadata, uid: 'new', resourceVersion: '9' } });
    expect(queued).toEqual(['default/web (delete)', 'default/web (update)']);
    expect(rsc.expectations.getExpectations('default/web')).toBeUndefined();
  });
});

describe('getIndirectlyRelatedPods', () => {
  it('collects the pods of every ReplicaSet of the same owner, each once', () => {
    const a = rs('a', { owner: 'dep' });
    const b = { ...rs('b', { owner: 'dep' }), spec: { selector: { matchLabels: { tier: 'x' } } } };
    const other = rs('c', { owner: 'someone-else' });
    const pods = [
      { ...pod('p1', { app: 'a' }), metadata: { ...pod('p1', { app: 'a' }).metadata, labels: { app: 'a', tier: 'x' } } },
      pod('p2', { app: 'a' }),
      pod('p3', { app: 'c' }),
    ];
    const related = getIndirectlyRelatedPods({ rsInformer: fakeInformer([a, b, other]), podInformer: fakeInformer(pods) }, a as never);
    expect(related.map((p) => p.metadata?.name)).toEqual(['p1', 'p2']);
    expect(getIndirectlyRelatedPods({ rsInformer: fakeInformer([rs('solo')]), podInformer: fakeInformer(pods) }, rs('solo') as never)).toEqual([]);
  });
});
