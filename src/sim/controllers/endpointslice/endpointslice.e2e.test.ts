/** The EndpointSlice controller with every controller running: a Service in front of a Deployment's pods. */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import { endpointSummary, esEvents, slicesOf } from './test-helpers.ts';

const manifests = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: "nginx:1.27", ports: [{name: http, containerPort: 8080}]}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
`;

function ready(n: number, summary: string[]): boolean {
  return summary.length === n && summary.every((e) => e.includes('ready=true serving=true terminating=false'));
}

describe('EndpointSlice controller with the workload controllers', () => {
  it("lists the Deployment's ready pods, with the kubelet's pod IPs and the resolved port", () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    expect(sim.apply(manifests).ok).toBe(true);
    sim.runFor(15_000);
    const pods = sim.listObjects('pods', 'default', 'app=web');
    expect(pods).toHaveLength(3);
    const summary = endpointSummary(sim);
    expect(ready(3, summary)).toBe(true);
    const ips = pods.map((p) => `${p.metadata.name} ${(p.status as { podIP: string }).podIP}`).sort();
    expect(summary.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(ips);
    expect(slicesOf(sim)).toHaveLength(1);
    expect(slicesOf(sim)[0]!.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(esEvents(sim)).toEqual([]);
  });

  it('a deleted pod is listed as terminating, then removed; its replacement joins once ready', () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    expect(sim.apply(manifests).ok).toBe(true);
    sim.runFor(15_000);
    const victim = sim.listObjects('pods', 'default', 'app=web')[0]!.metadata.name!;
    expect(sim.act({ type: 'delete', resource: 'pod', name: victim }).ok).toBe(true);
    let terminating: string | undefined;
    for (let t = 0; t < 3000 && !terminating; t += 10) {
      sim.runFor(10);
      terminating = endpointSummary(sim).find((e) => e.startsWith(`${victim} `) && e.includes('terminating=true'));
    }
    // Never ready while terminating (upstream's compatibility rule), whatever its readiness.
    expect(terminating).toMatch(/ ready=false serving=(true|false) terminating=true$/);
    sim.runFor(20_000);
    const summary = endpointSummary(sim);
    expect(summary.some((e) => e.startsWith(`${victim} `))).toBe(false);
    expect(ready(3, summary)).toBe(true);
  });

  it('scaling the Deployment to zero leaves an empty slice, and back up fills it again', () => {
    const sim = Simulation.create({ seed: 5, nodes: 2 });
    expect(sim.apply(manifests).ok).toBe(true);
    sim.runFor(15_000);
    expect(sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 0 }).ok).toBe(true);
    sim.runFor(20_000);
    expect(endpointSummary(sim)).toEqual([]);
    expect(slicesOf(sim)).toHaveLength(1);
    expect(sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 2 }).ok).toBe(true);
    sim.runFor(20_000);
    expect(ready(2, endpointSummary(sim))).toBe(true);
    expect(slicesOf(sim)).toHaveLength(1);
  });
});
