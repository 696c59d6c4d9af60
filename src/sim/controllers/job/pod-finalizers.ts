/**
 * Removing the `batch.kubernetes.io/job-tracking` finalizer from pods, all in parallel.
 *
 * Ported from kubernetes `pkg/controller/job/job_controller.go` (removeTrackingFinalizerFromPods,
 * removeTrackingFinalizerPatch): a strategic-merge patch with `$deleteFromPrimitiveList/finalizers`. A pod already
 * gone (404) needs nothing.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { StatusError } from '../../api/status.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { JOB_TRACKING_FINALIZER } from './job-utils.ts';

/** `removeTrackingFinalizerPatch`. */
export function removeTrackingFinalizerPatch(pod: Pod): object {
  return { metadata: { uid: pod.metadata?.uid, [`$deleteFromPrimitiveList/finalizers`]: [JOB_TRACKING_FINALIZER] } };
}

/** `removeTrackingFinalizerFromPods`: the first error, or undefined. */
export function* removeTrackingFinalizers(ctx: ReconcileContext, pods: readonly Pod[]): ClientOp<Error | undefined> {
  if (pods.length === 0) return undefined;
  const requests = pods.map((p) =>
    ctx.client.request({
      verb: 'patch',
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: p.metadata?.namespace,
      name: p.metadata?.name,
      patchType: 'application/strategic-merge-patch+json',
      body: removeTrackingFinalizerPatch(p),
    }),
  );
  const responses = (yield { type: 'batch', requests }) as ApiResponse[];
  for (const res of responses) {
    if (!res.ok && res.status.code !== 404) return new StatusError(res.status);
  }
  return undefined;
}
