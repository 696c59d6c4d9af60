/**
 * What wakes the CronJob controller: its CronJobs' events, and the events of the Jobs they control.
 *
 * Ported from kubernetes `pkg/controller/cronjob/cronjob_controllerv2.go` (addJob, updateJob, deleteJob,
 * enqueueController, updateCronJob).
 */
import { controllerOf, keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { parseStandard } from './cron-schedule.ts';
import type { CronJobController } from './cronjob-controller.ts';
import { formatSchedule, nextScheduleTimeDuration, type CronJobObject } from './utils.ts';

/** The CronJob informer's handler. */
export class CronJobEventHandler implements ResourceEventHandler {
  constructor(
    private readonly jm: CronJobController,
    private readonly clock: { readonly now: number },
  ) {}

  onAdd(obj: KubeObject): void {
    this.jm.runner?.enqueue(keyOf(obj), 'add');
  }

  /**
   * `updateCronJob`: a changed schedule or time zone requeues for the new next time (an unparseable one records
   * UnParseableCronJobSchedule and waits for the next change); any other change syncs at once.
   */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldCJ = oldObj as CronJobObject;
    const newCJ = newObj as CronJobObject;
    if (oldCJ.spec?.schedule !== newCJ.spec?.schedule || (oldCJ.spec?.timeZone ?? null) !== (newCJ.spec?.timeZone ?? null)) {
      let delay: number;
      try {
        delay = nextScheduleTimeDuration(newCJ, this.clock.now, parseStandard(formatSchedule(newCJ).spec));
      } catch {
        this.jm.recorder.event(newCJ, 'Warning', 'UnParseableCronJobSchedule', `unparseable schedule for cronjob: ${newCJ.spec?.schedule}`);
        return;
      }
      this.jm.runner?.enqueueAfter(keyOf(newCJ), delay, 'after');
      return;
    }
    this.jm.runner?.enqueue(keyOf(newCJ), oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const cj = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (cj) this.jm.runner?.enqueue(keyOf(cj), 'delete');
  }
}

/** The Job informer's handler: a Job's controller CronJob is synced on every change. */
export class CronJobJobEventHandler implements ResourceEventHandler {
  constructor(private readonly jm: CronJobController) {}

  /** `addJob` (a Job arriving already deleted is a delete). */
  onAdd(obj: KubeObject): void {
    this.enqueueOwner(obj, 'add');
  }

  /** `updateJob`: resyncs are ignored; a changed controllerRef wakes the old owner too. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) return;
    const oldRef = controllerOf(oldObj);
    const curRef = controllerOf(newObj);
    if (oldRef && JSON.stringify(oldRef) !== JSON.stringify(curRef ?? null)) this.enqueueOwner(oldObj, 'update');
    this.enqueueOwner(newObj, 'update');
  }

  /** `deleteJob`. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const job = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (job) this.enqueueOwner(job, 'delete');
  }

  private enqueueOwner(job: KubeObject, reason: 'add' | 'update' | 'delete'): void {
    const ref = controllerOf(job);
    if (!ref) return;
    const cj = this.jm.resolveControllerRef(job.metadata.namespace, ref);
    if (cj) this.jm.runner?.enqueue(keyOf(cj), reason);
  }
}
