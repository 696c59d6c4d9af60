import { describe, expect, it } from 'vitest';
import type { Node } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { isPodUpdated, nodeSchedulingPropertiesChange } from './event-handlers';
import { makeNode } from './test-fixtures';

const ready = (n: Node, status: string, heartbeat: string): Node => ({
  ...n,
  status: { ...n.status, conditions: [{ type: 'Ready', status, lastHeartbeatTime: heartbeat }] },
});

describe('nodeSchedulingPropertiesChange', () => {
  const base = ready(makeNode('n', '4', '8Gi'), 'True', 't1');
  it('a heartbeat changes nothing a pending pod cares about', () => {
    expect(nodeSchedulingPropertiesChange(ready(base, 'True', 't2'), base)).toEqual([]);
  });
  it('uncordoning is an event; cordoning is not', () => {
    const cordoned = { ...base, spec: { unschedulable: true } };
    expect(nodeSchedulingPropertiesChange(base, cordoned)).toEqual(['NodeSpecUnschedulableChange']);
    expect(nodeSchedulingPropertiesChange(cordoned, base)).toEqual([]);
  });
  it('allocatable, labels, taints and condition statuses are events', () => {
    expect(nodeSchedulingPropertiesChange(ready(makeNode('n', '8', '8Gi'), 'True', 't1'), base)).toEqual(['NodeAllocatableChange']);
    expect(nodeSchedulingPropertiesChange({ ...base, metadata: { name: 'n', labels: { disk: 'ssd' } } }, base)).toEqual(['NodeLabelChange']);
    expect(nodeSchedulingPropertiesChange({ ...base, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }, base)).toEqual(['NodeTaintChange']);
    expect(nodeSchedulingPropertiesChange(ready(base, 'False', 't1'), base)).toEqual(['NodeConditionChange']);
  });
});

describe('isPodUpdated', () => {
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', resourceVersion: '1' }, spec: { tolerations: [] }, status: { phase: 'Pending' } };
  it('ignores resourceVersion, managedFields and status (the scheduler\'s own condition patch)', () => {
    const next = { ...pod, metadata: { ...pod.metadata, resourceVersion: '2', managedFields: [] }, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False' }] } };
    expect(isPodUpdated(pod, next)).toBe(false);
  });
  it('sees spec and label changes', () => {
    expect(isPodUpdated(pod, { ...pod, spec: { tolerations: [{ key: 'k', operator: 'Exists' }] } })).toBe(true);
    expect(isPodUpdated(pod, { ...pod, metadata: { ...pod.metadata, labels: { a: 'b' } } })).toBe(true);
  });
});
