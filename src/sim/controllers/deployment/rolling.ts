/**
 * `rolloutRolling`: one step of a RollingUpdate. Scale the new ReplicaSet up as far as maxSurge allows (counting
 * spec sizes, so terminating pods are invisible to it); if nothing was scaled up, scale old ReplicaSets down as far
 * as maxUnavailable allows (unhealthy old pods first); when complete, clean up old revisions; then the status.
 *
 * Ported from kubernetes `pkg/controller/deployment/rolling.go` (rolloutRolling, reconcileNewReplicaSet,
 * reconcileOldReplicaSets, cleanupUnhealthyReplicas, scaleDownOldReplicaSetsForRollingUpdate). The arithmetic is
 * in rolling-math.ts; this file performs its writes one at a time, as upstream does.
 */
import type { ClientOp } from '../../client/api-call.ts';
import { deploymentComplete } from './conditions.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import type { DeploymentSync } from './deployment-sync.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncRolloutStatus } from './progress.ts';
import { filterActiveReplicaSets, getReplicaCountForReplicaSets } from './replica-sets.ts';
import {
  cleanupUnhealthyReplicas,
  maxScaledDown as computeMaxScaledDown,
  reconcileNewReplicaSet as newReplicaSetStep,
  scaleDownOldReplicaSetsForRollingUpdate as scaleDownPlan,
} from './rolling-math.ts';
import { cleanupDeployment, scaleReplicaSetAndRecordEvent } from './sync.ts';

/** `rolloutRolling`. */
export function* rolloutRolling(s: DeploymentSync, rsList: readonly ReplicaSetObject[]): ClientOp<void> {
  const { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, true);
  if (!newRS) throw new Error('new replica set missing after getNewReplicaSet'); // unreachable: create=true
  const allRSs = [...oldRSs, newRS];

  // Scale up, if we can.
  if (yield* reconcileNewReplicaSet(s, allRSs, newRS)) {
    yield* syncRolloutStatus(s, allRSs, newRS);
    return;
  }
  // Scale down, if we can.
  if (yield* reconcileOldReplicaSets(s, allRSs, filterActiveReplicaSets(oldRSs) as ReplicaSetObject[], newRS)) {
    yield* syncRolloutStatus(s, allRSs, newRS);
    return;
  }
  if (deploymentComplete(s.d, s.d.status ?? {})) yield* cleanupDeployment(s, oldRSs);
  yield* syncRolloutStatus(s, allRSs, newRS);
}

/** `reconcileNewReplicaSet`: the new RS to spec.replicas (down) or by what maxSurge leaves room for (up). */
export function* reconcileNewReplicaSet(s: DeploymentSync, allRSs: readonly ReplicaSetObject[], newRS: ReplicaSetObject): ClientOp<boolean> {
  const step = newReplicaSetStep(s.d, allRSs, newRS);
  if (!step) return false;
  const { scaled } = yield* scaleReplicaSetAndRecordEvent(s, newRS, step.replicas);
  return scaled;
}

/**
 * `reconcileOldReplicaSets`: at most `maxScaledDown` old pods go: first unavailable ones (`cleanupUnhealthyReplicas`),
 * then available ones while the available total stays at minAvailable. A failed write ends the step without an
 * error (upstream returns `false, nil`).
 */
export function* reconcileOldReplicaSets(
  s: DeploymentSync,
  allRSs: readonly ReplicaSetObject[],
  oldRSs: readonly ReplicaSetObject[],
  newRS: ReplicaSetObject,
): ClientOp<boolean> {
  if (getReplicaCountForReplicaSets(oldRSs) === 0) return false;
  const maxScaledDown = computeMaxScaledDown(s.d, allRSs, newRS);
  s.ctx.diff(`old replica sets may lose ${Math.max(0, maxScaledDown)} pods`, maxScaledDown <= 0);
  if (maxScaledDown <= 0) return false;

  // Clean up unhealthy replicas first, otherwise unhealthy replicas will block deployment.
  const cleanup = cleanupUnhealthyReplicas(oldRSs, maxScaledDown);
  const written = new Map<string, ReplicaSetObject>();
  let cleanupCount = 0;
  for (const step of cleanup.steps) {
    try {
      const r = yield* scaleReplicaSetAndRecordEvent(s, step.rs as ReplicaSetObject, step.replicas);
      written.set(r.rs.metadata.name ?? '', r.rs);
      cleanupCount += (step.rs.spec?.replicas ?? 1) - step.replicas;
    } catch {
      return false;
    }
  }
  // Upstream's cleanupUnhealthyReplicas errors on a write that would scale up (a transient availableReplicas above
  // spec), and reconcileOldReplicaSets then returns `false, nil`: nothing more this step (rolling.go).
  if (cleanup.invalid !== undefined) {
    s.ctx.diff(cleanup.invalid, true);
    return false;
  }
  const cleanedOld = cleanup.oldRSs.map((rs) => written.get(rs.metadata?.name ?? '') ?? (rs as ReplicaSetObject));

  // Scale down old replica sets, checking maxUnavailable.
  const down = scaleDownPlan(s.d, [...cleanedOld, newRS], cleanedOld);
  let scaledDownCount = 0;
  for (const step of down.steps) {
    try {
      yield* scaleReplicaSetAndRecordEvent(s, step.rs as ReplicaSetObject, step.replicas);
      scaledDownCount += (step.rs.spec?.replicas ?? 1) - step.replicas;
    } catch {
      return false;
    }
  }
  return cleanupCount + scaledDownCount > 0;
}
