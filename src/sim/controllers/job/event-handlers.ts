/**
 * What wakes the Job controller: Job events at once, pod events batched for one second (`syncJobBatchPeriod`), and
 * the observations of pod creates, deletes and finalizer removals.
 *
 * Ported from kubernetes `pkg/controller/job/job_controller.go` (addPod, updatePod, deletePod, addJob, updateJob,
 * deleteJob, enqueueSyncJobBatched, enqueueSyncJobImmediately).
 *
 * @remarks Orphan pods (no controllerRef) are not adopted, so their events wake no Job. A pod whose Job is gone
 * or finished and that still has the tracking finalizer wakes that Job's key, whose sync removes the finalizer
 * (upstream's separate orphan-pod queue).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { deletedFinalStateUnknown, isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { JobController } from './job-controller.ts';
import { hasJobTrackingFinalizer, isJobFinished, SYNC_JOB_BATCH_PERIOD_MS } from './job-utils.ts';

/** The Job informer's handler. */
export class JobEventHandler implements ResourceEventHandler {
  constructor(private readonly jm: JobController) {}

  /** `addJob`. */
  onAdd(obj: KubeObject): void {
    this.jm.enqueueImmediately(keyOf(obj), 'add');
  }

  /** `updateJob`: a new UID is the delete of the old Job first. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.uid !== newObj.metadata.uid) this.onDelete(deletedFinalStateUnknown(keyOf(oldObj), oldObj));
    this.jm.enqueueImmediately(keyOf(newObj), oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  /** `deleteJob`: the sync of a missing Job cleans its pods' finalizers (`cleanupPodFinalizers`). */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const job = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!job) return;
    this.jm.enqueueImmediately(keyOf(job), 'delete');
  }
}

/** The pod informer's handler. */
export class JobPodEventHandler implements ResourceEventHandler {
  constructor(private readonly jm: JobController) {}

  /** `addPod`: an observed create of its Job (a pod arriving already deleted is a delete). */
  onAdd(obj: KubeObject): void {
    const pod = obj as KubeObject & Pod;
    if (pod.metadata.deletionTimestamp) {
      this.deletePod(pod, false);
      return;
    }
    const ref = controllerOf(pod);
    if (!ref) return;
    const job = this.jm.resolveControllerRef(pod.metadata.namespace, ref);
    if (!job) {
      this.wakeForOrphanFinalizer(pod);
      return;
    }
    const key = keyOf(job);
    this.jm.expectations.creationObserved(key);
    this.jm.enqueueBatched(key, SYNC_JOB_BATCH_PERIOD_MS);
  }

  /** `updatePod`. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldPod = oldObj as KubeObject & Pod;
    const curPod = newObj as KubeObject & Pod;
    if (curPod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
    if (curPod.metadata.deletionTimestamp && !oldPod.metadata.deletionTimestamp) this.deletePod(curPod, false);
    const ref = controllerOf(curPod);
    if (!ref) return;
    const job = this.jm.resolveControllerRef(curPod.metadata.namespace, ref);
    if (!job) {
      this.wakeForOrphanFinalizer(curPod);
      return;
    }
    const key = keyOf(job);
    if (hasJobTrackingFinalizer(oldPod) && !hasJobTrackingFinalizer(curPod)) this.jm.finalizerRemovalObserved(key, curPod.metadata.uid ?? '');
    if (isJobFinished(job) && hasJobTrackingFinalizer(curPod)) {
      this.jm.enqueueImmediately(key, 'update');
      return;
    }
    this.jm.enqueueBatched(key, SYNC_JOB_BATCH_PERIOD_MS);
  }

  /** `deletePod(obj, final=true)`. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!pod) return;
    this.deletePod(pod as KubeObject & Pod, true);
  }

  /** `deletePod`: counts the delete as observed; a pod gone for good no longer waits for its finalizer removal. */
  private deletePod(pod: KubeObject & Pod, final: boolean): void {
    const ref = controllerOf(pod);
    if (!ref) return;
    const job = this.jm.resolveControllerRef(pod.metadata.namespace, ref);
    if (!job) return;
    const key = keyOf(job);
    this.jm.expectations.deletionObserved(key, keyOf(pod));
    if (final) this.jm.finalizerRemovalObserved(key, pod.metadata.uid ?? '');
    this.jm.enqueueBatched(key, SYNC_JOB_BATCH_PERIOD_MS);
  }

  /** A pod whose Job is gone but which still has the tracking finalizer: its Job key's sync removes it. */
  private wakeForOrphanFinalizer(pod: KubeObject & Pod): void {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'Job' || !hasJobTrackingFinalizer(pod)) return;
    const key = pod.metadata.namespace ? `${pod.metadata.namespace}/${ref.name}` : ref.name;
    this.jm.enqueueImmediately(key, 'update');
  }
}
