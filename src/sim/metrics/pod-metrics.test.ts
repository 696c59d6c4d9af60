/**
 * The simulated metrics-server: 15 s scrapes, the demand split over the pods ready at the scrape, limits, and the
 * load model's history.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../engine/clock.ts';
import { LoadModel } from './load-model.ts';
import { lastScrapeTime, samplePodMetrics, splitByWeight, workloadOfPod } from './pod-metrics.ts';

function pod(name: string, opts: { readySince?: number; phase?: string; limit?: string; rs?: string; hash?: string; deletedAt?: number } = {}): Pod {
  const hash = opts.hash ?? '7d4b8c6';
  return {
    metadata: {
      name,
      namespace: 'default',
      labels: { app: 'web', 'pod-template-hash': hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: opts.rs ?? `web-${hash}`, uid: 'u', controller: true }],
      ...(opts.deletedAt !== undefined ? { deletionTimestamp: rfc3339(opts.deletedAt) } : {}),
    },
    spec: { containers: [{ name: 'app', resources: { requests: { cpu: '500m' }, ...(opts.limit ? { limits: { cpu: opts.limit } } : {}) } }] },
    status: {
      phase: opts.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: opts.readySince === undefined ? 'False' : 'True', ...(opts.readySince !== undefined ? { lastTransitionTime: rfc3339(opts.readySince) } : {}) }],
    },
  };
}

describe('LoadModel', () => {
  it('a workload is idle until a load is set, and keeps each step until the next', () => {
    const m = new LoadModel();
    expect(m.demandAt('default', 'web', 0)).toEqual({ cpuMillis: 0, memoryBytes: 0 });
    m.set('default', 'web', 10_000, { cpuMillis: 2100 });
    m.set('default', 'web', 60_000, { memoryBytes: 1024 });
    expect(m.demandAt('default', 'web', 9_999)).toEqual({ cpuMillis: 0, memoryBytes: 0 });
    expect(m.demandAt('default', 'web', 10_000)).toEqual({ cpuMillis: 2100, memoryBytes: 0 });
    // A step that sets only memory keeps the CPU demand.
    expect(m.demandAt('default', 'web', 70_000)).toEqual({ cpuMillis: 2100, memoryBytes: 1024 });
    expect(m.demandAt('default', 'other', 70_000)).toEqual({ cpuMillis: 0, memoryBytes: 0 });
  });
});

describe('samplePodMetrics', () => {
  it('samples are the last 15 s scrape: timestamp on the grid, window 15 s', () => {
    expect(lastScrapeTime(44_999)).toBe(30_000);
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 900 });
    const s = samplePodMetrics(m, [pod('web-a', { readySince: 1000 })], 44_999, 1);
    expect(s.get('web-a')).toMatchObject({ timestamp: 30_000, window: 15_000, cpuMillis: 900 });
  });

  it('the demand is split over the pods ready at the scrape and sums to it exactly', () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 2100, memoryBytes: 3 * 128 * 1024 * 1024 });
    const pods = [pod('web-a', { readySince: 0 }), pod('web-b', { readySince: 0 }), pod('web-c', { readySince: 0 })];
    const s = samplePodMetrics(m, pods, 30_000, 42);
    const cpu = [...s.values()].map((x) => x.cpuMillis);
    expect(cpu.reduce((a, b) => a + b, 0)).toBe(2100);
    // Per-pod jitter of at most 4%.
    for (const c of cpu) expect(Math.abs(c - 700)).toBeLessThanOrEqual(700 * 0.04 + 1);
    expect([...s.values()].reduce((a, b) => a + b.memoryBytes, 0)).toBe(3 * 128 * 1024 * 1024);
  });

  it('a pod not yet ready, or ready only after the scrape, has no sample and takes no share', () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 1000 });
    const s = samplePodMetrics(m, [pod('web-a', { readySince: 0 }), pod('web-b', { readySince: 31_000 }), pod('web-c'), pod('web-d', { readySince: 0, phase: 'Pending' })], 40_000, 1);
    expect([...s.keys()]).toEqual(['web-a']);
    expect(s.get('web-a')!.cpuMillis).toBe(1000);
  });

  it('a pod deleted before the scrape takes no share', () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 1000 });
    const s = samplePodMetrics(m, [pod('web-a', { readySince: 0 }), pod('web-b', { readySince: 0, deletedAt: 20_000 })], 30_000, 1);
    expect([...s.keys()]).toEqual(['web-a']);
  });

  it("a pod's CPU is capped by its limit", () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 4000 });
    const s = samplePodMetrics(m, [pod('web-a', { readySince: 0, limit: '1' }), pod('web-b', { readySince: 0 })], 15_000, 1);
    expect(s.get('web-a')!.cpuMillis).toBe(1000);
    expect(s.get('web-b')!.cpuMillis).toBeGreaterThan(1900);
  });

  it("pods of both ReplicaSets of a Deployment share its load during a rollout; another workload's pods do not", () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 1000 });
    const pods = [pod('web-old', { readySince: 0, hash: 'aaa' }), pod('web-new', { readySince: 0, hash: 'bbb' }), pod('api-1', { readySince: 0, rs: 'api-ccc', hash: 'ccc' })];
    const s = samplePodMetrics(m, pods, 15_000, 1);
    expect(s.get('web-old')!.cpuMillis + s.get('web-new')!.cpuMillis).toBe(1000);
    expect(s.get('api-1')!.cpuMillis).toBe(0);
    expect(workloadOfPod(pods[2]!)).toBe('api');
  });

  it('the same scrape read twice gives the same samples; a different salt changes the jitter only', () => {
    const m = new LoadModel();
    m.set('default', 'web', 0, { cpuMillis: 3000 });
    const pods = [pod('web-a', { readySince: 0 }), pod('web-b', { readySince: 0 }), pod('web-c', { readySince: 0 })];
    expect(samplePodMetrics(m, pods, 16_000, 7)).toEqual(samplePodMetrics(m, pods, 29_000, 7));
    const other = samplePodMetrics(m, pods, 16_000, 8);
    expect([...other.values()].reduce((a, b) => a + b.cpuMillis, 0)).toBe(3000);
  });
});

describe('splitByWeight', () => {
  it('integer parts that sum to the total, each within 1 of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.double({ min: 0.5, max: 1.5, noNaN: true }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const parts = splitByWeight(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((p, i) => {
          expect(Number.isInteger(p)).toBe(true);
          expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1);
        });
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});
