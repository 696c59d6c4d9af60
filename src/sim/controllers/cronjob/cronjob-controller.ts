/**
 * The CronJob controller (v2): creates a Job for the most recent unmet scheduled time — never a backlog — named
 * `<cronjob>-<scheduled minute>` so that two syncs in the same minute make at most one; honours
 * startingDeadlineSeconds, concurrencyPolicy (Allow / Forbid / Replace), suspend, time zones; keeps
 * `status.active`, `lastScheduleTime` and `lastSuccessfulTime`; deletes finished Jobs beyond the history limits;
 * requeues itself for the next scheduled time (+100 ms).
 *
 * Ported from kubernetes `pkg/controller/cronjob/cronjob_controllerv2.go` (sync, syncCronJob,
 * getJobsToBeReconciled, cleanupFinishedJobs, removeOldestJobs, deleteJob, formatSchedule) and
 * `injection.go` (realJobControl.DeleteJob: background propagation). Event reasons and messages are upstream's.
 *
 * @remarks `WaitForNamedCacheSync` is modelled inside the sync (not synced → look again after 100 ms). The
 * CronJobCreationSkew metric is not recorded. The schedule is parsed on every sync (robfig/cron through croner,
 * see cron-schedule.ts); nothing parsed is kept in controller state.
 */
import type { Job } from 'kubernetes-types/batch/v1';
import { controllerOf, splitKey } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { formatDuration, parseTime, rfc3339 } from '../../engine/clock.ts';
import { refOf } from '../../trace/trace-event.ts';
import { formatRFC1123Z, isValidTimeZone, parseStandard, type CronSchedule } from './cron-schedule.ts';
import {
  byJobStartTime,
  deleteFromActiveList,
  formatSchedule,
  getFinishedStatus,
  getJobFromTemplate2,
  getJobName,
  inActiveList,
  inActiveListByName,
  isJobFinished,
  isJobSucceeded,
  jobReference,
  nextScheduleTime,
  nextScheduleTimeDuration,
  TOO_MANY_MISSED_MESSAGE,
  unsupportedScheduleMessage,
  type CronJobObject,
  type JobObject,
} from './utils.ts';

/** The controller's name: its queue, its client's user, the trace actor and the events' source. */
export { CRONJOB_CONTROLLER } from './descriptor.ts';
const SYNCED_POLL_PERIOD_MS = 100;
const JOB_TYPE = { apiVersion: 'batch/v1', kind: 'Job' };

export interface CronJobControllerOptions {
  jobInformer: SharedIndexInformer;
  cronJobInformer: SharedIndexInformer;
  recorder: EventRecorder;
}

interface SyncResult {
  requeueAfter?: number;
  updateStatus: boolean;
  error?: Error;
}

/** `ControllerV2`. */
export class CronJobController implements Reconciler {
  readonly jobInformer: SharedIndexInformer;
  readonly cronJobInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  runner: Controller | null = null;

  constructor(options: CronJobControllerOptions) {
    this.jobInformer = options.jobInformer;
    this.cronJobInformer = options.cronJobInformer;
    this.recorder = options.recorder;
  }

  /** `resolveControllerRef`. */
  resolveControllerRef(namespace: string | undefined, ref: { kind: string; name: string; uid: string }): CronJobObject | undefined {
    if (ref.kind !== 'CronJob') return undefined;
    const cj = this.cronJobInformer.get(namespace, ref.name) as CronJobObject | undefined;
    return cj && cj.metadata.uid === ref.uid ? cj : undefined;
  }

  /** `sync`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!this.jobInformer.hasSynced() || !this.cronJobInformer.hasSynced()) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const { namespace, name } = splitKey(key);
    const cronJob = this.cronJobInformer.get(namespace, name) as CronJobObject | undefined;
    if (!cronJob) {
      ctx.observe(`CronJob ${key} not found: deleted`);
      return {};
    }
    // getJobsToBeReconciled: every Job of the namespace whose controllerRef names this CronJob.
    const jobs = (this.jobInformer.list(undefined, namespace ?? '') as JobObject[]).filter((j) => controllerOf(j)?.name === cronJob.metadata.name);
    ctx.observe(
      `CronJob ${key} (rv ${cronJob.metadata.resourceVersion}): ${jobs.length} Job(s), ${cronJob.status?.active?.length ?? 0} active`,
      [{ ...refOf(cronJob), rv: cronJob.metadata.resourceVersion }, ...jobs.map((j) => ({ ...refOf(j), rv: j.metadata.resourceVersion }))],
    );
    const cronJobCopy = structuredClone(cronJob) as CronJobObject;
    const updateStatusAfterCleanup = yield* this.cleanupFinishedJobs(ctx, cronJobCopy, jobs);
    const result = yield* this.syncCronJob(ctx, cronJobCopy, jobs);
    if (updateStatusAfterCleanup || result.updateStatus) {
      // CronJobStatus.Active is `json:"active,omitempty"`: an emptied list is not written (as Go serialises it).
      if (cronJobCopy.status?.active?.length === 0) delete cronJobCopy.status.active;
      yield* ctx.client.updateStatus(cronJobCopy);
      ctx.status(`status written: ${cronJobCopy.status?.active?.length ?? 0} active, lastScheduleTime ${cronJobCopy.status?.lastScheduleTime ?? 'none'}`);
    }
    if (result.requeueAfter !== undefined) {
      ctx.status(`next look in ${formatDuration(result.requeueAfter)}`);
      return { requeueAfter: result.requeueAfter };
    }
    if (result.error) throw result.error;
    return {};
  }

  /** `syncCronJob`: returns when to look again and whether the status changed. */
  private *syncCronJob(ctx: ReconcileContext, cronJobIn: CronJobObject, jobs: readonly JobObject[]): ClientOp<SyncResult> {
    const cronJob = cronJobIn;
    const now = ctx.now;
    let updateStatus = false;
    cronJob.status ??= {};
    const childrenJobs = new Set<string>();
    for (const j of jobs) {
      const uid = j.metadata.uid ?? '';
      childrenJobs.add(uid);
      const found = inActiveList(cronJob, uid);
      if (!found && !isJobFinished(j)) {
        const fresh = yield* ctx.client.get<CronJobObject>({ apiVersion: 'batch/v1', kind: 'CronJob' }, cronJob.metadata.namespace, cronJob.metadata.name ?? '');
        if (inActiveList(fresh, uid)) {
          // The cache was behind our own status write: go on from the api-server's copy.
          for (const k of Object.keys(cronJob)) delete (cronJob as Record<string, unknown>)[k];
          Object.assign(cronJob, structuredClone(fresh));
          cronJob.status ??= {};
          continue;
        }
        this.recorder.event(cronJob, 'Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`);
      } else if (found && isJobFinished(j)) {
        deleteFromActiveList(cronJob, uid);
        this.recorder.event(cronJob, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, status: ${getFinishedStatus(j).type}`);
        updateStatus = true;
      } else if (isJobSucceeded(j)) {
        // A Job need not be active to count: its completion time moves lastSuccessfulTime forward.
        const completion = j.status?.completionTime;
        if (completion && (!cronJob.status.lastSuccessfulTime || parseTime(completion) > parseTime(cronJob.status.lastSuccessfulTime))) {
          cronJob.status.lastSuccessfulTime = completion;
          updateStatus = true;
        }
      }
    }
    // Remove active references whose Job is gone (asking the api-server, not the possibly slow cache).
    for (const ref of [...(cronJob.status?.active ?? [])]) {
      if (childrenJobs.has(ref.uid ?? '')) continue;
      try {
        yield* ctx.client.get(JOB_TYPE, ref.namespace, ref.name ?? '');
      } catch (e) {
        if (e instanceof StatusError && e.code === 404) {
          this.recorder.event(cronJob, 'Normal', 'MissingJob', `Active job went missing: ${ref.name}`);
          deleteFromActiveList(cronJob, ref.uid);
          updateStatus = true;
        } else {
          return { updateStatus, error: e as Error };
        }
      }
    }
    if (cronJob.metadata.deletionTimestamp) {
      ctx.diff('the CronJob is being deleted: status only', true);
      return { updateStatus };
    }
    const timeZone = cronJob.spec?.timeZone;
    if (timeZone != null && !isValidTimeZone(timeZone)) {
      this.recorder.event(cronJob, 'Warning', 'UnknownTimeZone', `invalid timeZone: ${JSON.stringify(timeZone)}: unknown time zone ${timeZone}`);
      ctx.diff(`invalid timeZone ${timeZone}: not starting Jobs`, true);
      return { updateStatus };
    }
    if (cronJob.spec?.suspend) {
      ctx.diff('suspended: not starting Jobs', true);
      return { updateStatus };
    }
    const formatted = formatSchedule(cronJob);
    if (formatted.containsTZ) this.recorder.event(cronJob, 'Warning', 'UnsupportedSchedule', unsupportedScheduleMessage(cronJob.spec?.schedule ?? ''));
    let sched: CronSchedule;
    try {
      sched = parseStandard(formatted.spec);
    } catch (e) {
      this.recorder.event(cronJob, 'Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(cronJob.spec?.schedule ?? '')} : ${(e as Error).message}`);
      ctx.diff('unparseable schedule: not starting Jobs', true);
      return { updateStatus };
    }
    const next = nextScheduleTime(cronJob, now, sched);
    if (next.tooManyMissed) this.recorder.event(cronJob, 'Warning', 'TooManyMissedTimes', TOO_MANY_MISSED_MESSAGE);
    if (next.error !== undefined) {
      this.recorder.event(cronJob, 'Warning', 'InvalidSchedule', `invalid schedule: ${cronJob.spec?.schedule} : ${next.error}`);
      ctx.diff('invalid schedule: not starting Jobs', true);
      return { updateStatus };
    }
    const scheduledTime = next.scheduledTime;
    if (scheduledTime === undefined) {
      const t = nextScheduleTimeDuration(cronJob, now, sched);
      ctx.diff(`no unmet scheduled time; next in ${formatDuration(t)}`, true);
      return { requeueAfter: t, updateStatus };
    }
    const sds = cronJob.spec?.startingDeadlineSeconds;
    if (sds != null && scheduledTime + sds * 1000 < now) {
      this.recorder.event(cronJob, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${formatRFC1123Z(scheduledTime)}`);
      ctx.diff(`missed the starting window of ${rfc3339(scheduledTime)}`, false);
      return { requeueAfter: nextScheduleTimeDuration(cronJob, now, sched), updateStatus };
    }
    const jobName = getJobName(cronJob, scheduledTime);
    const lastScheduleTime = cronJob.status?.lastScheduleTime;
    if (inActiveListByName(cronJob, { metadata: { name: jobName, namespace: cronJob.metadata.namespace ?? '' } }) || (lastScheduleTime && parseTime(lastScheduleTime) === scheduledTime)) {
      ctx.diff(`the Job for ${rfc3339(scheduledTime)} was already started`, true);
      return { requeueAfter: nextScheduleTimeDuration(cronJob, now, sched), updateStatus };
    }
    const policy = cronJob.spec?.concurrencyPolicy ?? 'Allow';
    if (policy === 'Forbid' && (cronJob.status?.active?.length ?? 0) > 0) {
      this.recorder.event(cronJob, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      ctx.diff(`Job due at ${rfc3339(scheduledTime)}; Forbid and a Job is still active: skip`, false);
      return { requeueAfter: nextScheduleTimeDuration(cronJob, now, sched), updateStatus };
    }
    ctx.diff(`Job due at ${rfc3339(scheduledTime)}: create ${jobName}`, false);
    if (policy === 'Replace') {
      for (const ref of [...(cronJob.status?.active ?? [])]) {
        let job: JobObject;
        try {
          job = yield* ctx.client.get<JobObject>(JOB_TYPE, ref.namespace, ref.name ?? '');
        } catch (e) {
          this.recorder.event(cronJob, 'Warning', 'FailedGet', `Get job: ${(e as Error).message}`);
          return { updateStatus, error: e as Error };
        }
        if (!(yield* this.deleteJob(ctx, cronJob, job))) {
          return { updateStatus, error: new Error(`could not replace job ${job.metadata.namespace}/${job.metadata.name}`) };
        }
        updateStatus = true;
      }
    }
    const jobReq = getJobFromTemplate2(cronJob, scheduledTime);
    let jobResp: JobObject;
    let jobAlreadyExists = false;
    try {
      ctx.act(`create Job ${jobName}`);
      jobResp = yield* ctx.client.create<JobObject>(jobReq);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.status.details?.causes?.some((c) => c.reason === 'NamespaceTerminating')) return { updateStatus, error: e };
      if (e.reason !== 'AlreadyExists') {
        this.recorder.event(cronJob, 'Warning', 'FailedCreate', `Error creating job: ${e.message}`);
        return { updateStatus, error: e };
      }
      // Created earlier by us (the status write was lost) or by someone else.
      jobAlreadyExists = true;
      jobResp = yield* ctx.client.get<JobObject>(JOB_TYPE, jobReq.metadata.namespace, jobName);
      const ref = controllerOf(jobResp);
      if (!ref || ref.uid !== cronJob.metadata.uid) return { updateStatus };
      if (inActiveList(cronJob, jobResp.metadata.uid)) return { updateStatus };
    }
    if (!jobAlreadyExists) this.recorder.event(cronJob, 'Normal', 'SuccessfulCreate', `Created job ${jobResp.metadata.name}`);
    cronJob.status!.active = [...(cronJob.status?.active ?? []), jobReference(jobResp)];
    cronJob.status!.lastScheduleTime = rfc3339(scheduledTime);
    updateStatus = true;
    return { requeueAfter: nextScheduleTimeDuration(cronJob, now, sched), updateStatus };
  }

  /** `cleanupFinishedJobs`: deletes the oldest finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit. */
  private *cleanupFinishedJobs(ctx: ReconcileContext, cj: CronJobObject, js: readonly JobObject[]): ClientOp<boolean> {
    const successfulLimit = cj.spec?.successfulJobsHistoryLimit;
    const failedLimit = cj.spec?.failedJobsHistoryLimit;
    if (failedLimit == null && successfulLimit == null) return false;
    const successful = js.filter((j) => getFinishedStatus(j).type === 'Complete');
    const failed = js.filter((j) => getFinishedStatus(j).type === 'Failed');
    let updateStatus = false;
    if (successfulLimit != null && (yield* this.removeOldestJobs(ctx, cj, successful, successfulLimit))) updateStatus = true;
    if (failedLimit != null && (yield* this.removeOldestJobs(ctx, cj, failed, failedLimit))) updateStatus = true;
    return updateStatus;
  }

  /** `removeOldestJobs`: by status.startTime (unset last), ties by name. */
  private *removeOldestJobs(ctx: ReconcileContext, cj: CronJobObject, js: JobObject[], maxJobs: number): ClientOp<boolean> {
    const numToDelete = js.length - maxJobs;
    if (numToDelete <= 0) return false;
    const sorted = [...js].sort(byJobStartTime);
    let updateStatus = false;
    for (let i = 0; i < numToDelete; i++) {
      if (yield* this.deleteJob(ctx, cj, sorted[i]!)) updateStatus = true;
    }
    return updateStatus;
  }

  /** `deleteJob`: deletes the Job (background propagation) and its active reference. */
  private *deleteJob(ctx: ReconcileContext, cj: CronJobObject, job: Job): ClientOp<boolean> {
    ctx.act(`delete Job ${job.metadata?.name}`);
    try {
      yield* ctx.client.delete(JOB_TYPE, job.metadata?.namespace, job.metadata?.name ?? '', { propagationPolicy: 'Background' });
    } catch (e) {
      this.recorder.event(cj, 'Warning', 'FailedDelete', `Deleted job: ${(e as Error).message}`);
      return false;
    }
    deleteFromActiveList(cj, job.metadata?.uid);
    this.recorder.event(cj, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata?.name}`);
    return true;
  }
}
