import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { availabilityRequeueAfter, calculateStatus } from './replica-set-status';

const rs = (replicas: number, minReadySeconds = 0, conditions?: NonNullable<ReplicaSet['status']>['conditions']): ReplicaSet => ({
  metadata: { name: 'rs', generation: 3 },
  spec: { replicas, minReadySeconds, selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a', tier: 'web' } } } },
  status: { replicas: 0, ...(conditions ? { conditions } : {}) },
});
const pod = (labels: Record<string, string>, readySince?: number): Pod => ({
  metadata: { name: 'p', labels },
  status: { phase: 'Running', conditions: readySince === undefined ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(readySince) }] },
});

describe('calculateStatus (replica_set_utils.go)', () => {
  it('counts replicas, fully labeled, ready, available (after minReadySeconds) and terminating pods', () => {
    const pods = [pod({ app: 'a', tier: 'web' }, 0), pod({ app: 'a' }, 8_000), pod({ app: 'a', tier: 'web' })];
    const s = calculateStatus(rs(3, 5), pods, [pod({ app: 'a' })], undefined, 10_000);
    expect(s).toMatchObject({ replicas: 3, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 1, terminatingReplicas: 1, observedGeneration: 3 });
  });
  it('adds ReplicaFailure FailedCreate on a create error and removes it after a clean sync', () => {
    const failed = calculateStatus(rs(3), [], [], 'pods "x" is forbidden: exceeded quota', 0);
    expect(failed.conditions).toEqual([{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "x" is forbidden: exceeded quota', lastTransitionTime: rfc3339(0) }]);
    const healed = calculateStatus({ ...rs(3), status: failed }, [], [], undefined, 0);
    expect(healed.conditions).toBeUndefined();
  });
  it('re-checks after minReadySeconds when every pod is ready but not yet available', () => {
    expect(availabilityRequeueAfter(rs(2, 5), { replicas: 2, readyReplicas: 2, availableReplicas: 0 })).toBe(5000);
    expect(availabilityRequeueAfter(rs(2, 5), { replicas: 2, readyReplicas: 2, availableReplicas: 2 })).toBeUndefined();
  });
});
