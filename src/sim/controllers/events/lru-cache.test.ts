import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache (groupcache lru)', () => {
  it('evicts the least recently used entry past maxEntries; get and add both refresh', () => {
    const c = new LruCache<number>(2);
    c.add('a', 1);
    c.add('b', 2);
    expect(c.get('a')).toBe(1);
    c.add('c', 3);
    expect(c.has('b')).toBe(false);
    c.add('a', 10);
    c.add('d', 4);
    expect(c.has('c')).toBe(false);
    expect(c.get('a')).toBe(10);
    expect(c.size).toBe(2);
  });

  it('0 entries means no limit', () => {
    const c = new LruCache<number>(0);
    for (let i = 0; i < 5000; i++) c.add(String(i), i);
    expect(c.size).toBe(5000);
  });
});

describe('LruCache.peek then add', () => {
  it('leaves the same entries in the same order with the same values as get then add (property)', () => {
    const op = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), kind: fc.constantFrom('lookup-add', 'add', 'get'), value: fc.integer() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.integer({ min: 0, max: 4 }), (ops, max) => {
        const plain = new LruCache<number>(max);
        const peeking = new LruCache<number>(max);
        for (const o of ops) {
          if (o.kind === 'lookup-add') {
            const a = plain.get(o.key);
            const b = peeking.peek(o.key);
            expect(b).toBe(a);
            plain.add(o.key, (a ?? 0) + o.value);
            peeking.add(o.key, (b ?? 0) + o.value);
          } else if (o.kind === 'add') {
            plain.add(o.key, o.value);
            peeking.add(o.key, o.value);
          } else expect(peeking.get(o.key)).toBe(plain.get(o.key));
          expect([...peeking.keys()]).toEqual([...plain.keys()]);
          expect([...peeking.keys()].map((k) => peeking.peek(k))).toEqual([...plain.keys()].map((k) => plain.peek(k)));
        }
      }),
      { seed: 23, numRuns: 300 },
    );
  });
});

describe('LruCache eviction', () => {
  it('always removes the least recently used key, as a list in recency order does (property)', () => {
    const op = fc.record({ key: fc.integer({ min: 0, max: 12 }), kind: fc.constantFrom('add', 'get', 'peek-add'), value: fc.integer() });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.integer({ min: 1, max: 6 }), (ops, max) => {
        const cache = new LruCache<number>(max);
        let order: { key: string; value: number }[] = [];
        const touch = (key: string, value: number) => {
          order = order.filter((e) => e.key !== key);
          order.push({ key, value });
          if (order.length > max) order.shift();
        };
        for (const o of ops) {
          const key = `k${o.key}`;
          if (o.kind === 'add') {
            cache.add(key, o.value);
            touch(key, o.value);
          } else if (o.kind === 'get') {
            const hit = order.find((e) => e.key === key);
            expect(cache.get(key)).toBe(hit?.value);
            if (hit) touch(key, hit.value);
          } else {
            const v = (cache.peek(key) ?? 0) + o.value;
            cache.add(key, v);
            touch(key, v);
          }
          expect([...cache.keys()]).toEqual(order.map((e) => e.key));
        }
      }),
      { seed: 29, numRuns: 300 },
    );
  });
});
