/**
 * The annotations the Deployment controller keeps on its ReplicaSets: revision, revision-history,
 * desired-replicas, max-replicas, and the revision arithmetic built on them.
 *
 * Ported from kubernetes `pkg/controller/deployment/util/deployment_util.go` (Revision, MaxRevision, LastRevision,
 * SetNewReplicaSetAnnotations, SetReplicasAnnotations, ReplicasAnnotationsNeedUpdate, IsSaturated,
 * getNonNegativeInt32FromAnnotation).
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { deploymentReplicas, maxSurge } from './fenceposts';
import { rsReplicas } from './replica-sets';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const LAST_APPLIED_CONFIG_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** revision-history is trimmed (oldest first) to stay within this many characters. */
export const REVISION_HISTORY_MAX_LENGTH = 2000;

const MAX_INT32 = 2147483647;

/** Annotations never copied from a Deployment to its ReplicaSets (`annotationsToSkip`). */
export const ANNOTATIONS_TO_SKIP: ReadonlySet<string> = new Set([
  LAST_APPLIED_CONFIG_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

/** `Revision`: the revision annotation as a number; 0 when absent; NaN when unparsable. */
export function revision(obj: { metadata?: { annotations?: Record<string, string> } }): number {
  const v = obj.metadata?.annotations?.[REVISION_ANNOTATION];
  if (v === undefined) return 0;
  return /^-?\d+$/.test(v) ? Number(v) : NaN;
}

/** `MaxRevision`: the highest revision among the RSs (unparsable ones skipped). */
export function maxRevision(rss: readonly ReplicaSet[]): number {
  let max = 0;
  for (const rs of rss) {
    const v = revision(rs);
    if (!Number.isNaN(v) && v > max) max = v;
  }
  return max;
}

/** `LastRevision`: the second-highest revision (the one `rollout undo` goes back to). */
export function lastRevision(rss: readonly ReplicaSet[]): number {
  let max = 0;
  let secMax = 0;
  for (const rs of rss) {
    const v = revision(rs);
    if (Number.isNaN(v)) continue;
    if (v >= max) {
      secMax = max;
      max = v;
    } else if (v > secMax) {
      secMax = v;
    }
  }
  return secMax;
}

/**
 * `getNonNegativeInt32FromAnnotation`: the annotation as a non-negative int32; `valid: false` when absent, and an
 * `error` ("invalid syntax" / "out of range", strconv's words) when it is not one.
 */
export function getNonNegativeInt32FromAnnotation(
  rs: ReplicaSet,
  key: string,
): { value: number; valid: boolean; error?: string } {
  const v = rs.metadata?.annotations?.[key];
  if (v === undefined) return { value: 0, valid: false };
  if (!/^\+?\d+$/.test(v)) return { value: 0, valid: false, error: `strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax` };
  const n = Number(v);
  if (n > MAX_INT32) return { value: 0, valid: false, error: `strconv.ParseUint: parsing ${JSON.stringify(v)}: value out of range` };
  return { value: n, valid: true };
}

/** `GetDesiredReplicasAnnotation`. */
export function getDesiredReplicasAnnotation(rs: ReplicaSet): { value: number; valid: boolean } {
  const { value, valid } = getNonNegativeInt32FromAnnotation(rs, DESIRED_REPLICAS_ANNOTATION);
  return { value, valid };
}

/** `getMaxReplicasAnnotation`. */
export function getMaxReplicasAnnotation(rs: ReplicaSet): { value: number; valid: boolean } {
  const { value, valid } = getNonNegativeInt32FromAnnotation(rs, MAX_REPLICAS_ANNOTATION);
  return { value, valid };
}

/** `ReplicasAnnotationsNeedUpdate`: desired-replicas or max-replicas differ from the given values. */
export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desiredReplicas: number, maxReplicas: number): boolean {
  const a = rs.metadata?.annotations;
  return a?.[DESIRED_REPLICAS_ANNOTATION] !== String(desiredReplicas) || a?.[MAX_REPLICAS_ANNOTATION] !== String(maxReplicas);
}

/**
 * `SetReplicasAnnotations` on a copy: returns the new annotations and whether anything changed.
 * The input is never mutated (it may be a frozen cache object).
 */
export function setReplicasAnnotations(
  annotations: Readonly<Record<string, string>> | undefined,
  desiredReplicas: number,
  maxReplicas: number,
): { annotations: Record<string, string>; updated: boolean } {
  const out = { ...(annotations ?? {}) };
  let updated = false;
  if (out[DESIRED_REPLICAS_ANNOTATION] !== String(desiredReplicas)) {
    out[DESIRED_REPLICAS_ANNOTATION] = String(desiredReplicas);
    updated = true;
  }
  if (out[MAX_REPLICAS_ANNOTATION] !== String(maxReplicas)) {
    out[MAX_REPLICAS_ANNOTATION] = String(maxReplicas);
    updated = true;
  }
  return { annotations: out, updated };
}

/**
 * `SetNewReplicaSetAnnotations` on a copy: copies the Deployment's annotations (except {@link ANNOTATIONS_TO_SKIP}),
 * raises the revision to `newRevision` if it is higher, appends the previous revision to revision-history when an
 * existing RS becomes new again (a rollback), and for an RS about to be created (`exists` false) writes
 * desired-replicas and max-replicas.
 */
export function setNewReplicaSetAnnotations(
  d: Deployment,
  rsAnnotations: Readonly<Record<string, string>> | undefined,
  newRevision: string,
  exists: boolean,
  revHistoryLimitInChars = REVISION_HISTORY_MAX_LENGTH,
): { annotations: Record<string, string>; changed: boolean } {
  const out: Record<string, string> = { ...(rsAnnotations ?? {}) };
  let changed = false;
  for (const k of Object.keys(d.metadata?.annotations ?? {}).sort()) {
    const v = d.metadata!.annotations![k];
    if (v === undefined || ANNOTATIONS_TO_SKIP.has(k) || out[k] === v) continue;
    out[k] = v;
    changed = true;
  }
  const oldRevision = out[REVISION_ANNOTATION];
  const hadRevision = oldRevision !== undefined;
  // Upstream compares the parsed integers (it used to compare strings); an unparsable old revision is replaced.
  const oldRevisionInt = hadRevision && /^\d+$/.test(oldRevision) ? Number(oldRevision) : -1;
  if (oldRevisionInt < Number(newRevision)) {
    out[REVISION_ANNOTATION] = newRevision;
    changed = true;
  }
  if (hadRevision && oldRevisionInt < Number(newRevision)) {
    const history = out[REVISION_HISTORY_ANNOTATION];
    let revs = history ? history.split(',') : [];
    revs.push(oldRevision);
    // Drop the oldest entries while the history is too long.
    while (revs.length > 1 && revs.join(',').length > revHistoryLimitInChars) revs = revs.slice(1);
    out[REVISION_HISTORY_ANNOTATION] = revs.join(',');
  }
  if (!exists) {
    const r = setReplicasAnnotations(out, deploymentReplicas(d), deploymentReplicas(d) + maxSurge(d));
    if (r.updated) {
      Object.assign(out, r.annotations);
      changed = true;
    }
  }
  return { annotations: out, changed };
}

/**
 * `IsSaturated`: the RS is the whole Deployment: spec.replicas, desired-replicas and availableReplicas all equal
 * the Deployment's spec.replicas.
 */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = rs.metadata?.annotations?.[DESIRED_REPLICAS_ANNOTATION];
  if (desired === undefined || !/^-?\d+$/.test(desired)) return false;
  const want = deploymentReplicas(d);
  return rsReplicas(rs) === want && Number(desired) === want && (rs.status?.availableReplicas ?? 0) === want;
}
