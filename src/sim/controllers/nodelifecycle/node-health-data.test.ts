import { describe, expect, it } from 'vitest';
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node } from 'kubernetes-types/core/v1';
import { rfc3339, rfc3339Micro } from '../../engine/clock.ts';
import { observeNodeHealth } from './node-health-data.ts';

const node = (heartbeat: number, transition = 0, status = 'True'): Node => ({
  metadata: { name: 'n', creationTimestamp: rfc3339(0) },
  status: { conditions: [{ type: 'Ready', status, lastHeartbeatTime: rfc3339(heartbeat), lastTransitionTime: rfc3339(transition) }] },
});
const lease = (renew: number): Lease => ({ metadata: { name: 'n', namespace: 'kube-node-lease' }, spec: { renewTime: rfc3339Micro(renew) } });

describe('observeNodeHealth (tryUpdateNodeHealth bookkeeping)', () => {
  it('the first observation is dated now', () => {
    const o = observeNodeHealth(undefined, node(0), undefined, 7_000);
    expect(o.health.probeTimestamp).toBe(7_000);
    expect(o.gracePeriod).toBe(50_000);
  });
  it('an unchanged heartbeat and Lease leave the probe time where it was', () => {
    const first = observeNodeHealth(undefined, node(0), lease(1_000), 5_000).health;
    expect(observeNodeHealth(first, node(0), lease(1_000), 40_000).health.probeTimestamp).toBe(5_000);
  });
  it('a renewed Lease moves the probe time to now (the controller clock), not to renewTime', () => {
    const first = observeNodeHealth(undefined, node(0), lease(1_000), 5_000).health;
    expect(observeNodeHealth(first, node(0), lease(11_000), 15_000).health.probeTimestamp).toBe(15_000);
  });
  it('a new heartbeat moves the probe time; a transition moves the transition time too', () => {
    const first = observeNodeHealth(undefined, node(0), undefined, 5_000).health;
    const beat = observeNodeHealth(first, node(10_000), undefined, 12_000).health;
    expect(beat).toMatchObject({ probeTimestamp: 12_000, readyTransitionTimestamp: 5_000 });
    const flip = observeNodeHealth(beat, node(20_000, 20_000, 'False'), undefined, 22_000).health;
    expect(flip).toMatchObject({ probeTimestamp: 22_000, readyTransitionTimestamp: 22_000 });
  });
  it('a node that never posted Ready gets the startup grace period, counted from its creation', () => {
    const o = observeNodeHealth(undefined, { metadata: { name: 'n', creationTimestamp: rfc3339(3_000) } }, undefined, 9_000);
    expect(o.gracePeriod).toBe(60_000);
    expect(o.health.probeTimestamp).toBe(3_000);
    expect(o.observedReadyCondition).toMatchObject({ type: 'Ready', status: 'Unknown' });
    expect(o.currentReadyCondition).toBeUndefined();
  });
});
