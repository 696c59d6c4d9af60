import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPOCH_MS, rfc3339 } from './clock.ts';

describe('rfc3339', () => {
  it('is the plain formatting of the second, whatever seconds were asked before (property; past the cache bound too)', () => {
    const plain = (ms: number) => new Date(EPOCH_MS + Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e10, noNaN: true }), { maxLength: 1500 }), (times) => {
        for (const ms of times) expect(rfc3339(ms)).toBe(plain(ms));
      }),
      { seed: 11, numRuns: 40 },
    );
  });
});
