import { describe, expect, it } from 'vitest';
import type { NodeCondition } from 'kubernetes-types/core/v1';
import { computeZoneState, getZoneKey, zoneEvictionQPS } from './zone.ts';

const c = (status: string): NodeCondition => ({ type: 'Ready', status });

describe('zones (ComputeZoneState, GetZoneKey, setLimiterInZone)', () => {
  it.each([
    ['all ready', ['True', 'True', 'True'], 'Normal'],
    ['none ready', ['Unknown', 'False'], 'FullDisruption'],
    ['2 of 3 not ready: not more than 2', ['True', 'Unknown', 'Unknown'], 'Normal'],
    ['3 of 5 not ready (60%)', ['True', 'True', 'Unknown', 'Unknown', 'False'], 'PartialDisruption'],
    ['3 of 10 not ready (30%)', ['True', 'True', 'True', 'True', 'True', 'True', 'True', 'Unknown', 'Unknown', 'False'], 'Normal'],
  ])('%s', (_name, statuses, state) => {
    expect(computeZoneState(statuses.map(c)).state).toBe(state);
  });
  it('a node that never posted Ready counts as not ready', () => {
    expect(computeZoneState([undefined, undefined])).toEqual({ notReady: 2, state: 'FullDisruption' });
  });
  it('the zone key joins region and zone, stable labels first; no labels is the empty zone', () => {
    expect(getZoneKey({ metadata: { labels: { 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': 'a' } } })).toBe('r:\x00:a');
    expect(getZoneKey({ metadata: { labels: { 'failure-domain.beta.kubernetes.io/zone': 'b' } } })).toBe(':\x00:b');
    expect(getZoneKey({ metadata: {} })).toBe('');
  });
  it('a partially disrupted zone stops tainting in a small cluster and slows to the secondary rate in a large one', () => {
    expect(zoneEvictionQPS('Normal', 10)).toBe(0.1);
    expect(zoneEvictionQPS('PartialDisruption', 10)).toBe(0);
    expect(zoneEvictionQPS('PartialDisruption', 51)).toBe(0.01);
    expect(zoneEvictionQPS('FullDisruption', 10)).toBe(0.1);
  });
});
