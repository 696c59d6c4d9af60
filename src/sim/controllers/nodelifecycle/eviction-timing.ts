/**
 * When the taint-eviction controller deletes a pod from a node with NoExecute taints.
 *
 * Ported from kubernetes `pkg/controller/tainteviction/taint_eviction.go` (getMinTolerationTime, processPodOnNode,
 * getNoExecuteTaints, the TaintManagerEviction events and the DisruptionTarget condition).
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { getMatchingTolerations } from '../scheduler/taint-toleration';

/** Event reason for both marking and cancelling. */
export const TAINT_MANAGER_EVICTION = 'TaintManagerEviction';
export const markingForDeletionMessage = (podKey: string): string => `Marking for deletion Pod ${podKey}`;
export const cancellingDeletionMessage = (podKey: string): string => `Cancelling deletion of Pod ${podKey}`;
/** The DisruptionTarget condition written on the pod before deleting it. */
export const DELETION_BY_TAINT_MANAGER = 'DeletionByTaintManager';
export const DELETION_BY_TAINT_MANAGER_MESSAGE = 'Taint manager: deleting due to NoExecute taint';

/** `getNoExecuteTaints`. */
export function getNoExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/**
 * `getMinTolerationTime`: the smallest tolerationSeconds among the tolerations, in ms. No tolerations ⇒ 0 (now);
 * a non-positive value ⇒ 0; none with seconds ⇒ -1 (forever).
 */
export function getMinTolerationTime(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (t.tolerationSeconds === undefined) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

/** What `processPodOnNode` does with a pod. */
export type EvictionDecision =
  /** No NoExecute taint, or tolerated forever: cancel any scheduled deletion. */
  | { kind: 'cancel' }
  /** Some taint is not tolerated: delete now. */
  | { kind: 'evictNow' }
  /** Delete at `fireAt`; `createdAt` is when the eviction was first scheduled. */
  | { kind: 'schedule'; createdAt: number; fireAt: number }
  /** An already scheduled eviction fires no later than the new one would: leave it. */
  | { kind: 'keep' };

/**
 * `processPodOnNode`: given the pod's tolerations, the node's taints, `now`, and the creation time of an eviction
 * already scheduled for this pod (if any). A rescheduled eviction counts from the original creation time.
 */
export function processPodOnNode(tolerations: readonly Toleration[] | undefined, nodeTaints: readonly Taint[] | undefined, now: number, scheduledCreatedAt?: number): EvictionDecision {
  const taints = getNoExecuteTaints(nodeTaints);
  if (taints.length === 0) return { kind: 'cancel' };
  const { allTolerated, matching } = getMatchingTolerations(taints, tolerations);
  if (!allTolerated) return { kind: 'evictNow' };
  const min = getMinTolerationTime(matching);
  if (min < 0) return { kind: 'cancel' };
  const triggerTime = now + min;
  if (scheduledCreatedAt !== undefined) {
    if (scheduledCreatedAt + min < triggerTime) return { kind: 'keep' };
    return { kind: 'schedule', createdAt: scheduledCreatedAt, fireAt: scheduledCreatedAt + min };
  }
  return { kind: 'schedule', createdAt: now, fireAt: triggerTime };
}
