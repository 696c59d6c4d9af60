import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { getMinTolerationTime, processPodOnNode } from './eviction-timing';

describe('getMinTolerationTime (upstream TestGetMinTolerationTime)', () => {
  const one = 1;
  const two = 2;
  it.each([
    ['no tolerations: evict now', [], 0],
    ['a toleration without seconds: never', [{ tolerationSeconds: undefined }], -1],
    ['one toleration with seconds', [{ tolerationSeconds: one }], 1000],
    ['the minimum of several', [{ tolerationSeconds: one }, { tolerationSeconds: two }], 1000],
    ['seconds and forever: the seconds win', [{ tolerationSeconds: two }, { tolerationSeconds: undefined }], 2000],
    ['a non-positive value: now', [{ tolerationSeconds: -1 }, { tolerationSeconds: two }], 0],
  ] as [string, Toleration[], number][])('%s', (_name, tolerations, expected) => {
    expect(getMinTolerationTime(tolerations)).toBe(expected);
  });
});

describe('processPodOnNode (taint_eviction.go)', () => {
  const unreachable: Taint[] = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }];
  const defaults: Toleration[] = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  ];
  it('a pod with the default tolerations is deleted 300 s after the node became unreachable', () => {
    expect(processPodOnNode(defaults, unreachable, 50_000)).toEqual({ kind: 'schedule', createdAt: 50_000, fireAt: 350_000 });
  });
  it('a pod with no matching toleration is deleted now', () => {
    expect(processPodOnNode([], unreachable, 50_000)).toEqual({ kind: 'evictNow' });
  });
  it('a matching toleration without seconds tolerates forever', () => {
    expect(processPodOnNode([{ operator: 'Exists' }], unreachable, 50_000)).toEqual({ kind: 'cancel' });
  });
  it('the smallest matching tolerationSeconds wins', () => {
    const t: Toleration[] = [...defaults, { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }];
    // getMatchingTolerations takes the first toleration per taint; list the short one first to see it used.
    expect(processPodOnNode([t[2]!, ...defaults], unreachable, 0)).toEqual({ kind: 'schedule', createdAt: 0, fireAt: 30_000 });
  });
  it('NoSchedule-only taints and a healed node cancel the eviction', () => {
    expect(processPodOnNode(defaults, [{ key: 'x', effect: 'NoSchedule' }], 0)).toEqual({ kind: 'cancel' });
    expect(processPodOnNode(defaults, [], 0)).toEqual({ kind: 'cancel' });
  });
  it('an eviction already scheduled earlier is kept', () => {
    expect(processPodOnNode(defaults, unreachable, 100_000, 50_000)).toEqual({ kind: 'keep' });
  });
});
