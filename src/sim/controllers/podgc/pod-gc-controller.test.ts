/**
 * The pod garbage collector's orphan pass, after kubernetes `pkg/controller/podgc/gc_controller_test.go`
 * (TestGCOrphaned: a pod on a deleted node is deleted once the quarantine has passed, marked Failed with the
 * DisruptionTarget condition first; a node that comes back saves its pods).
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Simulation } from '../../simulation.ts';
import { GC_CHECK_PERIOD_MS, QUARANTINE_TIME_MS } from './pod-gc-controller.ts';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: orphan}
spec:
  nodeName: node-2
  containers: [{name: app, image: "nginx:1.27"}]
`;

function cluster(): Simulation {
  const sim = Simulation.create({ seed: 2, nodes: 2, controllers: ['pod-garbage-collector-controller', 'kubelet'] });
  sim.apply(POD);
  sim.runFor(5_000);
  return sim;
}

describe('pod GC (orphaned pods)', () => {
  it('force-deletes the pods of a node found missing, 40 s after the look that found it, marking them Failed first', () => {
    const sim = cluster();
    sim.act({ type: 'delete', resource: 'node', name: 'node-2' }); // at 5 s; the looks are at 20 s, 40 s, …
    sim.runFor(GC_CHECK_PERIOD_MS - 5_000 + QUARANTINE_TIME_MS - 1_000);
    expect(sim.getObject('pods', 'default', 'orphan')).toBeDefined();
    sim.runFor(2_000);
    expect(sim.getObject('pods', 'default', 'orphan')).toBeUndefined();
    const patches = sim.trace.slice().filter((e) => e.kind === 'api.response' && e.verb === 'patch' && e.subresource === 'status' && e.object.name === 'orphan' && e.code === 200);
    expect(patches).toHaveLength(1);
    const deletes = sim.trace.slice().filter((e) => e.kind === 'api.response' && e.verb === 'delete' && e.object.name === 'orphan');
    expect(deletes.map((e) => e.kind === 'api.response' && e.code)).toEqual([200]);
  });

  it('leaves the pods of a node that exists again when the quarantine ends', () => {
    const sim = cluster();
    const node = sim.getObject('nodes', undefined, 'node-2') as KubeObject;
    sim.act({ type: 'delete', resource: 'node', name: 'node-2' });
    sim.runFor(1_000);
    const { metadata } = node;
    sim.apply([{ apiVersion: 'v1', kind: 'Node', metadata: { name: metadata.name, labels: metadata.labels } }]);
    sim.runFor(GC_CHECK_PERIOD_MS + QUARANTINE_TIME_MS + 5_000);
    expect(sim.getObject('pods', 'default', 'orphan')).toBeDefined();
    expect(sim.trace.slice().some((e) => e.actor === 'pod-garbage-collector-controller')).toBe(false);
  });
});
