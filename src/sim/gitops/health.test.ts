import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { aggregateHealth, resourceHealth } from './health.ts';

function deployment(spec: object, status: object, generation = 1): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', generation }, spec, status } as KubeObject;
}

describe('Argo CD resource health', () => {
  it('a Deployment is Progressing until its updated replicas are all available, then Healthy', () => {
    expect(resourceHealth(deployment({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 1 }))).toEqual({
      status: 'Progressing',
      message: 'Waiting for rollout to finish: 1 out of 3 new replicas have been updated...',
    });
    expect(resourceHealth(deployment({ replicas: 3 }, { observedGeneration: 1, replicas: 4, updatedReplicas: 3 }))).toEqual({
      status: 'Progressing',
      message: 'Waiting for rollout to finish: 1 old replicas are pending termination...',
    });
    expect(resourceHealth(deployment({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 2 })).message).toBe(
      'Waiting for rollout to finish: 2 of 3 updated replicas are available...',
    );
    expect(resourceHealth(deployment({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 }))).toEqual({ status: 'Healthy' });
  });

  it('an unobserved generation, a paused rollout and an exceeded deadline', () => {
    expect(resourceHealth(deployment({ replicas: 1 }, { observedGeneration: 1 }, 2)).message).toBe(
      'Waiting for rollout to finish: observed deployment generation less than desired generation',
    );
    expect(resourceHealth(deployment({ replicas: 1, paused: true }, {})).status).toBe('Suspended');
    expect(resourceHealth(deployment({ replicas: 1 }, { observedGeneration: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }))).toEqual({
      status: 'Degraded',
      message: 'Deployment "web" exceeded its progress deadline',
    });
  });

  it('a missing resource is Missing; the app takes the worst health', () => {
    expect(resourceHealth(undefined)).toEqual({ status: 'Missing' });
    expect(aggregateHealth([{ status: 'Healthy' }, { status: 'Missing' }, { status: 'Progressing' }])).toBe('Missing');
    expect(aggregateHealth([])).toBe('Healthy');
  });
});
