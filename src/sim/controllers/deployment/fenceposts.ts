/**
 * intstr percent resolution for a RollingUpdate strategy: how many pods a rollout may add above, or take below,
 * the desired count.
 *
 * Ported from kubernetes `pkg/controller/deployment/util/deployment_util.go` (ResolveFenceposts, MaxSurge,
 * MaxUnavailable, MinAvailable) and apimachinery `pkg/util/intstr/intstr.go` (GetScaledValueFromIntOrPercent).
 */
import type { Deployment } from 'kubernetes-types/apps/v1';

/** A Kubernetes IntOrString: `2` or `"25%"`. */
export type IntOrString = number | string;

/**
 * apimachinery's `GetScaledValueFromIntOrPercent`: an int is itself; "p%" of `total` rounds up (`roundUp`) or down.
 * Throws on a string that is not a percentage, with upstream's message.
 */
export function getScaledValueFromIntOrPercent(intOrPercent: IntOrString, total: number, roundUp: boolean): number {
  if (typeof intOrPercent === 'number') return intOrPercent;
  const m = /^(-?\d+)%$/.exec(intOrPercent);
  if (!m) throw new Error(`invalid value for IntOrString: invalid value ${JSON.stringify(intOrPercent)}: must be an integer or percentage (e.g '5%')`);
  const scaled = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/**
 * `ResolveFenceposts`: the absolute maxSurge (percent rounded up) and maxUnavailable (percent rounded down) for
 * `desired` replicas. A missing value is 0. If both resolve to 0, maxUnavailable becomes 1 so a rollout can move.
 */
export function resolveFenceposts(
  maxSurge: IntOrString | undefined,
  maxUnavailable: IntOrString | undefined,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = getScaledValueFromIntOrPercent(maxSurge ?? 0, desired, true);
  let unavailable = getScaledValueFromIntOrPercent(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

/** `spec.replicas` of a Deployment, with the API default (1) when absent. */
export function deploymentReplicas(d: Deployment): number {
  return d.spec?.replicas ?? 1;
}

/**
 * `IsRollingUpdate`. The API defaults strategy.type to RollingUpdate; an absent type counts as RollingUpdate.
 */
export function isRollingUpdate(d: Deployment): boolean {
  return (d.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

function fenceposts(d: Deployment): { surge: number; unavailable: number } {
  // The api-server defaults each absent field to 25% (pkg/apis/apps/v1/defaults.go); apply the same here so an
  // undefaulted object resolves as the controller would see it.
  const ru = d.spec?.strategy?.rollingUpdate;
  return resolveFenceposts(ru?.maxSurge ?? '25%', ru?.maxUnavailable ?? '25%', deploymentReplicas(d));
}

/** `MaxSurge`: 0 unless RollingUpdate. */
export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  return fenceposts(d).surge;
}

/** `MaxUnavailable`: 0 unless RollingUpdate or when replicas is 0; never more than replicas. */
export function maxUnavailable(d: Deployment): number {
  const replicas = deploymentReplicas(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  return Math.min(fenceposts(d).unavailable, replicas);
}

/** `MinAvailable`: replicas − maxUnavailable for RollingUpdate, 0 otherwise. */
export function minAvailable(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  return deploymentReplicas(d) - maxUnavailable(d);
}
