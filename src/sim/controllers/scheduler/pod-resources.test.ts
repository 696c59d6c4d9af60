import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { carryRequested, nodeRequested, podRequests } from './pod-resources.ts';

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

describe('carryRequested', () => {
  it('a node list whose pods changed only in status shares the previous list\'s sums; another spec does not', () => {
    const a = deepFreeze(pod('250m'));
    const b = deepFreeze(pod('500m'));
    const before = Object.freeze([a, b]);
    const sum = nodeRequested(before);
    expect(sum.milliCPU).toBe(750);
    const after = Object.freeze([deepFreeze({ ...a, status: { phase: 'Running' } }), b]);
    carryRequested(before, after);
    expect(nodeRequested(after)).toBe(sum);
    const other = Object.freeze([deepFreeze(pod('250m')), b]);
    carryRequested(before, other);
    expect(nodeRequested(other)).not.toBe(sum);
    expect(nodeRequested(other).milliCPU).toBe(750);
  });
});
