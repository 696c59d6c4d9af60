/**
 * `valuesEqual` compares values side by side; its definition is the equality of their canonical JSON texts (keys
 * sorted). Property: on random JSON-like values, their key-shuffled copies and near copies, both agree.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonical, valuesEqual } from './object-paths.ts';

const byDefinition = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** JSON values, with what JSON leaves out or writes as null (undefined, NaN, -0) mixed in. */
const leaf = fc.oneof(fc.constantFrom(0, -0, 1, NaN, Infinity, '', '0', 'a', true, false, null, undefined), fc.string({ maxLength: 2 }));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__'), tie('v'), { maxKeys: 3 })),
})).v;

/** A copy with object keys in reverse order, and where `edit` says so a leaf replaced by `other`. */
function reordered(v: unknown, edit: number[], other: unknown, depth = 0): unknown {
  const e = edit[depth % edit.length]!;
  if (Array.isArray(v)) return v.map((x, i) => reordered(x, edit, other, depth + i + 1));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) Object.defineProperty(out, k, { value: reordered((v as Record<string, unknown>)[k], edit, other, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return e === 0 ? other : v;
}

describe('valuesEqual', () => {
  it('is the equality of the canonical JSON texts', () => {
    fc.assert(
      fc.property(value, value, fc.array(fc.nat(5), { minLength: 1, maxLength: 6 }), leaf, (a, b, edit, other) => {
        expect(valuesEqual(a, b)).toBe(byDefinition(a, b));
        const c = reordered(a, edit, other);
        expect(valuesEqual(a, c)).toBe(byDefinition(a, c));
        expect(valuesEqual(c, a)).toBe(byDefinition(c, a));
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});
