/**
 * A StatefulSet's status as the controller computes it from its pods, when it writes it, and when a rolling update
 * is complete.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_control.go` (computeReplicaStatus, updateStatus)
 * and `stateful_set_utils.go` (inconsistentStatus, completeRollingUpdate).
 */
import type { StatefulSet, StatefulSetStatus } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { getPodRevision, replicasOf } from './identity.ts';
import { isCreated, isRunningAndAvailable, isRunningAndReady, isTerminating } from './pod-state.ts';

/** The counts of `StatefulSetStatus` the pods make. */
export interface ReplicaCounts {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
}

/**
 * `computeReplicaStatus`: created pods; running-and-ready ones (and of those, the available); created, not
 * terminating pods at the current and at the update revision.
 */
export function computeReplicaStatus(pods: Iterable<Pod>, minReadySeconds: number, currentRevision: string, updateRevision: string, now: number): ReplicaCounts {
  const s: ReplicaCounts = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const pod of pods) {
    if (isCreated(pod)) s.replicas++;
    if (isRunningAndReady(pod)) {
      s.readyReplicas++;
      if (isRunningAndAvailable(pod, minReadySeconds, now)) s.availableReplicas++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      const revision = getPodRevision(pod);
      if (revision === currentRevision) s.currentReplicas++;
      if (revision === updateRevision) s.updatedReplicas++;
    }
  }
  return s;
}

/** `updateStatus`: the counts of `podLists` together, written over `status`'s. */
export function updateStatus(status: ReplicaCounts, minReadySeconds: number, currentRevision: string, updateRevision: string, now: number, ...podLists: Iterable<Pod>[]): void {
  status.replicas = 0;
  status.readyReplicas = 0;
  status.availableReplicas = 0;
  status.currentReplicas = 0;
  status.updatedReplicas = 0;
  for (const list of podLists) {
    const c = computeReplicaStatus(list, minReadySeconds, currentRevision, updateRevision, now);
    status.replicas += c.replicas;
    status.readyReplicas += c.readyReplicas;
    status.availableReplicas += c.availableReplicas;
    status.currentReplicas += c.currentReplicas;
    status.updatedReplicas += c.updatedReplicas;
  }
}

/** The status a sync computes (Go's value: every field present, zeroes included). */
export interface ComputedStatus extends ReplicaCounts {
  observedGeneration: number;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
}

/**
 * `inconsistentStatus`: the computed status says something the stored one does not (a newer generation, another
 * count or revision). Absent stored fields are Go's zero values.
 */
export function inconsistentStatus(set: StatefulSet, status: ComputedStatus): boolean {
  const s = set.status ?? ({ replicas: 0 } as StatefulSetStatus);
  return (
    status.observedGeneration > (s.observedGeneration ?? 0) ||
    status.replicas !== (s.replicas ?? 0) ||
    status.currentReplicas !== (s.currentReplicas ?? 0) ||
    status.readyReplicas !== (s.readyReplicas ?? 0) ||
    status.updatedReplicas !== (s.updatedReplicas ?? 0) ||
    status.currentRevision !== (s.currentRevision ?? '') ||
    status.availableReplicas !== (s.availableReplicas ?? 0) ||
    status.updateRevision !== (s.updateRevision ?? '')
  );
}

/**
 * `completeRollingUpdate`: with RollingUpdate, once every replica is updated and ready (and there are exactly
 * `replicas`), the update revision becomes the current one.
 */
export function completeRollingUpdate(set: StatefulSet, status: ComputedStatus): void {
  const replicas = replicasOf(set);
  if (
    (set.spec?.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate' &&
    status.updatedReplicas === replicas &&
    status.readyReplicas === replicas &&
    status.replicas === replicas
  ) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
}

/**
 * The status as the api-server stores what the controller sends: Go's `omitempty` drops zero `observedGeneration`,
 * `readyReplicas`, `currentReplicas`, `updatedReplicas` and empty revisions; `replicas` and `availableReplicas` have
 * no omitempty, and `collisionCount` is a pointer the controller always sets. Upstream's status updater writes the
 * computed status whole (`set.Status = *status`), so stored conditions are dropped: none here either.
 */
export function statusForWrite(status: ComputedStatus): StatefulSetStatus {
  const out: StatefulSetStatus = { replicas: status.replicas } as StatefulSetStatus;
  if (status.observedGeneration) out.observedGeneration = status.observedGeneration;
  if (status.readyReplicas) out.readyReplicas = status.readyReplicas;
  if (status.currentReplicas) out.currentReplicas = status.currentReplicas;
  if (status.updatedReplicas) out.updatedReplicas = status.updatedReplicas;
  if (status.currentRevision) out.currentRevision = status.currentRevision;
  if (status.updateRevision) out.updateRevision = status.updateRevision;
  out.collisionCount = status.collisionCount;
  out.availableReplicas = status.availableReplicas;
  return out;
}
