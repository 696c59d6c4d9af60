import { describe, expect, it } from 'vitest';
import { NO_NODES_AVAILABLE, numFeasibleNodesToFind, schedulePod } from './schedule-pod';
import { makeNode, makePod } from './test-fixtures';

describe('numFeasibleNodesToFind (upstream TestNumFeasibleNodesToFind, adaptive percentage)', () => {
  it.each([
    [10, 10],
    [99, 99],
    [100, 100],
    [1_000, 420],
    [5_000, 500],
    [6_000, 300],
    [20_000, 1_000],
  ])('%i nodes: stop after %i feasible', (all, want) => {
    expect(numFeasibleNodesToFind(all)).toBe(want);
  });
});

describe('schedulePod', () => {
  const pick0 = () => 0;
  it('no nodes is ErrNoNodesAvailable', () => {
    expect(schedulePod(makePod('p'), [], 0, pick0)).toEqual({ kind: 'no-nodes', message: NO_NODES_AVAILABLE });
  });
  it('one feasible node is chosen without scoring', () => {
    const views = [
      { node: makeNode('a', '1', '1Gi', { unschedulable: true }), podsOnNode: [] },
      { node: makeNode('b', '1', '1Gi'), podsOnNode: [] },
    ];
    const r = schedulePod(makePod('p', { cpu: '500m' }), views, 0, () => {
      throw new Error('no tie to break');
    });
    expect(r).toMatchObject({ kind: 'scheduled', node: 'b', feasibleNodes: 1, evaluatedNodes: 2, scores: [], nextStartNodeIndex: 0 });
  });
  it('the emptier node scores higher than a busy one', () => {
    const views = [
      { node: makeNode('busy', '4', '8Gi'), podsOnNode: [makePod('x', { cpu: '3', memory: '6Gi' })] },
      { node: makeNode('idle', '4', '8Gi'), podsOnNode: [] },
    ];
    const r = schedulePod(makePod('p', { cpu: '500m', memory: '512Mi' }), views, 0, pick0);
    expect(r.kind === 'scheduled' && r.node).toBe('idle');
  });
  it('ties go to the seeded draw among the tied nodes', () => {
    const views = ['a', 'b', 'c'].map((n) => ({ node: makeNode(n, '4', '8Gi'), podsOnNode: [] }));
    const r = schedulePod(makePod('p', { cpu: '1' }), views, 0, (n) => n - 1);
    expect(r.kind === 'scheduled' && r.node).toBe('c');
  });
  it('no fit: every node is evaluated and the message is the FitError', () => {
    const views = ['a', 'b'].map((n) => ({ node: makeNode(n, '1', '1Gi'), podsOnNode: [] }));
    const r = schedulePod(makePod('p', { cpu: '2' }), views, 1, pick0);
    expect(r).toMatchObject({
      kind: 'unschedulable',
      message: '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
      nextStartNodeIndex: 1,
    });
  });
  it('in a large cluster, filtering stops at numFeasibleNodesToFind and the next cycle starts after the last node looked at', () => {
    const views = Array.from({ length: 1_000 }, (_, i) => ({ node: makeNode(`n-${String(i).padStart(4, '0')}`, '4', '8Gi'), podsOnNode: [] }));
    const r = schedulePod(makePod('p', { cpu: '1' }), views, 990, pick0);
    expect(r).toMatchObject({ kind: 'scheduled', evaluatedNodes: 420, feasibleNodes: 420, nextStartNodeIndex: (990 + 420) % 1_000 });
  });
});
