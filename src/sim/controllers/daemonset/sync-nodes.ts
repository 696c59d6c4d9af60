/**
 * `syncNodes`: the DaemonSet's pod writes. Creates one pod per node that needs one, each pinned to its node by a
 * required node affinity on `metadata.name` (the default scheduler binds it), in slow-start batches (1, 2, 4, …;
 * a failed batch stops the rest); deletes the pods named, all at once. Both capped at `burstReplicas` per sync,
 * with the expectations set first and the events upstream records.
 *
 * Ported from kubernetes `pkg/controller/daemon/daemon_controller.go` (syncNodes) and
 * `pkg/controller/controller_utils.go` (RealPodControl.CreatePods / DeletePod: SuccessfulCreate "Created pod: X",
 * FailedCreate "Error creating: …", SuccessfulDelete "Deleted pod: X", FailedDelete "Error deleting: …").
 */
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { keyOf } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { NAMESPACE_TERMINATING_CAUSE } from '../replicaset/manage-replicas.ts';
import {
  createdPodMessage,
  deletedPodMessage,
  errorCreatingMessage,
  errorDeletingMessage,
  FAILED_CREATE_POD_REASON,
  FAILED_DELETE_POD_REASON,
  getPodFromTemplate,
  newControllerRef,
  SUCCESSFUL_CREATE_POD_REASON,
  SUCCESSFUL_DELETE_POD_REASON,
} from '../replicaset/pod-control.ts';
import type { ControllerExpectations } from './controller-expectations.ts';
import { createPodTemplate, getTemplateGeneration, replaceDaemonSetPodNodeNameNodeAffinity, type DaemonSetObject } from './daemonset-util.ts';

/** `BurstReplicas`: at most this many creates and deletes per sync. */
export const DAEMONSET_BURST_REPLICAS = 250;
/** `controller.SlowStartInitialBatchSize`. */
const SLOW_START_INITIAL_BATCH_SIZE = 1;

export interface SyncNodesDeps {
  expectations: ControllerExpectations;
  recorder: EventRecorder;
}

function hasNamespaceTerminatingCause(res: ApiResponse): boolean {
  return !res.ok && (res.status.details?.causes ?? []).some((c) => c.reason === NAMESPACE_TERMINATING_CAUSE);
}

/** `syncNodes`: deletes `podsToDelete`, creates a pod on each of `nodesNeedingDaemonPods`; the first error, if any. */
export function* syncNodes(deps: SyncNodesDeps, ctx: ReconcileContext, ds: DaemonSetObject, podsToDelete: readonly string[], nodesNeedingDaemonPods: readonly string[], hash: string): ClientOp<Error | undefined> {
  const dsKey = keyOf(ds);
  const createDiff = Math.min(nodesNeedingDaemonPods.length, DAEMONSET_BURST_REPLICAS);
  const deleteDiff = Math.min(podsToDelete.length, DAEMONSET_BURST_REPLICAS);
  deps.expectations.setExpectations(dsKey, createDiff, deleteDiff, ctx.now);
  const errors: Error[] = [];
  const template: PodTemplateSpec = createPodTemplate(ds.spec?.template ?? {}, getTemplateGeneration(ds), hash);
  const controllerRef = newControllerRef(ds, 'apps/v1', 'DaemonSet');
  if (createDiff > 0) ctx.act(`create ${createDiff} pod(s) on ${nodesNeedingDaemonPods.slice(0, createDiff).join(', ')}`);
  let batchSize = Math.min(createDiff, SLOW_START_INITIAL_BATCH_SIZE);
  for (let pos = 0; createDiff > pos; ) {
    const errorCount = errors.length;
    const requests = [];
    for (let i = pos; i < pos + batchSize; i++) {
      const podTemplate: PodTemplateSpec = { ...template, spec: { ...template.spec!, affinity: replaceDaemonSetPodNodeNameNodeAffinity(template.spec?.affinity, nodesNeedingDaemonPods[i]!) } };
      const pod = getPodFromTemplate(podTemplate, ds, controllerRef);
      requests.push(ctx.client.request({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: ds.metadata.namespace, body: pod }));
    }
    const responses = (yield { type: 'batch', requests }) as ApiResponse[];
    for (const res of responses) {
      if (res.ok && 'object' in res) {
        deps.recorder.event(ds, 'Normal', SUCCESSFUL_CREATE_POD_REASON, createdPodMessage(res.object.metadata.name ?? ''));
        continue;
      }
      if (res.ok) continue;
      deps.recorder.event(ds, 'Warning', FAILED_CREATE_POD_REASON, errorCreatingMessage(res.status.message));
      // The namespace is going away: every later create would fail too.
      if (hasNamespaceTerminatingCause(res)) continue;
      deps.expectations.creationObserved(dsKey);
      errors.push(new StatusError(res.status));
    }
    const skippedPods = createDiff - (batchSize + pos);
    if (errorCount < errors.length && skippedPods > 0) {
      deps.expectations.lowerExpectations(dsKey, skippedPods, 0);
      break;
    }
    pos += batchSize;
    batchSize = Math.min(2 * batchSize, createDiff - pos);
  }

  if (deleteDiff > 0) {
    const names = podsToDelete.slice(0, deleteDiff);
    ctx.act(`delete ${names.join(', ')}`);
    const requests = names.map((name) => ctx.client.request({ verb: 'delete', apiVersion: 'v1', kind: 'Pod', namespace: ds.metadata.namespace, name }));
    const responses = (yield { type: 'batch', requests }) as ApiResponse[];
    responses.forEach((res, i) => {
      if (res.ok) {
        deps.recorder.event(ds, 'Normal', SUCCESSFUL_DELETE_POD_REASON, deletedPodMessage(names[i]!));
        return;
      }
      deps.expectations.deletionObserved(dsKey);
      if (res.status.code === 404) return;
      deps.recorder.event(ds, 'Warning', FAILED_DELETE_POD_REASON, errorDeletingMessage(res.status.message));
      errors.push(new StatusError(res.status));
    });
  }
  return errors[0];
}
