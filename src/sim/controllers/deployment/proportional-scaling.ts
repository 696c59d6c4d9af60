/**
 * Proportional scaling: when a Deployment is resized mid-rollout (or while paused), spread the change over its
 * active ReplicaSets in proportion to their sizes.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (scale) and `util/deployment_util.go`
 * (GetProportion, getReplicaSetFraction).
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { getMaxReplicasAnnotation, isSaturated } from './annotations';
import { deploymentReplicas, isRollingUpdate, maxSurge } from './fenceposts';
import type { ScaleStep } from './rolling-math';
import { bySizeNewer, bySizeOlder, filterActiveReplicaSets, findActiveOrLatest, getReplicaCountForReplicaSets, rsReplicas } from './replica-sets';

/** Go's `math.Round`: half away from zero (JS Math.round rounds −2.5 to −2). */
export function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/**
 * `getReplicaSetFraction`: how many replicas the RS should gain (or lose) so it keeps its share of
 * spec.replicas + maxSurge, its share measured against its max-replicas annotation (falling back to
 * status.replicas of the Deployment; 0 if neither is known, since an unsynced Deployment must not scale).
 */
export function getReplicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  if (deploymentReplicas(d) === 0) return -rsReplicas(rs);
  const deploymentMaxReplicas = deploymentReplicas(d) + maxSurge(d);
  const fromAnnotation = getMaxReplicasAnnotation(rs);
  let annotated = fromAnnotation.value;
  if (!fromAnnotation.valid || annotated === 0) annotated = d.status?.replicas ?? 0;
  if (annotated === 0) return 0;
  return roundHalfAwayFromZero((rsReplicas(rs) * deploymentMaxReplicas) / annotated) - rsReplicas(rs);
}

/** `GetProportion`: the fraction, bounded by what is still left to add (or remove). */
export function getProportion(rs: ReplicaSet | undefined, d: Deployment, toAdd: number, added: number): number {
  if (!rs || rsReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = getReplicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/**
 * `scale`: the sizes to write on a scaling event. One active RS (or none: the newest) takes spec.replicas; a
 * saturated new RS sends every active old RS to 0; otherwise (RollingUpdate only) RSs are sorted (size desc, newer
 * first when growing, older first when shrinking), each gets its proportion, and the first takes the leftover.
 * Returns every `scaleReplicaSet` call upstream makes, in its order: in the proportional case that includes RSs
 * whose size stays (their desired-replicas/max-replicas annotations may still need refreshing); pass each step to
 * `scaleReplicaSet`, which decides whether anything is written.
 */
export function scale(d: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ScaleStep[] {
  const want = deploymentReplicas(d);
  const activeOrLatest = findActiveOrLatest(newRS, oldRSs);
  if (activeOrLatest) return rsReplicas(activeOrLatest) === want ? [] : [{ rs: activeOrLatest, replicas: want }];
  if (isSaturated(d, newRS)) return filterActiveReplicaSets(oldRSs).map((rs) => ({ rs, replicas: 0 }));
  if (!isRollingUpdate(d)) return [];

  const allRSs = filterActiveReplicaSets([...oldRSs, newRS]);
  const allowedSize = want > 0 ? want + maxSurge(d) : 0;
  const toAdd = allowedSize - getReplicaCountForReplicaSets(allRSs);
  if (toAdd > 0) allRSs.sort(bySizeNewer);
  else if (toAdd < 0) allRSs.sort(bySizeOlder);

  let added = 0;
  const sizes = allRSs.map((rs) => {
    const proportion = getProportion(rs, d, toAdd, added);
    added += proportion;
    return rsReplicas(rs) + proportion;
  });
  if (sizes[0] !== undefined && toAdd !== 0) sizes[0] = Math.max(0, sizes[0] + toAdd - added);
  return allRSs.map((rs, i) => ({ rs, replicas: sizes[i] ?? rsReplicas(rs) }));
}
