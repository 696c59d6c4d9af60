/**
 * kube-scheduler end to end, through {@link Simulation} with only the scheduler running: nodes are registered by
 * creating Node objects (as a kubelet would), and pods are applied bare.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';

interface NodeOpts {
  cpu?: string;
  memory?: string;
  labels?: Record<string, string>;
  taints?: Array<{ key: string; value?: string; effect: string }>;
  unschedulable?: boolean;
}

function nodeYaml(name: string, o: NodeOpts = {}): object {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(o.labels ?? {}) } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: {
      capacity: { cpu: o.cpu ?? '4', memory: o.memory ?? '8Gi', pods: '110' },
      allocatable: { cpu: o.cpu ?? '4', memory: o.memory ?? '8Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
    },
  };
}

function podYaml(name: string, spec: Record<string, unknown> = {}, requests: Record<string, string> = { cpu: '100m', memory: '128Mi' }): object {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests } }], ...spec } };
}

function newSim(nodes: object[], seed = 7): Simulation {
  const sim = Simulation.create({ seed, nodes: 0, controllers: ['default-scheduler'] });
  if (nodes.length) addNodes(sim, nodes);
  return sim;
}

/** Registers nodes as a kubelet does: a create with status (an apply would drop the status). */
function addNodes(sim: Simulation, nodes: object[]): void {
  expect(sim.act({ type: 'create', manifests: nodes }).ok).toBe(true);
}

const nodeOf = (sim: Simulation, name: string) => (sim.getObject('pod', 'default', name)?.spec as { nodeName?: string } | undefined)?.nodeName;
const events = (sim: Simulation, reason: string) =>
  sim
    .listObjects('events', 'default')
    .filter((e) => (e as KubeObject & { reason?: string }).reason === reason)
    .map((e) => `${(e as unknown as { involvedObject: { name: string } }).involvedObject.name}: ${(e as unknown as { message: string }).message}`);
const scheduledCondition = (sim: Simulation, name: string) =>
  ((sim.getObject('pod', 'default', name)?.status as { conditions?: Array<{ type: string; status: string; reason?: string; message?: string }> })?.conditions ?? []).find(
    (c) => c.type === 'PodScheduled',
  );

const NO_FIT_CORDONED =
  '0/3 nodes are available: 3 node(s) were unschedulable. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';

describe('kube-scheduler', () => {
  it('spreads six identical pods over three equal nodes, two each (LeastAllocated + BalancedAllocation)', () => {
    const sim = newSim(['node-1', 'node-2', 'node-3'].map((n) => nodeYaml(n)));
    expect(sim.apply([1, 2, 3, 4, 5, 6].map((i) => podYaml(`web-${i}`))).ok).toBe(true);
    sim.runFor(5_000);
    const counts: Record<string, number> = {};
    for (let i = 1; i <= 6; i++) {
      const n = nodeOf(sim, `web-${i}`);
      expect(n).toBeDefined();
      counts[n!] = (counts[n!] ?? 0) + 1;
    }
    expect(counts).toEqual({ 'node-1': 2, 'node-2': 2, 'node-3': 2 });
    expect(events(sim, 'Scheduled')).toContain(`web-1: Successfully assigned default/web-1 to ${nodeOf(sim, 'web-1')}`);
    expect(scheduledCondition(sim, 'web-1')).toMatchObject({ status: 'True' });
    expect(sim.isConverged().converged).toBe(true);
  });

  it('a pod no node fits gets the FitError message as FailedScheduling and PodScheduled=False, then schedules on uncordon', () => {
    const sim = newSim(['node-1', 'node-2', 'node-3'].map((n) => nodeYaml(n, { unschedulable: true })));
    sim.apply([podYaml('web')]);
    sim.runFor(3_000);
    expect(nodeOf(sim, 'web')).toBeUndefined();
    expect(events(sim, 'FailedScheduling')).toEqual([`web: ${NO_FIT_CORDONED}`]);
    expect(scheduledCondition(sim, 'web')).toMatchObject({ status: 'False', reason: 'Unschedulable', message: NO_FIT_CORDONED });
    // It waits in unschedulablePods: no retry without a cluster event.
    sim.runFor(60_000);
    expect(sim.listObjects('events', 'default').filter((e) => (e as { reason?: string }).reason === 'FailedScheduling').map((e) => (e as { count?: number }).count ?? 1)).toEqual([1]);
    expect(sim.act({ type: 'uncordon', node: 'node-2' }).ok).toBe(true);
    sim.runFor(2_000);
    expect(nodeOf(sim, 'web')).toBe('node-2');
    expect(events(sim, 'Scheduled')).toEqual(['web: Successfully assigned default/web to node-2']);
  });

  it('a pod that fits no node is scheduled when a node is added', () => {
    const sim = newSim([nodeYaml('node-1', { cpu: '1' })]);
    sim.apply([podYaml('big', {}, { cpu: '2' })]);
    sim.runFor(2_000);
    expect(events(sim, 'FailedScheduling')).toEqual([
      'big: 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    ]);
    addNodes(sim, [nodeYaml('node-2', { cpu: '4' })]);
    sim.runFor(2_000);
    expect(nodeOf(sim, 'big')).toBe('node-2');
  });

  it('with no nodes at all the message is "no nodes available to schedule pods", retried with backoff (no plugin rejected it)', () => {
    const sim = newSim([]);
    sim.apply([podYaml('web')]);
    sim.runFor(4_000);
    expect(events(sim, 'FailedScheduling')).toEqual(['web: no nodes available to schedule pods']);
    // Attempts at ~0 s, ~1 s and ~3 s (backoff 1 s, then 2 s): one Event, counted.
    const failed = sim.listObjects('events', 'default').find((e) => (e as { reason?: string }).reason === 'FailedScheduling') as unknown as { count: number };
    expect(failed.count).toBe(3);
    // The pod is in backoffQ, not unschedulablePods: the node's arrival does not move it; its next attempt (~7 s) does.
    addNodes(sim, [nodeYaml('node-1')]);
    sim.runFor(2_000);
    expect(nodeOf(sim, 'web')).toBeUndefined();
    sim.runFor(2_000);
    expect(nodeOf(sim, 'web')).toBe('node-1');
  });

  it('respects taints and tolerations', () => {
    const sim = newSim([nodeYaml('node-1', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }), nodeYaml('node-2', { cpu: '1', memory: '1Gi' })]);
    sim.apply([
      podYaml('plain-1'),
      podYaml('plain-2'),
      podYaml('gpu', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] }),
    ]);
    sim.runFor(3_000);
    expect(nodeOf(sim, 'plain-1')).toBe('node-2');
    expect(nodeOf(sim, 'plain-2')).toBe('node-2');
    // node-1 is emptier, and the toleration lets the pod use it.
    expect(nodeOf(sim, 'gpu')).toBe('node-1');
  });

  it('respects nodeSelector, and reports the mismatch', () => {
    const sim = newSim([nodeYaml('node-1', { labels: { disk: 'ssd' }, cpu: '1' }), nodeYaml('node-2')]);
    sim.apply([podYaml('db', { nodeSelector: { disk: 'ssd' } }), podYaml('nowhere', { nodeSelector: { disk: 'nvme' } })]);
    sim.runFor(3_000);
    expect(nodeOf(sim, 'db')).toBe('node-1');
    expect(nodeOf(sim, 'nowhere')).toBeUndefined();
    expect(events(sim, 'FailedScheduling')).toEqual([
      "nowhere: 0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
    ]);
  });

  it('respects resource requests: the assumed pods count before the informer sees the bindings', () => {
    // Each node takes exactly two 1-CPU pods; six pods applied at once must not overcommit any node.
    const sim = newSim(['node-1', 'node-2', 'node-3'].map((n) => nodeYaml(n, { cpu: '2' })));
    sim.apply([1, 2, 3, 4, 5, 6, 7].map((i) => podYaml(`p-${i}`, {}, { cpu: '1' })));
    sim.runFor(5_000);
    const placed = [1, 2, 3, 4, 5, 6, 7].map((i) => nodeOf(sim, `p-${i}`));
    const counts: Record<string, number> = {};
    for (const n of placed) if (n) counts[n] = (counts[n] ?? 0) + 1;
    expect(counts).toEqual({ 'node-1': 2, 'node-2': 2, 'node-3': 2 });
    expect(placed.filter((n) => n === undefined)).toHaveLength(1);
    expect(events(sim, 'FailedScheduling')[0]).toMatch(/^p-\d: 0\/3 nodes are available: 3 Insufficient cpu\. preemption: /);
  });

  it('a deleted bound pod frees its node for a waiting pod (AssignedPodDelete)', () => {
    const sim = newSim([nodeYaml('node-1', { cpu: '1' })]);
    sim.apply([podYaml('first', {}, { cpu: '1' })]);
    sim.runFor(1_000);
    sim.apply([podYaml('second', {}, { cpu: '1' })]);
    sim.runFor(2_000);
    expect(nodeOf(sim, 'second')).toBeUndefined();
    sim.act({ type: 'delete', resource: 'pod', name: 'first', gracePeriodSeconds: 0 });
    sim.runFor(3_000);
    expect(nodeOf(sim, 'second')).toBe('node-1');
  });

  it('is deterministic: the same seed places the pods the same way', () => {
    const run = (seed: number) => {
      const sim = newSim(['node-1', 'node-2', 'node-3'].map((n) => nodeYaml(n)), seed);
      sim.apply([1, 2, 3].map((i) => podYaml(`web-${i}`)));
      sim.runFor(3_000);
      return [1, 2, 3].map((i) => nodeOf(sim, `web-${i}`));
    };
    expect(run(3)).toEqual(run(3));
  });

  it('a binding refused with 409 (someone else bound the pod) forgets the assumption and reports the error', () => {
    const sim = newSim([nodeYaml('node-1'), nodeYaml('node-2', { cpu: '1' })]);
    sim.apply([podYaml('web')]);
    const bindSent = () => sim.trace.slice().some((e) => e.kind === 'api.request' && (e as { subresource?: string }).subresource === 'binding');
    for (let i = 0; i < 10_000 && !bindSent(); i++) sim.stepOnce();
    expect(bindSent()).toBe(true);
    // Another binder gets there first.
    const other = sim.cluster.apiServer.handle({
      verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web', subresource: 'binding', user: 'other-scheduler',
      body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web' }, target: { kind: 'Node', name: 'node-2' } },
    });
    expect(other.ok).toBe(true);
    sim.runFor(5_000);
    expect(nodeOf(sim, 'web')).toBe('node-2');
    expect(events(sim, 'FailedScheduling')).toEqual(['web: Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "node-2"']);
    expect(events(sim, 'Scheduled')).toEqual([]);
    expect(sim.isConverged().converged).toBe(true);
  });

  it('after a scheduler crash the restarted process relists and schedules what is pending, without overcommitting', () => {
    const sim = newSim(['node-1', 'node-2'].map((n) => nodeYaml(n, { cpu: '2' })));
    sim.apply([1, 2, 3].map((i) => podYaml(`p-${i}`, {}, { cpu: '1' })));
    sim.runFor(1_000);
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'default-scheduler', restartAfter: 2_000 } }).ok).toBe(true);
    sim.apply([4, 5].map((i) => podYaml(`p-${i}`, {}, { cpu: '1' })));
    sim.runFor(1_000);
    expect(nodeOf(sim, 'p-4')).toBeUndefined();
    // The restarted scheduler is a new leader-election candidate: it waits for the old holder's lease to expire
    // (15 s from when it first reads it) before it schedules.
    sim.runFor(5_000);
    expect(nodeOf(sim, 'p-4')).toBeUndefined();
    sim.runFor(15_000);
    const placed = [1, 2, 3, 4, 5].map((i) => nodeOf(sim, `p-${i}`));
    expect(placed.filter((n) => n === 'node-1')).toHaveLength(2);
    expect(placed.filter((n) => n === 'node-2')).toHaveLength(2);
    expect(placed.filter((n) => n === undefined)).toHaveLength(1);
  });

  it('survives checkpoints: seeking back and replaying places the pods the same way', () => {
    const sim = newSim(['node-1', 'node-2', 'node-3'].map((n) => nodeYaml(n)));
    sim.apply([1, 2, 3, 4].map((i) => podYaml(`web-${i}`)));
    sim.runFor(3_000);
    const first = [1, 2, 3, 4].map((i) => nodeOf(sim, `web-${i}`));
    const events1 = sim.trace.slice().length;
    sim.seekTime(1);
    sim.runUntil(3_001);
    expect([1, 2, 3, 4].map((i) => nodeOf(sim, `web-${i}`))).toEqual(first);
    expect(sim.trace.slice().length).toBe(events1);
  });

  it('leaves pods that name another scheduler alone', () => {
    const sim = newSim([nodeYaml('node-1')]);
    sim.apply([podYaml('custom', { schedulerName: 'my-scheduler' })]);
    sim.runFor(3_000);
    expect(nodeOf(sim, 'custom')).toBeUndefined();
    expect(sim.listObjects('events', 'default')).toEqual([]);
  });

  it('with every controller running, a pod no kubelet-registered node fits is scheduled on a node added with add-node', () => {
    const sim = Simulation.create({ seed: 11, nodes: [{ name: 'node-1', cpu: '1' }, { name: 'node-2', cpu: '1' }] });
    sim.runFor(2_000);
    sim.apply([podYaml('big', {}, { cpu: '2' })]);
    sim.runFor(3_000);
    expect(events(sim, 'FailedScheduling')).toEqual([
      'big: 0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    ]);
    expect(sim.act({ type: 'add-node', name: 'node-3', cpu: '4' }).ok).toBe(true);
    sim.runFor(5_000);
    expect(nodeOf(sim, 'big')).toBe('node-3');
    expect(events(sim, 'Scheduled')).toEqual(['big: Successfully assigned default/big to node-3']);
    expect(sim.runUntilConverged(60_000).converged).toBe(true);
  });
});
