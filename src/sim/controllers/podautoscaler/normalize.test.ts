/**
 * The upstream tables for stabilization and rate limits, ported from kubernetes
 * `pkg/controller/podautoscaler/horizontal_test.go` (TestNormalizeDesiredReplicas, TestScalingWithRules,
 * TestStoreScaleEvents, TestCalculateScaleDownLimitWithBehaviors…). `time.Now()` is virtual time NOW.
 */
import type { HPAScalingRules } from 'kubernetes-types/autoscaling/v2';
import { describe, expect, it } from 'vitest';
import {
  calculateScaleDownLimitWithBehaviors,
  calculateScaleUpLimitWithScalingRules,
  convertDesiredReplicasWithBehaviorRate,
  convertDesiredReplicasWithRules,
  getReplicasChangePerPeriod,
  stabilizeRecommendation,
  stabilizeRecommendationWithBehaviors,
  storeScaleEvent,
  type TimestampedRecommendation,
  type TimestampedScaleEvent,
} from './normalize.ts';

const NOW = 3_600_000;
const S = 1000;
const MIN = 60 * S;

/** `generateScalingRules(pods, podsPeriod, percent, percentPeriod, stabilizationWindow)`. */
function generateScalingRules(pods: number, podsPeriod: number, percent: number, percentPeriod: number, stabilizationWindow: number): HPAScalingRules {
  const rules: HPAScalingRules = { stabilizationWindowSeconds: stabilizationWindow, selectPolicy: 'Max' };
  if (pods !== 0) (rules.policies ??= []).push({ type: 'Pods', value: pods, periodSeconds: podsPeriod });
  if (percent !== 0) (rules.policies ??= []).push({ type: 'Percent', value: percent, periodSeconds: percentPeriod });
  return rules;
}

/** `GenerateHPAScaleUpRules`: the API defaults for what is not set. */
function scaleUpRules(r?: HPAScalingRules): HPAScalingRules {
  return {
    stabilizationWindowSeconds: r?.stabilizationWindowSeconds ?? 0,
    selectPolicy: r?.selectPolicy ?? 'Max',
    policies: r?.policies ?? [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  };
}

/** `GenerateHPAScaleDownRules`. */
function scaleDownRules(r?: HPAScalingRules): HPAScalingRules {
  return {
    stabilizationWindowSeconds: r?.stabilizationWindowSeconds ?? 300,
    selectPolicy: r?.selectPolicy ?? 'Max',
    policies: r?.policies ?? [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  };
}

/** `generateEventsUniformDistribution`: events spread over the last `periodSeconds`, each in the middle of its segment. */
function generateEventsUniformDistribution(rawEvents: number[], periodSeconds: number): TimestampedScaleEvent[] {
  const segment = periodSeconds / rawEvents.length;
  return rawEvents.map((replicaChange, idx) => {
    // Go truncates the float seconds to a Duration of whole nanoseconds × 1s: whole seconds here.
    const boundary = Math.trunc(periodSeconds - segment * (idx + 1) + segment / 2);
    return { replicaChange, timestamp: NOW - boundary * S, outdated: false };
  });
}

describe('stabilizeRecommendation (legacy, 5 min window): TestNormalizeDesiredReplicas', () => {
  const cases: Array<[string, Array<[number, number]>, number, number, number]> = [
    ['empty log', [], 5, 5, 1],
    ['stabilize', [[4, -2 * MIN], [5, -1 * MIN]], 3, 5, 3],
    ['no stabilize', [[1, -2 * MIN], [2, -1 * MIN]], 3, 3, 3],
    ['no stabilize - old recommendations', [[10, -10 * MIN], [9, -9 * MIN]], 3, 3, 2],
    ['stabilize - old recommendations', [[10, -10 * MIN], [4, -1 * MIN], [5, -2 * MIN], [9, -9 * MIN]], 3, 5, 4],
  ];
  for (const [name, recs, prenormalized, expected, logLength] of cases) {
    it(name, () => {
      const log: TimestampedRecommendation[] = recs.map(([recommendation, ago]) => ({ recommendation, timestamp: NOW + ago }));
      expect(stabilizeRecommendation(log, prenormalized, NOW, 5 * MIN)).toBe(expected);
      expect(log).toHaveLength(logLength);
    });
  }
});

describe('convertDesiredReplicasWithRules (legacy limits)', () => {
  it('scale-up is limited to max(2 × current, 4): ScaleUpLimit', () => {
    expect(convertDesiredReplicasWithRules(3, 10, 1, 20)).toMatchObject({ desiredReplicas: 6, reason: 'ScaleUpLimit' });
    expect(convertDesiredReplicasWithRules(1, 10, 1, 20)).toMatchObject({ desiredReplicas: 4, reason: 'ScaleUpLimit' });
  });
  it('maxReplicas below the scale-up limit: TooManyReplicas', () => {
    expect(convertDesiredReplicasWithRules(3, 10, 1, 5)).toMatchObject({ desiredReplicas: 5, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' });
  });
  it('below minReplicas: TooFewReplicas; a minReplicas of 0 is used as given, as the behavior path does (issue 15, item 4)', () => {
    expect(convertDesiredReplicasWithRules(3, 1, 2, 10)).toMatchObject({ desiredReplicas: 2, reason: 'TooFewReplicas' });
    expect(convertDesiredReplicasWithRules(3, 0, 0, 10)).toMatchObject({ desiredReplicas: 0, reason: 'DesiredWithinRange' });
  });
  it('within range: DesiredWithinRange', () => {
    expect(convertDesiredReplicasWithRules(3, 5, 1, 10)).toEqual({ desiredReplicas: 5, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' });
  });
});

describe('convertDesiredReplicasWithBehaviorRate: TestScalingWithRules', () => {
  interface Case {
    name: string;
    scaleUpEvents?: TimestampedScaleEvent[];
    scaleDownEvents?: TimestampedScaleEvent[];
    min: number;
    max: number;
    up?: HPAScalingRules;
    down?: HPAScalingRules;
    current: number;
    desired: number;
    expected: number;
    condition: string;
  }
  const ev = generateEventsUniformDistribution;
  const g = generateScalingRules;
  const cases: Case[] = [
    { name: 'prenormalized desired replicas within range', current: 5, desired: 7, min: 3, max: 8, expected: 7, condition: 'DesiredWithinRange' },
    { name: 'prenormalized desired replicas < minReplicas', current: 3, desired: 1, min: 2, max: 8, expected: 2, condition: 'TooFewReplicas' },
    { name: 'prenormalized desired replicas within range when minReplicas is 0', current: 1, desired: 0, min: 0, max: 10, expected: 0, condition: 'DesiredWithinRange' },
    { name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit', current: 20, desired: 1000, min: 1, max: 10, expected: 10, condition: 'TooManyReplicas' },
    { name: 'desired replica count is more than the maximum replica count', current: 100, desired: 1000, min: 100, max: 150, expected: 150, condition: 'TooManyReplicas' },
    { name: 'scaleUpLimit is the limit because scaleUpLimit < maxReplicas with user policies', current: 3, desired: 1000, min: 1, max: 2000, up: g(0, 0, 1, 60, 0), expected: 4, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with default behavior', min: 1, max: 1000, current: 10, desired: 50, expected: 20, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with pods policy larger than percent policy', min: 1, max: 1000, up: g(100, 60, 100, 60, 0), current: 10, desired: 500, expected: 110, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with percent policy larger than pods policy', min: 1, max: 1000, up: g(2, 60, 100, 60, 0), current: 10, desired: 500, expected: 20, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with spec MaxReplicas limitation with large pod policy', min: 1, max: 1000, up: g(100, 60, 0, 0, 0), current: 10, desired: 50, expected: 50, condition: 'DesiredWithinRange' },
    { name: 'scaleUp with pod policy limitation', min: 1, max: 1000, up: g(30, 60, 0, 0, 0), current: 10, desired: 50, expected: 40, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with percent policy limitation', min: 1, max: 1000, up: g(0, 0, 200, 60, 0), current: 10, desired: 50, expected: 30, condition: 'ScaleUpLimit' },
    { name: 'scaleDown with percent policy larger than pod policy', min: 1, max: 1000, down: g(20, 60, 1, 60, 300), current: 100, desired: 2, expected: 80, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with pod policy larger than percent policy', min: 1, max: 1000, down: g(2, 60, 1, 60, 300), current: 100, desired: 2, expected: 98, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy', min: 1, max: 1000, down: g(100, 60, 0, 0, 300), current: 10, desired: 0, expected: 1, condition: 'TooFewReplicas' },
    { name: 'scaleDown with spec MinReplicas limitation with large percent policy', min: 5, max: 1000, down: g(0, 0, 100, 60, 300), current: 10, desired: 2, expected: 5, condition: 'TooFewReplicas' },
    { name: 'scaleDown with pod policy limitation', min: 1, max: 1000, down: g(5, 60, 0, 0, 300), current: 10, desired: 2, expected: 5, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with percent policy limitation', min: 1, max: 1000, down: g(0, 0, 50, 60, 300), current: 10, desired: 5, expected: 5, condition: 'DesiredWithinRange' },
    { name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events', scaleUpEvents: ev([1, 5, 9], 120), min: 1, max: 200, up: g(300, 60, 0, 0, 0), current: 100, desired: 500, expected: 200, condition: 'TooManyReplicas' },
    { name: 'scaleUp with currentReplicas limitation with rate.PeriodSeconds with a lot of recent scale up events', scaleUpEvents: ev([1, 5, 9], 120), min: 1, max: 1000, up: g(5, 120, 0, 0, 0), current: 100, desired: 500, expected: 100, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with pod policy and previous scale up events', scaleUpEvents: ev([1, 5, 9], 120), min: 1, max: 1000, up: g(150, 120, 0, 0, 0), current: 100, desired: 500, expected: 235, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with percent policy and previous scale up events', scaleUpEvents: ev([1, 5, 9], 120), min: 1, max: 1000, up: g(0, 0, 200, 120, 0), current: 100, desired: 500, expected: 255, condition: 'ScaleUpLimit' },
    { name: 'scaleUp with percent policy and previous scale up and down events', scaleUpEvents: ev([4], 120), scaleDownEvents: ev([2], 120), min: 1, max: 1000, up: g(0, 0, 300, 300, 0), current: 6, desired: 24, expected: 16, condition: 'ScaleUpLimit' },
    { name: 'scaleDown with default policy and previous events', scaleDownEvents: ev([1, 5, 9], 120), min: 1, max: 1000, current: 10, desired: 5, expected: 5, condition: 'DesiredWithinRange' },
    { name: 'scaleDown with spec MinReplicas limitation with large pod policy and previous events', scaleDownEvents: ev([1, 5, 9], 120), min: 5, max: 1000, down: g(130, 120, 0, 0, 300), current: 100, desired: 0, expected: 5, condition: 'TooFewReplicas' },
    { name: 'scaleDown with pod policy limitation and previous events', scaleDownEvents: ev([1, 5, 9], 120), min: 1, max: 1000, down: g(5, 120, 0, 0, 300), current: 100, desired: 2, expected: 100, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with percent policy limitation and previous events', scaleDownEvents: ev([2, 4, 6], 120), min: 1, max: 1000, down: g(0, 0, 50, 120, 300), current: 100, desired: 0, expected: 56, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with percent policy and previous scale up and down events', scaleUpEvents: ev([2], 120), scaleDownEvents: ev([4], 120), min: 1, max: 1000, down: g(0, 0, 50, 180, 0), current: 10, desired: 1, expected: 6, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with previous events preventing further scale down', scaleDownEvents: ev([10, 10, 10], 120), min: 1, max: 1000, down: g(0, 0, 10, 120, 300), current: 100, desired: 0, expected: 100, condition: 'ScaleDownLimit' },
    { name: 'scaleDown with with previous events still allowing more scale down', scaleDownEvents: ev([10, 10, 10], 120), min: 1, max: 1000, down: g(0, 0, 1000, 120, 300), current: 10, desired: 5, expected: 5, condition: 'DesiredWithinRange' },
    { name: "check that events were marked 'outdated' for two different policies in the behavior for up", scaleUpEvents: ev([8, 12, 9, 11], 120), min: 1, max: 1000, up: g(1000, 30, 100, 60, 0), current: 100, desired: 200, expected: 200, condition: 'DesiredWithinRange' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const args = { scaleUpBehavior: scaleUpRules(c.up), scaleDownBehavior: scaleDownRules(c.down), minReplicas: c.min, maxReplicas: c.max, currentReplicas: c.current, desiredReplicas: c.desired };
      const got = convertDesiredReplicasWithBehaviorRate(args, c.scaleUpEvents ?? [], c.scaleDownEvents ?? [], NOW);
      expect(got.desiredReplicas).toBe(c.expected);
      expect(got.reason).toBe(c.condition);
    });
  }
});

describe('scale limits with a select policy', () => {
  it('selectPolicy Min on scale-down takes the smallest change (TestCalculateScaleDownLimitWithBehaviors)', () => {
    const rules: HPAScalingRules = { stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }, { type: 'Percent', value: 50, periodSeconds: 60 }] };
    expect(calculateScaleDownLimitWithBehaviors(5, [], [], rules, NOW)).toBe(3);
  });
  it('selectPolicy Min on scale-up takes the smallest change', () => {
    const rules: HPAScalingRules = { selectPolicy: 'Min', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
    expect(calculateScaleUpLimitWithScalingRules(10, [], [], rules, NOW)).toBe(14);
  });
  it('selectPolicy Disabled forbids any change in that direction', () => {
    const rules: HPAScalingRules = { selectPolicy: 'Disabled', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] };
    expect(calculateScaleUpLimitWithScalingRules(10, [], [], rules, NOW)).toBe(10);
    expect(calculateScaleDownLimitWithBehaviors(10, [], [], rules, NOW)).toBe(10);
  });
});

describe('storeScaleEvent: TestStoreScaleEvents', () => {
  const cases: Array<{ name: string; prev: Array<[number, number]>; next: Array<[number, boolean]>; rules?: HPAScalingRules; expectedChange: number }> = [
    { name: 'empty entries with default behavior', prev: [], next: [], expectedChange: 0 },
    { name: 'empty entries with two-policy-behavior', prev: [], next: [[5, false]], rules: generateScalingRules(10, 60, 100, 60, 0), expectedChange: 0 },
    { name: 'one outdated entry to be kept untouched without behavior', prev: [[7, -61]], next: [[7, false]], expectedChange: 0 },
    { name: 'one outdated entry to be replaced with behavior', prev: [[7, -61]], next: [[5, false]], rules: generateScalingRules(10, 60, 100, 60, 0), expectedChange: 0 },
    { name: 'one actual entry to be not touched with behavior', prev: [[7, -58]], next: [[7, false], [5, false]], rules: generateScalingRules(10, 60, 100, 60, 0), expectedChange: 7 },
    { name: 'two entries, one of them to be replaced', prev: [[7, -61], [6, -59]], next: [[5, false], [6, false]], rules: generateScalingRules(10, 60, 0, 0, 0), expectedChange: 6 },
    { name: 'replace one entry, use policies with different periods', prev: [[8, -29], [6, -59], [7, -61], [9, -61]], next: [[8, false], [6, false], [7, true], [5, false]], rules: generateScalingRules(10, 60, 100, 30, 0), expectedChange: 14 },
    { name: 'two entries, both actual', prev: [[7, -58], [6, -59]], next: [[7, false], [6, false], [5, false]], rules: generateScalingRules(10, 120, 100, 30, 0), expectedChange: 13 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      for (const direction of ['up', 'down'] as const) {
        const events: TimestampedScaleEvent[] = c.prev.map(([replicaChange, ago]) => ({ replicaChange, timestamp: NOW + ago * S, outdated: false }));
        expect(getReplicasChangePerPeriod(60, events, NOW)).toBe(c.expectedChange);
        const behavior = c.rules ? (direction === 'up' ? { scaleUp: c.rules } : { scaleDown: c.rules }) : undefined;
        const other: TimestampedScaleEvent[] = [];
        if (direction === 'up') storeScaleEvent(behavior, events, other, 10, 15, NOW);
        else storeScaleEvent(behavior, other, events, 15, 10, NOW);
        expect(events.map((e) => [e.replicaChange, e.outdated])).toEqual(c.next);
        expect(other).toEqual([]);
      }
    });
  }
});

describe('stabilizeRecommendationWithBehaviors', () => {
  const args = (current: number, desired: number, upWindow: number, downWindow: number) => ({
    scaleUpBehavior: scaleUpRules({ stabilizationWindowSeconds: upWindow }),
    scaleDownBehavior: scaleDownRules({ stabilizationWindowSeconds: downWindow }),
    minReplicas: 1,
    maxReplicas: 100,
    currentReplicas: current,
    desiredReplicas: desired,
  });
  it('a scale-down is held at the highest recommendation within the scale-down window', () => {
    const recs: TimestampedRecommendation[] = [{ recommendation: 8, timestamp: NOW - 2 * MIN }, { recommendation: 6, timestamp: NOW - 1 * MIN }];
    expect(stabilizeRecommendationWithBehaviors(args(8, 3, 0, 300), recs, NOW)).toMatchObject({ desiredReplicas: 8, reason: 'ScaleDownStabilized' });
    expect(recs).toHaveLength(3);
  });
  it('a scale-up is held at the lowest recommendation within the scale-up window', () => {
    const recs: TimestampedRecommendation[] = [{ recommendation: 4, timestamp: NOW - 30 * S }, { recommendation: 7, timestamp: NOW - 10 * S }];
    expect(stabilizeRecommendationWithBehaviors(args(3, 9, 60, 300), recs, NOW).desiredReplicas).toBe(4);
  });
  it('recommendations older than the longest window are reused', () => {
    const recs: TimestampedRecommendation[] = [{ recommendation: 10, timestamp: NOW - 10 * MIN }, { recommendation: 2, timestamp: NOW - 1 * MIN }];
    expect(stabilizeRecommendationWithBehaviors(args(5, 2, 0, 300), recs, NOW).desiredReplicas).toBe(2);
    expect(recs).toEqual([{ recommendation: 2, timestamp: NOW }, { recommendation: 2, timestamp: NOW - 1 * MIN }]);
  });
});
