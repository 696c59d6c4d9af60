import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJsonExcept } from './same-json.ts';

/** The plain computation: each side's JSON with the ignored fields left out. */
const plain = (a: object, b: object, ignore: readonly string[]): boolean => {
  const without = (o: object) => JSON.stringify({ ...o, ...Object.fromEntries(ignore.map((k) => [k, undefined])) });
  return without(a) === without(b);
};

/** A copy, the same all the way down (new arrays and objects), except where `change` says. */
const copyOf = (v: unknown, change: (path: number) => boolean, path = { n: 0 }): unknown => {
  const here = path.n++;
  if (change(here)) {
    if (typeof v === 'number') return v + 1;
    if (typeof v === 'string') return `${v}x`;
    if (Array.isArray(v)) return [...v, null];
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse());
    return v === null ? 0 : null;
  }
  if (Array.isArray(v)) return v.map((x) => copyOf(x, change, path));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copyOf(x, change, path)]));
  return v;
};

const value = fc.anything({ maxDepth: 3, withNullPrototype: false, withBigInt: false, withDate: true, withMap: false, withSet: false, withTypedArray: false, withSparseArray: true, withBoxedValues: false, key: fc.constantFrom('a', 'b', 'status', 'metadata', 'spec', 'toJSON', 'resourceVersion') });
const obj = fc.dictionary(fc.constantFrom('a', 'b', 'status', 'metadata', 'spec', 'resourceVersion', 'managedFields', 'labels'), value, { maxKeys: 6 });

describe('sameJsonExcept', () => {
  it('says what comparing the two JSON texts says (copies, copies with one change, unrelated objects)', () => {
    fc.assert(
      fc.property(obj, fc.option(fc.nat(30), { nil: undefined }), fc.boolean(), obj, fc.constantFrom<readonly string[]>([], ['status', 'metadata'], ['resourceVersion', 'managedFields']), (a, changeAt, unrelated, other, ignore) => {
        const b = unrelated ? other : (copyOf(a, (p) => p === changeAt) as object);
        expect(sameJsonExcept(a, b, ignore)).toBe(plain(a, b, ignore));
        expect(sameJsonExcept(a, a, ignore)).toBe(true);
      }),
      { seed: 4244, numRuns: 2000 },
    );
  });
});
