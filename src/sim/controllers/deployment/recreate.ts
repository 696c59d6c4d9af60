/**
 * `rolloutRecreate`: scale every old ReplicaSet to 0, wait until no old pod is left (terminating pods count: a pod
 * is gone only when it is deleted or Failed/Succeeded), and only then create the new ReplicaSet at full size.
 *
 * Ported from kubernetes `pkg/controller/deployment/recreate.go` (rolloutRecreate,
 * scaleDownOldReplicaSetsForRecreate, scaleUpNewReplicaSetForRecreate; oldPodsRunning is in sync-logic.ts).
 */
import type { ClientOp } from '../../client/api-call.ts';
import { deploymentComplete } from './conditions.ts';
import type { PodObject, ReplicaSetObject } from './controller-ref.ts';
import type { DeploymentSync } from './deployment-sync.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { syncRolloutStatus } from './progress.ts';
import { filterActiveReplicaSets, rsReplicas } from './replica-sets.ts';
import { cleanupDeployment, scaleReplicaSetAndRecordEvent } from './sync.ts';
import { deploymentReplicas } from './fenceposts.ts';
import { oldPodsRunning } from './sync-logic.ts';

/** `rolloutRecreate`. `podMap`: the Deployment's pods by the UID of their ReplicaSet. */
export function* rolloutRecreate(s: DeploymentSync, rsList: readonly ReplicaSetObject[], podMap: ReadonlyMap<string, readonly PodObject[]>): ClientOp<void> {
  // Don't create a new RS if not already existed, so that we avoid scaling up before scaling down.
  let { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, false);
  let allRSs = present([...oldRSs, newRS]);
  const activeOldRSs = filterActiveReplicaSets(oldRSs) as ReplicaSetObject[];

  // Scale down old replica sets.
  if (yield* scaleDownOldReplicaSetsForRecreate(s, activeOldRSs)) {
    yield* syncRolloutStatus(s, allRSs, newRS);
    return;
  }
  // Do not process a deployment when it has old pods running.
  if (oldPodsRunning(newRS, oldRSs, podMap)) {
    s.ctx.diff('old pods are still running: wait before creating the new replica set', false);
    yield* syncRolloutStatus(s, allRSs, newRS);
    return;
  }
  // If we need to create a new RS, create it now.
  if (!newRS) {
    ({ newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, true));
    allRSs = present([...oldRSs, newRS]);
  }
  // Scale up new replica set.
  if (newRS) yield* scaleReplicaSetAndRecordEvent(s, newRS, deploymentReplicas(s.d));
  if (deploymentComplete(s.d, s.d.status ?? {})) yield* cleanupDeployment(s, oldRSs);
  yield* syncRolloutStatus(s, allRSs, newRS);
}

/** `scaleDownOldReplicaSetsForRecreate`: every active old RS to 0; true when any was scaled. */
export function* scaleDownOldReplicaSetsForRecreate(s: DeploymentSync, oldRSs: readonly ReplicaSetObject[]): ClientOp<boolean> {
  let scaled = false;
  for (const rs of oldRSs) {
    if (rsReplicas(rs) === 0) continue;
    const r = yield* scaleReplicaSetAndRecordEvent(s, rs, 0);
    if (r.scaled) scaled = true;
  }
  return scaled;
}

function present(rss: readonly (ReplicaSetObject | undefined)[]): ReplicaSetObject[] {
  return rss.filter((rs): rs is ReplicaSetObject => rs !== undefined);
}
