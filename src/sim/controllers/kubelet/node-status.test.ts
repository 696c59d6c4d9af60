import { describe, expect, it } from 'vitest';
import { defaultLabels, initialNode, nodeStatusHasChanged, setNodeStatus, transitionedConditions } from './node-status.ts';

describe('node status', () => {
  it('the default labels override a spec label of the same key', () => {
    expect(defaultLabels({ name: 'n1', labels: { 'kubernetes.io/hostname': 'other', zone: 'a' } })).toMatchObject({ 'kubernetes.io/hostname': 'n1', zone: 'a' });
  });

  it('capacity and allocatable default to 4 CPUs, 16Gi and 110 pods', () => {
    const node = initialNode({ name: 'node-2' }, 0, 'boot');
    expect(node.status!.capacity).toMatchObject({ cpu: '4', memory: '16Gi', pods: '110' });
    expect(node.status!.addresses).toEqual([
      { type: 'InternalIP', address: '172.18.0.3' },
      { type: 'Hostname', address: 'node-2' },
    ]);
    expect(node.spec).toEqual({ podCIDR: '10.244.2.0/24', podCIDRs: ['10.244.2.0/24'] });
  });

  it('a new heartbeat alone is not a change; a condition going from Unknown to True is, with a new transition time', () => {
    const first = setNodeStatus({ name: 'n1' }, undefined, 0, 'boot');
    const later = setNodeStatus({ name: 'n1' }, first, 60_000, 'boot');
    expect(nodeStatusHasChanged(first, later)).toBe(false);
    expect(later.conditions![3]).toMatchObject({ type: 'Ready', lastHeartbeatTime: '2026-01-01T00:01:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' });
    const unknown = { ...first, conditions: first.conditions!.map((c) => (c.type === 'Ready' ? { ...c, status: 'Unknown' } : c)) };
    const back = setNodeStatus({ name: 'n1' }, unknown, 90_000, 'boot');
    expect(nodeStatusHasChanged(unknown, back)).toBe(true);
    expect(back.conditions![3]!.lastTransitionTime).toBe('2026-01-01T00:01:30Z');
    expect(transitionedConditions(unknown, back).map((c) => c.type)).toEqual(['Ready']);
  });

  it('a new boot ID is a change (a restarted node reports it)', () => {
    const a = setNodeStatus({ name: 'n1' }, undefined, 0, 'boot-1');
    expect(nodeStatusHasChanged(a, setNodeStatus({ name: 'n1' }, a, 10_000, 'boot-2'))).toBe(true);
  });
});
