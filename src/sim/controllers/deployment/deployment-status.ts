/**
 * The Deployment's status as the controller computes it from its ReplicaSets, with the Available, Progressing and
 * ReplicaFailure conditions.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (calculateStatus) and
 * `pkg/controller/deployment/progress.go` (syncRolloutStatus, getReplicaFailures).
 */
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from 'kubernetes-types/apps/v1';
import {
  DEPLOYMENT_AVAILABLE,
  DEPLOYMENT_PROGRESSING,
  DEPLOYMENT_REPLICA_FAILURE,
  MINIMUM_REPLICAS_AVAILABLE,
  MINIMUM_REPLICAS_UNAVAILABLE,
  NEW_RS_AVAILABLE_REASON,
  REPLICA_SET_UPDATED_REASON,
  TIMED_OUT_REASON,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  hasProgressDeadline,
  messages,
  newDeploymentCondition,
  removeDeploymentCondition,
  replicaSetToDeploymentCondition,
  setDeploymentCondition,
} from './conditions';
import { deploymentReplicas, maxUnavailable } from './fenceposts';
import {
  getActualReplicaCountForReplicaSets,
  getAvailableReplicaCountForReplicaSets,
  getReadyReplicaCountForReplicaSets,
  getReplicaCountForReplicaSets,
  getTerminatingReplicaCountForReplicaSets,
} from './replica-sets';

/** DeploymentStatus plus the beta (1.35, on) `terminatingReplicas` that kubernetes-types 1.30 lacks. */
export type DeploymentStatusWithTerminating = DeploymentStatus & { terminatingReplicas?: number };

/**
 * `calculateStatus`: counts summed over the RSs (updated = the new RS's status.replicas; unavailable from SPEC
 * sums, floored at 0), observedGeneration = generation, collisionCount kept, existing conditions kept, and
 * Available set True (MinimumReplicasAvailable) iff available ≥ replicas − maxUnavailable.
 */
export function calculateStatus(allRSs: readonly ReplicaSet[], newRS: ReplicaSet | undefined, d: Deployment, now: number): DeploymentStatusWithTerminating {
  const availableReplicas = getAvailableReplicaCountForReplicaSets(allRSs);
  const unavailableReplicas = Math.max(0, getReplicaCountForReplicaSets(allRSs) - availableReplicas);
  let status: DeploymentStatusWithTerminating = {
    observedGeneration: d.metadata?.generation ?? 0,
    replicas: getActualReplicaCountForReplicaSets(allRSs),
    updatedReplicas: getActualReplicaCountForReplicaSets([newRS]),
    readyReplicas: getReadyReplicaCountForReplicaSets(allRSs),
    availableReplicas,
    unavailableReplicas,
  };
  const terminating = getTerminatingReplicaCountForReplicaSets(allRSs);
  if (terminating !== undefined) status.terminatingReplicas = terminating;
  if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
  if (d.status?.conditions?.length) status.conditions = [...d.status.conditions];
  const available = availableReplicas >= deploymentReplicas(d) - maxUnavailable(d);
  status = setDeploymentCondition(
    status,
    available
      ? newDeploymentCondition(DEPLOYMENT_AVAILABLE, 'True', MINIMUM_REPLICAS_AVAILABLE, messages.minimumReplicasAvailable, now)
      : newDeploymentCondition(DEPLOYMENT_AVAILABLE, 'False', MINIMUM_REPLICAS_UNAVAILABLE, messages.minimumReplicasUnavailable, now),
  );
  return status;
}

/** `getReplicaFailures`: the new RS's ReplicaFailure conditions, else those of any RS. */
export function getReplicaFailures(allRSs: readonly ReplicaSet[], newRS: ReplicaSet | undefined): DeploymentCondition[] {
  const of = (rs: ReplicaSet | undefined): DeploymentCondition[] =>
    (rs?.status?.conditions ?? []).filter((c) => c.type === DEPLOYMENT_REPLICA_FAILURE).map(replicaSetToDeploymentCondition);
  const fromNew = of(newRS);
  return fromNew.length ? fromNew : allRSs.flatMap(of);
}

/**
 * The status `syncRolloutStatus` writes: {@link calculateStatus}, then (with a progress deadline, unless the rollout
 * already completed) Progressing True/NewReplicaSetAvailable when complete, True/ReplicaSetUpdated with a fresh
 * lastUpdateTime on any progress, or False/ProgressDeadlineExceeded when timed out; then ReplicaFailure copied from
 * the RSs. Without a deadline the Progressing condition is removed. Compare the result with `d.status` to decide
 * whether to write; when equal, use `requeueStuckDeployment`.
 */
export function syncRolloutStatus(allRSs: readonly ReplicaSet[], newRS: ReplicaSet | undefined, d: Deployment, now: number): DeploymentStatusWithTerminating {
  let status = calculateStatus(allRSs, newRS, d, now);
  if (!hasProgressDeadline(d)) status = removeDeploymentCondition(status, DEPLOYMENT_PROGRESSING);
  const current = getDeploymentCondition(d.status, DEPLOYMENT_PROGRESSING);
  const isCompleteDeployment = status.replicas === status.updatedReplicas && current?.reason === NEW_RS_AVAILABLE_REASON;
  const kind = newRS ? 'ReplicaSet' : 'Deployment';
  const name = (newRS ?? d).metadata?.name ?? '';
  if (hasProgressDeadline(d) && !isCompleteDeployment) {
    if (deploymentComplete(d, status)) {
      status = setDeploymentCondition(status, newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'True', NEW_RS_AVAILABLE_REASON, messages.successfullyProgressed(kind, name), now));
    } else if (deploymentProgressing(d, status)) {
      // Progressing is special: the same reason still refreshes lastUpdateTime, so remove then set.
      let condition = newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'True', REPLICA_SET_UPDATED_REASON, messages.progressing(kind, name), now);
      if (current) {
        if (current.status === 'True') condition = { ...condition, lastTransitionTime: current.lastTransitionTime };
        status = removeDeploymentCondition(status, DEPLOYMENT_PROGRESSING);
      }
      status = setDeploymentCondition(status, condition);
    } else if (deploymentTimedOut(d, status, now)) {
      status = setDeploymentCondition(status, newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'False', TIMED_OUT_REASON, messages.timedOut(kind, name), now));
    }
  }
  const failures = getReplicaFailures(allRSs, newRS);
  status = failures[0] ? setDeploymentCondition(status, failures[0]) : removeDeploymentCondition(status, DEPLOYMENT_REPLICA_FAILURE);
  return status;
}
