import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation.ts';
import { deploymentYaml } from '../determinism-case.ts';

describe('kube-controller-manager as a process', () => {
  it('each controller has its own rate-limited client: a burst of creates does not starve the leader election', () => {
    const sim = Simulation.create({ seed: 2, nodes: 4 });
    sim.apply(deploymentYaml('web', 700));
    // 700 creates and their 700 events at the client's 20 qps: about 70 s.
    sim.runFor(120_000);
    const lost = sim.trace.slice().filter((e) => e.kind === 'fault.inject' && e.fault === 'leaderelection-lost');
    expect(lost).toEqual([]);
    // Past one sync's burst of 500: the ReplicaSet kept syncing.
    expect(sim.listObjects('pods').length).toBe(700);
    const actors = new Set(sim.trace.slice().filter((e) => e.kind === 'api.request' && e.verb === 'create' && e.object.kind === 'Pod' && !e.subresource).map((e) => e.actor));
    expect([...actors]).toEqual(['replicaset-controller']);
  }, 120_000);

  it('a replica that loses its lease exits and is restarted, then leads again', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.apply(deploymentYaml('web', 1));
    sim.runFor(10_000);
    sim.act({ type: 'fault', fault: { type: 'apiserver-unavailable', duration: 25_000 } });
    sim.runFor(60_000);
    expect(sim.trace.slice().some((e) => e.kind === 'fault.inject' && e.fault === 'leaderelection-lost')).toBe(true);
    const kcm = sim.cluster.processes.get('kube-controller-manager')!;
    expect(kcm.stats().replicas[0]!.state).toBe('leading');
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 3 });
    expect(sim.runUntilConverged(120_000).reasons).toEqual([]);
    expect(sim.listObjects('pods')).toHaveLength(3);
  }, 120_000);

  it.each(['kube-controller-manager', 'kube-scheduler'])(
    'a restarted %s is a new candidate: it waits for the old holder\'s lease to expire (15 s) before it leads (issue 15, item 6)',
    (process) => {
      const sim = Simulation.create({ seed: 5, nodes: 1 });
      sim.apply(deploymentYaml('web', 1));
      sim.runFor(20_000);
      const lease = () => sim.getObject('lease', 'kube-system', process)!.spec as { holderIdentity: string; leaseTransitions: number };
      const before = lease();
      expect(before.holderIdentity).toMatch(new RegExp(`^${process}_[0-9a-f-]{36}$`));
      const crashedAt = sim.now;
      sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: process, restartAfter: 0 } });
      const p = sim.cluster.processes.get(process)!;
      sim.runFor(14_000);
      expect(p.stats().replicas[0]!.state).toBe('standby');
      sim.runFor(10_000);
      expect(p.stats().replicas[0]!.state).toBe('leading');
      const after = lease();
      expect(after.holderIdentity).not.toBe(before.holderIdentity);
      expect(after.leaseTransitions).toBe(before.leaseTransitions + 1);
      const elected = sim.trace.slice().filter((e) => e.kind === 'leader.elected' && e.actor === process && e.time > crashedAt);
      expect(elected).toHaveLength(1);
      expect(elected[0]!.time - crashedAt).toBeGreaterThanOrEqual(15_000);
    },
  );
});
