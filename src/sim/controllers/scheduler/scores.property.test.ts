/**
 * prioritizeNodes computes what the scores need of the pod once per cycle (PreScore) and reads each node's
 * allocatable and requests once: its totals must equal the plugins' formulas written out plainly, node by node.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, leastRequestedScore, normalizeReverse, prioritizeNodes } from './scores';
import { nodeResourcesFitFilter } from './filters';
import { milliValue, parseQuantity } from '../../api/quantity';
import { makeNode, makePod } from './test-fixtures';
import { tolerationsTolerateTaint } from './taint-toleration';
import { deepFreeze } from '../../engine/clone-graph.ts';

/** Requests of the fixtures' one-container pods, as upstream's formulas read them (non-zero: the scorers' defaults). */
function requestsOf(pods: readonly Pod[], nonZero: boolean): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const p of pods) {
    const r = (p.spec!.containers[0]!.resources?.requests ?? {}) as Record<string, string>;
    cpu += 'cpu' in r ? (milliValue(r.cpu) ?? 0) : nonZero ? 100 : 0;
    memory += 'memory' in r ? (parseQuantity(r.memory) ?? 0) : nonZero ? 200 * 1024 * 1024 : 0;
  }
  return { cpu, memory };
}

function plainScore(pod: Pod, node: Node, podsOnNode: readonly Pod[], taintScore: number): number {
  const alloc = { cpu: milliValue(node.status!.allocatable!.cpu) ?? 0, memory: parseQuantity(node.status!.allocatable!.memory) ?? 0 };
  const used = requestsOf([...podsOnNode, pod], true);
  const least: number[] = [];
  if (alloc.cpu !== 0) least.push(leastRequestedScore(used.cpu, alloc.cpu));
  if (alloc.memory !== 0) least.push(leastRequestedScore(used.memory, alloc.memory));
  const leastScore = least.length ? Math.trunc(least.reduce((a, b) => a + b, 0) / least.length) : 0;
  const actual = requestsOf([...podsOnNode, pod], false);
  const fractions: number[] = [];
  if (alloc.cpu !== 0) fractions.push(Math.min(1, actual.cpu / alloc.cpu));
  if (alloc.memory !== 0) fractions.push(Math.min(1, actual.memory / alloc.memory));
  const std = fractions.length === 2 ? Math.abs((fractions[0]! - fractions[1]!) / 2) : 0;
  return leastScore + Math.trunc((1 - std) * MAX_NODE_SCORE) + 3 * taintScore;
}

const quantity = (unit: string, max: number) => fc.option(fc.integer({ min: 0, max }).map((n) => `${n}${unit}`), { nil: undefined });
const requestsArb = fc.record({ cpu: quantity('m', 5000), memory: quantity('Mi', 9000) }).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Record<string, string>);
const taintArb: fc.Arbitrary<Taint> = fc.record({ key: fc.constantFrom('a', 'b'), effect: fc.constantFrom('PreferNoSchedule', 'NoSchedule') });
const tolerationArb: fc.Arbitrary<Toleration> = fc.record({ key: fc.constantFrom('a', 'b'), operator: fc.constant('Exists'), effect: fc.constantFrom('PreferNoSchedule', undefined) });
const nodeArb = fc.record({
  cpu: fc.integer({ min: 0, max: 8000 }),
  memory: fc.integer({ min: 0, max: 16 }),
  taints: fc.array(taintArb, { maxLength: 2 }),
  pods: fc.array(requestsArb, { maxLength: 4 }),
});

describe('prioritizeNodes (property)', () => {
  it('equals LeastAllocated + BalancedAllocation + 3 × normalized TaintToleration written out per node', () => {
    fc.assert(
      fc.property(requestsArb, fc.array(tolerationArb, { maxLength: 2 }), fc.array(nodeArb, { minLength: 1, maxLength: 6 }), (requests, tolerations, nodes) => {
        const pod = makePod('p', requests, { tolerations });
        const feasible = nodes.map((n, i) => ({
          node: makeNode(`n${i}`, `${n.cpu}m`, `${n.memory}Gi`, n.taints.length ? { taints: n.taints } : {}),
          podsOnNode: n.pods.map((r, j) => makePod(`q${i}-${j}`, r)),
        }));
        const prefer = tolerations.filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
        const taint = normalizeReverse(feasible.map((f) => (f.node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(prefer, t)).length));
        const got = prioritizeNodes(pod, feasible);
        expect(got.map((s) => s.name)).toEqual(feasible.map((f) => f.node.metadata!.name));
        expect(got.map((s) => s.score)).toEqual(feasible.map((f, i) => plainScore(pod, f.node, f.podsOnNode, taint[i]!)));
        // As the scheduler's snapshot hands them: frozen lists, whose sums are memoized.
        expect(prioritizeNodes(pod, deepFreeze(feasible))).toEqual(got);
      }),
      { seed: 4242, numRuns: 300 },
    );
  });

  it("NodeResourcesFit's verdict is the same with the cycle's PreFilter state as without", () => {
    fc.assert(
      fc.property(requestsArb, nodeArb, fc.integer({ min: 0, max: 5 }), (requests, n, maxPods) => {
        const pod = makePod('p', requests);
        const node = makeNode('n', `${n.cpu}m`, `${n.memory}Gi`, { pods: String(maxPods) });
        const on = n.pods.map((r, j) => makePod(`q${j}`, r));
        const reasons: string[] = [];
        const alloc = { cpu: n.cpu, memory: n.memory * 1024 ** 3 };
        const used = requestsOf(on, false);
        const want = requestsOf([pod], false);
        if (on.length + 1 > maxPods) reasons.push('Too many pods');
        if (want.cpu > 0 && want.cpu > alloc.cpu - used.cpu) reasons.push('Insufficient cpu');
        if (want.memory > 0 && want.memory > alloc.memory - used.memory) reasons.push('Insufficient memory');
        const status = nodeResourcesFitFilter(pod, node, on);
        expect(status.reasons).toEqual(reasons);
        expect(status.code).toBe(reasons.length ? 'Unschedulable' : 'Success');
      }),
      { seed: 4243, numRuns: 300 },
    );
  });
});
