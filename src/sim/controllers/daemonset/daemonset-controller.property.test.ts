import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';
import { getTargetNodeName, nodeShouldRunDaemonPod, type DaemonSetObject } from './daemonset-util.ts';

/** The controllers a DaemonSet needs to play out: itself, the scheduler, the kubelets, the node lifecycle and pod GC. */
const DAEMONSET_CONTROLLERS = ['daemonset-controller', 'default-scheduler', 'kubelet', 'node-lifecycle-controller', 'taint-eviction-controller', 'pod-garbage-collector-controller'];

const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations: [{key: dedicated, operator: Equal, value: infra, effect: NoSchedule}]
      containers: [{name: agent, image: "fluent-bit:3.0"}]
`;

type Step =
  | { kind: 'add-node' }
  | { kind: 'delete-node'; index: number }
  | { kind: 'taint'; index: number; value: 'gpu' | 'infra'; effect: 'NoSchedule' | 'NoExecute' }
  | { kind: 'untaint'; index: number }
  | { kind: 'crash' }
  | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add-node' as const) }),
  fc.record({ kind: fc.constant('delete-node' as const), index: fc.nat(8) }),
  fc.record({ kind: fc.constant('taint' as const), index: fc.nat(8), value: fc.constantFrom('gpu' as const, 'infra' as const), effect: fc.constantFrom('NoSchedule' as const, 'NoExecute' as const) }),
  fc.record({ kind: fc.constant('untaint' as const), index: fc.nat(8) }),
  fc.record({ kind: fc.constant('crash' as const) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 5_000 }) }),
);

function nodesOf(sim: Simulation): Array<Node & KubeObject> {
  return sim.listObjects('nodes') as Array<Node & KubeObject>;
}

describe('DaemonSet controller (property)', () => {
  it('over random node adds, deletes, taints and controller crashes, it settles on one pod per node that should run it and none elsewhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(step, { maxLength: 6 }), (seed, steps) => {
        const sim = Simulation.create({ seed, nodes: 3, controllers: DAEMONSET_CONTROLLERS });
        sim.apply(AGENT);
        sim.runFor(5_000);
        let added = 0;
        for (const s of steps) {
          const nodes = nodesOf(sim);
          const target = nodes.length ? nodes['index' in s ? s.index % nodes.length : 0]!.metadata.name! : undefined;
          if (s.kind === 'add-node') sim.act({ type: 'add-node', name: `extra-${++added}` });
          else if (s.kind === 'delete-node' && target) sim.act({ type: 'delete', resource: 'node', name: target });
          else if (s.kind === 'taint' && target) sim.act({ type: 'patch', resource: 'node', name: target, patchType: 'merge', patch: { spec: { taints: [{ key: 'dedicated', value: s.value, effect: s.effect }] } } });
          else if (s.kind === 'untaint' && target) sim.act({ type: 'patch', resource: 'node', name: target, patchType: 'merge', patch: { spec: { taints: null } } });
          else if (s.kind === 'crash') sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'daemonset-controller', restartAfter: 500 } });
          else if (s.kind === 'wait') sim.runFor(s.ms);
          sim.runFor(200);
        }
        sim.runFor(120_000);
        const ds = sim.getObject('daemonsets', 'default', 'agent') as DaemonSet & DaemonSetObject;
        const nodes = nodesOf(sim);
        const pods = (sim.listObjects('pods', 'default', 'app=agent') as Array<Pod & KubeObject>).filter((p) => !p.metadata.deletionTimestamp);
        const podsOn = (name: string): number => pods.filter((p) => (getTargetNodeName(p) as { nodeName?: string }).nodeName === name).length;
        let desired = 0;
        for (const node of nodes) {
          const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
          const n = podsOn(node.metadata.name!);
          if (shouldRun) {
            desired++;
            expect(n, `pods on ${node.metadata.name}`).toBe(1);
          } else if (!shouldContinueRunning) expect(n, `pods on ${node.metadata.name}`).toBe(0);
          else expect(n).toBeLessThanOrEqual(1);
        }
        const names = new Set(nodes.map((n) => n.metadata.name));
        expect(pods.filter((p) => !names.has((getTargetNodeName(p) as { nodeName?: string }).nodeName))).toEqual([]);
        expect(ds.status?.desiredNumberScheduled).toBe(desired);
        expect(ds.status?.numberReady).toBe(desired);
      }),
      { seed: 20261127, numRuns: 12 },
    );
  }, 120_000);
});
