/**
 * The upstream tables for the resource replica calculation, ported from kubernetes
 * `pkg/controller/podautoscaler/replica_calculator_test.go` (TestReplicaCalc*, TestGroupPods): two containers per
 * pod, each requesting `requests[i]` and using `levels[i]`; "hot" pods started now (inside the CPU initialization
 * period of 2 min), "cool" ones 3 min ago; the testing tolerance 0.1 and initial readiness delay 10 s.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import { calculatePodRequests, getResourceReplicas, groupPods, isWithin, type PodMetricsInfo } from './replica-calculator.ts';

const NOW = 3_600_000;
/** Go's zero time, far in the past. */
const ZERO = -1_000_000_000;
const NUM_CONTAINERS_PER_POD = 2;
const testing = { cpuInitializationPeriod: 2 * 60_000, delayOfInitialReadinessStatus: 10_000, now: NOW };
const start = { hot: NOW, cool: NOW - 3 * 60_000 } as const;

interface Case {
  currentReplicas: number;
  expectedReplicas?: number;
  expectedError?: string;
  requests: string[];
  levels: number[];
  podNames?: string[];
  targetUtilization: number;
  expectedUtilization?: number;
  expectedValue?: number;
  podReadiness?: Array<'True' | 'False'>;
  podStartTime?: Array<'hot' | 'cool'>;
  podPhase?: string[];
  podDeletionTimestamp?: boolean[];
}

function pods(tc: Case): Pod[] {
  const count = Math.max(tc.currentReplicas, tc.podPhase?.length ?? 0);
  return Array.from({ length: count }, (_, i): Pod => {
    const when = tc.podStartTime ? start[tc.podStartTime[i]!] : ZERO;
    const request = tc.requests[i];
    const container = (n: number) => ({ name: `container${n}`, ...(request !== undefined ? { resources: { requests: { cpu: request } } } : {}) });
    return {
      metadata: { name: `test-pod-${i}`, namespace: 'test-namespace', labels: { name: 'test-pod' }, ...(tc.podDeletionTimestamp?.[i] ? { deletionTimestamp: rfc3339(NOW) } : {}) },
      spec: { containers: [container(0), container(1)] },
      status: {
        phase: tc.podPhase?.[i] ?? 'Running',
        startTime: rfc3339(when),
        conditions: [{ type: 'Ready', status: tc.podReadiness?.[i] ?? 'True', lastTransitionTime: rfc3339(ZERO) }],
      },
    };
  });
}

function metrics(tc: Case): PodMetricsInfo {
  const m: PodMetricsInfo = new Map();
  tc.levels.forEach((level, i) => m.set(tc.podNames?.[i] ?? `test-pod-${i}`, { timestamp: ZERO, window: 60_000, value: NUM_CONTAINERS_PER_POD * level }));
  return m;
}

function run(tc: Case) {
  return getResourceReplicas({
    currentReplicas: tc.currentReplicas,
    targetUtilization: tc.targetUtilization,
    resource: 'cpu',
    tolerances: { scaleDown: 0.1, scaleUp: 0.1 },
    pods: pods(tc),
    metrics: metrics(tc),
    ...testing,
  });
}

const ones = (n: number) => Array.from({ length: n }, () => '1.0');

const cases: Array<[string, Case]> = [
  ['DisjointResourcesMetrics', { currentReplicas: 1, expectedError: 'no metrics returned matched known pods', requests: ones(1), levels: [100], podNames: ['an-older-pod-name'], targetUtilization: 100 }],
  ['ScaleUp', { currentReplicas: 3, expectedReplicas: 5, requests: ones(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 50, expectedValue: 2 * 500 }],
  ['ScaleUpUnreadyLessScale', { currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], requests: ones(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 2 * 600 }],
  ['ScaleUpHotCpuLessScale', { currentReplicas: 3, expectedReplicas: 4, podStartTime: ['hot', 'cool', 'cool'], requests: ones(3), levels: [300, 500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 2 * 600 }],
  ['ScaleUpUnreadyNoScale', { currentReplicas: 3, expectedReplicas: 3, podReadiness: ['True', 'False', 'False'], requests: ones(3), levels: [400, 500, 700], targetUtilization: 30, expectedUtilization: 40, expectedValue: 2 * 400 }],
  ['ScaleHotCpuNoScale', { currentReplicas: 3, expectedReplicas: 3, podReadiness: ['True', 'False', 'False'], podStartTime: ['cool', 'hot', 'hot'], requests: ones(3), levels: [400, 500, 700], targetUtilization: 30, expectedUtilization: 40, expectedValue: 2 * 400 }],
  ['ScaleUpIgnoresFailedPods', { currentReplicas: 2, expectedReplicas: 4, podReadiness: ['True', 'True', 'False', 'False'], podPhase: ['Running', 'Running', 'Failed', 'Failed'], requests: ones(4), levels: [500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 2 * 600 }],
  ['ScaleUpIgnoresDeletionPods', { currentReplicas: 2, expectedReplicas: 4, podReadiness: ['True', 'True', 'False', 'False'], podPhase: ['Running', 'Running', 'Running', 'Running'], podDeletionTimestamp: [false, false, true, true], requests: ones(4), levels: [500, 700], targetUtilization: 30, expectedUtilization: 60, expectedValue: 2 * 600 }],
  ['ScaleDown', { currentReplicas: 5, expectedReplicas: 3, requests: ones(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 2 * 280 }],
  ['ScaleDownIncludeUnreadyPods', { currentReplicas: 5, expectedReplicas: 2, podReadiness: ['True', 'True', 'True', 'False', 'False'], requests: ones(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 30, expectedValue: 2 * 300 }],
  ['ScaleDownExcludeUnscheduledPods', { currentReplicas: 5, expectedReplicas: 1, podReadiness: ['True', 'False', 'False', 'False', 'False'], podPhase: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'], requests: ones(5), levels: [100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 2 * 100 }],
  ['ScaleDownIgnoreHotCpuPods', { currentReplicas: 5, expectedReplicas: 2, podStartTime: ['cool', 'cool', 'cool', 'hot', 'hot'], requests: ones(5), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 30, expectedValue: 2 * 300 }],
  ['ScaleDownIgnoresFailedPods', { currentReplicas: 5, expectedReplicas: 3, podReadiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], podPhase: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'], requests: ones(7), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 2 * 280 }],
  ['ScaleDownIgnoresDeletionPods', { currentReplicas: 5, expectedReplicas: 3, podReadiness: ['True', 'True', 'True', 'True', 'True', 'False', 'False'], podPhase: Array.from({ length: 7 }, () => 'Running'), podDeletionTimestamp: [false, false, false, false, false, true, true], requests: ones(7), levels: [100, 300, 500, 250, 250], targetUtilization: 50, expectedUtilization: 28, expectedValue: 2 * 280 }],
  ['Tolerance', { currentReplicas: 3, expectedReplicas: 3, requests: ['0.9', '1.0', '1.1'], levels: [1010, 1030, 1020], targetUtilization: 100, expectedUtilization: 102, expectedValue: 2 * 1020 }],
  ['SuperfluousMetrics', { currentReplicas: 4, expectedReplicas: 24, requests: ones(4), levels: [4000, 9500, 3000, 7000, 3200, 2000], targetUtilization: 100, expectedUtilization: 587, expectedValue: 2 * 5875 }],
  ['MissingMetrics', { currentReplicas: 4, expectedReplicas: 3, requests: ones(4), levels: [400, 95], targetUtilization: 100, expectedUtilization: 24, expectedValue: 495 }],
  ['EmptyMetrics', { currentReplicas: 4, expectedError: 'unable to get metrics for resource cpu: no metrics returned from resource metrics API', requests: ones(3), levels: [], targetUtilization: 100 }],
  ['EmptyCPURequest', { currentReplicas: 1, expectedError: 'missing request for', requests: [], levels: [200], targetUtilization: 100 }],
  ['MissingMetricsNoChangeEq', { currentReplicas: 2, expectedReplicas: 2, requests: ones(2), levels: [1000], targetUtilization: 100, expectedUtilization: 100, expectedValue: 2 * 1000 }],
  ['MissingMetricsNoChangeGt', { currentReplicas: 2, expectedReplicas: 2, requests: ones(2), levels: [1900], targetUtilization: 100, expectedUtilization: 190, expectedValue: 2 * 1900 }],
  ['MissingMetricsNoChangeLt', { currentReplicas: 2, expectedReplicas: 2, requests: ones(2), levels: [600], targetUtilization: 100, expectedUtilization: 60, expectedValue: 2 * 600 }],
  ['MissingMetricsUnreadyChange', { currentReplicas: 3, expectedReplicas: 3, podReadiness: ['False', 'True', 'True'], requests: ones(3), levels: [100, 450], targetUtilization: 50, expectedUtilization: 45, expectedValue: 2 * 450 }],
  ['MissingMetricsHotCpuNoChange', { currentReplicas: 3, expectedReplicas: 3, podStartTime: ['hot', 'cool', 'cool'], requests: ones(3), levels: [100, 450], targetUtilization: 50, expectedUtilization: 45, expectedValue: 2 * 450 }],
  ['MissingMetricsUnreadyScaleUp', { currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], requests: ones(3), levels: [100, 2000], targetUtilization: 50, expectedUtilization: 200, expectedValue: 2 * 2000 }],
  ['MissingMetricsHotCpuScaleUp', { currentReplicas: 3, expectedReplicas: 4, podReadiness: ['False', 'True', 'True'], podStartTime: ['hot', 'cool', 'cool'], requests: ones(3), levels: [100, 2000], targetUtilization: 50, expectedUtilization: 200, expectedValue: 2 * 2000 }],
  ['MissingMetricsUnreadyScaleDown', { currentReplicas: 4, expectedReplicas: 3, podReadiness: ['False', 'True', 'True', 'True'], requests: ones(4), levels: [100, 100, 100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 2 * 100 }],
  ['DuringRollingUpdateWithMaxSurge', { currentReplicas: 2, expectedReplicas: 2, podPhase: ['Running', 'Running', 'Running'], requests: ones(3), levels: [100, 100], targetUtilization: 50, expectedUtilization: 10, expectedValue: 2 * 100 }],
];

describe('getResourceReplicas: TestReplicaCalc*', () => {
  for (const [name, tc] of cases) {
    it(name, () => {
      if (tc.expectedError) {
        expect(() => run(tc)).toThrow(tc.expectedError);
        return;
      }
      const out = run(tc);
      expect(out.replicaCount).toBe(tc.expectedReplicas);
      expect(out.utilization).toBe(tc.expectedUtilization);
      expect(out.rawUtilization).toBe(tc.expectedValue);
      expect(out.timestamp).toBe(ZERO);
    });
  }

  it('ComputedToleranceAlgImplementation: a change just outside the tolerance scales, one just inside does not', () => {
    // 10 pods using 150m per container against 300m requests (with jitter): 50% of request.
    const perPodRequested = 300;
    const requests = [100, -100, 10, -10, 2, -2, 1, -1, 0, 0].map((d) => `${perPodRequested + d}m`);
    const base = { currentReplicas: 10, requests, levels: Array.from({ length: 10 }, () => 150) };
    // target = 1/(2 × 0.9) + .01 → 56%; ratio 50/56 = 0.89 → ceil(8.9) = 9
    expect(run({ ...base, targetUtilization: 56 }).replicaCount).toBe(9);
    // target = 1/(2 × 0.9) + .004 → 55%; ratio 0.909 is within the tolerance
    expect(run({ ...base, targetUtilization: 55 }).replicaCount).toBe(10);
  });

  it('a missing pod on a scale-down counts at the target when the target is above 100% of request', () => {
    // 2 pods, 1 with a sample at 50% of a 150% target: the missing one counts at 150% (not 100%), so the ratio is 0.67 → 2 (not 1).
    const out = run({ currentReplicas: 2, requests: ones(2), levels: [500], targetUtilization: 150 });
    expect(out.replicaCount).toBe(2);
    const three = run({ currentReplicas: 3, requests: ones(3), levels: [100, 100], targetUtilization: 150 });
    // (200 + 200 + 3000) / 6000 = 56% → 0.378 of target → ceil(1.13) = 2 (counting 100% of request would give 1)
    expect(three.replicaCount).toBe(2);
  });
});

describe('groupPods: TestGroupPods', () => {
  const pod = (name: string, status: Pod['status']): Pod => ({ metadata: { name }, status });
  it('void', () => {
    expect(groupPods([], new Map(), 'cpu', testing)).toEqual({ readyPodCount: 0, ignoredPods: new Set(), missingPods: new Set() });
  });
  it('count in a ready pod - memory', () => {
    const g = groupPods([pod('bentham', { phase: 'Succeeded' })], new Map([['bentham', { value: 1, timestamp: NOW, window: 60_000 }]]), 'memory', testing);
    expect(g.readyPodCount).toBe(1);
  });
  it('ignore a pod without ready condition - CPU', () => {
    const g = groupPods([pod('lucretius', { phase: 'Succeeded', startTime: rfc3339(NOW) })], new Map([['lucretius', { value: 1, timestamp: 0, window: 0 }]]), 'cpu', testing);
    expect(g.ignoredPods).toEqual(new Set(['lucretius']));
  });
  it('count in a ready pod with fresh metrics during initialization period - CPU', () => {
    const p = pod('bentham', { phase: 'Succeeded', startTime: rfc3339(NOW - 60_000), conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(NOW - 30_000) }] });
    expect(groupPods([p], new Map([['bentham', { value: 1, timestamp: NOW, window: 30_000 }]]), 'cpu', testing).readyPodCount).toBe(1);
  });
  it('ignore a ready pod without fresh metrics during initialization period - CPU', () => {
    const p = pod('bentham', { phase: 'Succeeded', startTime: rfc3339(NOW - 60_000), conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(NOW - 30_000) }] });
    expect(groupPods([p], new Map([['bentham', { value: 1, timestamp: NOW, window: 60_000 }]]), 'cpu', testing).ignoredPods).toEqual(new Set(['bentham']));
  });
  it('count in an unready pod that was ready after initialization period - CPU', () => {
    const p = pod('lucretius', { phase: 'Succeeded', startTime: rfc3339(NOW - 10 * 60_000), conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(NOW - 9 * 60_000) }] });
    expect(groupPods([p], new Map([['lucretius', { value: 1, timestamp: 0, window: 0 }]]), 'cpu', testing).readyPodCount).toBe(1);
  });
  it('ignore pod that has never been ready after initialization period - CPU', () => {
    const p = pod('lucretius', { phase: 'Succeeded', startTime: rfc3339(NOW - 10 * 60_000), conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(NOW - 10 * 60_000 + 1000) }] });
    expect(groupPods([p], new Map([['lucretius', { value: 1, timestamp: 0, window: 0 }]]), 'cpu', testing).ignoredPods).toEqual(new Set(['lucretius']));
  });
  it('a pending pod is ignored, a running pod without metrics is missing, a failed or deleted pod is skipped', () => {
    const g = groupPods(
      [pod('pending', { phase: 'Pending' }), pod('nometrics', { phase: 'Running' }), pod('failed', { phase: 'Failed' }), { metadata: { name: 'deleted', deletionTimestamp: rfc3339(NOW) }, status: { phase: 'Running' } }],
      new Map(),
      'memory',
      testing,
    );
    expect(g).toEqual({ readyPodCount: 0, ignoredPods: new Set(['pending']), missingPods: new Set(['nometrics']) });
  });
});

describe('requests and tolerances', () => {
  it('a restartable init container (sidecar) counts toward the pod request; a plain init container does not', () => {
    const p: Pod = {
      metadata: { name: 'p' },
      spec: {
        initContainers: [
          { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '100m' } } },
          { name: 'init', resources: { requests: { cpu: '5' } } },
        ],
        containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }],
      },
    };
    expect(calculatePodRequests([p], 'cpu').get('p')).toBe(350);
  });
  it('a container without a request fails with upstream message', () => {
    expect(() => calculatePodRequests([{ metadata: { name: 'web-1' }, spec: { containers: [{ name: 'app' }] } }], 'cpu')).toThrow('missing request for cpu in container app of Pod web-1');
  });
  it('per-direction tolerances: 1 - scaleDown <= ratio <= 1 + scaleUp', () => {
    const t = { scaleDown: 0.1, scaleUp: 0.05 };
    expect(isWithin(t, 1.04)).toBe(true);
    expect(isWithin(t, 1.06)).toBe(false);
    expect(isWithin(t, 0.91)).toBe(true);
    expect(isWithin(t, 0.89)).toBe(false);
  });
});
