import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';

const RS = (replicas: number) => `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
`;

describe('event recorder', () => {
  it('stores every event, even several recorded in the same virtual instant', () => {
    const sim = Simulation.create({ seed: 3, nodes: 2 });
    sim.apply(RS(7));
    sim.runFor(5000);
    const recorded = sim.trace.slice().filter((e) => e.kind === 'k8s.event' && e.reason === 'SuccessfulCreate');
    const stored = sim.listObjects('events').filter((e) => (e as unknown as { reason: string }).reason === 'SuccessfulCreate');
    expect(recorded).toHaveLength(7);
    expect(stored).toHaveLength(7);
  });

  it('aggregates an identical repeat into the count of the existing Event', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.act({ type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'crash' } });
    sim.apply(RS(1));
    sim.runFor(120_000);
    const backoff = sim.listObjects('events').filter((e) => (e as unknown as { reason: string }).reason === 'BackOff') as unknown as Array<{ count: number; reportingComponent: string }>;
    expect(backoff).toHaveLength(1);
    expect(backoff[0]!.count).toBeGreaterThan(1);
    expect(backoff[0]!.reportingComponent).toBe('kubelet');
  });
});
