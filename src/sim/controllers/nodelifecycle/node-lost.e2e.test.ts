import { describe, expect, it } from 'vitest';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { Simulation } from '../../simulation.ts';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx:1.27}]
`;

function start(seed = 3): Simulation {
  const sim = Simulation.create({ seed, nodes: 3 });
  sim.apply(DEPLOYMENT);
  sim.runFor(30_000);
  return sim;
}

const events = (sim: Simulation, reason: string) =>
  sim.trace
    .slice()
    .filter((e) => e.kind === 'k8s.event' && e.reason === reason)
    .map((e) => (e.kind === 'k8s.event' ? `${Math.floor(e.time)} ${e.message}` : ''));
const node = (sim: Simulation, name: string) => sim.getObject('node', undefined, name) as Node;
const livePods = (sim: Simulation) => (sim.listObjects('pod', 'default') as Pod[]).filter((p) => !p.metadata?.deletionTimestamp);

describe('a lost node with the whole cluster running (kubelets, scheduler, ReplicaSets)', () => {
  it("a node restored before the 300 s are up gets its taints removed and keeps its pods; the evictions are cancelled", () => {
    const sim = start();
    const onNode2 = livePods(sim).filter((p) => p.spec?.nodeName === 'node-2').map((p) => p.metadata!.name);
    expect(onNode2.length).toBeGreaterThan(0);
    sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-2' } });
    sim.runFor(120_000);
    expect(node(sim, 'node-2').spec?.taints?.map((t) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    sim.act({ type: 'fault', fault: { type: 'restore-node', node: 'node-2' } });
    sim.runFor(30_000);
    expect(node(sim, 'node-2').status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    expect(node(sim, 'node-2').spec?.taints ?? []).toEqual([]);
    expect(events(sim, 'TaintManagerEviction').filter((m) => m.includes('Cancelling deletion of Pod'))).toHaveLength(onNode2.length);
    sim.runFor(400_000);
    expect(events(sim, 'TaintManagerEviction').filter((m) => m.includes('Marking for deletion'))).toEqual([]);
    expect(livePods(sim).filter((p) => p.spec?.nodeName === 'node-2').map((p) => p.metadata!.name)).toEqual(onNode2);
  });

  it('going back in time across the node loss and running again gives the same taints, evictions and placement', () => {
    const a = start();
    a.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-2' } });
    a.runFor(420_000);
    const want = { taints: events(a, 'TaintManagerEviction'), notReady: events(a, 'NodeNotReady'), pods: livePods(a).map((p) => `${p.metadata!.name}@${p.spec?.nodeName}`).sort() };
    expect(want.taints).toHaveLength(1);
    expect(want.pods.some((p) => p.endsWith('@node-2'))).toBe(false);
    a.seekTime(200_000);
    a.runUntil(450_000);
    expect({ taints: events(a, 'TaintManagerEviction'), notReady: events(a, 'NodeNotReady'), pods: livePods(a).map((p) => `${p.metadata!.name}@${p.spec?.nodeName}`).sort() }).toEqual(want);
  });
});
