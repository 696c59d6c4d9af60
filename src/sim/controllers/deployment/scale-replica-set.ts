/**
 * One scale write of the Deployment controller: the ReplicaSet with its new size and refreshed
 * desired-replicas/max-replicas annotations, and the ScalingReplicaSet event.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (scaleReplicaSet, scaleReplicaSetAndRecordEvent).
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './annotations';
import { deploymentReplicas, maxSurge } from './fenceposts';
import { rsReplicas } from './replica-sets';

/** The Normal event reason for every RS resize. */
export const SCALING_REPLICA_SET = 'ScalingReplicaSet';

/** "Scaled up replica set web-7c5ddbdf54 from 0 to 3" / "Scaled down ...". */
export function scalingMessage(rsName: string, from: number, to: number): string {
  return `Scaled ${to > from ? 'up' : 'down'} replica set ${rsName} from ${from} to ${to}`;
}

/** What the controller writes for one scale, or undefined when size and annotations are already right. */
export interface ReplicaSetScaleUpdate {
  /** A copy of the RS with spec.replicas and the replicas annotations set: send it as an update. */
  rs: ReplicaSet;
  /** The ScalingReplicaSet event message, only when the size changes. */
  event?: string;
}

/**
 * `scaleReplicaSet`: writes when the size differs or the desired-replicas / max-replicas annotations are stale
 * (replicas and replicas + maxSurge of the Deployment); the event only for a size change.
 */
export function scaleReplicaSet(d: Deployment, rs: ReplicaSet, newScale: number): ReplicaSetScaleUpdate | undefined {
  const desired = deploymentReplicas(d);
  const max = desired + maxSurge(d);
  const oldScale = rsReplicas(rs);
  const sizeNeedsUpdate = oldScale !== newScale;
  if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, max)) return undefined;
  const { annotations } = setReplicasAnnotations(rs.metadata?.annotations, desired, max);
  const updated: ReplicaSet = { ...rs, metadata: { ...rs.metadata, annotations }, spec: { ...rs.spec!, replicas: newScale } };
  return sizeNeedsUpdate ? { rs: updated, event: scalingMessage(rs.metadata?.name ?? '', oldScale, newScale) } : { rs: updated };
}
