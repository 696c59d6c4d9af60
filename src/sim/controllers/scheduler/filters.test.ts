import { describe, expect, it } from 'vitest';
import { nodeNameFilter, nodeResourcesFitFilter, nodeUnschedulableFilter, runFilterPlugins, taintTolerationFilter } from './filters';
import { failedSchedulingMessage, fitErrorMessage, scheduledMessage } from './fit-error';
import { makeNode, makePod } from './test-fixtures';

describe('filters', () => {
  it('NodeUnschedulable rejects a cordoned node unless the pod tolerates node.kubernetes.io/unschedulable', () => {
    const node = makeNode('n', '1', '1Gi', { unschedulable: true });
    expect(nodeUnschedulableFilter(makePod('p'), node)).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'], plugin: 'NodeUnschedulable' });
    expect(nodeUnschedulableFilter(makePod('p', {}, { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] }), node).code).toBe('Success');
  });
  it('NodeName fits only the named node', () => {
    expect(nodeNameFilter(makePod('p', {}, { nodeName: 'a' }), makeNode('b', '1', '1Gi')).reasons).toEqual(["node(s) didn't match the requested node name"]);
    expect(nodeNameFilter(makePod('p', {}, { nodeName: 'b' }), makeNode('b', '1', '1Gi')).code).toBe('Success');
  });
  it('TaintToleration names the first untolerated NoSchedule/NoExecute taint (upstream TestTaintTolerationFilter)', () => {
    const node = makeNode('n', '1', '1Gi', { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }, { key: 'dedicated', value: 'user1', effect: 'NoSchedule' }] });
    expect(taintTolerationFilter(makePod('p'), node).reasons).toEqual(['node(s) had untolerated taint {dedicated: user1}']);
    expect(taintTolerationFilter(makePod('p', {}, { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'user1', effect: 'NoSchedule' }] }), node).code).toBe('Success');
  });
  it('NodeResourcesFit reports every insufficient resource and too many pods (upstream TestEnoughRequests)', () => {
    const node = makeNode('n', '10', '20', { pods: '2' });
    const existing = [makePod('a', { cpu: '5', memory: '19' }), makePod('b', { cpu: '5', memory: '1' })];
    expect(nodeResourcesFitFilter(makePod('p', { cpu: '1', memory: '1' }), node, existing)).toEqual({
      code: 'Unschedulable', reasons: ['Too many pods', 'Insufficient cpu', 'Insufficient memory'], plugin: 'NodeResourcesFit',
    });
    expect(nodeResourcesFitFilter(makePod('p', { cpu: '1' }), node, [existing[1]!]).code).toBe('Success');
    expect(nodeResourcesFitFilter(makePod('p', { 'example.com/gpu': '1' }), node, []).reasons).toEqual(['Insufficient example.com/gpu']);
  });
  it('runs plugins in the default order and stops at the first failure', () => {
    const node = makeNode('n', '1', '1Gi', { unschedulable: true, taints: [{ key: 'x', effect: 'NoSchedule' }] });
    expect(runFilterPlugins(makePod('p', { cpu: '2' }), node, []).plugin).toBe('NodeUnschedulable');
  });
});

describe('FailedScheduling message (FitError.Error + DefaultPreemption)', () => {
  const unreachable = makeNode('node-1', '4', '8Gi', { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] });
  const full2 = makeNode('node-2', '1', '8Gi');
  const full3 = makeNode('node-3', '1', '8Gi');
  const busy = [makePod('busy', { cpu: '900m' })];
  const views = [{ node: unreachable, podsOnNode: [] }, { node: full2, podsOnNode: busy }, { node: full3, podsOnNode: busy }];
  const pod = makePod('web', { cpu: '500m' }, { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }] });

  it('counts reasons, sorts "<count> <reason>" as strings, and appends the preemption verdict', () => {
    const statuses = views.map((v) => runFilterPlugins(pod, v.node, v.podsOnNode));
    expect(failedSchedulingMessage(pod, views, statuses)).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 2 Insufficient cpu. ' +
        'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    );
  });
  it('with only unresolvable nodes preemption is "not helpful" everywhere', () => {
    const statuses = [0, 1, 2].map(() => runFilterPlugins(pod, unreachable, []));
    const v = [0, 1, 2].map(() => ({ node: unreachable, podsOnNode: [] }));
    expect(failedSchedulingMessage(pod, v, statuses)).toBe(
      '0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });
  it('a higher-priority pod that would fit after evicting lower-priority pods gets no preemption failure text', () => {
    const important = makePod('important', { cpu: '500m' }, { priority: 1000 });
    const statuses = views.map((v) => runFilterPlugins(important, v.node, v.podsOnNode));
    expect(failedSchedulingMessage(important, views, statuses)).toBe('0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 2 Insufficient cpu.');
  });
  it('preemptionPolicy Never is reported as not eligible', () => {
    const never = { ...pod, spec: { ...pod.spec!, preemptionPolicy: 'Never' } };
    const statuses = views.map((v) => runFilterPlugins(never, v.node, v.podsOnNode));
    expect(failedSchedulingMessage(never, views, statuses)).toMatch(/Insufficient cpu\. preemption: not eligible due to preemptionPolicy=Never\.$/);
  });
  it('sorts by the whole string, so counts order before reasons ("10 ..." before "2 ...")', () => {
    const many = [...Array(10)].map(() => ({ code: 'Unschedulable' as const, reasons: ['Insufficient memory'] }));
    const two = [...Array(2)].map(() => ({ code: 'Unschedulable' as const, reasons: ['Insufficient cpu'] }));
    expect(fitErrorMessage(12, [...two, ...many])).toBe('0/12 nodes are available: 10 Insufficient memory, 2 Insufficient cpu.');
  });
  it('words the Scheduled event as the scheduler does', () => {
    expect(scheduledMessage('default', 'web-1', 'node-2')).toBe('Successfully assigned default/web-1 to node-2');
  });
});
