/**
 * The Job controller's pod failure back-off: how many pods failed since the last success, when the last one
 * failed, and how long to wait before creating replacements (10 s, doubling, at most 10 minutes).
 *
 * Ported from kubernetes `pkg/controller/job/backoff_utils.go` (backoffRecord, backoffStore.newBackoffRecord,
 * getRemainingTime, getFinishedTime and its helpers, sortByFinishedTime) and the constants of
 * `job_controller.go` (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff).
 *
 * @remarks upstream keeps the records in a `cache.Store`; here a plain Map keyed by the Job key (ordered by
 * insertion, deterministic). It is in-memory state: a restarted controller starts with no records, as upstream.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { parseTime } from '../../engine/clock.ts';

/** `DefaultJobPodFailureBackOff`: 10 s. */
export const DEFAULT_JOB_POD_FAILURE_BACKOFF_MS = 10_000;
/** `MaxJobPodFailureBackOff`: 10 minutes. */
export const MAX_JOB_POD_FAILURE_BACKOFF_MS = 600_000;

/** `backoffRecord`. */
export interface BackoffRecord {
  key: string;
  failuresAfterLastSuccess: number;
  /** Virtual ms of the last failure, if any. */
  lastFailureTime?: number;
}

/** `getFinishedTime`: the last container's finishedAt, else the Ready=False transition, else the deletion, else creation. */
export function getFinishedTime(p: Pod): number {
  const fromContainers = getFinishTimeFromContainers(p);
  if (fromContainers !== undefined) return fromContainers;
  const ready = (p.status?.conditions ?? []).find((c) => c.type === 'Ready' && c.status === 'False');
  if (ready?.lastTransitionTime) return parseTime(ready.lastTransitionTime);
  if (p.metadata?.deletionTimestamp) {
    // The deletion timestamp is set to when the pod should be gone: the grace period is taken off.
    return parseTime(p.metadata.deletionTimestamp) - (p.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  }
  return p.metadata?.creationTimestamp ? parseTime(p.metadata.creationTimestamp) : 0;
}

/** `getFinishTimeFromContainers`: undefined unless every container has terminated. */
function getFinishTimeFromContainers(p: Pod): number | undefined {
  const statuses = [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])];
  if (statuses.length === 0) return undefined;
  let latest: number | undefined;
  for (const cs of statuses) {
    const finishedAt = cs.state?.terminated?.finishedAt;
    if (!finishedAt) return undefined;
    const t = parseTime(finishedAt);
    if (latest === undefined || t > latest) latest = t;
  }
  return latest;
}

/** `sortByFinishedTime`: by finished time, ties by creation time then name. */
export function sortByFinishedTime(pods: Pod[]): Pod[] {
  return pods.sort((a, b) => {
    const d = getFinishedTime(a) - getFinishedTime(b);
    if (d !== 0) return d;
    const ca = a.metadata?.creationTimestamp ?? '';
    const cb = b.metadata?.creationTimestamp ?? '';
    if (ca !== cb) return ca < cb ? -1 : 1;
    const na = a.metadata?.name ?? '';
    const nb = b.metadata?.name ?? '';
    return na < nb ? -1 : na > nb ? 1 : 0;
  });
}

/** `backoffStore`. */
export class BackoffStore {
  private readonly store = new Map<string, BackoffRecord>();

  /** `updateBackoffRecord`. */
  updateBackoffRecord(record: BackoffRecord): void {
    this.store.set(record.key, { ...record });
  }

  /** `removeBackoffRecord`. */
  removeBackoffRecord(key: string): void {
    this.store.delete(key);
  }

  get(key: string): BackoffRecord | undefined {
    const r = this.store.get(key);
    return r ? { ...r } : undefined;
  }

  /**
   * `newBackoffRecord`: the record after the newly finished pods. Failures add up; a success resets the count,
   * and only the failures after the last success count again.
   */
  newBackoffRecord(key: string, newSucceededPods: Pod[], newFailedPods: Pod[]): BackoffRecord {
    const backoff: BackoffRecord = this.get(key) ?? { key, failuresAfterLastSuccess: 0 };
    const succeeded = sortByFinishedTime([...newSucceededPods]);
    const failed = sortByFinishedTime([...newFailedPods]);
    if (succeeded.length === 0) {
      if (failed.length === 0) return backoff;
      backoff.failuresAfterLastSuccess += failed.length;
      backoff.lastFailureTime = getFinishedTime(failed[failed.length - 1]!);
      return backoff;
    }
    backoff.failuresAfterLastSuccess = 0;
    delete backoff.lastFailureTime;
    if (failed.length === 0) return backoff;
    const lastSuccessTime = getFinishedTime(succeeded[succeeded.length - 1]!);
    for (let i = failed.length - 1; i >= 0; i--) {
      const failedTime = getFinishedTime(failed[i]!);
      if (!(failedTime > lastSuccessTime)) break;
      if (backoff.lastFailureTime === undefined) backoff.lastFailureTime = failedTime;
      backoff.failuresAfterLastSuccess += 1;
    }
    return backoff;
  }
}

/**
 * `getRemainingTime`: 0 without failures; otherwise `defaultBackoff * 2^(failures-1)` capped at `maxBackoff`,
 * minus the time since the last failure (never negative).
 */
export function getRemainingTime(backoff: BackoffRecord, now: number, defaultBackoff = DEFAULT_JOB_POD_FAILURE_BACKOFF_MS, maxBackoff = MAX_JOB_POD_FAILURE_BACKOFF_MS): number {
  if (backoff.failuresAfterLastSuccess === 0) return 0;
  let backoffDuration = defaultBackoff;
  for (let i = 1; i < backoff.failuresAfterLastSuccess; i++) {
    backoffDuration *= 2;
    if (backoffDuration >= maxBackoff) {
      backoffDuration = maxBackoff;
      break;
    }
  }
  const elapsed = now - (backoff.lastFailureTime ?? now);
  if (backoffDuration < elapsed) return 0;
  return backoffDuration - elapsed;
}
