import { expect, test } from 'vitest';
import fc from 'fast-check';
import { goSort } from './go-sort.ts';

const byKey = (a: { k: number }, b: { k: number }): boolean => a.k < b.k;

test('sorts: the result is a permutation in order, for any input (seeded)', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), (keys) => {
      const items = keys.map((k, i) => ({ k, i }));
      const out = goSort(items, byKey);
      expect(out.map((x) => x.i).sort((a, b) => a - b)).toEqual(items.map((x) => x.i));
      for (let i = 1; i < out.length; i++) expect(out[i - 1]!.k <= out[i]!.k).toBe(true);
    }),
    { seed: 19, numRuns: 500 },
  );
});

test('up to 12 elements it is an insertion sort: ties keep their order', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }), (keys) => {
      const items = keys.map((k, i) => ({ k, i }));
      expect(goSort(items, byKey)).toEqual([...items].sort((a, b) => a.k - b.k || a.i - b.i));
    }),
    { seed: 20, numRuns: 300 },
  );
});

test('beyond 12, ties do not keep their order (pdqsort is not stable)', () => {
  const items = [5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1].map((k, i) => ({ k, i }));
  const out = goSort(items, byKey);
  const stable = [...items].sort((a, b) => a.k - b.k || a.i - b.i);
  expect(out.map((x) => x.k)).toEqual(stable.map((x) => x.k));
  expect(out.map((x) => x.i)).not.toEqual(stable.map((x) => x.i));
});
