/**
 * The remaining decisions of a Deployment sync: is this a scaling event, the paused/resumed condition, the new
 * ReplicaSet to create, which old ReplicaSets the revision history limit lets go, and whether Recreate must wait.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (isScalingEvent, getNewReplicaSet, cleanupDeployment,
 * checkPausedConditions), `recreate.go` (oldPodsRunning) and `util/deployment_util.go` (HasRevisionHistoryLimit,
 * ReplicaSetsByRevision).
 */
import type { Deployment, DeploymentStatus, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { getDesiredReplicasAnnotation, maxRevision, revision, setNewReplicaSetAnnotations } from './annotations';
import {
  DEPLOYMENT_PROGRESSING,
  MAX_INT32,
  PAUSED_DEPLOY_REASON,
  RESUMED_DEPLOY_REASON,
  TIMED_OUT_REASON,
  getDeploymentCondition,
  hasProgressDeadline,
  messages,
  newDeploymentCondition,
  setDeploymentCondition,
} from './conditions';
import { deploymentReplicas } from './fenceposts';
import { computeHash, replicaSetName } from './pod-template-hash';
import { DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY, byCreationTimestamp, filterActiveReplicaSets, getActualReplicaCountForReplicaSets, rsReplicas } from './replica-sets';
import { newRSNewReplicas } from './rolling-math';

/** `isScalingEvent`: some active RS's desired-replicas annotation differs from spec.replicas. */
export function isScalingEvent(d: Deployment, allRSs: readonly ReplicaSet[]): boolean {
  return filterActiveReplicaSets(allRSs).some((rs) => {
    const { value, valid } = getDesiredReplicasAnnotation(rs);
    return valid && value !== deploymentReplicas(d);
  });
}

/**
 * `checkPausedConditions`: the status with Progressing=Unknown DeploymentPaused ("Deployment is paused") when paused,
 * or DeploymentResumed ("Deployment is resumed") when resumed, or undefined when nothing changes. Needs a progress
 * deadline; never overwrites ProgressDeadlineExceeded.
 */
export function checkPausedConditions(d: Deployment, now: number): DeploymentStatus | undefined {
  if (!hasProgressDeadline(d)) return undefined;
  const status = d.status ?? {};
  const cond = getDeploymentCondition(status, DEPLOYMENT_PROGRESSING);
  if (cond?.reason === TIMED_OUT_REASON) return undefined;
  const pausedCondExists = cond?.reason === PAUSED_DEPLOY_REASON;
  if (d.spec?.paused && !pausedCondExists) {
    return setDeploymentCondition(status, newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'Unknown', PAUSED_DEPLOY_REASON, messages.paused, now));
  }
  if (!d.spec?.paused && pausedCondExists) {
    return setDeploymentCondition(status, newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'Unknown', RESUMED_DEPLOY_REASON, messages.resumed, now));
  }
  return undefined;
}

/** The revision a new (or re-adopted) RS gets: max revision of the old RSs + 1. */
export function newRevision(oldRSs: readonly ReplicaSet[]): string {
  return String(maxRevision(oldRSs) + 1);
}

/**
 * The ReplicaSet `getNewReplicaSet` creates: name `<deployment>-<hash>` (hash of the template before the label is
 * added, with status.collisionCount), the hash label on its labels, selector and template, a controller reference to
 * the Deployment, minReadySeconds, replicas from {@link newRSNewReplicas}, and the revision and replicas annotations.
 */
export function newReplicaSet(d: Deployment, oldRSs: readonly ReplicaSet[]): ReplicaSet {
  const template = structuredClone(d.spec?.template ?? {});
  const hash = computeHash(template, d.status?.collisionCount);
  const labels = { ...(template.metadata?.labels ?? {}), [DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY]: hash };
  const selector = structuredClone(d.spec?.selector ?? {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY]: hash };
  const rs: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: replicaSetName(d, hash),
      ...(d.metadata?.namespace ? { namespace: d.metadata.namespace } : {}),
      labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata?.name ?? '', uid: d.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      replicas: 0,
      ...(d.spec?.minReadySeconds !== undefined ? { minReadySeconds: d.spec.minReadySeconds } : {}),
      selector,
      template: { ...template, metadata: { ...(template.metadata ?? {}), labels } },
    },
  };
  rs.spec!.replicas = newRSNewReplicas(d, [...oldRSs, rs], rs);
  rs.metadata!.annotations = setNewReplicaSetAnnotations(d, undefined, newRevision(oldRSs), false).annotations;
  return rs;
}

/** `HasRevisionHistoryLimit`: set and not MaxInt32. */
export function hasRevisionHistoryLimit(d: Deployment): boolean {
  const l = d.spec?.revisionHistoryLimit;
  return l !== undefined && l !== MAX_INT32;
}

/** `ReplicaSetsByRevision`: lower revision first; equal revisions by creation time, then name. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revision(a);
  const rb = revision(b);
  if (ra !== rb && !Number.isNaN(ra) && !Number.isNaN(rb)) return ra - rb;
  return byCreationTimestamp(a, b);
}

/**
 * `cleanupDeployment`: the old RSs to delete so at most revisionHistoryLimit remain. The oldest `count − limit`
 * (by revision) are considered; any of them still with replicas (spec or status), not yet observed by its
 * controller, or already being deleted is skipped, not replaced.
 */
export function replicaSetsToCleanup(d: Deployment, oldRSs: readonly ReplicaSet[]): ReplicaSet[] {
  if (!hasRevisionHistoryLimit(d)) return [];
  const cleanable = oldRSs.filter((rs) => !rs.metadata?.deletionTimestamp);
  const diff = cleanable.length - d.spec!.revisionHistoryLimit!;
  if (diff <= 0) return [];
  return [...cleanable]
    .sort(byRevision)
    .slice(0, diff)
    .filter((rs) => (rs.status?.replicas ?? 0) === 0 && rsReplicas(rs) === 0 && (rs.metadata?.generation ?? 0) <= (rs.status?.observedGeneration ?? 0));
}

/**
 * Recreate's `oldPodsRunning`: old RSs still report pods, or some pod not owned by the new RS is not Failed or
 * Succeeded (terminating pods count). `podsByRS` maps an RS uid to its pods.
 */
export function oldPodsRunning(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[], podsByRS: ReadonlyMap<string, readonly Pod[]>): boolean {
  if (getActualReplicaCountForReplicaSets(oldRSs) > 0) return true;
  for (const [uid, pods] of [...podsByRS].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (newRS && newRS.metadata?.uid === uid) continue;
    if (pods.some((p) => p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded')) return true;
  }
  return false;
}
