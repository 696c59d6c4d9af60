import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../simulation.ts';
import { deploymentOnlySim, deploymentYaml, eventMessages, replicaSets, runWithAvailableReplicaSets, setReplicaSetStatus } from './controller-test-helpers.ts';

/** A Recreate Deployment at revision 1 with 3 available replicas, then changed to nginx:1.28. */
function recreateRollout(): { sim: Simulation; old: string; before: number } {
  const sim = deploymentOnlySim();
  sim.apply(deploymentYaml({ strategy: 'Recreate' }));
  runWithAvailableReplicaSets(sim, 3000);
  const old = replicaSets(sim)[0]!.metadata.name!;
  const before = eventMessages(sim).length;
  sim.apply(deploymentYaml({ strategy: 'Recreate', image: 'nginx:1.28' }));
  return { sim, old, before };
}

/** A pod owned by the ReplicaSet `rsName`, Running, and seen by the controller's cache. */
function podOf(sim: Simulation, rsName: string, podName: string): void {
  const rs = sim.getObject('replicaset', 'default', rsName)!;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: podName,
      labels: rs.metadata.labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: rsName, uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }],
    },
    spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27' }] },
  };
  expect(sim.act({ type: 'create', manifests: [pod] }).ok).toBe(true);
  expect(sim.act({ type: 'patch', resource: 'pod', name: podName, subresource: 'status', patch: { status: { phase: 'Running' } } }).ok).toBe(true);
  // Let the controller's pod cache see it before anything else changes (watch deliveries race across informers).
  sim.runFor(500);
}

describe('rolloutRecreate', () => {
  it('scales every old ReplicaSet to 0 and creates nothing while they still report pods', () => {
    const { sim, old, before } = recreateRollout();
    sim.runFor(5000); // the old RS status still says 3 replicas
    expect(eventMessages(sim).slice(before)).toEqual([`Scaled down replica set ${old} from 3 to 0`]);
    expect(replicaSets(sim)).toHaveLength(1);
  });

  it('creates the new ReplicaSet at full size once the old ones report no pods', () => {
    const { sim, old, before } = recreateRollout();
    sim.runFor(2000);
    setReplicaSetStatus(sim, old, { replicas: 0, readyReplicas: 0, availableReplicas: 0 });
    sim.runFor(2000);
    const rss = replicaSets(sim);
    expect(rss).toHaveLength(2);
    expect(rss[1]!.spec!.replicas).toBe(3);
    expect(eventMessages(sim).slice(before)).toEqual([`Scaled down replica set ${old} from 3 to 0`, `Scaled up replica set ${rss[1]!.metadata.name} from 0 to 3`]);
  });

  it('a terminating old pod still counts: the new ReplicaSet waits until the pod is gone, and the pod deletion wakes it up', () => {
    const { sim, old } = recreateRollout();
    sim.runFor(500);
    podOf(sim, old, 'web-old-1');
    setReplicaSetStatus(sim, old, { replicas: 0, readyReplicas: 0, availableReplicas: 0 });
    sim.runFor(2000);
    expect(replicaSets(sim)).toHaveLength(1);
    // Graceful delete: the pod stays, terminating (no kubelet here to finish it).
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'web-old-1' }).ok).toBe(true);
    sim.runFor(2000);
    expect(sim.getObject('pod', 'default', 'web-old-1')?.metadata.deletionTimestamp).toBeDefined();
    expect(replicaSets(sim)).toHaveLength(1);
    // Gone for good: the Deployment controller's deletePod handler enqueues the Recreate Deployment.
    expect(sim.act({ type: 'delete', resource: 'pod', name: 'web-old-1', gracePeriodSeconds: 0 }).ok).toBe(true);
    sim.runFor(2000);
    expect(replicaSets(sim)).toHaveLength(2);
    const wake = sim.trace.slice().filter((e) => e.kind === 'queue.add' && e.queue === 'deployment-controller' && e.reason === 'delete');
    expect(wake.length).toBeGreaterThan(0);
  });

  it('a Failed old pod does not hold the rollout back', () => {
    const { sim, old } = recreateRollout();
    sim.runFor(500);
    podOf(sim, old, 'web-old-1');
    expect(sim.act({ type: 'patch', resource: 'pod', name: 'web-old-1', subresource: 'status', patch: { status: { phase: 'Failed' } } }).ok).toBe(true);
    setReplicaSetStatus(sim, old, { replicas: 0, readyReplicas: 0, availableReplicas: 0 });
    sim.runFor(2000);
    expect(replicaSets(sim)).toHaveLength(2);
  });
});
