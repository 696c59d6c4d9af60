/**
 * The Deployment sync steps that are not a rollout strategy: status-only sync (a Deployment being deleted), `sync`
 * (scaling events and paused Deployments: proportional scaling, then revision-history cleanup), the paused/resumed
 * condition, scaling one ReplicaSet with its ScalingReplicaSet event, cleanup, and the status write.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (syncStatusOnly, sync, checkPausedConditions, scale,
 * scaleReplicaSetAndRecordEvent, scaleReplicaSet, cleanupDeployment, syncDeploymentStatus). The event text is the
 * current upstream's: "Scaled %s replica set %s from %d to %d" (older releases said "... to %d from %d", and before
 * 1.28 "... to %d").
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { isSaturated, replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './annotations.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import { calculateStatus } from './deployment-status.ts';
import { deploymentStatusEqual, updateDeploymentStatus, type DeploymentSync } from './deployment-sync.ts';
import { deploymentReplicas, isRollingUpdate, maxSurge } from './fenceposts.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { scale as proportionalScale } from './proportional-scaling.ts';
import { bySizeNewer, bySizeOlder, filterActiveReplicaSets, findActiveOrLatest, getReplicaCountForReplicaSets, rsReplicas } from './replica-sets.ts';
import { checkPausedConditions as pausedConditionStatus, replicaSetsToCleanup } from './sync-logic.ts';

/** The getRollbackTo annotation (the legacy extensions/v1beta1 `spec.rollbackTo`, round-tripped). */
export const DEPRECATED_ROLLBACK_TO = 'deprecated.deployment.rollback.to';

const present = (rss: readonly (ReplicaSetObject | undefined)[]): ReplicaSetObject[] => rss.filter((rs): rs is ReplicaSetObject => rs !== undefined);

/** `syncStatusOnly`: only the status; nothing is created or scaled (a Deployment being deleted). */
export function* syncStatusOnly(s: DeploymentSync, rsList: readonly ReplicaSetObject[]): ClientOp<void> {
  const { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, false);
  yield* syncDeploymentStatus(s, present([...oldRSs, newRS]), newRS);
}

/** `sync`: scaling events and paused Deployments: proportional scaling, cleanup when paused, status. */
export function* sync(s: DeploymentSync, rsList: readonly ReplicaSetObject[]): ClientOp<void> {
  const { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, false);
  yield* scale(s, newRS, oldRSs);
  // Clean up the deployment when it's paused and no rollback is in flight.
  if (s.d.spec?.paused && !s.d.metadata.annotations?.[DEPRECATED_ROLLBACK_TO]) yield* cleanupDeployment(s, oldRSs);
  yield* syncDeploymentStatus(s, present([...oldRSs, newRS]), newRS);
}

/** `checkPausedConditions`: Progressing Unknown DeploymentPaused / DeploymentResumed, written with UpdateStatus. */
export function* checkPausedConditions(s: DeploymentSync): ClientOp<void> {
  const status = pausedConditionStatus(s.d, s.ctx.now);
  if (!status) return;
  s.d.status = status;
  yield* updateDeploymentStatus(s, s.d.spec?.paused ? 'DeploymentPaused' : 'DeploymentResumed');
}

/**
 * `scale`: proportional scaling on a scaling event or while paused. One active RS (or none: the newest) takes
 * spec.replicas; a saturated new RS sends the old ones to 0; otherwise (RollingUpdate) every active RS gets its
 * proportion, the largest takes the leftover, and each is written (sizes and replicas annotations).
 */
export function* scale(s: DeploymentSync, newRS: ReplicaSetObject | undefined, oldRSs: readonly ReplicaSetObject[]): ClientOp<void> {
  const d = s.d;
  const want = deploymentReplicas(d);
  const activeOrLatest = findActiveOrLatest(newRS, oldRSs) as ReplicaSetObject | undefined;
  if (activeOrLatest) {
    if (rsReplicas(activeOrLatest) === want) return;
    yield* scaleReplicaSetAndRecordEvent(s, activeOrLatest, want);
    return;
  }
  if (isSaturated(d, newRS)) {
    for (const old of filterActiveReplicaSets(oldRSs) as ReplicaSetObject[]) yield* scaleReplicaSetAndRecordEvent(s, old, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const allRSs = filterActiveReplicaSets([...oldRSs, newRS]) as ReplicaSetObject[];
  const allowedSize = want > 0 ? want + maxSurge(d) : 0;
  const toAdd = allowedSize - getReplicaCountForReplicaSets(allRSs);
  let scalingOperation = '';
  if (toAdd > 0) {
    allRSs.sort(bySizeNewer);
    scalingOperation = 'up';
  } else if (toAdd < 0) {
    allRSs.sort(bySizeOlder);
    scalingOperation = 'down';
  }
  const sizes = new Map<string, number>(proportionalScale(d, newRS, oldRSs).map((step) => [step.rs.metadata?.name ?? '', step.replicas]));
  for (const rs of allRSs) {
    // Return as soon as a write fails; the deployment is requeued.
    yield* scaleReplicaSet(s, rs, sizes.get(rs.metadata.name ?? '') ?? rsReplicas(rs), scalingOperation);
  }
}

/** `scaleReplicaSetAndRecordEvent`: nothing when the size is already right; else scale "up" or "down". */
export function* scaleReplicaSetAndRecordEvent(s: DeploymentSync, rs: ReplicaSetObject, newScale: number): ClientOp<{ scaled: boolean; rs: ReplicaSetObject }> {
  if (rsReplicas(rs) === newScale) return { scaled: false, rs };
  return yield* scaleReplicaSet(s, rs, newScale, rsReplicas(rs) < newScale ? 'up' : 'down');
}

/**
 * `scaleReplicaSet`: an Update of the RS with the new size and the desired-replicas/max-replicas annotations
 * when either changed; the ScalingReplicaSet event when the size did.
 */
export function* scaleReplicaSet(
  s: DeploymentSync,
  rs: ReplicaSetObject,
  newScale: number,
  scalingOperation: string,
): ClientOp<{ scaled: boolean; rs: ReplicaSetObject }> {
  const d = s.d;
  const oldScale = rsReplicas(rs);
  const sizeNeedsUpdate = oldScale !== newScale;
  const want = deploymentReplicas(d);
  const annotationsNeedUpdate = replicasAnnotationsNeedUpdate(rs, want, want + maxSurge(d));
  if (!sizeNeedsUpdate && !annotationsNeedUpdate) return { scaled: false, rs };
  const rsCopy = structuredClone(rs) as ReplicaSetObject;
  rsCopy.spec = { ...(rsCopy.spec as NonNullable<ReplicaSet['spec']>), replicas: newScale };
  rsCopy.metadata.annotations = setReplicasAnnotations(rsCopy.metadata.annotations, want, want + maxSurge(d)).annotations;
  s.ctx.act(sizeNeedsUpdate ? `scale replica set ${rs.metadata.name} from ${oldScale} to ${newScale}` : `update replica set ${rs.metadata.name} annotations`);
  const updated = yield* s.ctx.client.update<ReplicaSetObject>(rsCopy);
  if (sizeNeedsUpdate) {
    s.recorder.event(d, 'Normal', 'ScalingReplicaSet', `Scaled ${scalingOperation} replica set ${updated.metadata.name} from ${oldScale} to ${newScale}`);
  }
  return { scaled: sizeNeedsUpdate, rs: updated };
}

/**
 * `cleanupDeployment`: delete the oldest old RSs beyond revisionHistoryLimit that have no replicas (spec and status)
 * and were observed by their controller. A NotFound is fine; any other error stops the cleanup.
 */
export function* cleanupDeployment(s: DeploymentSync, oldRSs: readonly ReplicaSetObject[]): ClientOp<void> {
  for (const rs of replicaSetsToCleanup(s.d, oldRSs) as ReplicaSetObject[]) {
    s.ctx.act(`delete old replica set ${rs.metadata.name} (revisionHistoryLimit ${s.d.spec?.revisionHistoryLimit})`);
    try {
      yield* s.ctx.client.delete(rs, rs.metadata.namespace, rs.metadata.name ?? '');
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'NotFound')) throw e;
    }
  }
}

/** `syncDeploymentStatus`: `calculateStatus` written with UpdateStatus when it differs. */
export function* syncDeploymentStatus(s: DeploymentSync, allRSs: readonly ReplicaSetObject[], newRS: ReplicaSetObject | undefined): ClientOp<void> {
  const newStatus = calculateStatus(allRSs, newRS, s.d, s.ctx.now);
  if (deploymentStatusEqual(s.d.status, newStatus)) {
    s.ctx.status(`status up to date: ${statusSummary(newStatus)}`);
    return;
  }
  s.d.status = newStatus;
  yield* updateDeploymentStatus(s, statusSummary(newStatus));
  s.ctx.status(statusSummary(newStatus));
}

/** "3 replicas, 2 updated, 1 available" for the reconcile panel. */
export function statusSummary(st: { replicas?: number; updatedReplicas?: number; readyReplicas?: number; availableReplicas?: number }): string {
  return `${st.replicas ?? 0} replicas, ${st.updatedReplicas ?? 0} updated, ${st.readyReplicas ?? 0} ready, ${st.availableReplicas ?? 0} available`;
}
