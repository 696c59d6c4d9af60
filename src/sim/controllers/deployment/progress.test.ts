import { describe, expect, it } from 'vitest';
import { CACHE_SYNC_POLL_MS } from './deployment-controller.ts';
import { condition, deploymentOnlySim, deploymentYaml, replicaSets, runWithAvailableReplicaSets } from './controller-test-helpers.ts';

describe('syncRolloutStatus and the progress deadline', () => {
  it('a rollout that makes no progress times out after progressDeadlineSeconds: Progressing False ProgressDeadlineExceeded', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 60 }));
    sim.runFor(55_000); // nobody makes the pods available
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetCreated' });
    sim.runFor(10_000);
    const name = replicaSets(sim)[0]!.metadata.name;
    expect(condition(sim, 'Progressing')).toEqual(
      expect.objectContaining({ status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "${name}" has timed out progressing.` }),
    );
    expect(condition(sim, 'Available')).toMatchObject({ status: 'False', reason: 'MinimumReplicasUnavailable' });
  });

  it('a stalled rollout is looked at again when its deadline passes (requeueAfter = time left + 1s), not before', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 60 }));
    sim.runFor(70_000);
    const requeues = sim.trace
      .slice()
      .filter((e) => e.kind === 'reconcile.done' && e.controller === 'deployment-controller' && e.result === 'requeueAfter' && e.requeueAfter! > CACHE_SYNC_POLL_MS);
    expect(requeues.length).toBeGreaterThan(0);
    for (const r of requeues) if (r.kind === 'reconcile.done') expect(r.requeueAfter).toBeGreaterThan(55_000);
    const timedOut = sim.trace
      .slice()
      .find((e) => e.kind === 'reconcile.act' && e.controller === 'deployment-controller' && /update status/.test(e.summary) && e.time > 60_000);
    expect(timedOut).toBeDefined();
    expect(timedOut!.time).toBeLessThan(62_100);
  });

  it('progress refreshes the deadline: lastUpdateTime moves with each step, lastTransitionTime stays', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 60 }));
    runWithAvailableReplicaSets(sim, 3000);
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 60, image: 'nginx:1.28' }));
    sim.runFor(2000);
    const first = condition(sim, 'Progressing') as { lastUpdateTime?: string; lastTransitionTime?: string; reason?: string };
    sim.runFor(40_000);
    runWithAvailableReplicaSets(sim, 1000, 1000);
    const later = condition(sim, 'Progressing') as { lastUpdateTime?: string; lastTransitionTime?: string; reason?: string };
    expect(later.reason).toBe('ReplicaSetUpdated');
    expect(later.lastUpdateTime! > first.lastUpdateTime!).toBe(true);
    expect(later.lastTransitionTime).toBe(first.lastTransitionTime);
  });

  it('a completed rollout stays NewReplicaSetAvailable and asks for no further deadline check', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 60 }));
    runWithAvailableReplicaSets(sim, 5000);
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
    const t = sim.now;
    sim.runFor(120_000);
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
    // A check queued while the rollout was in progress still comes (at ~61s); it finds nothing to do.
    const late = sim.trace.slice().filter((e) => e.kind === 'reconcile.done' && e.controller === 'deployment-controller' && e.time > t + 1000);
    expect(late.length).toBeGreaterThan(0);
    for (const e of late) if (e.kind === 'reconcile.done') expect(e.result).toBe('success');
    const lateWrites = sim.trace
      .slice()
      .filter((e) => e.kind === 'api.request' && (e.object.kind === 'Deployment' || e.object.kind === 'ReplicaSet') && e.verb !== 'list' && e.time > t + 1000);
    expect(lateWrites).toHaveLength(0);
  });

  it('without a progress deadline (MaxInt32) there is no Progressing condition', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 2147483647 }));
    runWithAvailableReplicaSets(sim, 5000);
    expect(condition(sim, 'Progressing')).toBeUndefined();
    expect(condition(sim, 'Available')).toMatchObject({ status: 'True' });
  });
});
