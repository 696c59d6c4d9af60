import { describe, expect, it } from 'vitest';
import { createPod, newSim, podReady, readyOf, registerNode, renewLease, runWithKubelets, taintsOf, timeUntil } from './test-cluster.ts';

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
