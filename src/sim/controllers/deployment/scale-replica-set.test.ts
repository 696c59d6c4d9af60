import { describe, expect, it } from 'vitest';
import { DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION } from './annotations';
import { scaleReplicaSet } from './scale-replica-set';
import { newDeployment, rs } from './test-fixtures';

describe('scaleReplicaSet (sync.go)', () => {
  const d = newDeployment('web', 3, 1, 0);
  const fresh = { [DESIRED_REPLICAS_ANNOTATION]: '3', [MAX_REPLICAS_ANNOTATION]: '4' };
  it('resizes, refreshes the replicas annotations and records ScalingReplicaSet', () => {
    const u = scaleReplicaSet(d, rs('web-abc', 0), 3)!;
    expect(u.rs.spec?.replicas).toBe(3);
    expect(u.rs.metadata?.annotations).toEqual(fresh);
    expect(u.event).toBe('Scaled up replica set web-abc from 0 to 3');
    expect(scaleReplicaSet(d, rs('web-old', 3, 0, 0, fresh), 2)?.event).toBe('Scaled down replica set web-old from 3 to 2');
  });
  it('rewrites stale annotations without an event, and writes nothing when all is current', () => {
    const stale = scaleReplicaSet(d, rs('web-abc', 3, 0, 0, { [DESIRED_REPLICAS_ANNOTATION]: '2', [MAX_REPLICAS_ANNOTATION]: '3' }), 3)!;
    expect(stale.event).toBeUndefined();
    expect(stale.rs.metadata?.annotations).toEqual(fresh);
    expect(scaleReplicaSet(d, rs('web-abc', 3, 0, 0, fresh), 3)).toBeUndefined();
  });
});
