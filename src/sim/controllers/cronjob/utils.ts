/**
 * The CronJob controller's arithmetic: which scheduled time is due, how long until the next one, the Job a
 * CronJob makes for a scheduled time, and the small list helpers of its status.
 *
 * Ported from kubernetes `pkg/controller/cronjob/utils.go` (mostRecentScheduleTime, nextScheduleTimeDuration,
 * nextScheduleTime, getJobFromTemplate2, getTimeHashInMinutes, inActiveList, inActiveListByName,
 * deleteFromActiveList, byJobStartTime, IsJobFinished, IsJobSucceeded) and `cronjob_controllerv2.go`
 * (nextScheduleDelta, getJobName, formatSchedule). Times are virtual milliseconds.
 */
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { ObjectReference } from 'kubernetes-types/core/v1';
import type { KubeObject, ObjectMeta } from '../../api/object.ts';
import { EPOCH_MS, parseTime } from '../../engine/clock.ts';
import { newControllerRef } from '../replicaset/pod-control.ts';
import { formatRFC3339In, isValidTimeZone, type CronSchedule } from './cron-schedule.ts';

export type CronJobObject = CronJob & KubeObject & { metadata: ObjectMeta };
export type JobObject = Job & KubeObject & { metadata: ObjectMeta };

/** Padding added to every requeue for NTP skew: 100 ms. */
export const NEXT_SCHEDULE_DELTA_MS = 100;
/** More missed start times than this is "many" (event TooManyMissedTimes). */
export const TOO_MANY_MISSED = 100;
/** `batchv1.CronJobScheduledTimestampAnnotation`. */
export const CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

/** `missedSchedulesType`. */
export type MissedSchedules = 'none' | 'few' | 'many';

/** What {@link mostRecentScheduleTime} returns. */
export interface MostRecentScheduleTime {
  /** The last schedule time or the creation time (moved up to now - startingDeadlineSeconds when asked). */
  earliestTime: number;
  /** The most recent time a Job should have been created, if any is due. */
  mostRecentTime: number | undefined;
  missedSchedules: MissedSchedules;
  /** An edge case: a grammatical schedule that never fires ("59 23 31 2 *"). */
  error?: string;
}

function timeOf(s: string | undefined): number | undefined {
  return s === undefined ? undefined : parseTime(s);
}

/**
 * `mostRecentScheduleTime`: the latest scheduled time in (earliest, now] — found by an approximation that counts
 * how many intervals of the first gap fit, then walks from one interval before that — and how many were missed.
 */
export function mostRecentScheduleTime(cj: CronJob, now: number, schedule: CronSchedule, includeStartingDeadlineSeconds: boolean): MostRecentScheduleTime {
  let earliestTime = timeOf(cj.metadata?.creationTimestamp) ?? 0;
  let missedSchedules: MissedSchedules = 'none';
  const last = timeOf(cj.status?.lastScheduleTime);
  if (last !== undefined) earliestTime = last;
  const sds = cj.spec?.startingDeadlineSeconds;
  if (includeStartingDeadlineSeconds && sds != null) {
    // The controller is not going to schedule anything below this point.
    const schedulingDeadline = now - sds * 1000;
    if (schedulingDeadline > earliestTime) earliestTime = schedulingDeadline;
  }
  const t1 = schedule.next(earliestTime);
  const t2 = t1 === undefined ? undefined : schedule.next(t1);
  if (t1 !== undefined && now < t1) return { earliestTime, mostRecentTime: undefined, missedSchedules };
  if (t2 !== undefined && now < t2) return { earliestTime, mostRecentTime: t1, missedSchedules };
  // robfig returns the zero time for a schedule that never fires: the gap between two schedules is then 0.
  const gapSeconds = t1 === undefined || t2 === undefined ? 0 : Math.round((t2 - t1) / 1000);
  if (gapSeconds < 1) {
    return { earliestTime, mostRecentTime: undefined, missedSchedules, error: 'time difference between two schedules is less than 1 second' };
  }
  const elapsedSeconds = Math.trunc((now - t1!) / 1000);
  const numberOfMissedSchedules = Math.trunc(elapsedSeconds / gapSeconds) + 1;
  // Go back one more interval and let the schedule find the exact times (irregular schedules like "30 6-16/4 * * 1-5").
  const potentialEarliest = t1! + (numberOfMissedSchedules - 1 - 1) * gapSeconds * 1000;
  let mostRecentTime: number | undefined;
  for (let t = schedule.next(potentialEarliest); t !== undefined && t <= now; t = schedule.next(t)) mostRecentTime = t;
  if (numberOfMissedSchedules > TOO_MANY_MISSED) missedSchedules = 'many';
  else if (numberOfMissedSchedules > 0) missedSchedules = 'few';
  return { earliestTime, mostRecentTime, missedSchedules };
}

/**
 * `nextScheduleTimeDuration`: how long until the schedule's next time after the most recent one (or after the
 * earliest time when none was missed, or after now when some were but none is found), plus 100 ms.
 */
export function nextScheduleTimeDuration(cj: CronJob, now: number, schedule: CronSchedule): number {
  const r = mostRecentScheduleTime(cj, now, schedule, false);
  let from: number;
  if (r.error !== undefined) from = now;
  else if (r.mostRecentTime === undefined) from = r.missedSchedules === 'none' ? r.earliestTime : now;
  else from = r.mostRecentTime;
  const next = schedule.next(from);
  // A schedule that never fires: robfig's zero time is in the past, so Go requeues at once; we look again in an hour.
  if (next === undefined) return 3_600_000;
  return next + NEXT_SCHEDULE_DELTA_MS - now;
}

/** What {@link nextScheduleTime} returns: the due time, and whether to record TooManyMissedTimes. */
export interface NextScheduleTime {
  scheduledTime: number | undefined;
  tooManyMissed: boolean;
  error?: string;
}

/** `nextScheduleTime`: the most recent unmet scheduled time at or before now (startingDeadlineSeconds applied). */
export function nextScheduleTime(cj: CronJob, now: number, schedule: CronSchedule): NextScheduleTime {
  const r = mostRecentScheduleTime(cj, now, schedule, true);
  if (r.mostRecentTime === undefined || r.mostRecentTime > now) {
    return r.error === undefined ? { scheduledTime: undefined, tooManyMissed: false } : { scheduledTime: undefined, tooManyMissed: false, error: r.error };
  }
  return { scheduledTime: r.mostRecentTime, tooManyMissed: r.missedSchedules === 'many' };
}

/** `TooManyMissedTimes` event message. */
export const TOO_MANY_MISSED_MESSAGE = 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew';

/** `getTimeHashInMinutes`: Unix seconds / 60 of a virtual time. */
export function getTimeHashInMinutes(scheduledTime: number): number {
  return Math.floor(Math.floor(unixSeconds(scheduledTime)) / 60);
}

function unixSeconds(t: number): number {
  return (EPOCH_MS + t) / 1000;
}

/** `getJobName`: "<cronjob>-<scheduled time in minutes since the Unix epoch>", the lock against creating it twice. */
export function getJobName(cj: CronJob, scheduledTime: number): string {
  return `${cj.metadata?.name ?? ''}-${getTimeHashInMinutes(scheduledTime)}`;
}

/**
 * `getJobFromTemplate2`: a Job named {@link getJobName} with the template's labels and annotations (copies), the
 * scheduled-timestamp annotation (RFC 3339 in `spec.timeZone`), the CronJob as controller, and the template's spec.
 */
export function getJobFromTemplate2(cj: CronJobObject, scheduledTime: number): JobObject {
  const template = cj.spec?.jobTemplate ?? {};
  const labels = { ...(template.metadata?.labels ?? {}) };
  const annotations: Record<string, string> = { ...(template.metadata?.annotations ?? {}) };
  annotations[CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION] = formatRFC3339In(scheduledTime, cj.spec?.timeZone);
  const job: JobObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: getJobName(cj, scheduledTime),
      labels,
      annotations,
      ownerReferences: [newControllerRef(cj, 'batch/v1', 'CronJob')],
    },
    spec: structuredClone(template.spec ?? { template: {} }) as Job['spec'],
  };
  if (cj.metadata.namespace) job.metadata.namespace = cj.metadata.namespace;
  return job;
}

/**
 * `formatSchedule`: the schedule with `TZ=<spec.timeZone>` in front when a valid time zone is set; a schedule that
 * already names a TZ is used as written (the caller records UnsupportedSchedule).
 */
export function formatSchedule(cj: CronJob): { spec: string; containsTZ: boolean } {
  const schedule = cj.spec?.schedule ?? '';
  if (schedule.includes('TZ')) return { spec: schedule, containsTZ: true };
  const tz = cj.spec?.timeZone;
  if (tz != null && isValidTimeZone(tz)) return { spec: `TZ=${tz} ${schedule}`, containsTZ: false };
  return { spec: schedule, containsTZ: false };
}

/** `UnsupportedSchedule` event message. */
export function unsupportedScheduleMessage(schedule: string): string {
  return `CRON_TZ or TZ used in schedule ${JSON.stringify(schedule)} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`;
}

/** `inActiveList`. */
export function inActiveList(cj: CronJob, uid: string | undefined): boolean {
  return (cj.status?.active ?? []).some((j) => j.uid === uid);
}

/** `inActiveListByName`. */
export function inActiveListByName(cj: CronJob, job: { metadata?: { name?: string; namespace?: string } }): boolean {
  return (cj.status?.active ?? []).some((j) => j.name === job.metadata?.name && (j.namespace ?? '') === (job.metadata?.namespace ?? ''));
}

/** `deleteFromActiveList` on a (mutable) copy. */
export function deleteFromActiveList(cj: CronJob, uid: string | undefined): void {
  if (!cj.status) return;
  cj.status.active = (cj.status.active ?? []).filter((j) => j.uid !== uid);
}

/** `getFinishedStatus`: whether the Job has a true Complete or Failed condition, and which. */
export function getFinishedStatus(job: Job): { finished: boolean; type?: 'Complete' | 'Failed' } {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return { finished: true, type: c.type };
  }
  return { finished: false };
}

/** `IsJobFinished`. */
export function isJobFinished(job: Job): boolean {
  return getFinishedStatus(job).finished;
}

/** `IsJobSucceeded`: a true Complete condition. */
export function isJobSucceeded(job: Job): boolean {
  return (job.status?.conditions ?? []).some((c) => c.type === 'Complete' && c.status === 'True');
}

/** `byJobStartTime.Less`: by status.startTime (unset last), ties by name. */
export function byJobStartTime(a: Job, b: Job): number {
  const ta = timeOf(a.status?.startTime);
  const tb = timeOf(b.status?.startTime);
  if (ta === undefined && tb !== undefined) return 1;
  if (ta !== undefined && tb === undefined) return -1;
  if (ta === tb) {
    const na = a.metadata?.name ?? '';
    const nb = b.metadata?.name ?? '';
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  return ta! - tb!;
}

/** `ref.GetReference` of a Job: the ObjectReference kept in `status.active`. */
export function jobReference(job: JobObject): ObjectReference {
  const ref: ObjectReference = { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name ?? '' };
  if (job.metadata.namespace) ref.namespace = job.metadata.namespace;
  if (job.metadata.uid) ref.uid = job.metadata.uid;
  if (job.metadata.resourceVersion) ref.resourceVersion = job.metadata.resourceVersion;
  return ref;
}
