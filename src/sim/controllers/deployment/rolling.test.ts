import { describe, expect, it } from 'vitest';
import {
  deploymentOnlySim,
  deploymentYaml,
  eventMessages,
  makeReplicaSetsAvailable,
  oldNewSizes,
  replicaSets,
  runWithAvailableReplicaSets,
  setReplicaSetStatus,
} from './controller-test-helpers.ts';

/** A Deployment rolled out at revision 1 (all available), then changed to nginx:1.28. */
function startRollout(strategy: string) {
  const sim = deploymentOnlySim();
  sim.apply(deploymentYaml({ strategy }));
  runWithAvailableReplicaSets(sim, 3000);
  const before = eventMessages(sim).length;
  sim.apply(deploymentYaml({ strategy, image: 'nginx:1.28' }));
  return { sim, before };
}

/** Runs with every RS made available as soon as it is scaled, until the rollout is done. */
function runToCompletion(sim: ReturnType<typeof deploymentOnlySim>): void {
  for (let i = 0; i < 200; i++) {
    sim.runFor(100);
    makeReplicaSetsAvailable(sim);
  }
}

/** The (old, new) sizes after each ScalingReplicaSet event since `from`, replayed from the event messages. */
function sizesFromEvents(sim: ReturnType<typeof deploymentOnlySim>, from: number, start: [number, number]): Array<[number, number]> {
  const [oldName, newName] = replicaSets(sim).map((rs) => rs.metadata.name);
  let [o, n] = start;
  const out: Array<[number, number]> = [];
  for (const m of eventMessages(sim).slice(from)) {
    const match = /^Scaled (?:up|down) replica set (\S+) from \d+ to (\d+)$/.exec(m);
    if (!match) throw new Error(`unexpected event ${m}`);
    if (match[1] === oldName) o = Number(match[2]);
    else if (match[1] === newName) n = Number(match[2]);
    out.push([o, n]);
  }
  return out;
}

describe('rolloutRolling', () => {
  it('maxSurge 1 / maxUnavailable 0 on 3 replicas steps (3,1)→(2,1)→(2,2)→(1,2)→(1,3)→(0,3)', () => {
    const { sim, before } = startRollout('rollingUpdate: {maxSurge: 1, maxUnavailable: 0}');
    runToCompletion(sim);
    expect(oldNewSizes(sim)).toEqual([0, 3]);
    expect(sizesFromEvents(sim, before, [3, 0])).toEqual([
      [3, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 3],
      [0, 3],
    ]);
    const [old, neu] = replicaSets(sim).map((rs) => rs.metadata.name);
    expect(eventMessages(sim).slice(before)).toEqual([
      `Scaled up replica set ${neu} from 0 to 1`,
      `Scaled down replica set ${old} from 3 to 2`,
      `Scaled up replica set ${neu} from 1 to 2`,
      `Scaled down replica set ${old} from 2 to 1`,
      `Scaled up replica set ${neu} from 2 to 3`,
      `Scaled down replica set ${old} from 1 to 0`,
    ]);
  });

  it('maxSurge 0 / maxUnavailable 1 removes an old pod before adding a new one: the new RS is created at 0', () => {
    const { sim, before } = startRollout('rollingUpdate: {maxSurge: 0, maxUnavailable: 1}');
    runToCompletion(sim);
    expect(replicaSets(sim)[1]!.metadata.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('3');
    const steps = sizesFromEvents(sim, before, [3, 0]);
    expect(steps[steps.length - 1]).toEqual([0, 3]);
    for (const [o, n] of steps) expect(o + n).toBeLessThanOrEqual(3);
    // No event for the creation at 0: the first event is the old RS going down.
    const [old, neu] = replicaSets(sim).map((rs) => rs.metadata.name);
    expect(eventMessages(sim).slice(before)).toEqual([
      `Scaled down replica set ${old} from 3 to 2`,
      `Scaled up replica set ${neu} from 0 to 1`,
      `Scaled down replica set ${old} from 2 to 1`,
      `Scaled up replica set ${neu} from 1 to 2`,
      `Scaled down replica set ${old} from 1 to 0`,
      `Scaled up replica set ${neu} from 2 to 3`,
    ]);
  });

  it('old ReplicaSets are scaled down only as new pods become available', () => {
    const { sim } = startRollout('rollingUpdate: {maxSurge: 1, maxUnavailable: 0}');
    sim.runFor(10_000); // nobody makes the new pod available
    expect(oldNewSizes(sim)).toEqual([3, 1]);
  });

  it('unavailable old pods are removed first (cleanupUnhealthyReplicas), even when nothing new is available', () => {
    const strategy = 'rollingUpdate: {maxSurge: 1, maxUnavailable: 1}';
    const sim = deploymentOnlySim();
    sim.apply(deploymentYaml({ strategy }));
    runWithAvailableReplicaSets(sim, 3000);
    const [old] = replicaSets(sim);
    // Two of the three old pods stop being available.
    setReplicaSetStatus(sim, old!.metadata.name!, { replicas: 3, readyReplicas: 1, availableReplicas: 1, observedGeneration: old!.metadata.generation ?? 0 });
    sim.runFor(1000);
    const before = eventMessages(sim).length;
    sim.apply(deploymentYaml({ strategy, image: 'nginx:1.28' }));
    sim.runFor(5000);
    // New RS at 1 (maxSurge); maxScaledDown = 4 − 2 − (1 − 0) = 1 goes to an unhealthy old pod although only 1 pod
    // is available (≤ minAvailable 2: the availability-bounded scale-down alone would remove nothing); then the new
    // RS grows back to Σ = 4.
    const neu = replicaSets(sim)[1]!.metadata.name;
    expect(eventMessages(sim).slice(before)).toEqual([
      `Scaled up replica set ${neu} from 0 to 1`,
      `Scaled down replica set ${old!.metadata.name} from 3 to 2`,
      `Scaled up replica set ${neu} from 1 to 2`,
    ]);
    expect(oldNewSizes(sim)).toEqual([2, 2]);
  });

  it('the Deployment reports Available, Progressing NewReplicaSetAvailable and unavailableReplicas 0 when the rollout completes', () => {
    const { sim } = startRollout('rollingUpdate: {maxSurge: 1, maxUnavailable: 0}');
    runToCompletion(sim);
    const d = sim.getObject('deployment', 'default', 'web')!;
    const status = d.status as { replicas?: number; updatedReplicas?: number; availableReplicas?: number; unavailableReplicas?: number; conditions?: Array<{ type: string; reason?: string; message?: string }> };
    expect(status.replicas).toBe(3);
    expect(status.updatedReplicas).toBe(3);
    expect(status.availableReplicas).toBe(3);
    expect(status.unavailableReplicas).toBeUndefined();
    const newRS = replicaSets(sim)[1]!.metadata.name;
    expect(status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${newRS}" has successfully progressed.` });
    expect(status.conditions?.find((c) => c.type === 'Available')).toMatchObject({ reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' });
  });

  it('mid-rollout the status counts unavailableReplicas from spec sizes', () => {
    const { sim } = startRollout('rollingUpdate: {maxSurge: 1, maxUnavailable: 0}');
    sim.runFor(3000);
    const status = sim.getObject('deployment', 'default', 'web')!.status as { unavailableReplicas?: number; availableReplicas?: number };
    // Σ spec (3 + 1) − available (3 old)
    expect(status.unavailableReplicas).toBe(1);
    expect(status.availableReplicas).toBe(3);
  });
});
