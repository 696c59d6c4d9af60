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
