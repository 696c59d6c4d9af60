/**
 * The rolling update's decisions, after kubernetes `pkg/controller/daemon/update_test.go` (TestDaemonSetUpdatesPods,
 * TestDaemonSetUpdatesPodsWithMaxSurge, TestDaemonSetUpdatesWhenNewPosIsNotReady,
 * TestDaemonSetUpdatesAllOldPodsNotReady, TestGetUnavailableNumbers, findUpdatedPodsOnNode).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { DaemonSetObject } from './daemonset-util.ts';
import { daemonSetCounts } from './daemonset-status.ts';
import { findUpdatedPodsOnNode, planRollingUpdate, updatedDesiredNodeCounts } from './rolling-update.ts';

const NEW = 'new-hash';

function ds(rollingUpdate: Record<string, unknown> = { maxUnavailable: 1, maxSurge: 0 }, type = 'RollingUpdate'): DaemonSetObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'foo', namespace: 'default', uid: 'u1', generation: 2, annotations: { 'deprecated.daemonset.template.generation': '2' } },
    spec: {
      selector: { matchLabels: { app: 'foo' } },
      template: { metadata: { labels: { app: 'foo' } }, spec: { containers: [{ name: 'foo', image: 'foo:2' }] } },
      updateStrategy: type === 'RollingUpdate' ? { type, rollingUpdate } : { type },
    },
  } as DaemonSetObject;
}

const nodes = (n: number): Node[] => Array.from({ length: n }, (_, i) => ({ metadata: { name: `node-${i}` }, spec: {} }));

function pod(name: string, node: string, o: { updated?: boolean; ready?: boolean; deleting?: boolean } = {}): Pod {
  return {
    metadata: {
      name,
      namespace: 'default',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { app: 'foo', 'controller-revision-hash': o.updated ? NEW : 'old-hash', 'pod-template-generation': o.updated ? '2' : '1' },
      ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:01:00Z' } : {}),
    },
    spec: { nodeName: node, containers: [] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] },
  };
}

function plan(d: DaemonSetObject, ns: Node[], pods: Pod[]): ReturnType<typeof planRollingUpdate> {
  const m = new Map<string, Pod[]>();
  for (const p of pods) m.set(p.spec!.nodeName!, [...(m.get(p.spec!.nodeName!) ?? []), p]);
  const counts = updatedDesiredNodeCounts(d, ns, m);
  if ('error' in counts) throw new Error(counts.error);
  return planRollingUpdate(d, ns, m, counts, NEW, Date.UTC(2026, 0, 1, 0, 5));
}

describe('rolling update (maxSurge 0)', () => {
  it('deletes maxUnavailable old available pods, in node order', () => {
    expect(plan(ds(), nodes(3), [pod('a', 'node-0'), pod('b', 'node-1'), pod('c', 'node-2')])).toEqual({ podsToDelete: ['a'], nodesToCreate: [] });
    expect(plan(ds({ maxUnavailable: 2, maxSurge: 0 }), nodes(3), [pod('a', 'node-0'), pod('b', 'node-1'), pod('c', 'node-2')]).podsToDelete).toEqual(['a', 'b']);
  });
  it('a new pod not yet available uses up the budget: nothing more is deleted', () => {
    expect(plan(ds(), nodes(3), [pod('a', 'node-0', { updated: true, ready: false }), pod('b', 'node-1'), pod('c', 'node-2')]).podsToDelete).toEqual([]);
  });
  it('a node waiting for its replacement (no pod) counts as unavailable', () => {
    expect(plan(ds(), nodes(3), [pod('b', 'node-1'), pod('c', 'node-2')]).podsToDelete).toEqual([]);
  });
  it('an old pod that is not available is replaced whatever the budget', () => {
    expect(plan(ds(), nodes(3), [pod('a', 'node-0', { updated: true, ready: false }), pod('b', 'node-1', { ready: false }), pod('c', 'node-2')]).podsToDelete).toEqual(['b']);
  });
  it('25% of 3 nodes rounds up to 1', () => {
    expect(plan(ds({ maxUnavailable: '25%', maxSurge: 0 }), nodes(3), [pod('a', 'node-0'), pod('b', 'node-1'), pod('c', 'node-2')]).podsToDelete).toEqual(['a']);
  });
  it('a terminating pod is ignored when finding the node’s pods', () => {
    expect(findUpdatedPodsOnNode(ds(), [pod('a', 'node-0', { deleting: true }), pod('b', 'node-0', { updated: true })], NEW)).toMatchObject({ ok: true, oldPod: undefined });
    expect(findUpdatedPodsOnNode(ds(), [pod('a', 'node-0'), pod('b', 'node-0')], NEW)).toEqual({ ok: false });
  });
});

describe('rolling update (maxSurge)', () => {
  const surge = ds({ maxUnavailable: 0, maxSurge: 1 });
  it('surges onto maxSurge nodes whose old pod is available', () => {
    expect(plan(surge, nodes(3), [pod('a', 'node-0'), pod('b', 'node-1'), pod('c', 'node-2')])).toEqual({ podsToDelete: [], nodesToCreate: ['node-0'] });
  });
  it('deletes the old pod once the new one beside it is available', () => {
    expect(plan(surge, nodes(3), [pod('a', 'node-0'), pod('a2', 'node-0', { updated: true }), pod('b', 'node-1'), pod('c', 'node-2')])).toEqual({ podsToDelete: ['a'], nodesToCreate: ['node-1'] });
  });
  it('waits while the surged pod is not available', () => {
    expect(plan(surge, nodes(3), [pod('a', 'node-0'), pod('a2', 'node-0', { updated: true, ready: false }), pod('b', 'node-1'), pod('c', 'node-2')])).toEqual({ podsToDelete: [], nodesToCreate: [] });
  });
  it('an unavailable old pod gets its replacement at once, beyond maxSurge', () => {
    expect(plan(surge, nodes(3), [pod('a', 'node-0', { ready: false }), pod('b', 'node-1', { ready: false }), pod('c', 'node-2')]).nodesToCreate).toEqual(['node-0', 'node-1', 'node-2']);
  });
});

describe('updatedDesiredNodeCounts', () => {
  it('falls back to maxUnavailable 1 when both are 0, and adds wanted nodes without pods', () => {
    const m = new Map<string, Pod[]>();
    expect(updatedDesiredNodeCounts(ds({ maxUnavailable: 0, maxSurge: 0 }), nodes(2), m)).toEqual({ maxSurge: 0, maxUnavailable: 1, desiredNumberScheduled: 2 });
    expect([...m.keys()]).toEqual(['node-0', 'node-1']);
    expect(updatedDesiredNodeCounts(ds({ maxUnavailable: '50%', maxSurge: 0 }), nodes(5), new Map())).toEqual({ maxSurge: 0, maxUnavailable: 3, desiredNumberScheduled: 5 });
  });
});

describe('status counts', () => {
  it('counts desired, current, ready, available, up-to-date and misscheduled nodes (the oldest pod of a node counts)', () => {
    const ns: Node[] = [...nodes(3), { metadata: { name: 'tainted' }, spec: { taints: [{ key: 'x', effect: 'NoSchedule' }] } }];
    const m = new Map<string, Pod[]>([
      ['node-0', [pod('a', 'node-0', { updated: true })]],
      ['node-1', [pod('b', 'node-1', { ready: false })]],
      ['tainted', [pod('t', 'tainted')]],
    ]);
    expect(daemonSetCounts(ds(), ns, m, NEW, Date.UTC(2026, 0, 1, 0, 5))).toEqual({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 2,
      numberMisscheduled: 1,
      numberReady: 1,
      updatedNumberScheduled: 1,
      numberAvailable: 1,
      numberUnavailable: 2,
    });
  });
});
