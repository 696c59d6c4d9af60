import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUuid, Rng } from './rng.ts';

describe('Rng.uuid', () => {
  it('formats four words as the template literal of the definition does (property)', () => {
    const word = fc.integer({ min: 0, max: 0xffffffff });
    fc.assert(
      fc.property(fc.tuple(word, word, word, word), (w) => {
        const s = w.map((n) => n.toString(16).padStart(8, '0')).join('');
        const plain = `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${((parseInt(s[16]!, 16) & 0x3) | 0x8).toString(16)}${s.slice(17, 20)}-${s.slice(20, 32)}`;
        expect(formatUuid(w)).toBe(plain);
      }),
      { seed: 5, numRuns: 500 },
    );
  });

  it('is a version-4 UUID and follows the seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const u = a.uuid();
    expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.uuid()).toBe(u);
  });
});
