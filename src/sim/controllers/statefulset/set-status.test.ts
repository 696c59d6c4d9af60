/** Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils_test.go` (TestIsRunningAndReady,
 * inconsistentStatus, completeRollingUpdate) and `stateful_set_control_test.go` (computeReplicaStatus's counts). */
import { describe, expect, it } from 'vitest';
import { newStatefulSetPod, setPodRevision } from './identity.ts';
import { isRunningAndAvailable, isRunningAndReady, isUnavailable } from './pod-state.ts';
import { completeRollingUpdate, computeReplicaStatus, inconsistentStatus, statusForWrite, type ComputedStatus } from './set-status.ts';
import { newStatefulSet, withStatus } from './test-fixtures.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z') - Date.UTC(2026, 0, 1);

function status(over: Partial<ComputedStatus>): ComputedStatus {
  return { observedGeneration: 1, currentRevision: 'r1', updateRevision: 'r1', collisionCount: 0, replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0, ...over };
}

describe('StatefulSet status (stateful_set_utils_test.go)', () => {
  it('TestIsRunningAndReady: Running with the Ready condition True', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    expect(isRunningAndReady(pod)).toBe(false);
    expect(isRunningAndReady(withStatus(pod, 'Running', false))).toBe(false);
    expect(isRunningAndReady(withStatus(pod, 'Pending', true))).toBe(false);
    expect(isRunningAndReady(withStatus(pod, 'Running', true))).toBe(true);
  });

  it('available after minReadySeconds; terminating is unavailable', () => {
    const pod = withStatus(newStatefulSetPod(newStatefulSet(1), 0), 'Running', true);
    expect(isRunningAndAvailable(pod, 10, T0 + 5000)).toBe(false);
    expect(isRunningAndAvailable(pod, 10, T0 + 10_001)).toBe(true);
    expect(isUnavailable(pod, 0, T0)).toBe(false);
    expect(isUnavailable({ ...pod, metadata: { ...pod.metadata, deletionTimestamp: '2026-01-01T00:00:01Z' } }, 0, T0)).toBe(true);
  });

  it('computeReplicaStatus: created, ready, available, and current/updated among the created that are not terminating', () => {
    const set = newStatefulSet(4);
    const pods = [0, 1, 2, 3].map((i) => newStatefulSetPod(set, i));
    setPodRevision(pods[0]!, 'r1');
    setPodRevision(pods[1]!, 'r1');
    setPodRevision(pods[2]!, 'r2');
    setPodRevision(pods[3]!, 'r2');
    const counted = [
      withStatus(pods[0]!, 'Running', true),
      withStatus(pods[1]!, 'Running', false),
      { ...withStatus(pods[2]!, 'Running', true), metadata: { ...pods[2]!.metadata, deletionTimestamp: 'x' } },
      pods[3]!, // built, not created
    ];
    expect(computeReplicaStatus(counted, 0, 'r1', 'r2', T0)).toEqual({ replicas: 3, readyReplicas: 2, availableReplicas: 2, currentReplicas: 2, updatedReplicas: 0 });
  });

  it('inconsistentStatus: a newer generation or any other count or revision', () => {
    const set = newStatefulSet(3);
    set.status = { replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3, currentRevision: 'r1', updateRevision: 'r1', observedGeneration: 1 };
    const same = status({ replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3 });
    expect(inconsistentStatus(set, same)).toBe(false);
    expect(inconsistentStatus(set, { ...same, observedGeneration: 2 })).toBe(true);
    expect(inconsistentStatus(set, { ...same, availableReplicas: 2 })).toBe(true);
    expect(inconsistentStatus(set, { ...same, updateRevision: 'r2' })).toBe(true);
  });

  it('completeRollingUpdate: once all replicas are updated and ready, the update revision is current', () => {
    const set = newStatefulSet(3);
    const s = status({ currentRevision: 'r1', updateRevision: 'r2', replicas: 3, readyReplicas: 3, updatedReplicas: 3, currentReplicas: 0 });
    completeRollingUpdate(set, s);
    expect(s).toMatchObject({ currentRevision: 'r2', currentReplicas: 3 });
    const partial = status({ currentRevision: 'r1', updateRevision: 'r2', replicas: 3, readyReplicas: 2, updatedReplicas: 3 });
    completeRollingUpdate(set, partial);
    expect(partial.currentRevision).toBe('r1');
    set.spec!.updateStrategy = { type: 'OnDelete' };
    const onDelete = status({ currentRevision: 'r1', updateRevision: 'r2', replicas: 3, readyReplicas: 3, updatedReplicas: 3 });
    completeRollingUpdate(set, onDelete);
    expect(onDelete.currentRevision).toBe('r1');
  });

  it('statusForWrite drops what Go omits when empty, keeps replicas, availableReplicas and collisionCount', () => {
    expect(statusForWrite(status({}))).toEqual({ replicas: 0, observedGeneration: 1, currentRevision: 'r1', updateRevision: 'r1', collisionCount: 0, availableReplicas: 0 });
  });
});
