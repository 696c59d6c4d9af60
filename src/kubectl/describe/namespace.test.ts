import { describe, expect, it } from 'vitest';
import { Simulation } from '../../sim/simulation.ts';
import { targetOf } from '../target.ts';
import { kubectl } from '../testing/fixture.ts';

const TEAM = `apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: team, finalizers: [example.com/hold]}
`;

function teamCluster(): Simulation {
  const sim = Simulation.create({ seed: 4, nodes: 1 });
  const r = sim.apply(TEAM);
  if (!r.ok) throw new Error(r.messages.join('\n'));
  sim.runFor(5_000);
  return sim;
}

describe('kubectl and a namespace stuck on a finalizer', () => {
  it('delete ns prints the deletion at once and waits until the namespace is gone', () => {
    const sim = teamCluster();
    const r = kubectl(sim, 'delete ns team');
    expect(r.stdout).toBe('namespace "team" deleted\n');
    expect(r.watch).toBeDefined();
    sim.runFor(30_000);
    r.watch!.poll(targetOf(sim));
    expect(r.watch!.done).toBe(false);
    expect(kubectl(sim, 'get ns team').stdout).toBe('NAME   STATUS        AGE\nteam   Terminating   35s\n');
  });

  it('describe ns shows the conditions that say why, as kubectl 1.32 prints them', () => {
    const sim = teamCluster();
    kubectl(sim, 'delete ns team --wait=false');
    sim.runFor(30_000);
    const out = kubectl(sim, 'describe ns team').stdout;
    expect(out).toContain('Status:       Terminating\nConditions:\n  Type                                         Status  LastTransitionTime               Reason                Message\n');
    expect(out).toMatch(/ {2}NamespaceContentRemaining {20}True {4}Thu, 01 Jan 2026 00:00:1\d \+0000 {2}SomeResourcesRemain {3}Some resources are remaining: configmaps\. has 1 resource instances\n/);
    expect(out).toMatch(/ {2}NamespaceFinalizersRemaining {17}True {4}.* {2}SomeFinalizersRemain {2}Some content in the namespace has finalizers remaining: example\.com\/hold in 1 resource instances\n/);
  });
});
