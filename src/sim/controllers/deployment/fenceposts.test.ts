import { describe, expect, it } from 'vitest';
import type { Deployment } from 'kubernetes-types/apps/v1';
import { maxSurge, maxUnavailable, minAvailable, resolveFenceposts } from './fenceposts';

describe('resolveFenceposts (upstream TestResolveFenceposts)', () => {
  const cases: [string | undefined, string | undefined, number, number, number][] = [
    ['0%', '0%', 0, 0, 1],
    ['39%', '39%', 10, 4, 3],
    [undefined, '39%', 10, 0, 3],
    ['39%', undefined, 10, 4, 0],
    [undefined, undefined, 10, 0, 1],
  ];
  it.each(cases)('surge %s, unavailable %s of %i resolve to %i and %i', (s, u, desired, es, eu) => {
    expect(resolveFenceposts(s, u, desired)).toEqual({ surge: es, unavailable: eu });
  });
  it('rejects a string that is not a percentage', () => {
    expect(() => resolveFenceposts('oops', '39%', 10)).toThrow(/invalid value/);
    expect(() => resolveFenceposts('55%', 'urg', 10)).toThrow(/invalid value/);
  });
  it('25%/25% of 2 or 3 replicas is surge 1 and unavailable 0 (the both-zero rule does not fire)', () => {
    expect(resolveFenceposts('25%', '25%', 2)).toEqual({ surge: 1, unavailable: 0 });
    expect(resolveFenceposts('25%', '25%', 3)).toEqual({ surge: 1, unavailable: 0 });
  });
});

function deployment(replicas: number, maxUnavail: number | string, surge: number | string = 1): Deployment {
  return { spec: { replicas, selector: {}, template: {}, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: maxUnavail } } } };
}
const recreate = (replicas?: number): Deployment => ({ spec: { replicas, selector: {}, template: {}, strategy: { type: 'Recreate' } } });

describe('maxUnavailable (upstream TestMaxUnavailable)', () => {
  it.each([
    ['maxUnavailable less than replicas', deployment(10, 5), 5],
    ['maxUnavailable equal replicas', deployment(10, 10), 10],
    ['maxUnavailable greater than replicas', deployment(5, 10), 5],
    ['maxUnavailable with replicas is 0', deployment(0, 10), 0],
    ['maxUnavailable with Recreate deployment strategy', recreate(), 0],
    ['maxUnavailable less than replicas with percents', deployment(10, '50%'), 5],
    ['maxUnavailable equal replicas with percents', deployment(10, '100%'), 10],
    ['maxUnavailable greater than replicas with percents', deployment(5, '100%'), 5],
  ] as const)('%s', (_name, d, expected) => {
    expect(maxUnavailable(d)).toBe(expected);
  });
});

describe('minAvailable (upstream TestMinAvailable)', () => {
  it.each([
    ['replicas greater than maxUnavailable', deployment(10, 5), 5],
    ['replicas equal maxUnavailable', deployment(10, 10), 0],
    ['replicas less than maxUnavailable', deployment(5, 10), 0],
    ['replicas is 0', deployment(0, 10), 0],
    ['minAvailable with Recreate deployment strategy', recreate(10), 0],
    ['replicas greater than maxUnavailable with percents', deployment(10, '60%'), 4],
    ['replicas equal maxUnavailable with percents', deployment(10, '100%'), 0],
    ['replicas less than maxUnavailable with percents', deployment(5, '100%'), 0],
  ] as const)('%s', (_name, d, expected) => {
    expect(minAvailable(d)).toBe(expected);
  });
});

describe('maxSurge', () => {
  it('rounds a percentage up and is 0 for Recreate', () => {
    expect(maxSurge(deployment(10, 0, '39%'))).toBe(4);
    expect(maxSurge(deployment(3, 0, '1%'))).toBe(1);
    expect(maxSurge(recreate(10))).toBe(0);
  });
  it('defaults an absent rollingUpdate block to 25%/25% as the api-server would', () => {
    const d: Deployment = { spec: { replicas: 4, selector: {}, template: {} } };
    expect(maxSurge(d)).toBe(1);
    expect(maxUnavailable(d)).toBe(1);
  });
});
