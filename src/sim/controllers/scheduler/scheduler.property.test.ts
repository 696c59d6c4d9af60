/**
 * A seeded property over random clusters, run end to end with only the scheduler: whatever the nodes and pods, no
 * node is ever given more than it can hold (assumed pods count before the informer sees their bindings), no pod
 * lands where a filter forbids it, and every pod left pending really fits nowhere.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { Simulation } from '../../simulation.ts';
import { runFilterPlugins } from './filters';
import { nodeAllocatable, nodeRequested } from './pod-resources';

const nodeArb = fc.record({
  cpu: fc.integer({ min: 1, max: 4 }),
  cordoned: fc.boolean(),
  tainted: fc.boolean(),
});
const podArb = fc.record({
  milliCPU: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
  tolerates: fc.boolean(),
});

describe('scheduler invariants (seeded property)', () => {
  it('never overcommits a node, respects the filters, and leaves pending only pods that fit nowhere', () => {
    fc.assert(
      fc.property(fc.array(nodeArb, { minLength: 1, maxLength: 4 }), fc.array(podArb, { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 1_000 }), (nodes, pods, seed) => {
        const sim = Simulation.create({ seed, nodes: 0, controllers: ['default-scheduler'] });
        const nodeObjects = nodes.map((n, i) => ({
          apiVersion: 'v1',
          kind: 'Node',
          metadata: { name: `node-${i + 1}` },
          spec: { ...(n.cordoned ? { unschedulable: true } : {}), ...(n.tainted ? { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] } : {}) },
          status: { allocatable: { cpu: String(n.cpu), memory: '8Gi', pods: '110' } },
        }));
        expect(sim.act({ type: 'create', manifests: nodeObjects }).ok).toBe(true);
        const podObjects = pods.map((p, i) => ({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: `p-${i}` },
          spec: {
            containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: `${p.milliCPU}m` } } }],
            ...(p.tolerates ? { tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }] } : {}),
          },
        }));
        expect(sim.apply(podObjects).ok).toBe(true);
        sim.runFor(15_000);

        const liveNodes = sim.listObjects('nodes') as unknown as Node[];
        const livePods = sim.listObjects('pods', 'default') as unknown as Pod[];
        const on = (name: string) => livePods.filter((p) => p.spec?.nodeName === name);
        for (const node of liveNodes) {
          const bound = on(node.metadata!.name!);
          expect(nodeRequested(bound).milliCPU).toBeLessThanOrEqual(nodeAllocatable(node).resource.milliCPU);
          for (const p of bound) expect(runFilterPlugins(p, node, bound.filter((q) => q !== p)).code).toBe('Success');
        }
        for (const p of livePods.filter((q) => !q.spec?.nodeName)) {
          for (const node of liveNodes) expect(runFilterPlugins(p, node, on(node.metadata!.name!)).code).not.toBe('Success');
        }
      }),
      { seed: 20_251_122, numRuns: 25 },
    );
  });
});
