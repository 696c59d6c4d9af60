import { describe, expect, it } from 'vitest';
import { balancedAllocationScore, leastAllocatedScore, normalizeReverse, prioritizeNodes, selectHost } from './scores';
import { makeNode, makePod } from './test-fixtures';

describe('NodeResourcesFit LeastAllocated (upstream TestLeastAllocatedScoringStrategy)', () => {
  it('a pod asking nothing is scored with the non-zero defaults (100m CPU, 200Mi memory)', () => {
    const node = makeNode('n', '4', '10000Mi');
    // The pod asks nothing, so the defaults (100m, 200Mi) count: cpu (4000-100)*100/4000 = 97, memory (10000-200)*100/10000 = 98.
    expect(leastAllocatedScore(makePod('p'), node, [])).toBe(97);
  });
  it('nothing scheduled, resources requested, differently sized nodes: 37 and 50', () => {
    const pod = makePod('p', { cpu: '3000m', memory: '5000' });
    expect(leastAllocatedScore(pod, makeNode('node1', '4000m', '10000'), [])).toBe(37);
    expect(leastAllocatedScore(pod, makeNode('node2', '6000m', '10000'), [])).toBe(50);
  });
  it('requests above capacity score 0 for that resource', () => {
    expect(leastAllocatedScore(makePod('p', { cpu: '5', memory: '1' }), makeNode('n', '4', '10'), [])).toBe(45);
  });
});

describe('NodeResourcesBalancedAllocation (upstream TestNodeResourcesBalancedAllocation)', () => {
  it('nothing scheduled, resources requested, differently sized nodes: 87 and 100', () => {
    const pod = makePod('p', { cpu: '3000m', memory: '5000' });
    expect(balancedAllocationScore(pod, makeNode('node1', '4000m', '10000'), [])).toBe(87);
    expect(balancedAllocationScore(pod, makeNode('node2', '6000m', '10000'), [])).toBe(100);
  });
  it('existing pods count: cpu 0.6 and memory 0.5 of capacity gives 95', () => {
    const existing = [makePod('a', { cpu: '3000m', memory: '0' })];
    expect(balancedAllocationScore(makePod('p', { cpu: '3000m', memory: '5000' }), makeNode('n', '10000m', '10000'), existing)).toBe(95);
  });
});

describe('scoring and host selection', () => {
  it('TaintToleration prefers nodes with fewer intolerable PreferNoSchedule taints', () => {
    expect(normalizeReverse([0, 1, 2])).toEqual([100, 50, 0]);
    expect(normalizeReverse([0, 0])).toEqual([100, 100]);
  });
  it('the emptier node wins; ties go to the seeded random index', () => {
    const pod = makePod('p', { cpu: '1', memory: '1Gi' });
    const small = { node: makeNode('small', '2', '4Gi'), podsOnNode: [] };
    const big = { node: makeNode('big', '8', '16Gi'), podsOnNode: [] };
    const scores = prioritizeNodes(pod, [small, big]);
    expect(selectHost(scores, () => 0)).toBe('big');
    const tie = prioritizeNodes(pod, [big, { ...big, node: makeNode('big2', '8', '16Gi') }]);
    expect(selectHost(tie, () => 1)).toBe('big2');
    expect(selectHost([], () => 0)).toBeUndefined();
  });
});
