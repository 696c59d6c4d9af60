import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { findMatchingUntoleratedTaint, getMatchingTolerations, toleratesTaint } from './taint-toleration';

describe('Toleration.ToleratesTaint (upstream TestTolerationToleratesTaint)', () => {
  const taint: Taint = { key: 'foo', value: 'bar', effect: 'NoSchedule' };
  it.each([
    ['toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated', { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, { key: 'foo', effect: 'NoSchedule' }, true],
    ['toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated', { key: 'foo', operator: 'Exists', effect: 'NoSchedule' }, taint, true],
    ['toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated', { key: '', operator: 'Exists', effect: 'NoSchedule' }, taint, true],
    ['toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated', { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, taint, true],
    ['toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated', { key: 'foo', operator: 'Equal', value: 'value1', effect: 'NoSchedule' }, taint, false],
    ['toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated', { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, { ...taint, effect: 'NoExecute' }, false],
    ['toleration with empty effect tolerates every effect', { key: 'foo', operator: 'Exists' }, { ...taint, effect: 'NoExecute' }, true],
    ['an empty operator means Equal', { key: 'foo', value: 'bar' }, taint, true],
  ] as [string, Toleration, Taint, boolean][])('%s', (_name, toleration, t, expected) => {
    expect(toleratesTaint(toleration, t)).toBe(expected);
  });
});

describe('finding untolerated taints', () => {
  const taints: Taint[] = [
    { key: 'soft', effect: 'PreferNoSchedule' },
    { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
  ];
  const defaultTolerations: Toleration[] = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  ];
  it('the default tolerations cover unreachable:NoExecute but not unreachable:NoSchedule', () => {
    const hard = (t: Taint) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
    expect(findMatchingUntoleratedTaint(taints, defaultTolerations, hard)).toEqual(taints[1]);
    const noExecute = (t: Taint) => t.effect === 'NoExecute';
    expect(findMatchingUntoleratedTaint(taints, defaultTolerations, noExecute)).toBeUndefined();
  });
  it('getMatchingTolerations returns the toleration used for each taint, or not all tolerated', () => {
    expect(getMatchingTolerations([taints[2]!], defaultTolerations)).toEqual({ allTolerated: true, matching: [defaultTolerations[1]] });
    expect(getMatchingTolerations(taints, defaultTolerations).allTolerated).toBe(false);
    expect(getMatchingTolerations([], undefined).allTolerated).toBe(true);
  });
});
