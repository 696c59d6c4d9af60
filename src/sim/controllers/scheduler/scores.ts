/**
 * The default scheduler's resource scores (0–100 per node) and the host selection over them.
 *
 * Ported from kubernetes `pkg/scheduler/framework/plugins/noderesources/{least_allocated.go,balanced_allocation.go,
 * resource_allocation.go}`, `tainttoleration/taint_toleration.go` (Score, NormalizeScore) and
 * `pkg/scheduler/schedule_one.go` (selectHost).
 */
import type { Node, Pod, Toleration } from 'kubernetes-types/core/v1';
import { nodeAllocatable, nodeRequested, nodeRequestedSums, podRequests, type Resource } from './pod-resources';
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
  return leastAllocated(nodeAllocatable(node).resource, nodeRequested(podsOnNode, true), podRequests(pod, true));
}

/** {@link leastAllocatedScore} of the node's allocatable, its non-zero requests and the pod's. */
function leastAllocated(alloc: Resource, used: Resource, want: Resource): number {
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
 * with two resources std = |f1 − f2| / 2 (with one, 0). Uses actual requests (no non-zero defaults).
 */
export function balancedAllocationScore(pod: Pod, node: Node, podsOnNode: readonly Pod[]): number {
  return balancedAllocation(nodeAllocatable(node).resource, nodeRequested(podsOnNode), podRequests(pod));
}

/** {@link balancedAllocationScore} of the node's allocatable, its requests and the pod's (cpu and memory). */
function balancedAllocation(alloc: Resource, used: Resource, want: Resource): number {
  let std = 0;
  if (alloc.milliCPU !== 0 && alloc.memory !== 0) {
    const cpu = Math.min(1, (used.milliCPU + want.milliCPU) / alloc.milliCPU);
    const memory = Math.min(1, (used.memory + want.memory) / alloc.memory);
    std = Math.abs((cpu - memory) / 2);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** TaintToleration's PreScore: the pod's tolerations that can tolerate a PreferNoSchedule taint. */
function preferNoScheduleTolerations(pod: Pod): Toleration[] {
  return (pod.spec?.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

/** TaintToleration's raw score: the number of the node's PreferNoSchedule taints not tolerated (fewer is better). */
function intolerable(tolerations: readonly Toleration[], node: Node): number {
  const taints = node.spec?.taints;
  if (!taints) return 0;
  let n = 0;
  for (const t of taints) if (t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t)) n++;
  return n;
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
 * Scores every feasible node: LeastAllocated + BalancedAllocation + 3 × normalized TaintToleration. What the scores
 * need of the pod (its requests, its PreferNoSchedule tolerations) is computed once for all nodes, as upstream's
 * PreScore keeps it in the cycle state.
 * @remarks NodeAffinity (preferred), ImageLocality, PodTopologySpread and InterPodAffinity scores are not modelled.
 */
export function prioritizeNodes(pod: Pod, feasible: readonly { node: Node; podsOnNode: readonly Pod[] }[]): NodeScore[] {
  const tolerations = preferNoScheduleTolerations(pod);
  const want = podRequests(pod);
  const wantNonZero = podRequests(pod, true);
  // TaintToleration's raw scores and their maximum, for normalizeReverse (all 0, the common case: every node 100).
  const raw = new Array<number>(feasible.length);
  let maxCount = 0;
  for (let i = 0; i < feasible.length; i++) {
    const n = intolerable(tolerations, feasible[i]!.node);
    raw[i] = n;
    if (n > maxCount) maxCount = n;
  }
  const scores = new Array<NodeScore>(feasible.length);
  for (let i = 0; i < feasible.length; i++) {
    const f = feasible[i]!;
    const alloc = nodeAllocatable(f.node).resource;
    const requested = nodeRequestedSums(f.podsOnNode);
    const taint = maxCount === 0 ? MAX_NODE_SCORE : MAX_NODE_SCORE - Math.trunc((raw[i]! * MAX_NODE_SCORE) / maxCount);
    scores[i] = {
      name: f.node.metadata?.name ?? '',
      score:
        SCORE_WEIGHTS.NodeResourcesFit * leastAllocated(alloc, requested.nonZero, wantNonZero) +
        SCORE_WEIGHTS.NodeResourcesBalancedAllocation * balancedAllocation(alloc, requested.plain, want) +
        SCORE_WEIGHTS.TaintToleration * taint,
    };
  }
  return scores;
}

/**
 * `selectHost`: the highest score; ties are broken at random upstream (reservoir sampling), here by
 * `randomIndex(n)` from the simulation's seeded Rng, choosing among the n tied nodes in input order.
 */
export function selectHost(scores: readonly NodeScore[], randomIndex: (n: number) => number): string | undefined {
  if (scores.length === 0) return undefined;
  // The best score and how many nodes have it, in one pass; then the chosen one of them, in input order.
  let best = scores[0]!.score;
  let tied = 0;
  for (const s of scores) {
    if (s.score > best) {
      best = s.score;
      tied = 1;
    } else if (s.score === best) tied++;
  }
  let k = Math.min(tied - 1, Math.max(0, randomIndex(tied)));
  for (const s of scores) if (s.score === best && k-- === 0) return s.name;
  return undefined;
}
