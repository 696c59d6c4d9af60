/**
 * The act step of the ReplicaSet controller: create or delete pods until the owned active pods number
 * `spec.replicas`, at most {@link BURST_REPLICAS} per sync, creates in slow-start batches (1, 2, 4, …; each batch in
 * parallel; the first failing batch ends the sync), deletes all in parallel, choosing the pods upstream's ranking
 * puts first. Expectations are raised before the writes so that the next sync waits for the informer to see them.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set.go` (manageReplicas, slowStartBatch,
 * getIndirectlyRelatedPods, getReplicaSetsWithSameController, getPodKeys) and `pkg/controller/controller_utils.go`
 * (RealPodControl.CreatePods, createPods, DeletePod).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, keyOf } from '../../api/object.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import { labelSelectorFromObject } from '../../apiserver/selectors/label-selector.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import { CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import type { ApiCallBatch, ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import type { UIDTrackingControllerExpectations } from './expectations.ts';
import { getPodsToDelete } from './pod-ranking.ts';
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
} from './pod-control.ts';
import { BURST_REPLICAS, slowStartBatchSizes } from './slow-start.ts';
import type { ReplicaSetObject } from './update-status.ts';

/** `v1.NamespaceTerminatingCause`: a create refused because the namespace is going away. */
export const NAMESPACE_TERMINATING_CAUSE = 'NamespaceTerminating';

/** What `manageReplicas` needs from its controller. */
export interface ManageReplicasDeps {
  rsInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  expectations: UIDTrackingControllerExpectations;
  recorder: EventRecorder;
  burstReplicas?: number;
}

/**
 * `manageReplicas`: returns the error the sync reports (it becomes the ReplicaFailure condition and a rate-limited
 * requeue), or undefined. `filteredPods` are the active pods the ReplicaSet owns.
 */
export function* manageReplicas(deps: ManageReplicasDeps, ctx: ReconcileContext, filteredPods: readonly Pod[], rs: ReplicaSetObject): ClientOp<Error | undefined> {
  const want = rs.spec?.replicas ?? 1;
  const burst = deps.burstReplicas ?? BURST_REPLICAS;
  const rsKey = keyOf(rs);
  let diff = filteredPods.length - want;
  if (diff < 0) {
    diff = Math.min(-diff, burst);
    deps.expectations.expectCreations(rsKey, diff, ctx.now);
    const { successes, err } = yield* createInSlowStartBatches(deps, ctx, rs, diff);
    // Creates never attempted will not be observed: lower the expectations for them.
    for (let i = 0; i < diff - successes; i++) deps.expectations.creationObserved(rsKey);
    return err;
  }
  if (diff > 0) {
    diff = Math.min(diff, burst);
    const relatedPods = getIndirectlyRelatedPods(deps, rs);
    const podsToDelete = getPodsToDelete(filteredPods, relatedPods, diff, ctx.now);
    deps.expectations.expectDeletions(rsKey, podsToDelete.map(keyOf), ctx.now);
    ctx.act(`delete ${podsToDelete.length} pod${podsToDelete.length === 1 ? '' : 's'}: ${podsToDelete.map((p) => p.metadata?.name).join(', ')}`);
    const batch: ApiCallBatch = {
      type: 'batch',
      requests: podsToDelete.map((p) => ctx.client.request({ verb: 'delete', apiVersion: 'v1', kind: 'Pod', namespace: rs.metadata.namespace, name: p.metadata?.name ?? '' })),
    };
    const responses = (yield batch) as ApiResponse[];
    let firstErr: Error | undefined;
    podsToDelete.forEach((pod, i) => {
      const res = responses[i]!;
      const name = pod.metadata?.name ?? '';
      if (res.ok) {
        deps.recorder.event(rs, 'Normal', SUCCESSFUL_DELETE_POD_REASON, deletedPodMessage(name));
        return;
      }
      // The informer will not observe a delete that failed.
      deps.expectations.deletionObserved(rsKey, keyOf(pod));
      if (res.code === 404) return; // already gone
      deps.recorder.event(rs, 'Warning', FAILED_DELETE_POD_REASON, errorDeletingMessage(res.status.message));
      firstErr ??= new Error(`unable to delete pods: ${res.status.message}`);
    });
    return firstErr;
  }
  return undefined;
}

/**
 * `slowStartBatch` around `CreatePods`: batches of 1, 2, 4, … creates sent together; after a batch with a failure
 * no further batch is sent. A create refused because the namespace is terminating counts as a success (upstream's
 * callback swallows it) and records no event.
 */
function* createInSlowStartBatches(deps: ManageReplicasDeps, ctx: ReconcileContext, rs: ReplicaSetObject, count: number): ClientOp<{ successes: number; err?: Error }> {
  const sizes = slowStartBatchSizes(count);
  const ref = newControllerRef(rs, rs.apiVersion, rs.kind);
  let successes = 0;
  for (const [index, size] of sizes.entries()) {
    ctx.act(`create ${size} pod${size === 1 ? '' : 's'}${sizes.length > 1 ? ` (slow-start batch ${index + 1} of ${sizes.length})` : ''}`);
    const template = rs.spec?.template ?? {};
    if (Object.keys(template.metadata?.labels ?? {}).length === 0) {
      // createPods refuses before calling the api-server.
      return { successes, err: new Error('unable to create pods, no labels') };
    }
    const batch: ApiCallBatch = {
      type: 'batch',
      requests: Array.from({ length: size }, () =>
        ctx.client.request({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: rs.metadata.namespace, body: getPodFromTemplate(template, rs, ref) }),
      ),
    };
    const responses = (yield batch) as ApiResponse[];
    let batchErr: Error | undefined;
    for (const res of responses) {
      if (res.ok && 'object' in res) {
        deps.recorder.event(rs, 'Normal', SUCCESSFUL_CREATE_POD_REASON, createdPodMessage(res.object.metadata.name ?? ''));
        successes++;
        continue;
      }
      if (res.ok) continue;
      if (res.status.details?.causes?.some((c) => c.reason === NAMESPACE_TERMINATING_CAUSE)) {
        successes++;
        continue;
      }
      deps.recorder.event(rs, 'Warning', FAILED_CREATE_POD_REASON, errorCreatingMessage(res.status.message));
      batchErr ??= new Error(res.status.message);
    }
    if (batchErr) return { successes, err: batchErr };
  }
  return { successes };
}

/**
 * `getIndirectlyRelatedPods`: the pods (by selector) of every ReplicaSet with the same controller as `rs` — the
 * pods a Deployment's scale-down ranks against. None when `rs` has no controller.
 */
export function getIndirectlyRelatedPods(deps: Pick<ManageReplicasDeps, 'rsInformer' | 'podInformer'>, rs: ReplicaSetObject): Pod[] {
  const ref = controllerOf(rs);
  if (!ref) return [];
  const seen = new Set<string>();
  const related: Pod[] = [];
  for (const other of deps.rsInformer.byIndex(CONTROLLER_UID_INDEX, ref.uid)) {
    let selector;
    try {
      selector = labelSelectorFromObject((other.spec as ReplicaSetObject['spec'])?.selector ?? {});
    } catch {
      continue; // an invalid selector matches no pods
    }
    for (const pod of deps.podInformer.list(selector, other.metadata.namespace ?? '') as Pod[]) {
      const uid = pod.metadata?.uid ?? '';
      if (seen.has(uid)) continue;
      seen.add(uid);
      related.push(pod);
    }
  }
  return related;
}
