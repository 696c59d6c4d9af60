/**
 * The Job controller's pure pieces: how many pods it wants, which pods count as newly succeeded or failed, the
 * finished conditions, and the limits (backoffLimit, restarts under OnFailure, activeDeadlineSeconds).
 *
 * Ported from kubernetes `pkg/controller/job/job_controller.go` (wantActivePods in manageJob, getNewFinishedPods,
 * getValidPodsWithFilter, isPodFailed, pastBackoffLimitOnFailure, pastActiveDeadline, newCondition,
 * newFailedConditionForFailureTarget, countReadyPods, hasJobTrackingFinalizer, the constants) and
 * `pkg/controller/job/util/utils.go` (IsJobFinished).
 */
import type { Job, JobCondition } from 'kubernetes-types/batch/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject, ObjectMeta } from '../../api/object.ts';
import { parseTime, rfc3339 } from '../../engine/clock.ts';
import { isPodReady } from '../replicaset/pod-util.ts';

export type JobObject = Job & KubeObject & { metadata: ObjectMeta };
export type PodObject = Pod & KubeObject & { metadata: ObjectMeta };

/** `batch.JobTrackingFinalizer`: a pod keeps it until the Job has counted it. */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
/** `MaxUncountedPods`: at most this many uids in status.uncountedTerminatedPods per flush. */
export const MAX_UNCOUNTED_PODS = 500;
/** `MaxPodCreateDeletePerSync`. */
export const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
/** `syncJobBatchPeriod`: pod events are batched for one second. */
export const SYNC_JOB_BATCH_PERIOD_MS = 1000;

export const JOB_REASON_BACKOFF_LIMIT_EXCEEDED = 'BackoffLimitExceeded';
export const JOB_REASON_DEADLINE_EXCEEDED = 'DeadlineExceeded';
export const JOB_REASON_COMPLETIONS_REACHED = 'CompletionsReached';
export const BACKOFF_LIMIT_EXCEEDED_MESSAGE = 'Job has reached the specified backoff limit';
export const DEADLINE_EXCEEDED_MESSAGE = 'Job was active longer than specified deadline';
export const COMPLETIONS_REACHED_MESSAGE = 'Reached expected number of succeeded pods';

/** `hasJobTrackingFinalizer`. */
export function hasJobTrackingFinalizer(pod: Pod): boolean {
  return (pod.metadata?.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

/** `IsJobFinished`: a true Complete or Failed condition. */
export function isJobFinished(job: Job): boolean {
  return (job.status?.conditions ?? []).some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

/** `jobSuspended`. */
export function jobSuspended(job: Job): boolean {
  return job.spec?.suspend === true;
}

/** `controller.IsPodActive`: not terminal and not being deleted. */
export function isPodActive(pod: Pod): boolean {
  return pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed' && !pod.metadata?.deletionTimestamp;
}

/** Pods being deleted that have not reached a terminal phase (`status.terminating`). */
export function isPodTerminating(pod: Pod): boolean {
  return !!pod.metadata?.deletionTimestamp && pod.status?.phase !== 'Succeeded' && pod.status?.phase !== 'Failed';
}

/**
 * `isPodFailed`: phase Failed; or — unless only failed pods are replaced (podReplacementPolicy Failed) — being
 * deleted without having succeeded, so orphans that never reach Failed still count.
 */
export function isPodFailed(pod: Pod, job: Job): boolean {
  if (pod.status?.phase === 'Failed') return true;
  if (job.spec?.podReplacementPolicy === 'Failed') return false;
  return !!pod.metadata?.deletionTimestamp && pod.status?.phase !== 'Succeeded';
}

/** The uids of status.uncountedTerminatedPods, as sets. */
export interface UncountedTerminatedPods {
  succeeded: Set<string>;
  failed: Set<string>;
}

export function uncountedOf(job: Job): UncountedTerminatedPods {
  return {
    succeeded: new Set(job.status?.uncountedTerminatedPods?.succeeded ?? []),
    failed: new Set(job.status?.uncountedTerminatedPods?.failed ?? []),
  };
}

/**
 * `getNewFinishedPods` / `getValidPodsWithFilter`: pods still carrying the tracking finalizer, not yet in
 * uncountedTerminatedPods and whose finalizer removal is not already expected, that succeeded / failed.
 */
export function getNewFinishedPods(job: Job, pods: readonly Pod[], uncounted: UncountedTerminatedPods, expectedRmFinalizers: ReadonlySet<string>): { newSucceededPods: Pod[]; newFailedPods: Pod[] } {
  const valid = (p: Pod, uncountedSet: Set<string>): boolean => {
    const uid = p.metadata?.uid ?? '';
    return hasJobTrackingFinalizer(p) && !uncountedSet.has(uid) && !expectedRmFinalizers.has(uid);
  };
  return {
    newSucceededPods: pods.filter((p) => valid(p, uncounted.succeeded) && p.status?.phase === 'Succeeded'),
    newFailedPods: pods.filter((p) => valid(p, uncounted.failed) && isPodFailed(p, job)),
  };
}

/** `countReadyPods`. */
export function countReadyPods(pods: readonly Pod[]): number {
  return pods.filter((p) => isPodReady(p)).length;
}

/**
 * `wantActivePods` of manageJob: with no completions, parallelism until a pod succeeds, then only the active ones;
 * otherwise the remaining completions, at most parallelism. A suspended Job wants none.
 */
export function wantActivePods(job: Job, active: number, succeeded: number): number {
  if (jobSuspended(job)) return 0;
  const parallelism = job.spec?.parallelism ?? 1;
  const completions = job.spec?.completions;
  if (completions == null) return succeeded > 0 ? active : parallelism;
  return Math.max(0, Math.min(completions - succeeded, parallelism));
}

/**
 * `pastBackoffLimitOnFailure`: under restartPolicy OnFailure, the restarts of the running and pending pods' containers
 * reach backoffLimit (any restart when the limit is 0).
 */
export function pastBackoffLimitOnFailure(job: Job, pods: readonly Pod[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let result = 0;
  for (const po of pods) {
    if (po.status?.phase !== 'Running' && po.status?.phase !== 'Pending') continue;
    for (const cs of [...(po.status?.initContainerStatuses ?? []), ...(po.status?.containerStatuses ?? [])]) result += cs.restartCount ?? 0;
  }
  const limit = job.spec?.backoffLimit ?? 6;
  if (limit === 0) return result > 0;
  return result >= limit;
}

/** `pastActiveDeadline`: activeDeadlineSeconds have passed since status.startTime. */
export function pastActiveDeadline(job: Job, now: number): boolean {
  const ads = job.spec?.activeDeadlineSeconds;
  if (ads == null || !job.status?.startTime || jobSuspended(job)) return false;
  return now - parseTime(job.status.startTime) >= ads * 1000;
}

/** Milliseconds until activeDeadlineSeconds pass (the AddAfter of syncJob), or undefined. */
export function activeDeadlineRemaining(job: Job, now: number): number | undefined {
  const ads = job.spec?.activeDeadlineSeconds;
  if (ads == null || !job.status?.startTime || jobSuspended(job)) return undefined;
  return ads * 1000 - (now - parseTime(job.status.startTime));
}

/** `newCondition`: status True, probe and transition time now. */
export function newCondition(type: string, reason: string, message: string, now: number): JobCondition {
  const t = rfc3339(now);
  return { type, status: 'True', reason, message, lastProbeTime: t, lastTransitionTime: t };
}

/** `newFailedConditionForFailureTarget`: the terminal Failed condition with the interim FailureTarget's reason and message. */
export function newFailedConditionForFailureTarget(target: JobCondition, now: number): JobCondition {
  return newCondition('Failed', target.reason ?? '', target.message ?? '', now);
}

/** The Job's condition of `type` when its status is True (`hasSuccessCriteriaMetCondition`, `findConditionByType`). */
export function trueCondition(job: Job, type: string): JobCondition | undefined {
  const c = (job.status?.conditions ?? []).find((x) => x.type === type);
  return c?.status === 'True' ? c : undefined;
}

/**
 * `ensureJobConditionStatus`: sets the condition's status (with reason, message and times) when it differs; adds it
 * only when the status is True. Returns whether anything changed. Mutates `conditions`.
 */
export function ensureJobConditionStatus(conditions: JobCondition[], type: string, status: 'True' | 'False', reason: string, message: string, now: number): boolean {
  const i = conditions.findIndex((c) => c.type === type);
  if (i >= 0) {
    const c = conditions[i]!;
    if (c.status === status && c.reason === reason && c.message === message) return false;
    const t = rfc3339(now);
    conditions[i] = { ...c, status, reason, message, lastProbeTime: t, lastTransitionTime: c.status === status ? c.lastTransitionTime : t };
    return true;
  }
  if (status !== 'True') return false;
  conditions.push({ ...newCondition(type, reason, message, now), status });
  return true;
}

/** Go's `omitempty` on JobStatus's int32 counters: 0 is not written. */
export function omitEmpty(status: NonNullable<Job['status']>): void {
  if (status.active === 0) delete status.active;
  if (status.succeeded === 0) delete status.succeeded;
  if (status.failed === 0) delete status.failed;
}
