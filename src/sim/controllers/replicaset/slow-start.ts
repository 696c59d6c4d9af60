/**
 * How a ReplicaSet creates many pods: in batches of 1, 2, 4, 8, ... so a failing create (quota, admission) costs one
 * call, not hundreds. And how many it creates or deletes per sync.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set.go` (slowStartBatch, manageReplicas, BurstReplicas)
 * and `pkg/controller/controller_utils.go` (SlowStartInitialBatchSize).
 */

/** At most this many creates or deletes per sync. */
export const BURST_REPLICAS = 500;
/** The first batch of creates. */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

/** The batch sizes `slowStartBatch` uses for `count` calls: initial, then doubling, the last capped by what remains. */
export function slowStartBatchSizes(count: number, initialBatchSize = SLOW_START_INITIAL_BATCH_SIZE): number[] {
  const sizes: number[] = [];
  let remaining = count;
  for (let batch = Math.min(remaining, initialBatchSize); batch > 0; batch = Math.min(2 * batch, remaining)) {
    sizes.push(batch);
    remaining -= batch;
  }
  return sizes;
}

/**
 * What `manageReplicas` does for `activePods` pods against `replicas` wanted: create or delete up to
 * {@link BURST_REPLICAS}, or nothing.
 */
export function manageReplicasDiff(activePods: number, replicas: number, burstReplicas = BURST_REPLICAS): { create: number } | { delete: number } | null {
  const diff = activePods - replicas;
  if (diff < 0) return { create: Math.min(-diff, burstReplicas) };
  if (diff > 0) return { delete: Math.min(diff, burstReplicas) };
  return null;
}

/**
 * After a batch fails, the creates that were never attempted: `count` minus every call up to and including the
 * failing batch (`skippedPods` in manageReplicas; they are subtracted from the expectations).
 */
export function skippedAfterFailedBatch(count: number, failedBatchIndex: number, initialBatchSize = SLOW_START_INITIAL_BATCH_SIZE): number {
  const attempted = slowStartBatchSizes(count, initialBatchSize).slice(0, failedBatchIndex + 1).reduce((a, b) => a + b, 0);
  return count - attempted;
}
