import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { Simulation } from '../../simulation.ts';
import { createPod, eventTimes, newSim, postReady, readyOf, registerNode, renewLease, runWithKubelets, taintTime, taintsOf, timeUntil } from '../nodelifecycle/test-cluster.ts';

const BOTH = ['node-lifecycle-controller', 'taint-eviction-controller'];
const UNREACHABLE = 'node.kubernetes.io/unreachable';

function pod(sim: Simulation, name: string): Pod | undefined {
  return sim.getObject('pod', 'default', name) as Pod | undefined;
}

/** Two nodes up for 20 s, then node-2's kubelet dies; runs until node-2 has its unreachable NoExecute taint. */
function loseNode2(sim: Simulation): number {
  for (const n of ['node-1', 'node-2']) registerNode(sim, n);
  runWithKubelets(sim, ['node-1', 'node-2'], 20_000);
  renewLease(sim, 'node-2');
  timeUntil(sim, () => taintTime(sim, 'node-2', UNREACHABLE) !== undefined, 120_000, 500, ['node-1']);
  return taintTime(sim, 'node-2', UNREACHABLE)!;
}

describe('taint eviction controller', () => {
  it('a pod with the default tolerations is deleted 300 s after the node is tainted unreachable, with TaintManagerEviction and DisruptionTarget', () => {
    const sim = newSim(BOTH);
    for (const n of ['node-1', 'node-2']) registerNode(sim, n);
    createPod(sim, 'p1', 'node-2');
    runWithKubelets(sim, ['node-1', 'node-2'], 20_000);
    renewLease(sim, 'node-2');
    timeUntil(sim, () => taintTime(sim, 'node-2', UNREACHABLE) !== undefined, 120_000, 500, ['node-1']);
    const tainted = taintTime(sim, 'node-2', UNREACHABLE)!;
    runWithKubelets(sim, ['node-1'], 290_000);
    expect(pod(sim, 'p1')?.metadata?.deletionTimestamp).toBeUndefined();
    runWithKubelets(sim, ['node-1'], 20_000);
    const [marked] = eventTimes(sim, 'TaintManagerEviction', 'Marking for deletion Pod default/p1');
    expect(marked! - tainted).toBeGreaterThanOrEqual(300_000);
    expect(marked! - tainted).toBeLessThan(301_000);
    const p = pod(sim, 'p1');
    expect(p?.metadata?.deletionTimestamp).toBeDefined();
    expect(p?.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' });
  });

  it('a pod tolerating unreachable for 30 s is deleted 30 s after the taint', () => {
    const sim = newSim(BOTH);
    for (const n of ['node-1', 'node-2']) registerNode(sim, n);
    createPod(sim, 'short', 'node-2', [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }]);
    createPod(sim, 'default', 'node-2');
    runWithKubelets(sim, ['node-1', 'node-2'], 20_000);
    renewLease(sim, 'node-2');
    timeUntil(sim, () => taintTime(sim, 'node-2', UNREACHABLE) !== undefined, 120_000, 500, ['node-1']);
    const tainted = taintTime(sim, 'node-2', UNREACHABLE)!;
    runWithKubelets(sim, ['node-1'], 40_000);
    const [marked] = eventTimes(sim, 'TaintManagerEviction', 'default/short');
    expect(marked! - tainted).toBeGreaterThanOrEqual(30_000);
    expect(marked! - tainted).toBeLessThan(31_000);
    expect(pod(sim, 'short')?.metadata?.deletionTimestamp).toBeDefined();
    expect(pod(sim, 'default')?.metadata?.deletionTimestamp).toBeUndefined();
  });

  it('a pod tolerating the taint without tolerationSeconds is never evicted', () => {
    const sim = newSim(BOTH);
    for (const n of ['node-1', 'node-2']) registerNode(sim, n);
    createPod(sim, 'forever', 'node-2', [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute' }]);
    runWithKubelets(sim, ['node-1', 'node-2'], 20_000);
    renewLease(sim, 'node-2');
    runWithKubelets(sim, ['node-1'], 900_000);
    expect(taintsOf(sim, 'node-2').some((t) => t.key === UNREACHABLE && t.effect === 'NoExecute')).toBe(true);
    expect(pod(sim, 'forever')?.metadata?.deletionTimestamp).toBeUndefined();
    expect(eventTimes(sim, 'TaintManagerEviction')).toEqual([]);
  });

  it('a pod that does not tolerate a NoExecute taint is deleted at once', () => {
    const sim = newSim(BOTH);
    registerNode(sim, 'node-1');
    createPod(sim, 'p1', 'node-1');
    createPod(sim, 'ok', 'node-1', [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoExecute' }]);
    runWithKubelets(sim, ['node-1'], 10_000);
    const at = sim.now;
    sim.act({ type: 'patch', resource: 'node', name: 'node-1', patchType: 'merge', patch: { spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }] } } });
    runWithKubelets(sim, ['node-1'], 2_000);
    const [marked] = eventTimes(sim, 'TaintManagerEviction', 'default/p1');
    expect(marked! - at).toBeLessThan(100);
    expect(pod(sim, 'p1')?.metadata?.deletionTimestamp).toBeDefined();
    expect(pod(sim, 'ok')?.metadata?.deletionTimestamp).toBeUndefined();
  });

  it('a node that comes back loses its taints, is Ready again, and the scheduled evictions are cancelled', () => {
    const sim = newSim(BOTH);
    createPod(sim, 'p1', 'node-2');
    loseNode2(sim);
    runWithKubelets(sim, ['node-1'], 60_000);
    // The kubelet is back: it posts Ready and renews its Lease again.
    postReady(sim, 'node-2', 'True');
    runWithKubelets(sim, ['node-1', 'node-2'], 30_000);
    expect(readyOf(sim, 'node-2')).toBe('True');
    expect(taintsOf(sim, 'node-2')).toEqual([]);
    expect(eventTimes(sim, 'TaintManagerEviction', 'Cancelling deletion of Pod default/p1')).toHaveLength(1);
    runWithKubelets(sim, ['node-1', 'node-2'], 300_000);
    expect(pod(sim, 'p1')?.metadata?.deletionTimestamp).toBeUndefined();
  });
});

describe('taint eviction across a kube-controller-manager restart', () => {
  it('a restarted controller-manager starts the toleration clock again from the restart (scheduled deletions live in memory)', () => {
    const sim = newSim(BOTH);
    createPod(sim, 'p1', 'node-2');
    const tainted = loseNode2(sim);
    runWithKubelets(sim, ['node-1'], 100_000);
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'kube-controller-manager' } });
    const restartedAt = sim.now;
    runWithKubelets(sim, ['node-1'], 250_000);
    // 300 s after the taint has passed, but not 300 s after the restart.
    expect(sim.now - tainted).toBeGreaterThan(300_000);
    expect(pod(sim, 'p1')?.metadata?.deletionTimestamp).toBeUndefined();
    runWithKubelets(sim, ['node-1'], 80_000);
    const [marked] = eventTimes(sim, 'TaintManagerEviction', 'Marking for deletion Pod default/p1');
    expect(marked! - restartedAt).toBeGreaterThanOrEqual(300_000);
    expect(marked! - restartedAt).toBeLessThan(320_000);
    expect(pod(sim, 'p1')?.metadata?.deletionTimestamp).toBeDefined();
    // The node stayed Unknown and tainted throughout: the new controller-manager took up where the old one was.
    expect(readyOf(sim, 'node-2')).toBe('Unknown');
    expect(taintsOf(sim, 'node-2').some((t) => t.key === UNREACHABLE && t.effect === 'NoExecute')).toBe(true);
  });
});
