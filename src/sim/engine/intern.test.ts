import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intern, MAX_INTERNED } from './intern.ts';

describe('intern', () => {
  it('returns a string equal to the one given, whatever came before (past the bound too)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 200 }), fc.integer({ min: 0, max: MAX_INTERNED + 10 }), (texts, filler) => {
        for (let i = 0; i < filler; i++) intern(`filler-${i}`);
        for (const t of texts) {
          // Built by concatenation, as a template literal would: equal text, another string in memory.
          const built = t.slice(0, t.length >> 1) + t.slice(t.length >> 1);
          expect(intern(built)).toBe(t);
          expect(intern(t)).toBe(t);
        }
      }),
      { seed: 3, numRuns: 60 },
    );
  });
});
