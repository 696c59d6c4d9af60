import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import type { TraceEvent } from '../../trace/trace-event.ts';
import { eventsFor } from './test-helpers.ts';

const SLACK = 40;

function leaseRenewals(sim: Simulation, node = 'node-1'): number[] {
  return sim.trace
    .slice()
    .filter((e): e is Extract<TraceEvent, { kind: 'api.request' }> => e.kind === 'api.request' && e.verb === 'update' && e.object.kind === 'Lease' && e.object.name === node)
    .map((e) => e.time);
}

function nodeOf(sim: Simulation, name = 'node-1'): Node {
  return sim.getObject('node', undefined, name) as Node;
}

describe('kubelet node registration and heartbeats', () => {
  it('registers its Node with capacity, labels and taints from the NodeSpec, Ready with KubeletReady', () => {
    const sim = Simulation.create({
      seed: 1,
      controllers: ['kubelet'],
      nodes: [{ name: 'gpu-1', cpu: '8', memory: '32Gi', pods: 50, labels: { zone: 'b' }, taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }],
    });
    sim.runFor(100);
    const node = nodeOf(sim, 'gpu-1');
    expect(node.metadata!.labels).toMatchObject({ zone: 'b', 'kubernetes.io/hostname': 'gpu-1', 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' });
    expect(node.spec!.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    expect(node.status!.capacity).toMatchObject({ cpu: '8', memory: '32Gi', pods: '50' });
    expect(node.status!.allocatable).toMatchObject({ cpu: '8', memory: '32Gi', pods: '50' });
    expect(node.status!.conditions!.map((c) => `${c.type}=${c.status}/${c.reason}`)).toEqual([
      'MemoryPressure=False/KubeletHasSufficientMemory',
      'DiskPressure=False/KubeletHasNoDiskPressure',
      'PIDPressure=False/KubeletHasSufficientPID',
      'Ready=True/KubeletReady',
    ]);
    expect(node.status!.conditions!.find((c) => c.type === 'Ready')!.message).toBe('kubelet is posting ready status');
    expect(node.status!.nodeInfo).toMatchObject({ operatingSystem: 'linux', architecture: 'amd64', kubeletVersion: expect.stringMatching(/^v1\./) });
    expect(eventsFor(sim, 'gpu-1').map((e) => `${e.reason}: ${e.message}`)).toEqual([
      'Starting: Starting kubelet.',
      'NodeHasSufficientMemory: Node gpu-1 status is now: NodeHasSufficientMemory',
      'NodeHasNoDiskPressure: Node gpu-1 status is now: NodeHasNoDiskPressure',
      'NodeHasSufficientPID: Node gpu-1 status is now: NodeHasSufficientPID',
      'NodeReady: Node gpu-1 status is now: NodeReady',
    ]);
  });

  it('renews its Lease in kube-node-lease every 10 s, owned by its Node', () => {
    const sim = Simulation.create({ seed: 1, nodes: 2, controllers: ['kubelet'] });
    sim.runFor(61_000);
    const renewals = leaseRenewals(sim);
    expect(renewals).toHaveLength(6);
    for (let i = 1; i < renewals.length; i++) {
      expect(renewals[i]! - renewals[i - 1]!).toBeGreaterThanOrEqual(10_000);
      expect(renewals[i]! - renewals[i - 1]!).toBeLessThan(10_000 + SLACK);
    }
    const lease = sim.getObject('lease', 'kube-node-lease', 'node-1') as Lease & { metadata: { ownerReferences?: unknown[] } };
    expect(lease.spec).toMatchObject({ holderIdentity: 'node-1', leaseDurationSeconds: 40 });
    expect(lease.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: nodeOf(sim).metadata!.uid }]);
    expect(leaseRenewals(sim, 'node-2')).toHaveLength(6);
  });

  it('posts node status only when it changes or every 5 minutes, with a fresh heartbeat', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1, controllers: ['kubelet'] });
    sim.runFor(299_000);
    const patches = () => sim.trace.slice().filter((e) => e.kind === 'api.request' && e.verb === 'patch' && e.object.kind === 'Node' && e.subresource === 'status');
    expect(patches()).toHaveLength(0);
    sim.runFor(12_000);
    expect(patches()).toHaveLength(1);
    const ready = nodeOf(sim).status!.conditions!.find((c) => c.type === 'Ready')!;
    expect(ready.lastHeartbeatTime).toMatch(/^2026-01-01T00:05:0\dZ$/);
    expect(ready.lastTransitionTime).toBe('2026-01-01T00:00:00Z');
  });

  it('a killed node stops renewing its Lease; restored, it starts again and re-registers Ready', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1, controllers: ['kubelet'] });
    sim.runFor(25_000);
    const before = leaseRenewals(sim).length;
    sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } });
    sim.runFor(60_000);
    expect(leaseRenewals(sim)).toHaveLength(before);
    // Someone (the node lifecycle controller) marks the node NotReady meanwhile.
    const node = nodeOf(sim);
    const conditions = node.status!.conditions!.map((c) => (c.type === 'Ready' ? { ...c, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' } : c));
    expect(sim.act({ type: 'patch', resource: 'node', name: 'node-1', patchType: 'merge', subresource: 'status', patch: { status: { conditions } } }).ok).toBe(true);
    sim.act({ type: 'fault', fault: { type: 'restore-node', node: 'node-1' } });
    sim.runFor(15_000);
    expect(leaseRenewals(sim).length).toBeGreaterThan(before);
    const ready = nodeOf(sim).status!.conditions!.find((c) => c.type === 'Ready')!;
    expect(ready).toMatchObject({ status: 'True', reason: 'KubeletReady' });
    expect(eventsFor(sim, 'node-1').filter((e) => e.reason === 'Starting')).toHaveLength(2);
    expect(eventsFor(sim, 'node-1').filter((e) => e.reason === 'NodeReady')).toHaveLength(2);
  });
});
