/**
 * The DaemonSet controller end to end on the simulation, after kubernetes `pkg/controller/daemon/update_test.go`
 * (TestDaemonSetUpdatesPods, TestDaemonSetUpdatesPodsWithMaxSurge, OnDelete) and `daemon_controller_test.go`
 * (the revision history: one ControllerRevision per template, pruned to revisionHistoryLimit).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';

const CONTROLLERS = ['daemonset-controller', 'default-scheduler', 'kubelet', 'node-lifecycle-controller', 'taint-eviction-controller', 'garbage-collector-controller'];

function agent(strategy: string, image = 'fluent-bit:3.0', historyLimit?: number): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  updateStrategy: ${strategy}
${historyLimit !== undefined ? `  revisionHistoryLimit: ${historyLimit}\n` : ''}  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: "${image}"}]
`;
}

function cluster(strategy: string): Simulation {
  const sim = Simulation.create({ seed: 9, nodes: 3, controllers: CONTROLLERS });
  sim.apply(agent(strategy));
  sim.runFor(10_000);
  return sim;
}

const pods = (sim: Simulation): Array<Pod & KubeObject> => (sim.listObjects('pods', 'default', 'app=agent') as Array<Pod & KubeObject>).filter((p) => !p.metadata.deletionTimestamp);
const images = (sim: Simulation): string[] => pods(sim).map((p) => p.spec?.containers[0]?.image ?? '').sort();
const status = (sim: Simulation): Record<string, number> => (sim.getObject('daemonsets', 'default', 'agent') as KubeObject).status as Record<string, number>;

describe('DaemonSet controller', () => {
  it('OnDelete: a new template replaces no pod until the user deletes one', () => {
    const sim = cluster('{type: OnDelete}');
    sim.apply(agent('{type: OnDelete}', 'fluent-bit:3.1'));
    sim.runFor(30_000);
    expect(images(sim)).toEqual(['fluent-bit:3.0', 'fluent-bit:3.0', 'fluent-bit:3.0']);
    expect(status(sim)).toMatchObject({ desiredNumberScheduled: 3, numberAvailable: 3, observedGeneration: 2 });
    expect(status(sim).updatedNumberScheduled).toBeUndefined();
    sim.act({ type: 'delete', resource: 'pod', name: pods(sim)[0]!.metadata.name! });
    sim.runFor(30_000);
    expect(images(sim)).toEqual(['fluent-bit:3.0', 'fluent-bit:3.0', 'fluent-bit:3.1']);
    expect(status(sim)).toMatchObject({ updatedNumberScheduled: 1 });
  });

  it('RollingUpdate with maxSurge: a new pod starts beside the old one, which goes once the new is available', () => {
    const strategy = '{type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}';
    const sim = cluster(strategy);
    sim.apply(agent(strategy, 'fluent-bit:3.1'));
    let most = 0;
    let fewestAvailable = Infinity;
    for (let t = 0; t < 60_000; t += 200) {
      sim.runFor(200);
      most = Math.max(most, pods(sim).length);
      fewestAvailable = Math.min(fewestAvailable, status(sim).numberAvailable ?? 0);
    }
    expect(images(sim)).toEqual(['fluent-bit:3.1', 'fluent-bit:3.1', 'fluent-bit:3.1']);
    expect(most).toBe(4); // never more than one surge pod at a time
    expect(fewestAvailable).toBe(3); // and every node keeps an available pod
  });

  it('keeps one ControllerRevision per template, pruned to revisionHistoryLimit, the live ones kept', () => {
    const strategy = '{type: RollingUpdate, rollingUpdate: {maxUnavailable: 3}}';
    const sim = Simulation.create({ seed: 9, nodes: 2, controllers: CONTROLLERS });
    for (const [i, image] of ['a:1', 'a:2', 'a:3', 'a:4'].entries()) {
      sim.apply(agent(strategy, image, 1));
      sim.runFor(i === 0 ? 10_000 : 40_000);
    }
    const revisions = sim.listObjects('controllerrevisions', 'default') as Array<KubeObject & { revision?: number }>;
    // The current revision (4) and one old one (3): 1 and 2 were pruned.
    expect(revisions.map((r) => r.revision).sort()).toEqual([3, 4]);
    expect(images(sim)).toEqual(['a:4', 'a:4']);
  });
});
