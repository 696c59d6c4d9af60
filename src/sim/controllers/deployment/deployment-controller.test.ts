import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import type { KubeObject } from '../../api/object.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { DeploymentController, selectsEverything } from './deployment-controller.ts';
import { condition, deploymentOnlySim, deploymentYaml, eventMessages, replicaSets, runWithAvailableReplicaSets } from './controller-test-helpers.ts';

describe('Deployment controller, end to end (every controller: ReplicaSet controller, scheduler, kubelets...)', () => {
  it('a new Deployment becomes Available with 3 ready pods labelled with its pod-template-hash, and converges', () => {
    const sim = Simulation.create({ seed: 4, nodes: 2 });
    sim.apply(deploymentYaml());
    sim.runFor(20_000);
    const d = sim.getObject('deployment', 'default', 'web')!;
    expect(d.status).toMatchObject({ replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 1 });
    const hash = replicaSets(sim)[0]!.metadata.labels!['pod-template-hash'];
    const pods = sim.listObjects('pods', 'default', `app=web,pod-template-hash=${hash}`);
    expect(pods).toHaveLength(3);
    expect(condition(sim, 'Available')).toMatchObject({ status: 'True', reason: 'MinimumReplicasAvailable' });
    expect(sim.runUntilConverged(60_000).converged).toBe(true);
  });

  it('a rolling update never sizes its ReplicaSets past replicas + maxSurge nor reports fewer than replicas − maxUnavailable available', () => {
    const sim = Simulation.create({ seed: 8, nodes: 2 });
    sim.apply(deploymentYaml({ replicas: 4, strategy: 'rollingUpdate: {maxSurge: 1, maxUnavailable: 1}' }));
    sim.runFor(20_000);
    sim.apply(deploymentYaml({ replicas: 4, strategy: 'rollingUpdate: {maxSurge: 1, maxUnavailable: 1}', image: 'nginx:1.28' }));
    for (let t = 0; t < 60_000; t += 250) {
      sim.runFor(250);
      // The bound is on spec sizes: pods of a scaled-down RS may linger until the ReplicaSet controller deletes them.
      const specSum = replicaSets(sim).reduce((n, rs) => n + (rs.spec!.replicas ?? 0), 0);
      expect(specSum).toBeLessThanOrEqual(5);
      const available = (sim.getObject('deployment', 'default', 'web')!.status as { availableReplicas?: number }).availableReplicas ?? 0;
      expect(available).toBeGreaterThanOrEqual(3);
    }
    expect(sim.getObject('deployment', 'default', 'web')!.status).toMatchObject({ updatedReplicas: 4, availableReplicas: 4 });
  });

  it('a crash of kube-controller-manager mid-rollout: the rebuilt controller relists and finishes the rollout', () => {
    const sim = Simulation.create({ seed: 9, nodes: 2 });
    sim.apply(deploymentYaml());
    sim.runFor(20_000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    sim.runFor(1000);
    expect(sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'deployment-controller', restartAfter: 5000 } }).ok).toBe(true);
    sim.runFor(60_000);
    expect(sim.getObject('deployment', 'default', 'web')!.status).toMatchObject({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 });
    expect(replicaSets(sim).map((rs) => rs.spec!.replicas)).toEqual([0, 3]);
  });
});

describe('Deployment controller and time travel', () => {
  it('seeking back over checkpoints mid-rollout and replaying gives the same rollout, event for event', () => {
    const sim = Simulation.create({ seed: 12, nodes: 2, timeline: { checkpointEvery: 200 } });
    sim.apply(deploymentYaml());
    sim.runFor(20_000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    sim.runFor(20_000);
    const events = eventMessages(sim);
    const status = JSON.stringify(sim.getObject('deployment', 'default', 'web')!.status);
    expect(events.length).toBeGreaterThanOrEqual(7);
    sim.seekTime(22_000);
    expect(eventMessages(sim).length).toBeLessThan(events.length);
    sim.seekTime(40_000);
    expect(eventMessages(sim)).toEqual(events);
    expect(JSON.stringify(sim.getObject('deployment', 'default', 'web')!.status)).toBe(status);
  });
});

describe('Deployment controller, reconciler behaviours', () => {
  it('the legacy rollbackTo annotation rolls the template back, records DeploymentRollback and clears the annotation', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    runWithAvailableReplicaSets(sim, 8000);
    expect(sim.act({ type: 'patch', resource: 'deployment', name: 'web', patch: { metadata: { annotations: { 'deprecated.deployment.rollback.to': '0' } } } }).ok).toBe(true);
    runWithAvailableReplicaSets(sim, 8000);
    const d = sim.getObject('deployment', 'default', 'web')!;
    expect((d.spec as { template: { spec: { containers: Array<{ image: string }> } } }).template.spec.containers[0]!.image).toBe('nginx:1.27');
    expect(d.metadata.annotations?.['deprecated.deployment.rollback.to']).toBeUndefined();
    expect(eventMessages(sim, 'DeploymentRollback')).toEqual(['Rolled back deployment "web" to revision 1']);
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
  });

  it('a rollbackTo a revision that does not exist gives up with DeploymentRollbackRevisionNotFound', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.act({ type: 'patch', resource: 'deployment', name: 'web', patch: { metadata: { annotations: { 'deprecated.deployment.rollback.to': '7' } } } });
    sim.runFor(2000);
    expect(eventMessages(sim, 'DeploymentRollbackRevisionNotFound')).toEqual(['Unable to find the revision to rollback to.']);
    expect(sim.getObject('deployment', 'default', 'web')!.metadata.annotations?.['deprecated.deployment.rollback.to']).toBeUndefined();
  });

  it('a key that keeps failing is dropped after 15 retries (maxRetries)', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    sim.runFor(2000);
    sim.act({ type: 'patch', resource: 'deployment', name: 'web', patch: { spec: { paused: true } } });
    // From now on every write to Deployments fails with a Conflict: each sync (its DeploymentPaused status write) fails.
    sim.act({ type: 'fault', fault: { type: 'inject-conflicts', resource: 'deployments', duration: 3_600_000 } });
    sim.runFor(600_000);
    const drops = sim.trace.slice().filter((e) => e.kind === 'queue.drop' && e.queue === 'deployment-controller' && e.key === 'default/web');
    expect(drops).toHaveLength(1);
    if (drops[0]!.kind === 'queue.drop') expect(drops[0]!.numRequeues).toBe(15);
  });

  it('runs in kube-controller-manager with 5 workers (--concurrent-deployment-syncs)', () => {
    const sim = deploymentOnlySim();
    sim.runFor(100);
    const kcm = sim.cluster.processes.get('kube-controller-manager')!;
    const stats = kcm.stats().controllers.find((c) => c.name === 'deployment-controller');
    expect(stats?.workers).toBe(5);
  });

  it('a Deployment with a Progressing deadline but no Progressing condition reports FoundNewReplicaSet for its existing new ReplicaSet', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 2147483647 }));
    runWithAvailableReplicaSets(sim, 3000);
    expect(condition(sim, 'Progressing')).toBeUndefined();
    sim.apply(deploymentYaml({ progressDeadlineSeconds: 600 }));
    runWithAvailableReplicaSets(sim, 3000);
    const found = sim.trace.slice().some((e) => e.kind === 'reconcile.act' && e.controller === 'deployment-controller' && e.summary.endsWith('FoundNewReplicaSet'));
    expect(found).toBe(true);
    expect(condition(sim, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
  });

  it('scaling a paused Deployment mid-rollout scales proportionally but rolls nothing forward', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    sim.runFor(2000); // stuck at (3,1)
    sim.act({ type: 'rollout', resource: 'deployment', name: 'web', op: 'pause' });
    sim.runFor(1000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 6 });
    runWithAvailableReplicaSets(sim, 10_000);
    // Proportional: 3+1 → 5+2 (see sync.test.ts); paused, so the rollout does not go on even with every pod available.
    expect(replicaSets(sim).map((rs) => rs.spec!.replicas)).toEqual([5, 2]);
  });

  it('a selector of {} selects everything (SelectingAll); apps/v1 validation refuses one, so only old objects can have it', () => {
    expect(selectsEverything({ spec: { selector: {}, template: {} } })).toBe(true);
    expect(selectsEverything({ spec: { selector: { matchLabels: {} }, template: {} } })).toBe(true);
    expect(selectsEverything({ spec: { selector: { matchLabels: { app: 'web' } }, template: {} } })).toBe(false);
    const sim = deploymentOnlySim();
    const r = sim.apply(deploymentYaml().replace('selector: {matchLabels: {app: web}}', 'selector: {}'));
    expect(r.ok).toBe(false);
  });

  it('syncDeployment on a Deployment selecting everything records Warning SelectingAll and does nothing else', () => {
    const d: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default', uid: 'u', generation: 1 },
      spec: { selector: {}, template: {} },
      status: { observedGeneration: 1 },
    };
    const informer = (objs: KubeObject[]) =>
      ({ hasSynced: () => true, get: (_ns: string, name: string) => objs.find((o) => o.metadata.name === name), list: () => objs }) as unknown as SharedIndexInformer;
    const events: string[] = [];
    const dc = new DeploymentController(informer([d]), informer([]), informer([]), { event: (_o, type, reason, message) => events.push(`${type} ${reason} ${message}`) });
    const noop = (): void => {};
    const ctx = { client: null, now: 0, worker: 0, observe: noop, diff: noop, act: noop, status: noop } as unknown as ReconcileContext;
    const step = dc.reconcile({ namespace: 'default', name: 'web' }, ctx).next();
    expect(step.done).toBe(true); // no API call: observedGeneration is already current
    expect(events).toEqual(['Warning SelectingAll This deployment is selecting all pods. A non-empty selector is required.']);
  });
});
