import { describe, expect, it } from 'vitest';
import type { Node } from 'kubernetes-types/core/v1';
import { createPod, newSim, podReady, postReady, readyOf, registerNode, renewLease, runWithKubelets, taintTime, taintsOf, timeUntil } from './test-cluster.ts';

describe('node lifecycle controller (monitorNodeHealth, tainting passes)', () => {
  it('a node whose kubelet stops renewing its Lease goes Unknown ~50 s later, is tainted unreachable, and its pods are marked not ready', () => {
    const sim = newSim();
    for (const n of ['node-1', 'node-2']) registerNode(sim, n);
    createPod(sim, 'p1', 'node-2');
    runWithKubelets(sim, ['node-1', 'node-2'], 30_000);
    expect(readyOf(sim, 'node-2')).toBe('True');
    // node-2's kubelet renews its Lease one last time, then dies.
    renewLease(sim, 'node-2');
    const lastRenewal = sim.now;
    const unknownAt = timeUntil(sim, () => readyOf(sim, 'node-2') === 'Unknown', 120_000, 100, ['node-1']);
    expect(unknownAt - lastRenewal).toBeGreaterThan(50_000);
    expect(unknownAt - lastRenewal).toBeLessThanOrEqual(60_000);
    const taintedAt = timeUntil(sim, () => taintsOf(sim, 'node-2').some((t) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute'), 10_000, 100, ['node-1']);
    // processTaintBaseEviction looks at the Ready condition as the pass found it: the next pass (5 s on) queues the
    // node in its zone's tainter, whose next 100 ms tick taints it.
    expect(taintedAt - unknownAt).toBeGreaterThanOrEqual(5_000);
    expect(taintedAt - unknownAt).toBeLessThanOrEqual(5_300);
    expect(taintsOf(sim, 'node-2').map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(podReady(sim, 'p1')).toBe('False');
    expect(readyOf(sim, 'node-1')).toBe('True');
    expect(taintsOf(sim, 'node-1')).toEqual([]);
  });
});

describe('node lifecycle controller: eviction rate limiting and zone states', () => {
  const UNREACHABLE = 'node.kubernetes.io/unreachable';
  const nodes = (n: number) => Array.from({ length: n }, (_, i) => `node-${i + 1}`);
  const noExecuteTime = (sim: ReturnType<typeof newSim>, name: string) => taintTime(sim, name, UNREACHABLE);

  it('three nodes lost at once out of ten are tainted NoExecute one every 10 s (--node-eviction-rate 0.1)', () => {
    const sim = newSim();
    const all = nodes(10);
    for (const n of all) registerNode(sim, n);
    runWithKubelets(sim, all, 20_000);
    const dead = ['node-3', 'node-5', 'node-8'];
    for (const n of dead) renewLease(sim, n);
    const alive = all.filter((n) => !dead.includes(n));
    runWithKubelets(sim, alive, 130_000);
    // Every dead node went Unknown in the same pass and got its NoSchedule taint at once...
    const noSchedule = dead.map((n) => taintTime(sim, n, UNREACHABLE, 'NoSchedule')!);
    expect(new Set(noSchedule).size).toBe(1);
    // ...but the NoExecute taints go through the token bucket: one now, then one per 10 s.
    const times = dead.map((n) => noExecuteTime(sim, n)!).sort((a, b) => a - b);
    expect(times[1]! - times[0]!).toBe(10_000);
    expect(times[2]! - times[1]!).toBe(10_000);
    for (const n of alive) expect(taintsOf(sim, n)).toEqual([]);
  });

  it('a zone with more than 2 nodes and at least 55% of them not ready (partial disruption) in a small cluster gets no NoExecute taints', () => {
    const sim = newSim();
    const all = nodes(5);
    for (const n of all) registerNode(sim, n);
    runWithKubelets(sim, all, 20_000);
    const dead = ['node-1', 'node-2', 'node-3'];
    for (const n of dead) renewLease(sim, n);
    runWithKubelets(sim, ['node-4', 'node-5'], 200_000);
    for (const n of dead) {
      expect(readyOf(sim, n)).toBe('Unknown');
      // The NoSchedule taint still follows the condition; only tainting NoExecute (eviction) stops.
      expect(taintsOf(sim, n).map((t) => `${t.key}:${t.effect}`)).toEqual([`${UNREACHABLE}:NoSchedule`]);
    }
  });

  it('when every node of every zone is lost (full disruption), no node is tainted NoExecute', () => {
    const sim = newSim();
    const all = nodes(3);
    for (const n of all) registerNode(sim, n);
    runWithKubelets(sim, all, 20_000);
    for (const n of all) renewLease(sim, n);
    sim.runFor(200_000);
    for (const n of all) {
      expect(readyOf(sim, n)).toBe('Unknown');
      expect(taintsOf(sim, n).some((t) => t.effect === 'NoExecute')).toBe(false);
    }
  });

  it('nodes in another zone are tainted on their own limiter: one node lost in each of two zones are both tainted at once', () => {
    const sim = newSim();
    const zone = (z: string) => ({ 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': z });
    for (const n of ['a-1', 'a-2', 'a-3']) registerNode(sim, n, zone('a'));
    for (const n of ['b-1', 'b-2', 'b-3']) registerNode(sim, n, zone('b'));
    const alive = ['a-1', 'a-2', 'b-1', 'b-2'];
    runWithKubelets(sim, [...alive, 'a-3', 'b-3'], 20_000);
    renewLease(sim, 'a-3');
    renewLease(sim, 'b-3');
    runWithKubelets(sim, alive, 100_000);
    expect(noExecuteTime(sim, 'a-3')).toBeDefined();
    expect(noExecuteTime(sim, 'a-3')).toBe(noExecuteTime(sim, 'b-3'));
  });
});

describe('node lifecycle controller: health signals', () => {
  it('a node that never posts Ready goes Unknown (NodeStatusNeverUpdated) after the 60 s startup grace period', () => {
    const sim = newSim();
    sim.apply([{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'silent' } }]);
    sim.runFor(55_000);
    expect(readyOf(sim, 'silent')).toBeUndefined();
    const at = timeUntil(sim, () => readyOf(sim, 'silent') === 'Unknown', 30_000);
    expect(at).toBeGreaterThan(60_000);
    expect(at).toBeLessThanOrEqual(66_000);
    const node = sim.getObject('node', undefined, 'silent') as Node;
    expect(node.status?.conditions?.map((c) => `${c.type}:${c.reason}`)).toEqual([
      'Ready:NodeStatusNeverUpdated',
      'MemoryPressure:NodeStatusNeverUpdated',
      'DiskPressure:NodeStatusNeverUpdated',
      'PIDPressure:NodeStatusNeverUpdated',
    ]);
  });

  it('status heartbeats alone (no Lease) keep a node healthy', () => {
    const sim = newSim();
    registerNode(sim, 'node-1');
    for (let i = 0; i < 20; i++) {
      postReady(sim, 'node-1', 'True');
      sim.runFor(10_000);
    }
    expect(readyOf(sim, 'node-1')).toBe('True');
    expect(taintsOf(sim, 'node-1')).toEqual([]);
  });

  it('a node whose kubelet posts Ready=False is tainted not-ready (NoSchedule at once, NoExecute on the next pass)', () => {
    const sim = newSim();
    registerNode(sim, 'node-1');
    registerNode(sim, 'node-2');
    runWithKubelets(sim, ['node-1', 'node-2'], 10_000);
    postReady(sim, 'node-2', 'False');
    runWithKubelets(sim, ['node-1', 'node-2'], 20_000);
    expect(taintsOf(sim, 'node-2').map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
  });

  it('a pod bound to a node already known to be unreachable is marked not ready (processPod)', () => {
    // Upstream enqueues a pod only when its binding changes, so its creation and its Ready status must reach the
    // informer in one delivery (no watch jitter) for the controller to see the Ready pod it has to mark.
    const sim = newSim(['node-lifecycle-controller'], 1, { watchJitterMs: 0 });
    registerNode(sim, 'node-1');
    registerNode(sim, 'node-2');
    runWithKubelets(sim, ['node-1', 'node-2'], 10_000);
    renewLease(sim, 'node-2');
    runWithKubelets(sim, ['node-1'], 80_000);
    expect(readyOf(sim, 'node-2')).toBe('Unknown');
    createPod(sim, 'late', 'node-2');
    expect(podReady(sim, 'late')).toBe('True');
    runWithKubelets(sim, ['node-1'], 1_000);
    expect(podReady(sim, 'late')).toBe('False');
  });

  it('cordoning a node adds node.kubernetes.io/unschedulable:NoSchedule; uncordoning removes it', () => {
    const sim = newSim();
    registerNode(sim, 'node-1');
    runWithKubelets(sim, ['node-1'], 10_000);
    sim.act({ type: 'cordon', node: 'node-1' });
    runWithKubelets(sim, ['node-1'], 1_000);
    expect(taintsOf(sim, 'node-1').map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unschedulable:NoSchedule']);
    sim.act({ type: 'uncordon', node: 'node-1' });
    runWithKubelets(sim, ['node-1'], 1_000);
    expect(taintsOf(sim, 'node-1')).toEqual([]);
  });
});
