import { describe, expect, it } from 'vitest';
import {
  condition,
  deploymentOnlySim,
  deploymentYaml,
  eventMessages,
  oldNewSizes,
  replicaSets,
  runWithAvailableReplicaSets,
} from './controller-test-helpers.ts';

describe('sync: pause, scaling events, cleanup, deletion', () => {
  it('pausing sets Progressing Unknown DeploymentPaused; a template change while paused creates nothing; resuming says DeploymentResumed and rolls out', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    expect(sim.act({ type: 'rollout', resource: 'deployment', name: 'web', op: 'pause' }).ok).toBe(true);
    sim.runFor(1000);
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    sim.act({ type: 'patch', resource: 'deployment', name: 'web', patchType: 'strategic', patch: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } } });
    runWithAvailableReplicaSets(sim, 5000);
    expect(replicaSets(sim)).toHaveLength(1);
    expect(sim.act({ type: 'rollout', resource: 'deployment', name: 'web', op: 'resume' }).ok).toBe(true);
    sim.runFor(300);
    const resumed = sim.trace
      .slice()
      .some((e) => e.kind === 'reconcile.act' && e.controller === 'deployment-controller' && e.summary.includes('DeploymentResumed'));
    expect(resumed).toBe(true);
    runWithAvailableReplicaSets(sim, 10_000);
    expect(oldNewSizes(sim)).toEqual([0, 3]);
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
  });

  it('scaling the Deployment mid-rollout spreads the change proportionally over the ReplicaSets (3+1 → 5+2 for 6 replicas)', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    sim.runFor(3000); // the new pod never becomes available: the rollout is stuck at (3,1)
    expect(oldNewSizes(sim)).toEqual([3, 1]);
    const before = eventMessages(sim).length;
    expect(sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 6 }).ok).toBe(true);
    sim.runFor(3000);
    // allowed 6 + maxSurge 1 = 7; to add 3: old gets round(3·7/4) − 3 = 2, new round(1·7/4) − 1 = 1.
    expect(oldNewSizes(sim)).toEqual([5, 2]);
    const [old, neu] = replicaSets(sim);
    expect(eventMessages(sim).slice(before)).toEqual([
      `Scaled up replica set ${old!.metadata.name} from 3 to 5`,
      `Scaled up replica set ${neu!.metadata.name} from 1 to 2`,
    ]);
    for (const rs of replicaSets(sim)) {
      expect(rs.metadata.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('6');
      expect(rs.metadata.annotations?.['deployment.kubernetes.io/max-replicas']).toBe('7');
    }
  });

  it('scaling a settled Deployment scales its one active ReplicaSet straight to the new size', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5 });
    sim.runFor(2000);
    expect(eventMessages(sim).slice(-1)).toEqual([`Scaled up replica set ${replicaSets(sim)[0]!.metadata.name} from 3 to 5`]);
  });

  it('old ReplicaSets beyond revisionHistoryLimit are deleted once they have no pods', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ revisionHistoryLimit: 1 }));
    runWithAvailableReplicaSets(sim, 3000);
    for (const image of ['nginx:1.28', 'nginx:1.29', 'nginx:1.30']) {
      sim.apply(deploymentYaml({ revisionHistoryLimit: 1, image }));
      runWithAvailableReplicaSets(sim, 8000);
    }
    const rss = replicaSets(sim);
    expect(rss.map((rs) => rs.metadata.annotations?.['deployment.kubernetes.io/revision'])).toEqual(['3', '4']);
    expect(rss[1]!.spec!.template!.spec!.containers[0]!.image).toBe('nginx:1.30');
  });

  it('a Deployment being deleted only syncs its status: no ReplicaSet is created', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    // Foreground deletion leaves the object (with a finalizer) for the garbage collector, which is not running.
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(3000);
    const d = sim.getObject('deployment', 'default', 'web')!;
    expect(d.metadata.deletionTimestamp).toBeDefined();
    expect(replicaSets(sim)).toHaveLength(0);
    expect((d.status as { observedGeneration?: number }).observedGeneration).toBe(d.metadata.generation);
  });
});
