/**
 * The TTL-after-finished controller: deletes a finished Job (Complete or Failed) `spec.ttlSecondsAfterFinished`
 * seconds after it finished, with foreground propagation so its pods go first.
 *
 * Ported from kubernetes `pkg/controller/ttlafterfinished/ttlafterfinished_controller.go` (addJob, updateJob,
 * processJob, processTTL, needsCleanup, getFinishAndExpireTime, timeLeft, jobFinishTime). The steps of one sync, in
 * upstream's order: read the Job from the cache; if its TTL has not expired, look again when it will; otherwise
 * GET the Job from the api-server (the cache may be stale) and check again; then delete it with a UID
 * precondition and propagationPolicy Foreground.
 *
 * @remarks The clock-skew warning ("Found Job finished in the future") is reported as the reconcile's diff line,
 * not a log.
 */
import type { Job } from 'kubernetes-types/batch/v1';
import type { KubeObject } from '../../api/object.ts';
import { keyOf, splitKey } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { formatDuration, parseTime } from '../../engine/clock.ts';
import { refOf } from '../../trace/trace-event.ts';

export { TTL_AFTER_FINISHED_CONTROLLER } from './descriptor.ts';
const SYNCED_POLL_PERIOD_MS = 100;

type JobObject = Job & KubeObject;

/** `jobFinishTime`: the lastTransitionTime of the true Complete or Failed condition. */
export function jobFinishTime(job: Job): number | undefined {
  for (const c of job.status?.conditions ?? []) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') {
      return c.lastTransitionTime ? parseTime(c.lastTransitionTime) : undefined;
    }
  }
  return undefined;
}

/** `needsCleanup`: a TTL is set and the Job has finished. */
export function needsCleanup(job: Job): boolean {
  return job.spec?.ttlSecondsAfterFinished != null && jobFinishTime(job) !== undefined;
}

/** `timeLeft`: ms until the TTL expires (≤ 0: expired), and whether the finish time is in the future (clock skew). */
export function timeLeft(job: Job, now: number): { remaining: number; finishedInFuture: boolean } | undefined {
  const finishAt = jobFinishTime(job);
  if (finishAt === undefined || job.spec?.ttlSecondsAfterFinished == null) return undefined;
  const expireAt = finishAt + job.spec.ttlSecondsAfterFinished * 1000;
  return { remaining: expireAt - now, finishedInFuture: finishAt > now };
}

/** `Controller` (pkg/controller/ttlafterfinished). */
export class TTLAfterFinishedController implements Reconciler, ResourceEventHandler {
  runner: Controller | null = null;

  constructor(readonly jobInformer: SharedIndexInformer) {}

  /** `addJob`. */
  onAdd(obj: KubeObject): void {
    const job = obj as JobObject;
    if (!job.metadata.deletionTimestamp && needsCleanup(job)) this.runner?.enqueue(keyOf(job), 'add');
  }

  /** `updateJob`. */
  onUpdate(_old: KubeObject, obj: KubeObject): void {
    const job = obj as JobObject;
    if (!job.metadata.deletionTimestamp && needsCleanup(job)) this.runner?.enqueue(keyOf(job), 'update');
  }

  onDelete(): void {}

  /** `processJob`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!this.jobInformer.hasSynced()) return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    const { namespace, name } = splitKey(key);
    const job = this.jobInformer.get(namespace, name) as JobObject | undefined;
    if (!job) {
      ctx.observe(`Job ${key} not found`);
      return {};
    }
    ctx.observe(`Job ${key} (rv ${job.metadata.resourceVersion}), ttlSecondsAfterFinished ${job.spec?.ttlSecondsAfterFinished ?? 'unset'}`, [{ ...refOf(job), rv: job.metadata.resourceVersion }]);
    const first = this.processTTL(job, ctx);
    if (first !== 'expired') return first;
    // The cached TTL may be stale: check the api-server's copy before deleting.
    let fresh: JobObject;
    try {
      fresh = yield* ctx.client.get<JobObject>({ apiVersion: 'batch/v1', kind: 'Job' }, namespace, name);
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return {};
      throw e;
    }
    const second = this.processTTL(fresh, ctx);
    if (second !== 'expired') return second;
    ctx.act(`delete Job ${key} (propagationPolicy Foreground, uid precondition)`);
    try {
      yield* ctx.client.delete({ apiVersion: 'batch/v1', kind: 'Job' }, namespace, name, {
        propagationPolicy: 'Foreground',
        preconditions: { uid: fresh.metadata.uid ?? '' },
      });
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) return {};
      throw e;
    }
    return {};
  }

  /** `processTTL`: 'expired', or the result that waits for the expiry (nothing when no cleanup is needed). */
  private processTTL(job: JobObject, ctx: ReconcileContext): 'expired' | { requeueAfter?: number } {
    if (job.metadata.deletionTimestamp || !needsCleanup(job)) {
      ctx.diff('no cleanup needed (not finished, no TTL, or already being deleted)', true);
      return {};
    }
    const left = timeLeft(job, ctx.now)!;
    if (left.finishedInFuture) ctx.diff('Found Job finished in the future. This is likely due to time skew in the cluster. Job cleanup will be deferred.', true);
    if (left.remaining > 0) {
      ctx.diff(`TTL expires in ${formatDuration(left.remaining)}`, true);
      return { requeueAfter: left.remaining };
    }
    ctx.diff('TTL expired', false);
    return 'expired';
  }
}
