/**
 * Which pods a ReplicaSet deletes first when it has too many.
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (ActivePodsWithRanks.Less, logarithmicRankDiff,
 * afterOrZero, podReadyTime) and `pkg/controller/replicaset/replica_set.go` (getPodsToDelete,
 * getPodsRankedByRelatedPodsOnSameNode).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { parseTime } from '../../engine/clock';
import { getPodReadyCondition, isPodActive, isPodReady, maxContainerRestarts } from './pod-util';

/** The annotation that lets a user say which pods are cheaper to delete (`core.PodDeletionCost`). */
export const POD_DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';

/** Feature gates that change the order; both are on in current Kubernetes (PodDeletionCost beta, LogarithmicScaleDown GA). */
export interface RankingGates {
  podDeletionCost?: boolean;
  logarithmicScaleDown?: boolean;
}

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** `GetDeletionCostFromPodAnnotations`: the annotation as an int32, 0 when absent or invalid. */
export function getDeletionCost(pod: Pod): number {
  const v = pod.metadata?.annotations?.[POD_DELETION_COST_ANNOTATION];
  if (v === undefined || !/^[+-]?\d+$/.test(v.trim())) return 0;
  const n = Number(v.trim());
  return n >= -2147483648 && n <= 2147483647 ? n : 0;
}

/** A time field in ms, or undefined for Go's zero time (absent). */
function time(t: string | undefined): number | undefined {
  return t ? parseTime(t) : undefined;
}

/** `afterOrZero`: a zero time sorts first; otherwise the later time does. */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

/** `logarithmicRankDiff`: floor(log2(nanoseconds since)) of each, subtracted; −1 for a time not in the past. */
export function logarithmicRankDiff(t1: number, t2: number, now: number): number {
  const rank = (t: number): number => {
    const ns = (now - t) * 1e6;
    return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
  };
  return rank(t1) - rank(t2);
}

/** The pod's Ready lastTransitionTime when it is ready (`podReadyTime`). */
function podReadyTime(pod: Pod): number | undefined {
  return isPodReady(pod) ? time(getPodReadyCondition(pod)?.lastTransitionTime) : undefined;
}

function uidLess(a: Pod, b: Pod): boolean {
  return (a.metadata?.uid ?? '') < (b.metadata?.uid ?? '');
}

/** Compares two times with LogarithmicScaleDown bucketing and the UID tie-break (rules 6 and 8). */
function timeLess(t1: number | undefined, t2: number | undefined, a: Pod, b: Pod, now: number | undefined, logarithmic: boolean): boolean {
  if (!logarithmic || now === undefined || t1 === undefined || t2 === undefined) return afterOrZero(t1, t2);
  const diff = logarithmicRankDiff(t1, t2, now);
  return diff === 0 ? uidLess(a, b) : diff < 0;
}

/** A pod and its rank: the number of active related pods on its node. */
export interface RankedPod {
  pod: Pod;
  rank: number;
}

/**
 * `ActivePodsWithRanks.Less`: true when `a` should be deleted before `b`. In order: unscheduled first; Pending <
 * Unknown < Running; not ready first; lower pod-deletion-cost first; higher rank first; both ready: more recently
 * ready first; more restarts first; newer first. `now` (virtual ms) enables the logarithmic buckets.
 */
export function activePodsWithRanksLess(a: RankedPod, b: RankedPod, now: number | undefined, gates: RankingGates = {}): boolean {
  const pa = a.pod;
  const pb = b.pod;
  const na = pa.spec?.nodeName ?? '';
  const nb = pb.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na === '';
  const oa = PHASE_ORDINAL[pa.status?.phase ?? ''] ?? 0;
  const ob = PHASE_ORDINAL[pb.status?.phase ?? ''] ?? 0;
  if (oa !== ob) return oa < ob;
  const ra = isPodReady(pa);
  const rb = isPodReady(pb);
  if (ra !== rb) return !ra;
  if (gates.podDeletionCost ?? true) {
    const ca = getDeletionCost(pa);
    const cb = getDeletionCost(pb);
    if (ca !== cb) return ca < cb;
  }
  if (a.rank !== b.rank) return a.rank > b.rank;
  const logarithmic = gates.logarithmicScaleDown ?? true;
  if (ra && rb) {
    const t1 = podReadyTime(pa);
    const t2 = podReadyTime(pb);
    if (t1 !== t2) return timeLess(t1, t2, pa, pb, now, logarithmic);
  }
  const ma = maxContainerRestarts(pa);
  const mb = maxContainerRestarts(pb);
  if (ma !== mb) return ma > mb;
  const c1 = time(pa.metadata?.creationTimestamp);
  const c2 = time(pb.metadata?.creationTimestamp);
  if (c1 !== c2) return timeLess(c1, c2, pa, pb, now, logarithmic);
  return false;
}

/** `getPodsRankedByRelatedPodsOnSameNode`: rank = active pods of `relatedPods` on the same node. */
export function getPodsRankedByRelatedPodsOnSameNode(podsToRank: readonly Pod[], relatedPods: readonly Pod[]): RankedPod[] {
  const onNode = new Map<string, number>();
  for (const p of relatedPods) {
    if (!isPodActive(p)) continue;
    const node = p.spec?.nodeName ?? '';
    onNode.set(node, (onNode.get(node) ?? 0) + 1);
  }
  return podsToRank.map((pod) => ({ pod, rank: onNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
}

/**
 * `getPodsToDelete`: the first `diff` pods after sorting by {@link activePodsWithRanksLess}, ranked against
 * `relatedPods` (the active pods of every RS of the same controller). When deleting them all, the input order is
 * kept (no sort).
 * @remarks Go's sort.Sort is not stable; ours is, so pods the order cannot tell apart keep their input order.
 */
export function getPodsToDelete(filteredPods: readonly Pod[], relatedPods: readonly Pod[], diff: number, now: number, gates?: RankingGates): Pod[] {
  if (diff < filteredPods.length) {
    const ranked = getPodsRankedByRelatedPodsOnSameNode(filteredPods, relatedPods);
    ranked.sort((x, y) => (activePodsWithRanksLess(x, y, now, gates) ? -1 : activePodsWithRanksLess(y, x, now, gates) ? 1 : 0));
    return ranked.slice(0, diff).map((r) => r.pod);
  }
  return filteredPods.slice(0, diff);
}
