import { describe, expect, it } from 'vitest';
import type { HpaInfo } from '../../worker/protocol.ts';
import { chartModel, cpuQuantity, expectedUtilization, millisToPercent, niceMax, percentToMillis, replicasForLoad, stepPath } from './load-chart-model.ts';

const id = (n: number) => n;

function info(partial: Partial<HpaInfo> = {}): HpaInfo {
  return {
    key: 'default/web',
    namespace: 'default',
    name: 'web',
    target: { kind: 'Deployment', name: 'web' },
    minReplicas: 1,
    maxReplicas: 10,
    currentReplicas: 3,
    desiredReplicas: 6,
    cpuRequestMillis: 500,
    load: [{ at: 0, cpuMillis: 2100, memoryBytes: 0 }],
    series: [
      { t: 0, loadCpu: 2100, desired: 3, current: 3, spec: 3 },
      { t: 15_000, loadCpu: 2100, desired: 6, current: 3, spec: 6 },
      { t: 16_000, loadCpu: 2100, desired: 6, current: 6, spec: 6 },
    ],
    ...partial,
  };
}

describe('stepPath', () => {
  it('holds each value until the next point, then steps, and extends to the end time', () => {
    expect(stepPath([{ t: 0, v: 1 }, { t: 10, v: 3 }, { t: 20, v: 3 }], 30, id, id)).toBe('M0,1H10V3H20H30');
  });
  it('is empty without points', () => {
    expect(stepPath([], 10, id, id)).toBe('');
  });
});

describe('chartModel', () => {
  it('spans from the first sample to now and scales replicas to at least maxReplicas', () => {
    const m = chartModel(info(), 30_000, 300, 120);
    expect(m.tMin).toBe(0);
    expect(m.tMax).toBe(30_000);
    expect(m.replicaMax).toBe(10);
    expect(m.loadMax).toBeGreaterThanOrEqual(2100);
    expect(m.desired).toMatch(/^M/);
    expect(m.maxLine).toBeLessThan(m.minLine);
  });
  it('draws the load idle until its first step when the series starts earlier', () => {
    const m = chartModel(info({ load: [{ at: 10_000, cpuMillis: 2000, memoryBytes: 0 }] }), 20_000, 300, 120);
    expect(m.load.split('V').length).toBe(2);
  });
});

describe('load conversions', () => {
  it('converts between millicores and % of one pod’s request', () => {
    expect(percentToMillis(420, 500)).toBe(2100);
    expect(millisToPercent(2100, 500)).toBe(420);
    expect(millisToPercent(2100, 0)).toBe(0);
    expect(cpuQuantity(2100.4)).toBe('2100m');
  });
  it('estimates utilization and the replicas the HPA aims for, within bounds', () => {
    expect(expectedUtilization(2100, 500, 3)).toBe(140);
    expect(expectedUtilization(2100, undefined, 3)).toBeUndefined();
    expect(replicasForLoad(2100, 500, 70, 1, 10)).toBe(6);
    expect(replicasForLoad(100_000, 500, 70, 1, 10)).toBe(10);
    expect(replicasForLoad(0, 500, 70, 2, 10)).toBe(2);
  });
  it('rounds axis tops to 1, 2, 5 × 10^k', () => {
    expect(niceMax(7)).toBe(10);
    expect(niceMax(2310)).toBe(5000);
    expect(niceMax(0, 2)).toBe(2);
  });
});
