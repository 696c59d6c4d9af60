import { describe, expect, it } from 'vitest';
import { ReplicaSlots } from './replica-slots.ts';
import type { PodObject } from './identity.ts';
import { Simulation } from '../../simulation.ts';

function pod(name: string, ready: boolean): PodObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, status: ready ? { phase: 'Running' } : {} } as PodObject;
}

describe('ReplicaSlots', () => {
  it('builds a missing slot once, on first use, and keeps it', () => {
    const built: number[] = [];
    const slots = new ReplicaSlots(5, (i) => (built.push(i), pod(`web-${i}`, false)));
    slots.set(0, pod('web-0', true));
    expect(slots.at(0).metadata.name).toBe('web-0');
    expect(slots.at(3)).toBe(slots.at(3));
    expect(built).toEqual([3]);
    expect([...slots.filled()].map((p) => p.metadata?.name)).toEqual(['web-0', 'web-3']);
  });

  it('firstUnavailable: the lowest unavailable existing pod or the lowest empty slot', () => {
    const unready = (p: { status?: { phase?: string } }) => p.status?.phase !== 'Running';
    const slots = new ReplicaSlots(4, (i) => pod(`web-${i}`, false));
    slots.set(0, pod('web-0', true));
    slots.set(1, pod('web-1', true));
    slots.set(3, pod('web-3', false));
    expect(slots.firstUnavailable(unready)?.metadata.name).toBe('web-2');
    const full = new ReplicaSlots(2, (i) => pod(`web-${i}`, false));
    full.set(0, pod('web-0', true));
    full.set(1, pod('web-1', true));
    expect(full.firstUnavailable(unready)).toBeUndefined();
  });

  it('a set scaled to 2,000,000,000 replicas costs one pod per pass, not two billion', () => {
    const sim = Simulation.create({ seed: 2, nodes: 1 });
    sim.apply(`apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: "nginx:1.0"}]}
`);
    sim.runFor(10_000);
    const before = Date.now();
    sim.act({ type: 'scale', resource: 'sts', name: 'web', replicas: 2_000_000_000 });
    sim.runFor(10_000);
    expect(Date.now() - before).toBeLessThan(20_000);
    expect(sim.listObjects('pods', 'default', 'app=web').length).toBeGreaterThan(1);
  }, 60_000);
});
