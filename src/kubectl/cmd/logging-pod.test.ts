import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { byLoggingLess, logsSelectorOf, sortByLogging } from './logging-pod.ts';

/** A pod as upstream's podutils tests build them. */
function pod(name: string, o: { node?: string; phase?: string; ready?: boolean; readySince?: string; restarts?: number; created?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(o.created ? { creationTimestamp: o.created } : {}) },
    spec: { ...(o.node !== undefined ? { nodeName: o.node } : {}) },
    status: {
      phase: o.phase ?? 'Running',
      conditions: o.ready === undefined ? [] : [{ type: 'Ready', status: o.ready ? 'True' : 'False', ...(o.readySince ? { lastTransitionTime: o.readySince } : {}) }],
      containerStatuses: [{ restartCount: o.restarts ?? 0 }],
    },
  } as unknown as KubeObject;
}

describe('podutils.ByLogging (kubectl logs TYPE/NAME)', () => {
  // The order of upstream's Less, rule by rule (pkg/util/podutils/podutils.go).
  it.each([
    ['assigned before unassigned', pod('a', { node: 'n1' }), pod('b', { node: '' })],
    ['Running before Unknown before Pending', pod('a', { node: 'n', phase: 'Running' }), pod('b', { node: 'n', phase: 'Pending' })],
    ['Unknown before Pending', pod('a', { node: 'n', phase: 'Unknown' }), pod('b', { node: 'n', phase: 'Pending' })],
    ['ready before not ready', pod('a', { node: 'n', ready: true }), pod('b', { node: 'n', ready: false })],
    ['ready longer before ready shorter', pod('a', { node: 'n', ready: true, readySince: '2026-01-01T00:00:00Z' }), pod('b', { node: 'n', ready: true, readySince: '2026-01-01T00:01:00Z' })],
    ['more restarts before fewer', pod('a', { node: 'n', restarts: 3 }), pod('b', { node: 'n', restarts: 1 })],
    ['older before newer', pod('a', { node: 'n', created: '2026-01-01T00:00:00Z' }), pod('b', { node: 'n', created: '2026-01-01T00:00:05Z' })],
    ['a timestamp before none', pod('a', { node: 'n', created: '2026-01-01T00:00:00Z' }), pod('b', { node: 'n' })],
  ])('%s', (_what, first, second) => {
    expect(byLoggingLess(first, second)).toBe(true);
    expect(byLoggingLess(second, first)).toBe(false);
    expect(sortByLogging([second, first]).map((p) => p.metadata.name)).toEqual(['a', 'b']);
  });

  it('reads the selector kubectl lists pods with, per kind', () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web', tier: 'fe' } } } } as unknown as KubeObject;
    expect(logsSelectorOf(d)).toBe('app=web,tier=fe');
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { selector: { b: '2', a: '1' } } } as unknown as KubeObject;
    expect(logsSelectorOf(svc)).toBe('a=1,b=2');
    expect(logsSelectorOf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } as KubeObject)).toBeUndefined();
  });
});
