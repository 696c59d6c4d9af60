import { describe, expect, it } from 'vitest';
import { firstProbeAt, readinessDelay } from './readiness.ts';

describe('readiness timing', () => {
  it('without a probe, readiness passes when the container is ready', () => {
    expect(readinessDelay(1000, undefined)).toBe(1000);
  });

  it('with a probe, at the first period tick at or after both initialDelaySeconds and the container being ready', () => {
    expect(readinessDelay(1000, { periodSeconds: 10 })).toBe(10_000);
    expect(readinessDelay(1000, { periodSeconds: 1 })).toBe(1000);
    expect(readinessDelay(1000, { initialDelaySeconds: 15, periodSeconds: 10 })).toBe(20_000);
    expect(readinessDelay(0, {})).toBe(0);
  });

  it('the first counted probe is the first tick at or after initialDelaySeconds', () => {
    expect(firstProbeAt({ initialDelaySeconds: 5, periodSeconds: 2 })).toBe(6000);
    expect(firstProbeAt({})).toBe(0);
  });
});
