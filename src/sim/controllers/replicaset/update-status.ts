/**
 * Writing a ReplicaSet's status: only when something changed, with the generation it acted on, retried once on
 * a fresh copy.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set_utils.go` (updateReplicaSetStatus,
 * statusUpdateRetries).
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../api/object.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import type { ReplicaSetStatusWithTerminating } from './replica-set-status.ts';

/** `statusUpdateRetries`: one more attempt after a failed update, on a freshly read object. */
export const STATUS_UPDATE_RETRIES = 1;

export type ReplicaSetObject = ReplicaSet & KubeObject;

/**
 * The steady-state check of `updateReplicaSetStatus`: true when `newStatus` says nothing the stored status does not
 * (counts, terminatingReplicas, conditions) and the generation has been observed. Go's zero values: an absent
 * count is 0; `terminatingReplicas` is a pointer, so absent and 0 differ.
 */
export function statusUpToDate(rs: ReplicaSet, newStatus: ReplicaSetStatusWithTerminating): boolean {
  const s = (rs.status ?? {}) as ReplicaSetStatusWithTerminating;
  return (
    (s.replicas ?? 0) === (newStatus.replicas ?? 0) &&
    (s.fullyLabeledReplicas ?? 0) === (newStatus.fullyLabeledReplicas ?? 0) &&
    (s.readyReplicas ?? 0) === (newStatus.readyReplicas ?? 0) &&
    (s.availableReplicas ?? 0) === (newStatus.availableReplicas ?? 0) &&
    s.terminatingReplicas === newStatus.terminatingReplicas &&
    (rs.metadata?.generation ?? 0) === (s.observedGeneration ?? 0) &&
    JSON.stringify(s.conditions ?? null) === JSON.stringify(newStatus.conditions ?? null)
  );
}

/**
 * `updateReplicaSetStatus`: returns `rs` untouched when {@link statusUpToDate}; otherwise PUTs /status with
 * `observedGeneration = metadata.generation`, and after a failure GETs the ReplicaSet and tries once more. Throws
 * the last error (the sync is then requeued rate-limited).
 */
export function* updateReplicaSetStatus(client: Client, rs: ReplicaSetObject, newStatus: ReplicaSetStatusWithTerminating): ClientOp<ReplicaSetObject> {
  if (statusUpToDate(rs, newStatus)) return rs;
  const status: ReplicaSetStatusWithTerminating = { ...newStatus, observedGeneration: rs.metadata.generation ?? 0 };
  let current = rs;
  let updateErr: unknown;
  for (let i = 0; ; i++) {
    const copy = { ...structuredClone(current), status: structuredClone(status) } as ReplicaSetObject;
    try {
      return yield* client.updateStatus<ReplicaSetObject>(copy);
    } catch (e) {
      updateErr = e;
    }
    if (i >= STATUS_UPDATE_RETRIES) break;
    // A GET failure is more telling than the update failure: it is what the caller gets.
    current = yield* client.get<ReplicaSetObject>({ apiVersion: rs.apiVersion, kind: rs.kind }, rs.metadata.namespace, rs.metadata.name ?? '');
  }
  throw updateErr;
}
