/**
 * A ReplicaSet's status as its controller computes it from its pods.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set_utils.go` (calculateStatus, NewReplicaSetCondition,
 * SetCondition, RemoveCondition) and `replica_set.go` (updateReplicaSetStatus sets observedGeneration).
 */
import type { ReplicaSet, ReplicaSetCondition, ReplicaSetStatus } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { parseTime, rfc3339 } from '../../engine/clock';
import { labelsMatch } from './owned-pod-tallies.ts';
import { podFacts } from './pod-facts.ts';

/** ReplicaSetStatus plus the beta (1.35, on) `terminatingReplicas` that kubernetes-types 1.30 lacks. */
export type ReplicaSetStatusWithTerminating = ReplicaSetStatus & { terminatingReplicas?: number };

export const REPLICA_SET_REPLICA_FAILURE = 'ReplicaFailure';
export const FAILED_CREATE_REASON = 'FailedCreate';
export const FAILED_DELETE_REASON = 'FailedDelete';

/**
 * `calculateStatus`: replicas = active pods; fullyLabeledReplicas = those carrying every template label; ready;
 * available (ready for minReadySeconds at `now`); terminatingReplicas = `terminatingPods.length`; a ReplicaFailure
 * condition added on a manageReplicas error (FailedCreate when short, FailedDelete when over) and removed once a
 * sync succeeds; observedGeneration = metadata.generation.
 */
export function calculateStatus(
  rs: ReplicaSet,
  activePods: readonly Pod[],
  terminatingPods: readonly Pod[],
  manageReplicasErr: string | undefined,
  now: number,
): ReplicaSetStatusWithTerminating {
  const templateLabels = rs.spec?.template?.metadata?.labels;
  const minReadySeconds = rs.spec?.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of activePods) {
    if (labelsMatch(templateLabels, pod.metadata?.labels)) fullyLabeled++;
    // `IsPodReady` and `IsPodAvailable`, from the pod's memoised facts.
    const f = podFacts(pod);
    if (f.ready) {
      ready++;
      if (minReadySeconds === 0 || (f.readySince !== undefined && parseTime(f.readySince) + minReadySeconds * 1000 < now)) available++;
    }
  }
  const counts = { replicas: activePods.length, fullyLabeled, ready, available, terminating: terminatingPods.length };
  return statusFromCounts(rs, counts, manageReplicasErr, now);
}

/** What {@link calculateStatus} counts among the pods it is given. */
export interface ReplicaCounts {
  /** The active pods the ReplicaSet owns. */
  replicas: number;
  fullyLabeled: number;
  ready: number;
  available: number;
  terminating: number;
}

/** The rest of `calculateStatus`, from the counts: the ReplicaFailure condition and the status fields. */
export function statusFromCounts(rs: ReplicaSet, counts: ReplicaCounts, manageReplicasErr: string | undefined, now: number): ReplicaSetStatusWithTerminating {
  let conditions: ReplicaSetCondition[] = [...(rs.status?.conditions ?? [])];
  const failure = conditions.find((c) => c.type === REPLICA_SET_REPLICA_FAILURE);
  if (manageReplicasErr !== undefined && !failure) {
    const diff = counts.replicas - (rs.spec?.replicas ?? 1);
    const reason = diff < 0 ? FAILED_CREATE_REASON : diff > 0 ? FAILED_DELETE_REASON : '';
    conditions.push({ type: REPLICA_SET_REPLICA_FAILURE, status: 'True', lastTransitionTime: rfc3339(now), reason, message: manageReplicasErr });
  } else if (manageReplicasErr === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== REPLICA_SET_REPLICA_FAILURE);
  }
  const { conditions: _old, ...rest } = rs.status ?? {};
  return {
    ...rest,
    ...(conditions.length ? { conditions } : {}),
    replicas: counts.replicas,
    fullyLabeledReplicas: counts.fullyLabeled,
    readyReplicas: counts.ready,
    availableReplicas: counts.available,
    terminatingReplicas: counts.terminating,
    observedGeneration: rs.metadata?.generation ?? 0,
  };
}

/**
 * When ready == spec but available != spec, the controller re-checks after minReadySeconds (`AddAfter`), since
 * no event will tell it a pod became available. Returns that delay in ms, or undefined.
 */
export function availabilityRequeueAfter(rs: ReplicaSet, status: ReplicaSetStatus): number | undefined {
  const want = rs.spec?.replicas ?? 1;
  const minReadySeconds = rs.spec?.minReadySeconds ?? 0;
  if (minReadySeconds > 0 && status.readyReplicas === want && status.availableReplicas !== want) return minReadySeconds * 1000;
  return undefined;
}
