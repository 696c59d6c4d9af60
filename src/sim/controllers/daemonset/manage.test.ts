/**
 * `podsShouldBeOnNode` and `getUnscheduledPodsWithoutNode`, after kubernetes `daemon_controller_test.go`
 * (TestDaemonKillFailedPods, TestDeleteUnscheduledPodForNotExistingNode, TestNodeShouldRunDaemonPod's taint cases,
 * the surge tests' "at least one pod" rule, TestSucceededPodOnNode… in `podsShouldBeOnNode`).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { replaceDaemonSetPodNodeNameNodeAffinity, type DaemonSetObject } from './daemonset-util.ts';
import { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { planManage } from './manage.ts';

const NOW = Date.UTC(2026, 0, 1, 0, 5);

function ds(rollingUpdate: Record<string, unknown> = { maxUnavailable: 1, maxSurge: 0 }): DaemonSetObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'foo', namespace: 'default', uid: 'u1', generation: 1 },
    spec: {
      selector: { matchLabels: { app: 'foo' } },
      template: { metadata: { labels: { app: 'foo' } }, spec: { containers: [{ name: 'foo', image: 'foo:1' }] } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate },
    },
  } as DaemonSetObject;
}

const node = (name: string, taints?: Node['spec'] extends infer S ? (S extends { taints?: infer T } ? T : never) : never): Node => ({ metadata: { name }, spec: taints ? { taints } : {} });

function pod(name: string, nodeName: string | undefined, o: { phase?: string; created?: string; deleting?: boolean; hash?: string } = {}): Pod {
  return {
    metadata: { name, namespace: 'default', creationTimestamp: o.created ?? '2026-01-01T00:00:00Z', labels: { app: 'foo', 'controller-revision-hash': o.hash ?? 'h1' }, ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:04:00Z' } : {}) },
    spec: { containers: [], ...(nodeName ? { nodeName } : { affinity: replaceDaemonSetPodNodeNameNodeAffinity(undefined, 'gone') }) },
    status: { phase: o.phase ?? 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] },
  };
}

function plan(d: DaemonSetObject, nodes: Node[], pods: Array<[string, Pod]>, backoff = new FailedPodsBackoff()): ReturnType<typeof planManage> {
  const m = new Map<string, Pod[]>();
  for (const [n, p] of pods) m.set(n, [...(m.get(n) ?? []), p]);
  return planManage(d, nodes, m, 'h1', backoff, NOW);
}

describe('manage', () => {
  it('creates on a node without a pod, keeps one that has one', () => {
    expect(plan(ds(), [node('a'), node('b')], [['a', pod('p', 'a')]])).toMatchObject({ nodesNeedingDaemonPods: ['b'], podsToDelete: [] });
  });

  it('kills a failed daemon pod with a FailedDaemonPod warning, then backs off on that node (TestDaemonKillFailedPods)', () => {
    const backoff = new FailedPodsBackoff();
    const first = plan(ds(), [node('a')], [['a', pod('p', 'a', { phase: 'Failed' })]], backoff);
    expect(first.podsToDelete).toEqual(['p']);
    expect(first.failedPodMessages).toEqual(['Found failed daemon pod default/p on node a, will try to kill it']);
    const again = plan(ds(), [node('a')], [['a', pod('p2', 'a', { phase: 'Failed' })]], backoff);
    expect(again.podsToDelete).toEqual([]);
    expect(again.requeueAfter).toBe(1_000);
  });

  it('deletes a succeeded daemon pod with a SucceededDaemonPod event', () => {
    const r = plan(ds(), [node('a')], [['a', pod('p', 'a', { phase: 'Succeeded' })]]);
    expect(r.podsToDelete).toEqual(['p']);
    expect(r.succeededPodMessages).toEqual(['Found succeeded daemon pod default/p on node a, will try to delete it']);
  });

  it('without surge keeps only the oldest running pod of a node', () => {
    const r = plan(ds(), [node('a')], [['a', pod('young', 'a', { created: '2026-01-01T00:01:00Z' })], ['a', pod('old', 'a')]]);
    expect(r.podsToDelete).toEqual(['young']);
  });

  it('with surge, a node whose only pod is terminating gets a new one at once', () => {
    const surge = ds({ maxUnavailable: 0, maxSurge: 1 });
    expect(plan(surge, [node('a')], [['a', pod('p', 'a', { deleting: true })]]).nodesNeedingDaemonPods).toEqual(['a']);
    expect(plan(ds(), [node('a')], [['a', pod('p', 'a', { deleting: true })]]).nodesNeedingDaemonPods).toEqual([]);
  });

  it('with surge, the old pod goes once the new one beside it is available', () => {
    const surge = ds({ maxUnavailable: 0, maxSurge: 1 });
    const r = plan(surge, [node('a')], [['a', pod('old', 'a', { hash: 'h0' })], ['a', pod('new', 'a', { created: '2026-01-01T00:01:00Z' })]]);
    expect(r.podsToDelete).toEqual(['old']);
  });

  it('a NoSchedule taint leaves a running pod, a NoExecute taint deletes it', () => {
    expect(plan(ds(), [node('a', [{ key: 'x', effect: 'NoSchedule' }])], [['a', pod('p', 'a')]]).podsToDelete).toEqual([]);
    expect(plan(ds(), [node('a', [{ key: 'x', effect: 'NoExecute' }])], [['a', pod('p', 'a')]]).podsToDelete).toEqual(['p']);
  });

  it('deletes an unscheduled pod meant for a node that does not exist, not a bound one (TestDeleteUnscheduledPodForNotExistingNode)', () => {
    const r = plan(ds(), [node('a')], [['a', pod('p', 'a')], ['gone', pod('unscheduled', undefined)], ['gone2', pod('bound', 'gone2')]]);
    expect(r.podsToDelete).toEqual(['unscheduled']);
  });
});
