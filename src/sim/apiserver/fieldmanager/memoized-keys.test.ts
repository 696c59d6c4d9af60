/**
 * Path keys and item elements are memoized (path-keys.ts `child`, `childField`, `keyElement`). Properties: along
 * random paths, walked again and again, each key is `JSON.stringify` of the path so far, also once the memo was
 * emptied for being full; a map-list item's element is its key fields as compact JSON, whatever their values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHILD_KEY_CAPACITY, child, childField, keyElement } from './path-keys.ts';

const name = fc.oneof(fc.constantFrom('spec', 'status', 'a"b', 'x\\y', 'é', ''), fc.string({ maxLength: 3 }));
const element = fc.oneof(name.map((n) => `f:${n}`), fc.constantFrom('k:{"name":"web"}', 'v:"x"', 'i:0', '.', 'f:'));
const step = fc.oneof(name.map((n) => ({ field: n })), element.map((pe) => ({ pe })));

describe('child keys', () => {
  it('equal JSON.stringify of the path, whether memoized or not', () => {
    fc.assert(
      fc.property(fc.array(fc.array(step, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 30 }), (paths) => {
        for (const steps of paths) {
          let key = '[]';
          const path: string[] = [];
          for (const s of steps) {
            if ('field' in s) {
              key = childField(key, s.field);
              path.push(`f:${s.field}`);
            } else {
              key = child(key, s.pe);
              path.push(s.pe);
            }
            expect(key).toBe(JSON.stringify(path));
          }
        }
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('stay right when the memo is emptied for being full', () => {
    for (let i = 0; i < CHILD_KEY_CAPACITY + 10; i++) expect(childField('["f:spec"]', `n${i}`)).toBe(JSON.stringify(['f:spec', `f:n${i}`]));
    expect(child(childField('[]', 'status'), 'k:{"type":"Ready"}')).toBe(JSON.stringify(['f:status', 'k:{"type":"Ready"}']));
  });

  it('name a map-list item by its key fields as compact JSON, sorted, defaults filling what it leaves out', () => {
    const plain = (item: unknown, keys: string[], defaults: Record<string, unknown>): string => {
      const m = (item !== null && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<string, unknown>;
      const parts = [...keys].sort().flatMap((k) => {
        const v = m[k] !== undefined ? m[k] : defaults[k];
        return v === undefined ? [] : [`${JSON.stringify(k)}:${JSON.stringify(v)}`];
      });
      return `k:{${parts.join(',')}}`;
    };
    const value = fc.oneof(fc.constantFrom('Ready', 'web', 'a"b', '', 80, true, null), fc.string({ maxLength: 3 }), fc.integer());
    const field = fc.constantFrom('type', 'name', 'containerPort', 'protocol');
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(field, value, { maxKeys: 3 }), fc.constant(null), fc.constant('x')), fc.uniqueArray(field, { minLength: 1, maxLength: 2 }), fc.dictionary(field, value, { maxKeys: 1 }), (item, keys, defaults) => {
        for (let again = 0; again < 2; again++) expect(keyElement(item, keys, defaults)).toBe(plain(item, keys, defaults));
      }),
      { seed: 4, numRuns: 2000 },
    );
  });
});
