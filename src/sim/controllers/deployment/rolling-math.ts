/**
 * The arithmetic of a RollingUpdate step: how far to scale the new ReplicaSet up, and which old ReplicaSets to
 * scale down by how much. Pure functions over RS sizes and availability; the controller performs the writes.
 *
 * Ported from kubernetes `pkg/controller/deployment/rolling.go` (reconcileNewReplicaSet, reconcileOldReplicaSets,
 * cleanupUnhealthyReplicas, scaleDownOldReplicaSetsForRollingUpdate) and `util/deployment_util.go` (NewRSNewReplicas).
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { deploymentReplicas, isRollingUpdate, maxSurge as resolveMaxSurge, maxUnavailable } from './fenceposts';
import { byCreationTimestamp, getAvailableReplicaCountForReplicaSets, getReplicaCountForReplicaSets, rsReplicas } from './replica-sets';

/** One scale write the controller should issue: set `rs` to `replicas`. */
export interface ScaleStep {
  rs: ReplicaSet;
  replicas: number;
}

/**
 * `NewRSNewReplicas`: the new RS's target size. RollingUpdate: grow by what maxSurge leaves room for (Σ spec of all
 * RSs against replicas + maxSurge), never past spec.replicas. Recreate: spec.replicas.
 */
export function newRSNewReplicas(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const replicas = deploymentReplicas(d);
  if (!isRollingUpdate(d)) return replicas;
  const maxTotalPods = replicas + resolveMaxSurge(d);
  const currentPodCount = getReplicaCountForReplicaSets(allRSs);
  if (currentPodCount >= maxTotalPods) return rsReplicas(newRS);
  const scaleUpCount = Math.min(maxTotalPods - currentPodCount, replicas - rsReplicas(newRS));
  return rsReplicas(newRS) + scaleUpCount;
}

/**
 * `reconcileNewReplicaSet`: the new RS's size after this step, or undefined when it is already right. A new RS
 * larger than spec.replicas is scaled straight down to it.
 */
export function reconcileNewReplicaSet(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): ScaleStep | undefined {
  const want = deploymentReplicas(d);
  const have = rsReplicas(newRS);
  if (have === want) return undefined;
  const replicas = have > want ? want : newRSNewReplicas(d, allRSs, newRS);
  return replicas === have ? undefined : { rs: newRS, replicas };
}

/**
 * How many old pods this step may remove: Σ spec(all) − minAvailable − (new RS's spec − its available).
 * Unavailable new pods do not let old ones go.
 */
export function maxScaledDown(d: Deployment, allRSs: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const minAvailable = deploymentReplicas(d) - maxUnavailable(d);
  const newRSUnavailablePodCount = rsReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  return getReplicaCountForReplicaSets(allRSs) - minAvailable - newRSUnavailablePodCount;
}

/**
 * `cleanupUnhealthyReplicas`: oldest first, remove each old RS's unavailable pods, at most `maxCleanupCount` in all.
 * Returns the writes, the RS list with the new sizes applied, and the total removed.
 *
 * An RS whose `status.availableReplicas` is transiently above its spec (it was just scaled down and its status
 * still counts the pods it had) would give a negative count, a scale *up*. Upstream refuses that write
 * (rolling.go cleanupUnhealthyReplicas: "when cleaning up unhealthy replicas, got invalid request to scale down
 * %s/%s %d -> %d"), keeping the writes already made before it; `invalid` carries that message and the steps stop
 * there, so the caller ends the step as upstream's reconcileOldReplicaSets does (`return false, nil`).
 */
export function cleanupUnhealthyReplicas(
  oldRSs: readonly ReplicaSet[],
  maxCleanupCount: number,
): { steps: ScaleStep[]; oldRSs: ReplicaSet[]; cleanupCount: number; invalid?: string } {
  const sorted = [...oldRSs].sort(byCreationTimestamp);
  const steps: ScaleStep[] = [];
  let total = 0;
  const updated: ReplicaSet[] = [];
  for (const rs of sorted) {
    if (total >= maxCleanupCount) {
      updated.push(rs);
      continue;
    }
    const spec = rsReplicas(rs);
    const available = rs.status?.availableReplicas ?? 0;
    if (spec === 0 || spec === available) {
      updated.push(rs);
      continue;
    }
    const n = Math.min(maxCleanupCount - total, spec - available);
    if (spec - n > spec) {
      const invalid = `when cleaning up unhealthy replicas, got invalid request to scale down ${rs.metadata?.namespace ?? ''}/${rs.metadata?.name ?? ''} ${spec} -> ${spec - n}`;
      return { steps, oldRSs: [...updated, ...sorted.slice(updated.length)], cleanupCount: total, invalid };
    }
    total += n;
    steps.push({ rs, replicas: spec - n });
    updated.push({ ...rs, spec: { ...rs.spec!, replicas: spec - n } });
  }
  return { steps, oldRSs: updated, cleanupCount: total };
}

/**
 * `scaleDownOldReplicaSetsForRollingUpdate`: remove available old pods, oldest RS first, while the available total
 * (Σ status.availableReplicas of all RSs, new included) stays at or above minAvailable.
 */
export function scaleDownOldReplicaSetsForRollingUpdate(
  d: Deployment,
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
): { steps: ScaleStep[]; scaledDown: number } {
  const minAvailable = deploymentReplicas(d) - maxUnavailable(d);
  const availablePodCount = getAvailableReplicaCountForReplicaSets(allRSs);
  if (availablePodCount <= minAvailable) return { steps: [], scaledDown: 0 };
  const totalScaleDownCount = availablePodCount - minAvailable;
  const steps: ScaleStep[] = [];
  let total = 0;
  for (const rs of [...oldRSs].sort(byCreationTimestamp)) {
    if (total >= totalScaleDownCount) break;
    const spec = rsReplicas(rs);
    if (spec === 0) continue;
    const n = Math.min(spec, totalScaleDownCount - total);
    steps.push({ rs, replicas: spec - n });
    total += n;
  }
  return { steps, scaledDown: total };
}

/**
 * `reconcileOldReplicaSets`: the scale-down half of a rolling step. `oldRSs` are the active old RSs. Returns every
 * write (cleanup first, then the availability-bounded scale down; an RS may appear in both, the later step wins).
 */
export function reconcileOldReplicaSets(
  d: Deployment,
  allRSs: readonly ReplicaSet[],
  oldRSs: readonly ReplicaSet[],
  newRS: ReplicaSet,
): { steps: ScaleStep[]; scaledDown: number } {
  if (getReplicaCountForReplicaSets(oldRSs) === 0) return { steps: [], scaledDown: 0 };
  const budget = maxScaledDown(d, allRSs, newRS);
  if (budget <= 0) return { steps: [], scaledDown: 0 };
  const cleanup = cleanupUnhealthyReplicas(oldRSs, budget);
  if (cleanup.invalid !== undefined) return { steps: cleanup.steps, scaledDown: cleanup.cleanupCount };
  const down = scaleDownOldReplicaSetsForRollingUpdate(d, [...cleanup.oldRSs, newRS], cleanup.oldRSs);
  return { steps: [...cleanup.steps, ...down.steps], scaledDown: cleanup.cleanupCount + down.scaledDown };
}
