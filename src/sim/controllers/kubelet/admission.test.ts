import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import { admittedPods, canAdmitPod } from './admission.ts';
import { eventsFor, podOf, podYaml } from './test-helpers.ts';

const pod = (name: string, cpu?: string): Pod => ({
  metadata: { name, uid: name },
  spec: { containers: [{ name: 'c', ...(cpu ? { resources: { requests: { cpu } } } : {}) }] },
});

describe('kubelet admission', () => {
  it('checks pods first, then cpu, memory, and extended resources, against the node’s allocatable', () => {
    const node = { name: 'n', cpu: '1', memory: '1Gi', pods: 2 };
    expect(canAdmitPod(node, pod('a', '500m'), admittedPods([pod('b', '400m')]))).toEqual({ admit: true });
    expect(canAdmitPod(node, pod('a', '700m'), admittedPods([pod('b', '400m')]))).toEqual({
      admit: false,
      reason: 'OutOfcpu',
      message: "Node didn't have enough resource: cpu, requested: 700, used: 400, capacity: 1000",
    });
    expect(canAdmitPod(node, pod('a'), admittedPods([pod('b'), pod('c')]))).toMatchObject({ reason: 'OutOfpods', message: "Node didn't have enough resource: pods, requested: 1, used: 2, capacity: 2" });
    const gpu: Pod = { metadata: { name: 'g' }, spec: { containers: [{ name: 'c', resources: { requests: { 'nvidia.com/gpu': '1' }, limits: { 'nvidia.com/gpu': '1' } } }] } };
    expect(canAdmitPod(node, gpu, admittedPods([]))).toMatchObject({ reason: 'OutOfnvidia.com/gpu' });
  });

  it('a pod bound by hand to a node without room is rejected: Failed, OutOfcpu, and a Warning event', () => {
    const sim = Simulation.create({ seed: 1, nodes: [{ name: 'node-1', cpu: '1' }], controllers: ['kubelet'] });
    sim.runFor(1000);
    const resources = '    resources: {requests: {cpu: 600m}}\n';
    sim.apply(podYaml('first', 'nginx:1.27', { containerExtra: resources }));
    sim.runFor(3000);
    sim.apply(podYaml('second', 'nginx:1.27', { containerExtra: resources }));
    sim.runFor(3000);
    expect(podOf(sim, 'first')!.status!.phase).toBe('Running');
    expect(podOf(sim, 'second')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 600, used: 600, capacity: 1000",
    });
    expect(eventsFor(sim, 'second').map((e) => `${e.type} ${e.reason}: ${e.message}`)).toEqual([
      "Warning OutOfcpu: Node didn't have enough resource: cpu, requested: 600, used: 600, capacity: 1000",
    ]);
  });
});
