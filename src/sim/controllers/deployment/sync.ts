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
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { isSaturated } from './annotations.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import { calculateStatus } from './deployment-status.ts';
import { deploymentStatusEqual, updateDeploymentStatus, type DeploymentSync } from './deployment-sync.ts';
import { deploymentReplicas, maxSurge } from './fenceposts.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { scale as proportionalScale } from './proportional-scaling.ts';
import { filterActiveReplicaSets, findActiveOrLatest, getReplicaCountForReplicaSets, rsReplicas } from './replica-sets.ts';
import { SCALING_REPLICA_SET, scaleReplicaSet as scaleReplicaSetUpdate } from './scale-replica-set.ts';
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
 * proportion, the largest takes the leftover, and each is written (sizes and replicas annotations). The sizes come
 * from proportional-scaling.ts, in upstream's order of writes.
 */
export function* scale(s: DeploymentSync, newRS: ReplicaSetObject | undefined, oldRSs: readonly ReplicaSetObject[]): ClientOp<void> {
  const d = s.d;
  const steps = proportionalScale(d, newRS, oldRSs);
  if (findActiveOrLatest(newRS, oldRSs) || isSaturated(d, newRS)) {
    for (const step of steps) yield* scaleReplicaSetAndRecordEvent(s, step.rs as ReplicaSetObject, step.replicas);
    return;
  }
  // Proportional: every active RS goes through scaleReplicaSet with the direction of the whole change.
  const want = deploymentReplicas(d);
  const allowedSize = want > 0 ? want + maxSurge(d) : 0;
  const toAdd = allowedSize - getReplicaCountForReplicaSets(filterActiveReplicaSets([...oldRSs, newRS]));
  const scalingOperation = toAdd > 0 ? 'up' : toAdd < 0 ? 'down' : '';
  for (const step of steps) {
    // Return as soon as a write fails; the deployment is requeued.
    yield* scaleReplicaSet(s, step.rs as ReplicaSetObject, step.replicas, scalingOperation);
  }
}

/** `scaleReplicaSetAndRecordEvent`: nothing when the size is already right; else scale "up" or "down". */
export function* scaleReplicaSetAndRecordEvent(s: DeploymentSync, rs: ReplicaSetObject, newScale: number): ClientOp<{ scaled: boolean; rs: ReplicaSetObject }> {
  if (rsReplicas(rs) === newScale) return { scaled: false, rs };
  return yield* scaleReplicaSet(s, rs, newScale, rsReplicas(rs) < newScale ? 'up' : 'down');
}

/**
 * `scaleReplicaSet`: an Update of the RS with the new size and the desired-replicas/max-replicas annotations
 * when either changed (the object from scale-replica-set.ts); the ScalingReplicaSet event when the size did,
 * with the caller's direction word as upstream.
 */
export function* scaleReplicaSet(
  s: DeploymentSync,
  rs: ReplicaSetObject,
  newScale: number,
  scalingOperation: string,
): ClientOp<{ scaled: boolean; rs: ReplicaSetObject }> {
  const update = scaleReplicaSetUpdate(s.d, rs, newScale);
  if (!update) return { scaled: false, rs };
  const oldScale = rsReplicas(rs);
  s.ctx.act(update.event ? `scale replica set ${rs.metadata.name} from ${oldScale} to ${newScale}` : `update replica set ${rs.metadata.name} annotations`);
  const updated = yield* s.ctx.client.update<ReplicaSetObject>(update.rs as ReplicaSetObject);
  if (update.event) {
    s.recorder.event(s.d, 'Normal', SCALING_REPLICA_SET, `Scaled ${scalingOperation} replica set ${updated.metadata.name} from ${oldScale} to ${newScale}`);
  }
  return { scaled: update.event !== undefined, rs: updated };
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
