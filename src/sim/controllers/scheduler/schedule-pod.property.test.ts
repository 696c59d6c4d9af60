/**
 * schedulePod keeps the nodes' filter statuses only while no node fits, and selectHost finds the best score and its
 * ties in one pass: the decisions, messages and statuses must be those of the plain computation (every status kept,
 * the maximum then the tied nodes filtered out), whatever the nodes, their pods and where the cycle starts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod, Taint } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { runFilterPlugins, type FilterStatus } from './filters';
import { failedSchedulingMessage, type NodeView } from './fit-error';
import { numFeasibleNodesToFind, schedulePod, type ScheduleResult } from './schedule-pod';
import { prioritizeNodes, selectHost, type NodeScore } from './scores';
import { makeNode, makePod } from './test-fixtures';

/** selectHost as written before: Math.max over the scores, then the tied ones in order. */
function plainSelectHost(scores: readonly NodeScore[], randomIndex: (n: number) => number): string | undefined {
  if (scores.length === 0) return undefined;
  const best = Math.max(...scores.map((s) => s.score));
  const tied = scores.filter((s) => s.score === best);
  return tied[Math.min(tied.length - 1, Math.max(0, randomIndex(tied.length)))]?.name;
}

/** schedulePod as written before: every filtered node's status kept. */
function plainSchedulePod(pod: Pod, nodes: readonly NodeView[], nextStartNodeIndex: number, randomIndex: (n: number) => number): ScheduleResult {
  const all = nodes.length;
  if (all === 0) return { kind: 'no-nodes', message: 'no nodes available to schedule pods' };
  const want = numFeasibleNodesToFind(all);
  const feasible: NodeView[] = [];
  const statuses = new Array<FilterStatus>(all);
  const start = ((nextStartNodeIndex % all) + all) % all;
  let processed = 0;
  for (let i = 0; i < all && feasible.length < want; i++) {
    const index = (start + i) % all;
    const status = runFilterPlugins(pod, nodes[index]!.node, nodes[index]!.podsOnNode);
    statuses[index] = status;
    processed++;
    if (status.code === 'Success') feasible.push(nodes[index]!);
  }
  const next = (start + processed) % all;
  if (feasible.length === 0) return { kind: 'unschedulable', message: failedSchedulingMessage(pod, nodes, statuses), statuses, nextStartNodeIndex: next };
  if (feasible.length === 1) return { kind: 'scheduled', node: feasible[0]!.node.metadata?.name ?? '', evaluatedNodes: processed, feasibleNodes: 1, scores: [], nextStartNodeIndex: next };
  const scores = prioritizeNodes(pod, feasible);
  const node = plainSelectHost(scores, randomIndex) ?? '';
  return { kind: 'scheduled', node, evaluatedNodes: processed, feasibleNodes: feasible.length, scores, nextStartNodeIndex: next };
}

const taintArb: fc.Arbitrary<Taint> = fc.record({ key: fc.constantFrom('a', 'b'), effect: fc.constantFrom('PreferNoSchedule', 'NoSchedule') });
const nodeArb = fc.record({
  cpu: fc.integer({ min: 0, max: 4 }),
  taints: fc.array(taintArb, { maxLength: 2 }),
  unschedulable: fc.boolean(),
  pods: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
});

describe('schedulePod and selectHost (property)', () => {
  it('decide, explain and keep statuses as the plain computation does', () => {
    fc.assert(
      fc.property(
        fc.array(nodeArb, { maxLength: 120 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        (nodes, cpu, start, draw, frozen) => {
          const views: NodeView[] = nodes.map((n, i) => ({
            node: makeNode(`n${String(i).padStart(3, '0')}`, String(n.cpu), '8Gi', { taints: n.taints, unschedulable: n.unschedulable }),
            podsOnNode: n.pods.map((c, j) => makePod(`q${i}-${j}`, { cpu: String(c) })),
          }));
          if (frozen) deepFreeze(views);
          const pod = makePod('p', { cpu: String(cpu) });
          const draws: number[][] = [[], []];
          const random = (k: 0 | 1) => (n: number) => (draws[k]!.push(n), (draw % (n + 2)) - 1);
          expect(schedulePod(pod, views, start, random(0))).toEqual(plainSchedulePod(pod, views, start, random(1)));
          expect(draws[0]).toEqual(draws[1]);
        },
      ),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('selectHost picks what Math.max and a filter of the ties pick, with the same draw', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }), fc.integer({ min: -2, max: 40 }), (values, r) => {
        const scores = values.map((score, i) => ({ name: `n${i}`, score }));
        const draws: number[][] = [[], []];
        expect(selectHost(scores, (n) => (draws[0]!.push(n), r))).toBe(plainSelectHost(scores, (n) => (draws[1]!.push(n), r)));
        expect(draws[0]).toEqual(draws[1]);
      }),
      { seed: 20261123, numRuns: 500 },
    );
  });
});
