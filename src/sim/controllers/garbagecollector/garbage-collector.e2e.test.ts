/** The garbage collector with every controller running: real Deployments, ReplicaSets, pods and kubelets. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import { traceHash } from '../../trace/trace-hash.ts';
import { removalOrder } from './test-helpers.ts';

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      terminationGracePeriodSeconds: 5
      containers: [{name: web, image: "nginx:1.27"}]
`;

function running(): Simulation {
  const sim = Simulation.create({ seed: 3, nodes: 2 });
  expect(sim.apply(deployment).ok).toBe(true);
  sim.runFor(15_000);
  expect(sim.listObjects('pods', 'default', 'app=web')).toHaveLength(2);
  return sim;
}

describe('garbage collector with the workload controllers', () => {
  it('deleting a Deployment (background, the default) removes its ReplicaSet and, through it, its pods', () => {
    const sim = running();
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web' }).ok).toBe(true);
    sim.runFor(15_000);
    expect(sim.listObjects('replicasets', 'default')).toEqual([]);
    expect(sim.listObjects('pods', 'default')).toEqual([]);
    expect(sim.isConverged().converged).toBe(true);
  });

  it('a foreground deletion removes the pods, then the ReplicaSet, then the Deployment', () => {
    const sim = running();
    const rs = sim.listObjects('replicasets', 'default')[0]!.metadata.name!;
    const pods = sim.listObjects('pods', 'default').map((p) => `Pod/${p.metadata.name}`);
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(15_000);
    expect(sim.getObject('deployments', 'default', 'web')).toBeUndefined();
    const order = removalOrder(sim).filter((x) => x.startsWith('Pod/web-') || x.startsWith('ReplicaSet/') || x.startsWith('Deployment/'));
    expect(order.slice(0, 2).sort()).toEqual([...pods].sort());
    expect(order.slice(2)).toEqual([`ReplicaSet/${rs}`, 'Deployment/web']);
  });

  it('an orphaning deletion leaves the ReplicaSet, without an owner, and its pods running', () => {
    const sim = running();
    const rs = sim.listObjects('replicasets', 'default')[0]!;
    const podNames = sim.listObjects('pods', 'default').map((p) => p.metadata.name).sort();
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Orphan' }).ok).toBe(true);
    sim.runFor(10_000);
    expect(sim.getObject('deployments', 'default', 'web')).toBeUndefined();
    const left = sim.getObject('replicasets', 'default', rs.metadata.name!)!;
    expect(left.metadata.uid).toBe(rs.metadata.uid);
    expect(left.metadata.ownerReferences ?? []).toEqual([]);
    expect(sim.listObjects('pods', 'default').map((p) => p.metadata.name).sort()).toEqual(podNames);
    expect((left.status as { readyReplicas?: number }).readyReplicas).toBe(2);
  });

  it('an orphaned ReplicaSet is adopted by a new Deployment with the same selector and template', () => {
    const sim = running();
    const rs = sim.listObjects('replicasets', 'default')[0]!;
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Orphan' }).ok).toBe(true);
    sim.runFor(5_000);
    expect(sim.apply(deployment).ok).toBe(true);
    sim.runFor(10_000);
    const d = sim.getObject('deployments', 'default', 'web')!;
    const adopted = sim.getObject('replicasets', 'default', rs.metadata.name!)!;
    expect(adopted.metadata.ownerReferences?.map((r) => r.uid)).toEqual([d.metadata.uid]);
    expect(sim.listObjects('replicasets', 'default')).toHaveLength(1);
  });
});

describe('garbage collector and time travel', () => {
  it('seeking back into a foreground deletion and playing forward again gives the same trace', () => {
    const sim = running();
    expect(sim.act({ type: 'delete', resource: 'deployment', name: 'web', propagationPolicy: 'Foreground' }).ok).toBe(true);
    sim.runFor(10_000);
    const end = sim.now;
    const hash = traceHash(sim.trace.slice());
    sim.seekTime(end - 9_000);
    expect(sim.now).toBeLessThan(end);
    sim.seekTime(end);
    expect(traceHash(sim.trace.slice())).toBe(hash);
    expect(sim.getObject('deployments', 'default', 'web')).toBeUndefined();
  });
});
