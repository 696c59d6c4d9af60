import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { SchedulerCache } from './scheduler-cache';
import { makeNode, makePod } from './test-fixtures';

const obj = <T>(x: T) => deepFreeze(x as unknown as KubeObject);
const pod = (name: string, nodeName?: string, phase?: string) => obj({ ...makePod(name, { cpu: '1' }, nodeName ? { nodeName } : {}), metadata: { name, namespace: 'default' }, status: phase ? { phase } : {} });
const names = (views: ReturnType<SchedulerCache['snapshot']>) => views.map((v) => `${v.node.metadata?.name}: ${v.podsOnNode.map((p) => p.metadata?.name).join(',')}`);

describe('SchedulerCache', () => {
  const nodes = [obj(makeNode('b', '4', '8Gi')), obj(makeNode('a', '4', '8Gi'))];

  it('snapshots nodes by name with their non-terminal bound pods', () => {
    const cache = new SchedulerCache();
    const pods = [pod('x', 'a'), pod('y', 'b', 'Succeeded'), pod('z'), pod('w', 'b', 'Running')];
    expect(names(cache.snapshot(nodes, pods))).toEqual(['a: x', 'b: w']);
  });

  it('counts an assumed pod until the informer shows it bound, then only once', () => {
    const cache = new SchedulerCache();
    const pending = pod('p');
    cache.assumePod(pending as unknown as Pod, 'a');
    expect(cache.isAssumedPod('default/p')).toBe(true);
    expect(names(cache.snapshot(nodes, [pending]))).toEqual(['a: p', 'b: ']);
    expect(names(cache.snapshot(nodes, [pod('p', 'a')]))).toEqual(['a: p', 'b: ']);
    cache.confirmOrRemove('default/p');
    expect(cache.assumedPods()).toEqual([]);
  });

  it('a forgotten assumption no longer counts', () => {
    const cache = new SchedulerCache();
    cache.assumePod(pod('p') as unknown as Pod, 'b');
    expect(cache.assumedPods()).toEqual([{ key: 'default/p', node: 'b' }]);
    cache.forgetPod('default/p');
    expect(names(cache.snapshot(nodes, [pod('p')]))).toEqual(['a: ', 'b: ']);
  });

  it("hands back the same frozen pod list while a node's pods do not change (sums are memoized on it)", () => {
    const cache = new SchedulerCache();
    const x = pod('x', 'a');
    const first = cache.snapshot(nodes, [x]);
    const second = cache.snapshot(nodes, [x, pod('y', 'b')]);
    expect(second[0]!.podsOnNode).toBe(first[0]!.podsOnNode);
    expect(second[1]!.podsOnNode).not.toBe(first[1]!.podsOnNode);
    expect(Object.isFrozen(second[1]!.podsOnNode)).toBe(true);
  });
});
