import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../sim/apiserver/patch/json-merge-patch.ts';
import { threeWayPatch } from './three-way-patch.ts';

type Json = number | string | Json[] | { [k: string]: Json };

/** Maps of maps, scalars and lists (no nulls: a merge patch cannot set one). */
const { tree } = fc.letrec<{ tree: Record<string, Json>; value: Json }>((tie) => ({
  tree: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.integer({ min: 0, max: 3 }), fc.constantFrom('x', 'y'), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }), tie('tree')),
}));

const isMap = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What client-side apply promises: the file's fields win, fields dropped from the file go, others' fields stay. */
function check(original: Record<string, Json>, modified: Record<string, Json>, current: Record<string, Json>, result: Record<string, Json>): void {
  for (const [k, v] of Object.entries(modified)) {
    if (isMap(v) && isMap(result[k])) check(isMap(original[k]) ? original[k] : {}, v, isMap(current[k]) ? current[k] : {}, result[k]);
    else expect(result[k]).toEqual(v);
  }
  for (const k of Object.keys(original)) if (!(k in modified)) expect(k in result, `dropped ${k}`).toBe(false);
  for (const [k, v] of Object.entries(current)) if (!(k in modified) && !(k in original)) expect(result[k]).toEqual(v);
}

describe('the three-way patch of client-side apply', () => {
  it('applied to the live object: the file wins, removed fields go, fields set by others stay (property, merge patch)', () => {
    fc.assert(
      fc.property(tree, tree, tree, (original, modified, current) => {
        const patch = threeWayPatch(original, modified, current, { group: 'example.com', kind: 'Widget' }, false);
        const result = applyMergePatch(current, patch) as Record<string, Json>;
        check(original, modified, current, result);
        // Nothing to change: an empty patch (kubectl prints "unchanged" and sends nothing).
        expect(Object.keys(threeWayPatch(modified, modified, result, { group: 'example.com', kind: 'Widget' }, false))).toEqual([]);
      }),
      { seed: 2024, numRuns: 500 },
    );
  });

  it('strategic: a keyed list is patched item by item with its order, and a removed item is deleted', () => {
    const original = { spec: { containers: [{ name: 'a', image: '1' }, { name: 'b', image: '1' }] } };
    const current = { spec: { containers: [{ name: 'a', image: '1', imagePullPolicy: 'IfNotPresent' }, { name: 'b', image: '1', imagePullPolicy: 'IfNotPresent' }] } };
    const modified = { spec: { containers: [{ name: 'a', image: '2' }] } };
    expect(threeWayPatch(original, modified, current, { group: '', kind: 'Pod' }, true)).toEqual({
      spec: { containers: [{ name: 'a', image: '2' }, { name: 'b', $patch: 'delete' }], '$setElementOrder/containers': [{ name: 'a' }] },
    });
  });
});
