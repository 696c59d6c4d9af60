/** After upstream's `trigger_time_tracker_test.go` (TestNewServiceNoPods, TestNewServiceExistingPods, TestPodAdded, TestPodUpdated, TestPodsAdded, TestPodsUpdated, TestPodsUpdatedNoOp, TestPodDeletedThenAdded, TestServiceDeletedThenAdded, TestServiceUpdatedNoPodChange). */
import { describe, expect, it } from 'vitest';
import { parseTime, rfc3339 } from '../../engine/clock.ts';
import type { PodObject, ServiceObject } from './endpoint-utils.ts';
import { TriggerTimeTracker } from './trigger-time-tracker.ts';

const T0 = 10_000;
const t = (i: number) => T0 + i * 1000;
const svc = (created = t(0)): ServiceObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc', namespace: 'ns', creationTimestamp: rfc3339(created) } });
const pod = (name: string, readySince: number): PodObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'ns' },
  status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(readySince) }] },
});

describe('TriggerTimeTracker', () => {
  it('a new Service, with or without pods: its creation time', () => {
    expect(new TriggerTimeTracker().computeEndpointLastChangeTriggerTime('ns', svc(), [])).toBe(t(0));
    expect(new TriggerTimeTracker().computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(1)), pod('b', t(2))])).toBe(t(0));
  });

  it('pods added or updated: the earliest changed trigger time; nothing changed: none', () => {
    const tr = new TriggerTimeTracker();
    tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(1))]);
    expect(tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(1)), pod('b', t(3)), pod('c', t(2))])).toBe(t(2));
    expect(tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(5)), pod('b', t(3)), pod('c', t(4))])).toBe(t(4));
    expect(tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(5)), pod('b', t(3)), pod('c', t(4))])).toBeUndefined();
  });

  it('a pod deleted then added back is a change; a Service deleted and re-created starts over', () => {
    const tr = new TriggerTimeTracker();
    tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(1))]);
    tr.computeEndpointLastChangeTriggerTime('ns', svc(), []);
    expect(tr.computeEndpointLastChangeTriggerTime('ns', svc(), [pod('a', t(1))])).toBe(t(1));
    tr.deleteService('ns', 'svc');
    expect(tr.computeEndpointLastChangeTriggerTime('ns', svc(t(9)), [pod('a', t(1))])).toBe(t(9));
  });

  it('round-trips through the annotation format', () => {
    expect(parseTime(rfc3339(t(3)))).toBe(t(3));
  });
});
