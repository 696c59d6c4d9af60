import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ddmin } from './ddmin.ts';

describe('ddmin', () => {
  it('finds the one item that makes a long list fail', () => {
    const items = Array.from({ length: 16 }, (_, i) => i);
    const r = ddmin(items, (s) => s.includes(11));
    expect(r.items).toEqual([11]);
    expect(r.minimal).toBe(true);
  });

  it('keeps two items that only fail together, in their order', () => {
    const r = ddmin(['a', 'b', 'c', 'd', 'e', 'f'], (s) => s.includes('e') && s.includes('b'));
    expect(r.items).toEqual(['b', 'e']);
  });

  it('returns the empty list when the empty list already fails (a bug without perturbation)', () => {
    expect(ddmin([1, 2, 3], () => true).items).toEqual([]);
  });

  it('stops at the test budget with the smallest failing subset found so far', () => {
    const items = Array.from({ length: 32 }, (_, i) => i);
    const r = ddmin(items, (s) => s.includes(3) && s.includes(29), 3);
    expect(r.tests).toBe(3);
    expect(r.minimal).toBe(false);
    expect(r.items).toContain(3);
    expect(r.items).toContain(29);
  });

  it('never tests the same subset twice', () => {
    const seen = new Set<string>();
    ddmin(Array.from({ length: 12 }, (_, i) => i), (s) => {
      const k = s.join(',');
      expect(seen.has(k)).toBe(false);
      seen.add(k);
      return s.includes(5) && s.includes(6);
    });
  });

  it('for a monotone failure, returns exactly the culprits, 1-minimal and deterministic (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }).chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: Math.min(n, 4) }))),
        ([n, culprits]) => {
          const items = Array.from({ length: n }, (_, i) => i);
          const fails = (s: number[]) => culprits.every((c) => s.includes(c));
          const r = ddmin(items, fails);
          expect(r.items).toEqual([...culprits].sort((a, b) => a - b));
          for (const x of r.items) expect(fails(r.items.filter((y) => y !== x))).toBe(false);
          expect(ddmin(items, fails)).toEqual(r);
        },
      ),
      { seed: 16, numRuns: 200 },
    );
  });
});
