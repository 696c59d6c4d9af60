/**
 * Deployment conditions: their reasons and messages, the helpers that set them, and the rollout predicates
 * (complete, progressing, timed out) with the progress-deadline requeue.
 *
 * Ported from kubernetes `pkg/controller/deployment/util/deployment_util.go` (NewDeploymentCondition,
 * GetDeploymentCondition, SetDeploymentCondition, RemoveDeploymentCondition, ReplicaSetToDeploymentCondition,
 * DeploymentComplete, DeploymentProgressing, DeploymentTimedOut, HasProgressDeadline) and
 * `pkg/controller/deployment/progress.go` (requeueStuckDeployment).
 */
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSetCondition } from 'kubernetes-types/apps/v1';
import { parseTime, rfc3339 } from '../../engine/clock';
import { deploymentReplicas } from './fenceposts';

// Progressing reasons.
export const REPLICA_SET_UPDATED_REASON = 'ReplicaSetUpdated';
export const FAILED_RS_CREATE_REASON = 'ReplicaSetCreateError';
export const NEW_REPLICA_SET_REASON = 'NewReplicaSetCreated';
export const FOUND_NEW_RS_REASON = 'FoundNewReplicaSet';
export const NEW_RS_AVAILABLE_REASON = 'NewReplicaSetAvailable';
export const TIMED_OUT_REASON = 'ProgressDeadlineExceeded';
export const PAUSED_DEPLOY_REASON = 'DeploymentPaused';
export const RESUMED_DEPLOY_REASON = 'DeploymentResumed';
// Available reasons.
export const MINIMUM_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
export const MINIMUM_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

export const DEPLOYMENT_AVAILABLE = 'Available';
export const DEPLOYMENT_PROGRESSING = 'Progressing';
export const DEPLOYMENT_REPLICA_FAILURE = 'ReplicaFailure';

/** progressDeadlineSeconds = MaxInt32 means "no deadline". */
export const MAX_INT32 = 2147483647;

/** The condition messages, verbatim. */
export const messages = {
  minimumReplicasAvailable: 'Deployment has minimum availability.',
  minimumReplicasUnavailable: 'Deployment does not have minimum availability.',
  newReplicaSetCreated: (rsName: string) => `Created new replica set ${JSON.stringify(rsName)}`,
  foundNewReplicaSet: (rsName: string) => `Found new replica set ${JSON.stringify(rsName)}`,
  replicaSetCreateError: (rsName: string, err: string) => `Failed to create new replica set ${JSON.stringify(rsName)}: ${err}`,
  successfullyProgressed: (kind: 'ReplicaSet' | 'Deployment', name: string) => `${kind} ${JSON.stringify(name)} has successfully progressed.`,
  progressing: (kind: 'ReplicaSet' | 'Deployment', name: string) => `${kind} ${JSON.stringify(name)} is progressing.`,
  timedOut: (kind: 'ReplicaSet' | 'Deployment', name: string) => `${kind} ${JSON.stringify(name)} has timed out progressing.`,
  paused: 'Deployment is paused',
  resumed: 'Deployment is resumed',
} as const;

/** `NewDeploymentCondition`: lastUpdateTime and lastTransitionTime both `now` (virtual ms). */
export function newDeploymentCondition(type: string, status: 'True' | 'False' | 'Unknown', reason: string, message: string, now: number): DeploymentCondition {
  const t = rfc3339(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

/** `GetDeploymentCondition`. */
export function getDeploymentCondition(status: DeploymentStatus | undefined, type: string): DeploymentCondition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

/**
 * `SetDeploymentCondition` on a copy: unchanged status and reason ⇒ nothing changes; unchanged status ⇒ the old
 * lastTransitionTime is kept; the condition moves to the end of the list.
 */
export function setDeploymentCondition(status: DeploymentStatus, condition: DeploymentCondition): DeploymentStatus {
  const current = getDeploymentCondition(status, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return status;
  const next = current && current.status === condition.status ? { ...condition, lastTransitionTime: current.lastTransitionTime } : condition;
  return { ...status, conditions: [...(status.conditions ?? []).filter((c) => c.type !== condition.type), next] };
}

/** `RemoveDeploymentCondition` on a copy. An empty list becomes absent, as in Go (nil slice). */
export function removeDeploymentCondition(status: DeploymentStatus, type: string): DeploymentStatus {
  const conditions = (status.conditions ?? []).filter((c) => c.type !== type);
  const { conditions: _drop, ...rest } = status;
  return conditions.length ? { ...rest, conditions } : rest;
}

/** `ReplicaSetToDeploymentCondition`: promotes an RS's ReplicaFailure condition onto the Deployment. */
export function replicaSetToDeploymentCondition(c: ReplicaSetCondition): DeploymentCondition {
  return {
    type: c.type,
    status: c.status,
    lastTransitionTime: c.lastTransitionTime,
    lastUpdateTime: c.lastTransitionTime,
    reason: c.reason,
    message: c.message,
  };
}

/** `HasProgressDeadline`: progressDeadlineSeconds is set and not MaxInt32. */
export function hasProgressDeadline(d: Deployment): boolean {
  const pds = d.spec?.progressDeadlineSeconds;
  return pds !== undefined && pds !== MAX_INT32;
}

/**
 * `DeploymentComplete`: updated == replicas == available == spec.replicas, and the status observes the current
 * generation.
 */
export function deploymentComplete(d: Deployment, newStatus: DeploymentStatus): boolean {
  const want = deploymentReplicas(d);
  return (
    (newStatus.updatedReplicas ?? 0) === want &&
    (newStatus.replicas ?? 0) === want &&
    (newStatus.availableReplicas ?? 0) === want &&
    (newStatus.observedGeneration ?? 0) >= (d.metadata?.generation ?? 0)
  );
}

/**
 * `DeploymentProgressing`: compared with the Deployment's current status, more updated pods, fewer old pods,
 * more ready pods or more available pods.
 */
export function deploymentProgressing(d: Deployment, newStatus: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (newStatus.replicas ?? 0) - (newStatus.updatedReplicas ?? 0);
  return (
    (newStatus.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (newStatus.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (newStatus.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

/**
 * `DeploymentTimedOut`: the Progressing condition's lastUpdateTime + progressDeadlineSeconds is strictly before
 * `now`. Never with no deadline or after NewReplicaSetAvailable; always once ProgressDeadlineExceeded.
 */
export function deploymentTimedOut(d: Deployment, newStatus: DeploymentStatus, now: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getDeploymentCondition(newStatus, DEPLOYMENT_PROGRESSING);
  if (!c) return false;
  if (c.reason === NEW_RS_AVAILABLE_REASON) return false;
  if (c.reason === TIMED_OUT_REASON) return true;
  const from = c.lastUpdateTime ? parseTime(c.lastUpdateTime) : 0;
  return from + d.spec!.progressDeadlineSeconds! * 1000 < now;
}

/** What `requeueStuckDeployment` asks of the queue. */
export type StuckDeploymentRequeue =
  | { kind: 'none' }
  /** Less than a second is left: `enqueueRateLimited` now. */
  | { kind: 'rateLimited' }
  /** `enqueueAfter(delayMs)`: the time left plus one second of slack. */
  | { kind: 'after'; delayMs: number };

/**
 * `requeueStuckDeployment`: when to look again so a rollout that makes no progress times out on time.
 * Nothing without a deadline or a Progressing condition, when complete, or when already timed out.
 */
export function requeueStuckDeployment(d: Deployment, newStatus: DeploymentStatus, now: number): StuckDeploymentRequeue {
  const current = getDeploymentCondition(d.status, DEPLOYMENT_PROGRESSING);
  if (!hasProgressDeadline(d) || !current) return { kind: 'none' };
  if (deploymentComplete(d, newStatus) || current.reason === TIMED_OUT_REASON) return { kind: 'none' };
  const from = current.lastUpdateTime ? parseTime(current.lastUpdateTime) : 0;
  const after = from + d.spec!.progressDeadlineSeconds! * 1000 - now;
  if (after < 1000) return { kind: 'rateLimited' };
  return { kind: 'after', delayMs: after + 1000 };
}
