/**
 * The default scheduler's resource scores (0–100 per node) and the host selection over them.
 *
 * Ported from kubernetes `pkg/scheduler/framework/plugins/noderesources/{least_allocated.go,balanced_allocation.go,
 * resource_allocation.go}`, `tainttoleration/taint_toleration.go` (Score, NormalizeScore) and
 * `pkg/scheduler/schedule_one.go` (selectHost).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { nodeAllocatable, nodeRequested, podRequests } from './pod-resources';
import { tolerationsTolerateTaint } from './taint-toleration';

export const MAX_NODE_SCORE = 100;

/** `leastRequestedScore`: (capacity − requested) × 100 / capacity, integer division; 0 when over capacity. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/**
 * NodeResourcesFit's LeastAllocated score with the default weights (cpu 1, memory 1): the weighted mean of
 * leastRequestedScore over cpu and memory, counting the node's non-zero requests plus the pod's.
 */
export function leastAllocatedScore(pod: Pod, node: Node, podsOnNode: readonly Pod[]): number {
  const { resource: alloc } = nodeAllocatable(node);
  const used = nodeRequested(podsOnNode, true);
  const want = podRequests(pod, true);
  let score = 0;
  let weights = 0;
  // cpu, then memory (the node's requests plus the pod's).
  if (alloc.milliCPU !== 0) {
    score += leastRequestedScore(used.milliCPU + want.milliCPU, alloc.milliCPU);
    weights += 1;
  }
  if (alloc.memory !== 0) {
    score += leastRequestedScore(used.memory + want.memory, alloc.memory);
    weights += 1;
  }
  return weights === 0 ? 0 : Math.trunc(score / weights);
}

/**
 * NodeResourcesBalancedAllocation: (1 − std of the requested/allocatable fractions) × 100, fractions capped at 1;
 * with two resources std = |f1 − f2| / 2. Uses actual requests (no non-zero defaults).
 */
export function balancedAllocationScore(pod: Pod, node: Node, podsOnNode: readonly Pod[]): number {
  const { resource: alloc } = nodeAllocatable(node);
  const used = nodeRequested(podsOnNode);
  const want = podRequests(pod);
  const fractions: number[] = [];
  if (alloc.milliCPU !== 0) fractions.push(Math.min(1, (used.milliCPU + want.milliCPU) / alloc.milliCPU));
  if (alloc.memory !== 0) fractions.push(Math.min(1, (used.memory + want.memory) / alloc.memory));
  let std = 0;
  if (fractions.length === 2) {
    std = Math.abs((fractions[0]! - fractions[1]!) / 2);
  } else if (fractions.length > 2) {
    const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
    std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) ** 2, 0) / fractions.length);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** TaintToleration's raw score: the number of PreferNoSchedule taints the pod does not tolerate (fewer is better). */
export function intolerablePreferNoScheduleTaints(pod: Pod, node: Node): number {
  const tolerations = (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
  return (node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t)).length;
}

/** `DefaultNormalizeScore` with reverse: scores scaled to 0–100 by the maximum, then inverted. */
export function normalizeReverse(raw: readonly number[]): number[] {
  const maxCount = Math.max(0, ...raw);
  if (maxCount === 0) return raw.map(() => MAX_NODE_SCORE);
  return raw.map((s) => MAX_NODE_SCORE - Math.trunc((s * MAX_NODE_SCORE) / maxCount));
}

/** Plugin weights of the default profile that the simulation models. */
export const SCORE_WEIGHTS = { NodeResourcesFit: 1, NodeResourcesBalancedAllocation: 1, TaintToleration: 3 } as const;

/** A feasible node with its total weighted score. */
export interface NodeScore {
  name: string;
  score: number;
}

/**
 * Scores every feasible node: LeastAllocated + BalancedAllocation + 3 × normalized TaintToleration.
 * @remarks NodeAffinity (preferred), ImageLocality, PodTopologySpread and InterPodAffinity scores are not modelled.
 */
export function prioritizeNodes(pod: Pod, feasible: readonly { node: Node; podsOnNode: readonly Pod[] }[]): NodeScore[] {
  const taint = normalizeReverse(feasible.map((f) => intolerablePreferNoScheduleTaints(pod, f.node)));
  return feasible.map((f, i) => ({
    name: f.node.metadata?.name ?? '',
    score:
      SCORE_WEIGHTS.NodeResourcesFit * leastAllocatedScore(pod, f.node, f.podsOnNode) +
      SCORE_WEIGHTS.NodeResourcesBalancedAllocation * balancedAllocationScore(pod, f.node, f.podsOnNode) +
      SCORE_WEIGHTS.TaintToleration * (taint[i] ?? 0),
  }));
}

/**
 * `selectHost`: the highest score; ties are broken at random upstream (reservoir sampling), here by
 * `randomIndex(n)` from the simulation's seeded Rng, choosing among the n tied nodes in input order.
 */
export function selectHost(scores: readonly NodeScore[], randomIndex: (n: number) => number): string | undefined {
  if (scores.length === 0) return undefined;
  const best = Math.max(...scores.map((s) => s.score));
  const tied = scores.filter((s) => s.score === best);
  return tied[Math.min(tied.length - 1, Math.max(0, randomIndex(tied.length)))]?.name;
}
