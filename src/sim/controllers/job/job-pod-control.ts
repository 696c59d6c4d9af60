/**
 * The pods the Job controller writes: creates from the template (with the tracking finalizer, in slow-start
 * batches 1, 2, 4, …) and deletes (all in parallel), with their events and expectations.
 *
 * Ported from kubernetes `pkg/controller/job/job_controller.go` (manageJob's create loop, deleteJobPods,
 * deleteActivePods) and `pkg/controller/controller_utils.go` (RealPodControl.CreatePods / DeletePod: SuccessfulCreate
 * "Created pod: X", FailedCreate, SuccessfulDelete "Deleted pod: X", FailedDelete).
 */
import { keyOf } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import type { UIDTrackingControllerExpectations } from '../replicaset/expectations.ts';
import { createdPodMessage, deletedPodMessage, errorCreatingMessage, getPodFromTemplate, newControllerRef } from '../replicaset/pod-control.ts';
import { JOB_TRACKING_FINALIZER, type JobObject, type PodObject } from './job-utils.ts';

/** What the pod writes need from the controller. */
export interface JobPodControlDeps {
  expectations: UIDTrackingControllerExpectations;
  recorder: EventRecorder;
}

/** `manageJob`'s creates: pods from the template with the tracking finalizer, in slow-start batches. */
export function* createJobPods(deps: JobPodControlDeps, ctx: ReconcileContext, job: JobObject, diff: number): ClientOp<{ count: number; error: Error | undefined }> {
  const key = keyOf(job);
  deps.expectations.expectCreations(key, diff, ctx.now);
  ctx.act(`create ${diff} pod(s)`);
  let created = 0;
  let error: Error | undefined;
  let remaining = diff;
  for (let batch = Math.min(remaining, 1); batch > 0 && !error; batch = Math.min(2 * batch, remaining)) {
    const requests = [];
    for (let i = 0; i < batch; i++) {
      const pod = getPodFromTemplate(job.spec?.template ?? {}, job, newControllerRef(job, 'batch/v1', 'Job'));
      pod.metadata.finalizers = [...(pod.metadata.finalizers ?? []), JOB_TRACKING_FINALIZER];
      requests.push(ctx.client.request({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: job.metadata.namespace, body: pod }));
    }
    const responses = (yield { type: 'batch', requests }) as ApiResponse[];
    for (const res of responses) {
      if (res.ok && 'object' in res) {
        created++;
        deps.recorder.event(job, 'Normal', 'SuccessfulCreate', createdPodMessage(res.object.metadata.name ?? ''));
      } else {
        deps.expectations.creationObserved(key);
        if (!res.ok) {
          error ??= new StatusError(res.status);
          deps.recorder.event(job, 'Warning', 'FailedCreate', errorCreatingMessage(res.status.message));
        }
      }
    }
    remaining -= batch;
  }
  // The creates never attempted are not expected any more.
  for (let i = 0; i < remaining; i++) deps.expectations.creationObserved(key);
  return { count: created, error };
}

/** `deleteActivePods` / `deleteJobPods`: deletes in parallel; returns how many were deleted. */
export function* deleteJobPods(deps: JobPodControlDeps, ctx: ReconcileContext, job: JobObject, pods: readonly PodObject[]): ClientOp<number> {
  if (pods.length === 0) return 0;
  const key = keyOf(job);
  deps.expectations.expectDeletions(key, pods.map((p) => keyOf(p)), ctx.now);
  ctx.act(`delete ${pods.map((p) => p.metadata.name).join(', ')}`);
  const requests = pods.map((p) => ctx.client.request({ verb: 'delete', apiVersion: 'v1', kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name }));
  const responses = (yield { type: 'batch', requests }) as ApiResponse[];
  let deleted = 0;
  responses.forEach((res, i) => {
    const pod = pods[i]!;
    if (res.ok || res.status.code === 404) {
      if (res.ok) deleted++;
      else deps.expectations.deletionObserved(key, keyOf(pod));
      if (res.ok) deps.recorder.event(job, 'Normal', 'SuccessfulDelete', deletedPodMessage(pod.metadata.name ?? ''));
    } else {
      deps.expectations.deletionObserved(key, keyOf(pod));
      deps.recorder.event(job, 'Warning', 'FailedDelete', `Error deleting: ${res.status.message}`);
    }
  });
  return deleted;
}
