import { describe, expect, it } from 'vitest';
import { computeHash } from './pod-template-hash.ts';
import { deploymentOnlySim, deploymentYaml, eventMessages, replicaSets, runWithAvailableReplicaSets } from './controller-test-helpers.ts';
import type { DeploymentObject } from './controller-ref.ts';

const get = (sim: ReturnType<typeof deploymentOnlySim>): DeploymentObject => sim.getObject('deployment', 'default', 'web') as DeploymentObject;

describe('getNewReplicaSet', () => {
  it('creates the new ReplicaSet already scaled, named <deployment>-<pod-template-hash>, with the hash in its labels, selector and template', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ replicas: 3 }));
    sim.runFor(2000);
    const [rs] = replicaSets(sim);
    const d = get(sim);
    const hash = computeHash(d.spec!.template, d.status?.collisionCount);
    expect(rs!.metadata.name).toBe(`web-${hash}`);
    expect(rs!.spec!.replicas).toBe(3);
    expect(rs!.metadata.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs!.spec!.selector.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs!.spec!.template!.metadata!.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(rs!.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(rs!.metadata.annotations).toEqual({
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    });
    expect(rs!.metadata.managedFields?.[0]?.manager).toBe('kube-controller-manager');
    expect(eventMessages(sim)).toEqual([`Scaled up replica set web-${hash} from 0 to 3`]);
  });

  it('writes the revision annotation on the Deployment through /status, so its generation does not move', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    sim.runFor(2000);
    const d = get(sim);
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(d.metadata.generation).toBe(1);
    expect(d.status?.observedGeneration).toBe(1);
    const deploymentWrites = sim.trace
      .slice()
      .flatMap((e) => (e.kind === 'api.request' && e.verb === 'update' && e.object.kind === 'Deployment' ? [e.subresource] : []));
    expect(deploymentWrites.length).toBeGreaterThan(0);
    expect(deploymentWrites.every((sub) => sub === 'status')).toBe(true);
    expect(d.status?.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({
      status: 'True',
      reason: 'NewReplicaSetCreated',
      message: `Created new replica set "${replicaSets(sim)[0]!.metadata.name}"`,
    });
  });

  it('a template change gives revision 2 to the new ReplicaSet, and an undo moves the old one to revision 3 with revision-history 1', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    sim.apply(deploymentYaml({ image: 'nginx:1.28' }));
    runWithAvailableReplicaSets(sim, 10_000);
    expect(replicaSets(sim).map((rs) => rs.metadata.annotations?.['deployment.kubernetes.io/revision'])).toEqual(['1', '2']);
    expect(sim.act({ type: 'rollout', resource: 'deployment', name: 'web', op: 'undo' }).ok).toBe(true);
    runWithAvailableReplicaSets(sim, 10_000);
    const first = replicaSets(sim).find((rs) => rs.spec!.template!.spec!.containers[0]!.image === 'nginx:1.27')!;
    expect(first.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
    expect(first.metadata.annotations?.['deployment.kubernetes.io/revision-history']).toBe('1');
    expect(first.spec!.replicas).toBe(3);
    expect(get(sim).metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
  });

  it('a ReplicaSet of another template holding the name is a hash collision: collisionCount goes to 1 and the new RS gets another name', () => {
    // The name the Deployment will want, from a first run with the same manifest.
    const probe = deploymentOnlySim();
    probe.apply(deploymentYaml());
    probe.runFor(2000);
    const taken = replicaSets(probe)[0]!.metadata.name!;

    const sim = deploymentOnlySim();
    const squatter = `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ${taken}, labels: {app: other}}
spec:
  replicas: 0
  selector: {matchLabels: {app: other}}
  template:
    metadata: {labels: {app: other}}
    spec: {containers: [{name: c, image: busybox}]}
`;
    expect(sim.apply(squatter).ok).toBe(true);
    sim.apply(deploymentYaml());
    sim.runFor(3000);
    const d = get(sim);
    expect(d.status?.collisionCount).toBe(1);
    const owned = replicaSets(sim).filter((rs) => rs.metadata.ownerReferences?.[0]?.uid === d.metadata.uid);
    expect(owned).toHaveLength(1);
    expect(owned[0]!.metadata.name).toBe(`web-${computeHash(d.spec!.template, 1)}`);
    expect(owned[0]!.metadata.name).not.toBe(taken);
    const errors = sim.trace.slice().filter((e) => e.kind === 'reconcile.done' && e.controller === 'deployment-controller' && e.result === 'error');
    expect(errors.some((e) => e.kind === 'reconcile.done' && /already exists/.test(e.error ?? ''))).toBe(true);
  });

  it('the existing new ReplicaSet follows the Deployment’s minReadySeconds and copied annotations (change-cause), without a new ReplicaSet', () => {
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml());
    runWithAvailableReplicaSets(sim, 3000);
    const yaml = deploymentYaml({ annotations: { 'kubernetes.io/change-cause': 'tune readiness' } }).replace('  replicas: 3\n', '  replicas: 3\n  minReadySeconds: 5\n');
    expect(sim.apply(yaml).ok).toBe(true);
    runWithAvailableReplicaSets(sim, 3000);
    const rss = replicaSets(sim);
    expect(rss).toHaveLength(1);
    expect(rss[0]!.spec!.minReadySeconds).toBe(5);
    expect(rss[0]!.metadata.annotations?.['kubernetes.io/change-cause']).toBe('tune readiness');
    expect(rss[0]!.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
  });
});
