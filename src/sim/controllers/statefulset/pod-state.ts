/**
 * What the StatefulSet controller asks of a pod's state: created, pending, failed, succeeded, terminating, running and
 * ready, available, unavailable.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils.go` (isRunningAndReady,
 * isRunningAndAvailable, isCreated, isPending, isFailed, isSucceeded, isTerminating, isUnavailable,
 * allowsBurst) over `pkg/api/v1/pod/util.go` (IsPodReady, IsPodAvailable).
 */
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { isPodAvailable, isPodReady } from '../replicaset/pod-util.ts';

/** `isRunningAndReady`: phase Running and the Ready condition True. */
export function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/** `isRunningAndAvailable`: `IsPodAvailable` at `now` (virtual ms). */
export function isRunningAndAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  return isPodAvailable(pod, minReadySeconds, now);
}

/** `isCreated`: the api-server has given it a phase (a pod the controller only built has none). */
export function isCreated(pod: Pod): boolean {
  return (pod.status?.phase ?? '') !== '';
}

/** `isPending`. */
export function isPending(pod: Pod): boolean {
  return pod.status?.phase === 'Pending';
}

/** `isFailed`. */
export function isFailed(pod: Pod): boolean {
  return pod.status?.phase === 'Failed';
}

/** `isSucceeded`. */
export function isSucceeded(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded';
}

/** `isTerminating`: it has a deletionTimestamp. */
export function isTerminating(pod: Pod): boolean {
  return pod.metadata?.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
}

/** `isUnavailable`: not available (at `now`), or terminating. */
export function isUnavailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  return !isPodAvailable(pod, minReadySeconds, now) || isTerminating(pod);
}

/** `allowsBurst`: `podManagementPolicy: Parallel`. */
export function allowsBurst(set: StatefulSet): boolean {
  return set.spec?.podManagementPolicy === 'Parallel';
}
