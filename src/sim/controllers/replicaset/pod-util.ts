/**
 * Pod predicates the controllers share: ready, available, active.
 *
 * Ported from kubernetes `pkg/api/v1/pod/util.go` (IsPodReady, IsPodAvailable, GetPodReadyCondition) and
 * `pkg/controller/controller_utils.go` (IsPodActive, FilterActivePods, IsPodTerminating).
 */
import type { Pod, PodCondition } from 'kubernetes-types/core/v1';
import { parseTime } from '../../engine/clock';

/** `GetPodReadyCondition`. */
export function getPodReadyCondition(pod: Pod): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === 'Ready');
}

/** `IsPodReady`: the Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return getPodReadyCondition(pod)?.status === 'True';
}

/**
 * `IsPodAvailable`: Ready, and either minReadySeconds is 0 or the Ready condition's lastTransitionTime +
 * minReadySeconds is strictly before `now` (virtual ms).
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds === 0) return true;
  const since = getPodReadyCondition(pod)?.lastTransitionTime;
  return since !== undefined && parseTime(since) + minReadySeconds * 1000 < now;
}

/** `IsPodActive`: not Succeeded, not Failed, and not being deleted. */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata?.deletionTimestamp;
}

/** `FilterActivePods`. */
export function filterActivePods(pods: readonly Pod[]): Pod[] {
  return pods.filter(isPodActive);
}

/** `IsPodTerminating`: being deleted but not yet in a terminal phase (counted in terminatingReplicas). */
export function isPodTerminating(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !!pod.metadata?.deletionTimestamp;
}

/** The largest restartCount of the pod's containers (`maxContainerRestarts`). */
export function maxContainerRestarts(pod: Pod): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
}
