import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalEqual, canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  /** The definition: JSON.stringify over a copy with sorted keys and no undefined fields. */
  const reference = (value: unknown): string | undefined => {
    const canonical = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(canonical);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(v).sort()) {
          const x = (v as Record<string, unknown>)[k];
          // Defined, not assigned: a "__proto__" key is data (assigning it would set the prototype).
          if (x !== undefined) Object.defineProperty(out, k, { value: canonical(x), enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
      return v;
    };
    return JSON.stringify(canonical(value));
  };

  it('writes the text of JSON.stringify over a sorted copy (property)', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('0', '1', '10', '9', '01', '-1', '1.5', '4294967294', '4294967295', '__proto__', 'toString'));
    const leaf = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.double(), fc.constant(() => 1));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 6 }),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, freeze) => {
        if (freeze && v && typeof v === 'object') Object.freeze(v);
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('canonicalEqual answers whether the two texts are equal (property)', () => {
    const leaf = fc.oneof(fc.constantFrom(null, undefined, 0, -0, 1, '1', '', true, false, NaN, Infinity, -Infinity, 'a'), fc.constant(() => 1));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 3 }),
      object: fc.dictionary(fc.constantFrom('a', 'b', '1', '__proto__'), tie('node'), { maxKeys: 3 }),
    })).node;
    const pair = fc.oneof(fc.tuple(value, value), value.map((v) => [v, structuredCloneish(v)] as const));
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(canonicalEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
      }),
      { numRuns: 5000, seed: 4 },
    );
  });

  it('puts array-index keys first, in numeric order, as a copy enumerates them', () => {
    expect(canonicalJson({ b: 1, 10: 2, a: undefined, 9: 3, '01': 4 })).toBe('{"9":3,"10":2,"01":4,"b":1}');
  });
});

/** A copy with every object's keys reversed (the same canonical text, another key order). */
function structuredCloneish(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneish);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) Object.defineProperty(out, k, { value: structuredCloneish((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}
