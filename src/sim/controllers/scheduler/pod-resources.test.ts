import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { addPodRequested, nodeRequested, podRequests, setNodeRequested, sumNodeRequested } from './pod-resources.ts';

const pod = (cpu: string): Pod => ({
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu, memory: '64Mi' } } }] },
  status: { phase: 'Pending' },
});

describe('podRequests', () => {
  it('sums the containers\' requests', () => {
    expect(podRequests(pod('250m')).milliCPU).toBe(250);
    expect(podRequests(pod('1')).milliCPU).toBe(1000);
  });

  it('a status-only change keeps the parsed requests of the same frozen spec (parsed once per spec, not per pod version)', () => {
    const first = deepFreeze(pod('250m'));
    const running = deepFreeze({ ...first, status: { phase: 'Running' } });
    expect(running.spec).toBe(first.spec);
    const r = podRequests(first);
    expect(podRequests(running)).toBe(r);
    expect(podRequests(running, true)).toBe(podRequests(first, true));
    // Another spec is parsed for itself.
    const resized = deepFreeze(pod('500m'));
    expect(podRequests(resized)).not.toBe(r);
    expect(podRequests(resized).milliCPU).toBe(500);
  });

  it('a pod that is not frozen is parsed each time (a change to it is seen)', () => {
    const p = pod('250m');
    expect(podRequests(p).milliCPU).toBe(250);
    p.spec!.containers[0]!.resources!.requests!.cpu = '750m';
    expect(podRequests(p).milliCPU).toBe(750);
  });
});

describe('setNodeRequested', () => {
  it('a node list handed sums reports them; the sums added up pod by pod equal nodeRequested over the list', () => {
    const a = deepFreeze(pod('250m'));
    const b = deepFreeze(pod('500m'));
    const list = Object.freeze([a, b]);
    const sums = addPodRequested(sumNodeRequested([a]), b);
    expect(sums).toEqual(sumNodeRequested(list));
    expect(sums.plain).toEqual(nodeRequested([a, b]));
    expect(sums.nonZero).toEqual(nodeRequested([a, b], true));
    setNodeRequested(list, sums);
    expect(nodeRequested(list)).toEqual(sums.plain);
    expect(nodeRequested(list).milliCPU).toBe(750);
    expect(Object.isFrozen(nodeRequested(list, true))).toBe(true);
  });
});
