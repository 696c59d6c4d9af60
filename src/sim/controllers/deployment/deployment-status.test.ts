import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { rfc3339 } from '../../engine/clock';
import { getDeploymentCondition } from './conditions';
import { calculateStatus, syncRolloutStatus } from './deployment-status';
import { newDeployment, rs } from './test-fixtures';

const withStatus = (r: ReplicaSet, s: NonNullable<ReplicaSet['status']>): ReplicaSet => ({ ...r, status: s });

describe('calculateStatus (sync.go)', () => {
  it('sums the replica sets, takes updated from the new one and unavailable from SPEC sums', () => {
    const d: Deployment = { ...newDeployment('foo', 3, 1, 0), metadata: { name: 'foo', generation: 4 } };
    const oldRS = withStatus(rs('foo-old', 1, 0), { replicas: 2, readyReplicas: 2, availableReplicas: 2 }); // one terminating
    const newRS = withStatus(rs('foo-new', 3, 1000), { replicas: 2, readyReplicas: 1, availableReplicas: 1 });
    const s = calculateStatus([oldRS, newRS], newRS, d, 5000);
    expect(s).toMatchObject({ observedGeneration: 4, replicas: 4, updatedReplicas: 2, readyReplicas: 3, availableReplicas: 3, unavailableReplicas: 1 });
    expect(getDeploymentCondition(s, 'Available')).toMatchObject({ status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' });
  });
  it('is Available=False below replicas − maxUnavailable, and unavailable never goes negative', () => {
    const d = newDeployment('foo', 3, 1, 0);
    const s = calculateStatus([withStatus(rs('a', 1), { replicas: 1, availableReplicas: 2 })], undefined, d, 0);
    expect(s.unavailableReplicas).toBe(0);
    expect(getDeploymentCondition(s, 'Available')).toMatchObject({ status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });
  });
});

describe('syncRolloutStatus (progress.go)', () => {
  const base = (status: Deployment['status']): Deployment => {
    const d = newDeployment('foo', 2, 1, 0);
    return { ...d, spec: { ...d.spec!, progressDeadlineSeconds: 600 }, status };
  };
  const progressing = (reason: string, at: number) => ({ type: 'Progressing', status: 'True', reason, lastUpdateTime: rfc3339(at), lastTransitionTime: rfc3339(at) });

  it('marks progress with ReplicaSetUpdated, refreshing lastUpdateTime but keeping lastTransitionTime', () => {
    const d = base({ replicas: 2, updatedReplicas: 0, conditions: [progressing('NewReplicaSetCreated', 1000)] });
    const newRS = withStatus(rs('foo-new', 1, 1000), { replicas: 1 });
    const s = syncRolloutStatus([rs('foo-old', 2), newRS], newRS, d, 9000);
    expect(getDeploymentCondition(s, 'Progressing')).toMatchObject({
      reason: 'ReplicaSetUpdated', message: 'ReplicaSet "foo-new" is progressing.', lastUpdateTime: rfc3339(9000), lastTransitionTime: rfc3339(1000),
    });
  });
  it('completes with NewReplicaSetAvailable', () => {
    const d = base({ conditions: [progressing('ReplicaSetUpdated', 1000)] });
    const newRS = withStatus(rs('foo-new', 2, 1000), { replicas: 2, availableReplicas: 2 });
    const s = syncRolloutStatus([newRS], newRS, d, 9000);
    expect(getDeploymentCondition(s, 'Progressing')).toMatchObject({ reason: 'NewReplicaSetAvailable', message: 'ReplicaSet "foo-new" has successfully progressed.' });
  });
  it('times out with ProgressDeadlineExceeded when nothing moved for longer than the deadline', () => {
    const newRS = withStatus(rs('foo-new', 1, 1000), { replicas: 1 });
    const d = base({ replicas: 3, updatedReplicas: 1, conditions: [progressing('ReplicaSetUpdated', 1000)] });
    const s = syncRolloutStatus([withStatus(rs('foo-old', 2), { replicas: 2 }), newRS], newRS, d, 1000 + 600_001);
    expect(getDeploymentCondition(s, 'Progressing')).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "foo-new" has timed out progressing.' });
  });
  it('copies a ReplicaFailure condition from the new replica set', () => {
    const newRS = withStatus(rs('foo-new', 1, 1000), { replicas: 0, conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'quota', lastTransitionTime: rfc3339(5) }] });
    const s = syncRolloutStatus([newRS], newRS, base({}), 9000);
    expect(getDeploymentCondition(s, 'ReplicaFailure')).toMatchObject({ reason: 'FailedCreate', message: 'quota' });
  });
});
