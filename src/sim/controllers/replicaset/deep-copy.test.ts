import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { deepCopy } from './deep-copy.ts';

describe('deepCopy', () => {
  it('equals structuredClone of any JSON-like data, shares no object or array with it, and leaves a frozen original frozen', () => {
    const data = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(data.object, fc.boolean(), (original, frozen) => {
        if (frozen) deepFreeze(original);
        const copied = deepCopy(original);
        expect(copied).toStrictEqual(structuredClone(original));
        expect(Object.keys(copied)).toEqual(Object.keys(original));
        const objects = new Set<unknown>();
        const walk = (x: unknown): void => {
          if (typeof x !== 'object' || x === null) return;
          objects.add(x);
          for (const v of Object.values(x)) walk(v);
        };
        walk(original);
        const shared = (x: unknown): boolean => typeof x === 'object' && x !== null && (objects.has(x) || Object.values(x).some(shared));
        expect(shared(copied)).toBe(false);
        const isFrozenDeep = (x: unknown): boolean => typeof x !== 'object' || x === null || !Object.isFrozen(x);
        expect(isFrozenDeep(copied)).toBe(true);
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it('hands what is not plain data to structuredClone', () => {
    const when = new Date(0);
    const copied = deepCopy({ when, list: [1] });
    expect(copied.when).toEqual(when);
    expect(copied.when).not.toBe(when);
  });
});
