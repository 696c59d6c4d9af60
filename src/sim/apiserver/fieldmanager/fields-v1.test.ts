import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldSet, JsonMap } from './field-set.ts';
import { EMPTY_FIELDS, fromFieldsV1, patchedFieldsV1, toFieldsV1, toFieldsV1Sorting } from './fields-v1.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';

/** `Set.ToJSON` written plainly: a fresh `{}` for every node, keys sorted at every level. */
function plainFieldsV1(set: FieldSet): JsonMap {
  const root: JsonMap = {};
  for (const key of set) {
    let node = root;
    for (const pe of JSON.parse(key) as string[]) node = (node[pe] ??= {}) as JsonMap;
    node['.'] = true;
  }
  const finish = (m: JsonMap): JsonMap => {
    const out: JsonMap = {};
    const member = m['.'] === true;
    const keys = Object.keys(m).filter((k) => k !== '.');
    if (member && keys.length > 0) keys.push('.');
    for (const k of keys.sort()) out[k] = k === '.' ? {} : finish(m[k] as JsonMap);
    return out;
  };
  return finish(root);
}

describe('FieldsV1', () => {
  it('FieldsV1 round-trips, "." included', () => {
    const fields = { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:replicas': {} } };
    expect(toFieldsV1(fromFieldsV1(fields))).toEqual(fields);
    expect(fromFieldsV1(fields)).toEqual(new Set(['["f:metadata","f:labels"]', '["f:metadata","f:labels","f:app"]', '["f:spec","f:replicas"]']));
  });

  it('FieldsV1 leaves are one frozen {} and the JSON is the plain encoding\'s (property)', () => {
    const element = fc.constantFrom('f:a', 'f:b', 'f:spec', 'k:{"name":"web"}', 'v:"x"', 'f:.');
    const path = fc.array(element, { minLength: 1, maxLength: 4 }).map((p) => JSON.stringify(p));
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 12 }), (paths) => {
        const set = new Set(paths);
        const got = toFieldsV1(set);
        expect(JSON.stringify(got)).toBe(JSON.stringify(plainFieldsV1(set)));
        expect(fromFieldsV1(got)).toEqual(fromFieldsV1(plainFieldsV1(set)));
        const leaves: unknown[] = [];
        const visit = (m: JsonMap) => {
          for (const v of Object.values(m)) {
            if (Object.keys(v as JsonMap).length === 0) leaves.push(v);
            else visit(v as JsonMap);
          }
        };
        visit(got);
        for (const leaf of leaves) expect(leaf).toBe(EMPTY_FIELDS);
        expect(Object.isFrozen(EMPTY_FIELDS) && Object.keys(EMPTY_FIELDS).length === 0).toBe(true);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('the one-pass sorted build gives the build-then-sort definition\'s JSON, odd elements included (property)', () => {
    const element = fc.constantFrom('f:a', 'f:b', 'f:spec', 'k:{"name":"web"}', 'k:{"name":"a"}', 'v:"x"', 'i:0', 'f:.', 'f:A', 'f:é', '.', '5', '!x', 'f', '');
    const path = fc.array(element, { minLength: 0, maxLength: 4 }).map((p) => JSON.stringify(p));
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 16 }), (paths) => {
        const set = new Set(paths);
        expect(JSON.stringify(toFieldsV1(set))).toBe(JSON.stringify(toFieldsV1Sorting(set)));
      }),
      { seed: 13, numRuns: 1000 },
    );
  });

  it('a FieldsV1 patched from another set\'s is the plain encoding of the set, frozen, sharing what did not change (property)', () => {
    const typed = fc.constantFrom('f:a', 'f:b', 'f:spec', 'k:{"name":"web"}', 'k:{"name":"a"}', 'v:"x"', 'i:0', 'f:.', 'f:A', 'f:é');
    const element = fc.oneof({ arbitrary: typed, weight: 30 }, { arbitrary: fc.constantFrom('.', '5', 'f'), weight: 1 });
    const path = fc.array(element, { minLength: 0, maxLength: 4 }).map((p) => JSON.stringify(p));
    // The new set: some of the base's members kept, in any order, and others added.
    const sets = fc.uniqueArray(path, { maxLength: 14 }).chain((base) =>
      fc.tuple(fc.constant(base), fc.subarray(base), fc.uniqueArray(path, { maxLength: 6 }), fc.boolean()).map(([b, kept, more, reversed]) => {
        const next = [...kept, ...more];
        return [new Set(b), new Set(reversed ? next.reverse() : next)] as const;
      }),
    );
    let patched = 0;
    fc.assert(
      fc.property(sets, fc.integer({ min: 0, max: 20 }), ([baseSet, set], maxChanges) => {
        const base = deepFreeze(toFieldsV1(baseSet));
        const got = patchedFieldsV1(base, baseSet, set, maxChanges);
        let changes = 0;
        for (const p of set) if (!baseSet.has(p)) changes++;
        for (const p of baseSet) if (!set.has(p)) changes++;
        if (got === undefined) {
          // Only when asked to give up, for a base toFieldsV1 built by sorting, or a changed element it orders apart.
          const odd = (k: string) => (JSON.parse(k) as string[]).some((pe) => !/^[f-v]:/.test(pe));
          const changedOdd = [...set, ...baseSet].some((k) => (k === '[]' || odd(k)) && set.has(k) !== baseSet.has(k));
          expect(changes > maxChanges || [...baseSet].some(odd) || changedOdd).toBe(true);
          return;
        }
        patched++;
        expect(JSON.stringify(got)).toBe(JSON.stringify(toFieldsV1(set)));
        const frozen = (m: JsonMap): boolean => Object.isFrozen(m) && Object.values(m).every((v) => frozen(v as JsonMap));
        expect(frozen(got)).toBe(true);
        // An unchanged top-level subtree is the base's own.
        for (const k of Object.keys(got)) {
          if (k !== '.' && ![...set, ...baseSet].some((p) => set.has(p) !== baseSet.has(p) && p.startsWith(`[${JSON.stringify(k)}`))) expect(got[k]).toBe(base[k]);
        }
      }),
      { seed: 29, numRuns: 2000 },
    );
    expect(patched).toBeGreaterThan(500);
    // A FieldsV1 toFieldsV1 did not build (a client's) is not patched.
    expect(patchedFieldsV1(deepFreeze({ 'f:a': {} }), new Set(['["f:a"]']), new Set(['["f:a"]', '["f:b"]']))).toBeUndefined();
  });
});
