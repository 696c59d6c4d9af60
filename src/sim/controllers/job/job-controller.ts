/**
 * The Job controller: runs pods until `completions` succeed (at most `parallelism` at a time), replaces failed ones
 * after the pod failure back-off, and gives up with a Failed condition past `backoffLimit` or
 * `activeDeadlineSeconds`. Pods carry the `batch.kubernetes.io/job-tracking` finalizer until the Job has counted
 * them: a finished pod's uid first goes to `status.uncountedTerminatedPods`, then its finalizer is removed, then it
 * moves to `status.succeeded` / `status.failed`.
 *
 * Ported from kubernetes `pkg/controller/job/job_controller.go` (syncJob, manageJob, deleteActivePods,
 * trackJobStatusAndRemoveFinalizers, flushUncountedAndRemoveFinalizers, removeTrackingFinalizerFromPods,
 * recordJobPodFinished, enactJobFinished, cleanupPodFinalizers). The steps of one sync, in upstream's order: read
 * the Job (gone → remove the finalizers of its orphaned pods); finished → nothing but orphan cleanup; list its pods;
 * count new finished pods; set startTime; compute the back-off record; decide a Failed condition (backoffLimit,
 * OnFailure restarts, deadline) and delete the active pods, or manageJob; decide Complete; track the status and
 * remove finalizers; record the back-off.
 *
 * A Job finishes in two steps, as upstream with JobPodReplacementPolicy on (the default since 1.29,
 * `delayTerminalCondition`): the interim condition first (`SuccessCriteriaMet`, or `FailureTarget` with the failure's
 * reason), written with the flush of the uncounted pods; then, once every pod is counted and none is terminating,
 * the terminal one with the same reason and message (`Complete` with `completionTime`, or `Failed`), and the event
 * (`Completed` "Job completed", or a Warning with the reason).
 *
 * @remarks Simplified: NonIndexed completion mode only (Indexed, backoffLimitPerIndex, podFailurePolicy,
 * successPolicy, managedBy are not modelled); orphan pods are not adopted (only pods whose controllerRef is the Job count); pods to delete
 * are ranked with the ReplicaSet controller's ranking. The orphan-pod queue is folded into the Job's own key: a
 * sync of a missing or finished Job removes the tracking finalizer from its pods. A sync whose Job cache is older
 * than this controller's last status write waits 100 ms for the informer (upstream relies on the write conflicting).
 */
import { controllerOf, splitKey } from '../../api/object.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { formatDuration, rfc3339 } from '../../engine/clock.ts';
import { refOf } from '../../trace/trace-event.ts';
import { UIDTrackingControllerExpectations } from '../replicaset/expectations.ts';
import { getPodsToDelete } from '../replicaset/pod-ranking.ts';
import { createJobPods, deleteJobPods } from './job-pod-control.ts';
import { BackoffStore, getRemainingTime } from './backoff.ts';
import {
  activeDeadlineRemaining,
  BACKOFF_LIMIT_EXCEEDED_MESSAGE,
  COMPLETIONS_REACHED_MESSAGE,
  countReadyPods,
  DEADLINE_EXCEEDED_MESSAGE,
  ensureJobConditionStatus,
  getNewFinishedPods,
  hasJobTrackingFinalizer,
  isJobFinished,
  isPodActive,
  isPodFailed,
  isPodTerminating,
  JOB_REASON_BACKOFF_LIMIT_EXCEEDED,
  JOB_REASON_COMPLETIONS_REACHED,
  JOB_REASON_DEADLINE_EXCEEDED,
  jobSuspended,
  MAX_POD_CREATE_DELETE_PER_SYNC,
  MAX_UNCOUNTED_PODS,
  newCondition,
  newFailedConditionForFailureTarget,
  omitEmpty,
  pastActiveDeadline,
  pastBackoffLimitOnFailure,
  trueCondition,
  uncountedOf,
  wantActivePods,
  type JobObject,
  type PodObject,
} from './job-utils.ts';
import { removeTrackingFinalizers } from './pod-finalizers.ts';

/** The controller's name: its queue, its client's user, the trace actor and the events' source. */
export { JOB_CONTROLLER } from './descriptor.ts';
const SYNCED_POLL_PERIOD_MS = 100;

export interface JobControllerOptions {
  jobInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  recorder: EventRecorder;
}

/** `Controller` (pkg/controller/job): caches, expectations, back-off records and the sync. */
export class JobController implements Reconciler {
  readonly jobInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  /** `expectations`: pod creates and deletes each Job waits to see. */
  readonly expectations = new UIDTrackingControllerExpectations();
  /** `finalizerExpectations`: uids whose tracking-finalizer removal was sent and not yet observed, by Job key. */
  readonly finalizerExpectations = new Map<string, Set<string>>();
  /** `podBackoffStore`. */
  readonly podBackoffStore = new BackoffStore();
  /** The resourceVersion of this controller's last status write, by Job key. */
  readonly lastWrittenRV = new Map<string, number>();
  runner: Controller | null = null;

  constructor(options: JobControllerOptions) {
    this.jobInformer = options.jobInformer;
    this.podInformer = options.podInformer;
    this.recorder = options.recorder;
  }

  /** `enqueueSyncJobImmediately`. */
  enqueueImmediately(key: string, reason: 'add' | 'update' | 'delete' | 'resync'): void {
    this.runner?.enqueue(key, reason);
  }

  /** `enqueueSyncJobBatched`: pod events wake the Job after {@link SYNC_JOB_BATCH_PERIOD_MS}. */
  enqueueBatched(key: string, delayMs: number): void {
    this.runner?.enqueueAfter(key, delayMs, 'after');
  }

  /** `resolveControllerRef`. */
  resolveControllerRef(namespace: string | undefined, ref: { kind: string; name: string; uid: string }): JobObject | undefined {
    if (ref.kind !== 'Job') return undefined;
    const job = this.jobInformer.get(namespace, ref.name) as JobObject | undefined;
    return job && job.metadata.uid === ref.uid ? job : undefined;
  }

  /** `finalizerRemovalObserved`. */
  finalizerRemovalObserved(jobKey: string, uid: string): void {
    this.finalizerExpectations.get(jobKey)?.delete(uid);
  }

  /** `syncJob`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!this.jobInformer.hasSynced() || !this.podInformer.hasSynced()) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const { namespace, name } = splitKey(key);
    const sharedJob = this.jobInformer.get(namespace, name) as JobObject | undefined;
    const nsPods = this.podInformer.list(undefined, namespace ?? '') as PodObject[];
    if (!sharedJob) {
      ctx.observe(`Job ${key} not found: deleted`);
      this.expectations.deleteExpectations(key);
      this.finalizerExpectations.delete(key);
      this.podBackoffStore.removeBackoffRecord(key);
      this.lastWrittenRV.delete(key);
      // cleanupPodFinalizers: pods of a deleted Job must not keep the finalizer.
      const orphans = nsPods.filter((p) => hasJobTrackingFinalizer(p) && controllerOf(p)?.kind === 'Job' && controllerOf(p)?.name === name);
      if (orphans.length) {
        ctx.act(`remove the tracking finalizer from ${orphans.length} orphaned pod(s)`);
        const err = yield* removeTrackingFinalizers(ctx, orphans);
        if (err) throw err;
      }
      return {};
    }
    const written = this.lastWrittenRV.get(key);
    if (written !== undefined && Number(sharedJob.metadata.resourceVersion) < written) {
      ctx.observe(`Job ${key} (rv ${sharedJob.metadata.resourceVersion}) is older than our status write (rv ${written}): waiting for the informer`);
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const job = structuredClone(sharedJob) as JobObject;
    job.status ??= {};
    const pods = nsPods.filter((p) => controllerOf(p)?.uid === job.metadata.uid);
    if (isJobFinished(job)) {
      ctx.observe(`Job ${key} has finished`, [{ ...refOf(job), rv: job.metadata.resourceVersion }]);
      const stuck = pods.filter((p) => hasJobTrackingFinalizer(p));
      if (stuck.length) {
        ctx.act(`remove the tracking finalizer from ${stuck.length} pod(s) of the finished Job`);
        const err = yield* removeTrackingFinalizers(ctx, stuck);
        if (err) throw err;
      }
      return {};
    }
    const satisfied = this.expectations.satisfiedExpectations(key, ctx.now);
    const expectedRm = this.finalizerExpectations.get(key) ?? new Set<string>();
    const uncounted = uncountedOf(job);
    let activePods = pods.filter(isPodActive);
    let active = activePods.length;
    const { newSucceededPods, newFailedPods } = getNewFinishedPods(job, pods, uncounted, expectedRm);
    const succeeded = (job.status.succeeded ?? 0) + newSucceededPods.length + uncounted.succeeded.size;
    const failed = (job.status.failed ?? 0) + newFailedPods.length + uncounted.failed.size;
    ctx.observe(
      `Job ${key} (rv ${job.metadata.resourceVersion}): ${active} active, ${succeeded} succeeded, ${failed} failed (${newSucceededPods.length + newFailedPods.length} newly finished)`,
      [{ ...refOf(job), rv: job.metadata.resourceVersion }, ...pods.map((p) => ({ ...refOf(p), rv: p.metadata.resourceVersion }))],
    );
    if (!job.status.startTime && !jobSuspended(job)) job.status.startTime = rfc3339(ctx.now);
    const newBackoffRecord = this.podBackoffStore.newBackoffRecord(key, newSucceededPods, newFailedPods);

    let requeueAfter: number | undefined;
    // A Job that met its success criteria in an earlier sync only waits to be marked Complete; one with the interim
    // FailureTarget is failed for good (job_controller.go syncJob: hasSuccessCriteriaMetCondition, FailureTarget).
    let finishedCondition: ReturnType<typeof newCondition> | undefined = trueCondition(job, 'SuccessCriteriaMet');
    const backoffLimit = job.spec?.backoffLimit ?? 6;
    const failureTarget = finishedCondition ? undefined : trueCondition(job, 'FailureTarget');
    if (finishedCondition) {
      // (already decided)
    } else if (failureTarget) {
      finishedCondition = newFailedConditionForFailureTarget(failureTarget, ctx.now);
    } else if (failed > backoffLimit || pastBackoffLimitOnFailure(job, activePods)) {
      finishedCondition = newCondition('FailureTarget', JOB_REASON_BACKOFF_LIMIT_EXCEEDED, BACKOFF_LIMIT_EXCEEDED_MESSAGE, ctx.now);
    } else if (pastActiveDeadline(job, ctx.now)) {
      finishedCondition = newCondition('FailureTarget', JOB_REASON_DEADLINE_EXCEEDED, DEADLINE_EXCEEDED_MESSAGE, ctx.now);
    } else {
      const remaining = activeDeadlineRemaining(job, ctx.now);
      if (remaining !== undefined) requeueAfter = remaining;
    }

    let manageJobErr: Error | undefined;
    let manageJobCalled = false;
    let deletedNow = 0;
    if (finishedCondition) {
      ctx.diff(`${finishedCondition.reason}: delete ${active} active pod(s)`, active === 0);
      const deleted = yield* deleteJobPods(this, ctx, job, activePods);
      // Not finished yet while pods may remain that the informer has not shown (syncJob: deleted != active ||
      // !satisfiedExpectations).
      if (deleted !== active || !satisfied) finishedCondition = undefined;
      active -= deleted;
      // The pods just deleted are terminating now: the terminal condition waits for them (`*jobCtx.terminating += deleted`).
      deletedNow += deleted;
    } else if (satisfied && !job.metadata.deletionTimestamp) {
      manageJobCalled = true;
      const want = wantActivePods(job, active, succeeded);
      ctx.diff(`want ${want} active pod(s), have ${active}`, want === active);
      if (active > want) {
        const toDelete = getPodsToDelete(activePods, activePods, Math.min(active - want, MAX_POD_CREATE_DELETE_PER_SYNC), ctx.now) as PodObject[];
        const removed = yield* deleteJobPods(this, ctx, job, toDelete);
        active -= removed;
        deletedNow += removed;
        activePods = activePods.filter((p) => !toDelete.includes(p));
      } else if (active < want) {
        const remaining = getRemainingTime(newBackoffRecord, ctx.now);
        if (remaining > 0) {
          ctx.act(`wait ${formatDuration(remaining)} (pod failure back-off, ${newBackoffRecord.failuresAfterLastSuccess} failure(s))`);
          requeueAfter = requeueAfter === undefined ? remaining : Math.min(requeueAfter, remaining);
        } else {
          const created = yield* createJobPods(this, ctx, job, Math.min(want - active, MAX_POD_CREATE_DELETE_PER_SYNC));
          if (created.error) manageJobErr = created.error;
          active += created.count;
        }
      }
    } else {
      ctx.diff(`not acting: ${job.metadata.deletionTimestamp ? 'the Job is being deleted' : 'waiting for the informer to see earlier creates/deletes (expectations)'}`, true);
    }

    if (!finishedCondition) {
      const completions = job.spec?.completions;
      const complete = completions == null ? succeeded > 0 && active === 0 : succeeded >= completions && active === 0;
      if (complete) finishedCondition = newCondition('SuccessCriteriaMet', JOB_REASON_COMPLETIONS_REACHED, COMPLETIONS_REACHED_MESSAGE, ctx.now);
      else if (manageJobCalled) {
        // Only a sync that managed the pods updates the Suspended condition.
        const conditions = job.status.conditions ?? [];
        if (jobSuspended(job)) {
          if (ensureJobConditionStatus(conditions, 'Suspended', 'True', 'JobSuspended', 'Job suspended', ctx.now)) {
            this.recorder.event(sharedJob, 'Normal', 'Suspended', 'Job suspended');
          }
        } else if (ensureJobConditionStatus(conditions, 'Suspended', 'False', 'JobResumed', 'Job resumed', ctx.now)) {
          this.recorder.event(sharedJob, 'Normal', 'Resumed', 'Job resumed');
          // activeDeadlineSeconds counts the time a Job is continuously active.
          job.status.startTime = rfc3339(ctx.now);
        }
        if (conditions.length) job.status.conditions = conditions;
      }
    }

    // trackJobStatusAndRemoveFinalizers
    job.status.active = active;
    job.status.ready = countReadyPods(activePods.filter((p) => isPodActive(p)));
    job.status.terminating = pods.filter(isPodTerminating).length + deletedNow;
    const podsToRemoveFinalizer: PodObject[] = [];
    let needsFlush = false;
    let reachedMaxUncountedPods = false;
    const failing = finishedCondition !== undefined && finishedCondition.type !== 'SuccessCriteriaMet';
    for (const pod of pods) {
      const uid = pod.metadata.uid ?? '';
      if (!hasJobTrackingFinalizer(pod) || expectedRm.has(uid)) continue;
      const considerFailed = isPodFailed(pod, job);
      // canRemoveFinalizer: the Job is being deleted or is finishing, the pod succeeded, or it counts as failed.
      if (!job.metadata.deletionTimestamp && !finishedCondition && pod.status?.phase !== 'Succeeded' && !considerFailed) continue;
      if (uncounted.succeeded.size + uncounted.failed.size >= MAX_UNCOUNTED_PODS) {
        reachedMaxUncountedPods = true;
        break;
      }
      podsToRemoveFinalizer.push(pod);
      if (pod.status?.phase === 'Succeeded' && !uncounted.failed.has(uid)) {
        if (!uncounted.succeeded.has(uid)) {
          uncounted.succeeded.add(uid);
          needsFlush = true;
        }
      } else if (considerFailed || failing) {
        // When the Job is failing, every pod not terminated yet counts as failed.
        if (!uncounted.failed.has(uid)) {
          uncounted.failed.add(uid);
          needsFlush = true;
        }
      }
    }
    const writeUncounted = (): void => {
      const u: { succeeded?: string[]; failed?: string[] } = {};
      if (uncounted.succeeded.size) u.succeeded = [...uncounted.succeeded].sort();
      if (uncounted.failed.size) u.failed = [...uncounted.failed].sort();
      job.status!.uncountedTerminatedPods = u;
      omitEmpty(job.status!);
    };
    // The interim condition goes out with the flush, before the finalizers are removed; the terminal one (same
    // reason and message) is kept for when every pod is counted (trackJobStatusAndRemoveFinalizers).
    if (finishedCondition?.type === 'FailureTarget') {
      job.status.conditions = [...(job.status.conditions ?? []), finishedCondition];
      needsFlush = true;
      finishedCondition = newFailedConditionForFailureTarget(finishedCondition, ctx.now);
    }
    if (finishedCondition?.type === 'SuccessCriteriaMet') {
      if (!trueCondition(job, 'SuccessCriteriaMet')) {
        job.status.conditions = [...(job.status.conditions ?? []), finishedCondition];
        needsFlush = true;
      }
      finishedCondition = newCondition('Complete', finishedCondition.reason ?? '', finishedCondition.message ?? '', ctx.now);
    }
    let current: JobObject = job;
    if (needsFlush) {
      writeUncounted();
      const what = [uncounted.succeeded.size + uncounted.failed.size > 0 ? 'record newly finished pods in uncountedTerminatedPods' : '', job.status.conditions?.at(-1)?.type ?? ''];
      current = yield* this.writeStatus(ctx, key, job, what.filter(Boolean).join('; '));
    }
    // flushUncountedAndRemoveFinalizers: remove the finalizers, then count the pods whose finalizer is gone.
    if (podsToRemoveFinalizer.length) {
      const set = this.finalizerExpectations.get(key) ?? new Set<string>();
      for (const p of podsToRemoveFinalizer) set.add(p.metadata.uid ?? '');
      this.finalizerExpectations.set(key, set);
      ctx.act(`remove the tracking finalizer from ${podsToRemoveFinalizer.length} finished pod(s)`);
      const err = yield* removeTrackingFinalizers(ctx, podsToRemoveFinalizer);
      if (err) {
        for (const p of podsToRemoveFinalizer) set.delete(p.metadata.uid ?? '');
        throw err;
      }
    }
    const next = structuredClone(current) as JobObject;
    next.status ??= {};
    next.status.active = job.status.active;
    next.status.ready = job.status.ready;
    next.status.terminating = job.status.terminating;
    next.status.startTime = job.status.startTime;
    next.status.succeeded = (next.status.succeeded ?? 0) + uncounted.succeeded.size;
    next.status.failed = (next.status.failed ?? 0) + uncounted.failed.size;
    next.status.uncountedTerminatedPods = {};
    if (job.status.conditions) next.status.conditions = structuredClone(job.status.conditions);
    // enactJobFinished: the terminal condition once no pod is uncounted (all flushed above) and none is terminating.
    let finishedNow = false;
    if (finishedCondition && !reachedMaxUncountedPods && (job.status.terminating ?? 0) === 0) {
      const conditions = next.status.conditions ?? [];
      ensureJobConditionStatus(conditions, finishedCondition.type!, 'True', finishedCondition.reason ?? '', finishedCondition.message ?? '', ctx.now);
      next.status.conditions = conditions;
      if (finishedCondition.type === 'Complete') next.status.completionTime = rfc3339(ctx.now);
      finishedNow = true;
    }
    omitEmpty(next.status);
    if (JSON.stringify(next.status) !== JSON.stringify(sharedJob.status ?? {})) {
      yield* this.writeStatus(ctx, key, next, `status: active ${next.status.active ?? 0}, succeeded ${next.status.succeeded ?? 0}, failed ${next.status.failed ?? 0}${finishedNow ? `, ${finishedCondition!.type}` : ''}`);
    } else {
      ctx.status(`status unchanged: active ${next.status.active ?? 0}, succeeded ${next.status.succeeded ?? 0}, failed ${next.status.failed ?? 0}`);
    }
    this.podBackoffStore.updateBackoffRecord(newBackoffRecord);
    if (finishedNow) {
      // recordJobFinished
      if (finishedCondition!.type === 'Complete') {
        const completions = job.spec?.completions;
        if (completions != null && (next.status.succeeded ?? 0) > completions) {
          this.recorder.event(sharedJob, 'Warning', 'TooManySucceededPods', 'Too many succeeded pods running after completion count reached');
        }
        this.recorder.event(sharedJob, 'Normal', 'Completed', 'Job completed');
      } else this.recorder.event(sharedJob, 'Warning', finishedCondition!.reason!, finishedCondition!.message!);
      return {};
    }
    // Finishing, but pods are still terminating: their deletion (a pod event) syncs the Job again.
    if (manageJobErr) throw manageJobErr;
    return requeueAfter !== undefined ? { requeueAfter: Math.max(requeueAfter, 0) } : {};
  }

  private *writeStatus(ctx: ReconcileContext, key: string, job: JobObject, summary: string): ClientOp<JobObject> {
    const updated = yield* ctx.client.updateStatus<JobObject>(job);
    this.lastWrittenRV.set(key, Number(updated.metadata.resourceVersion));
    ctx.status(summary);
    return updated;
  }
}
