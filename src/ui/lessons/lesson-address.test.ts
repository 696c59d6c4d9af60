import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lessonSearch, readLessonAddress } from './lesson-address.ts';

describe('lesson address', () => {
  it('reads ?lesson=<id>&step=<n> with n from 1', () => {
    expect(readLessonAddress('?lesson=spec-vs-status&step=3')).toEqual({ id: 'spec-vs-status', step: 2 });
    expect(readLessonAddress('?lesson=spec-vs-status')).toEqual({ id: 'spec-vs-status', step: 0 });
    expect(readLessonAddress('?present')).toBeNull();
  });

  it('says what is wrong with a hostile or mistyped address', () => {
    expect(readLessonAddress('?lesson=<script>')).toEqual({ error: expect.stringContaining('lower-case letters') });
    expect(readLessonAddress('?lesson=a&step=0')).toEqual({ error: expect.stringContaining('a step is a number from 1') });
    expect(readLessonAddress('?lesson=a&step=1e9')).toEqual({ error: expect.stringContaining('step "1e9"') });
    expect(readLessonAddress('?lesson=a&step=-2')).toHaveProperty('error');
  });

  it('writes the address back, keeping other parameters', () => {
    expect(lessonSearch('?present', { id: 'drift', step: 1 })).toBe('?present=&lesson=drift&step=2');
    expect(lessonSearch('?lesson=drift&step=2', null)).toBe('');
  });

  it('never throws and round-trips what it writes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(() => readLessonAddress(s)).not.toThrow();
      }),
      { seed: 5, numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/), fc.integer({ min: 0, max: 998 }), (id, step) => {
        expect(readLessonAddress(lessonSearch('', { id, step }))).toEqual({ id, step });
      }),
      { seed: 6, numRuns: 200 },
    );
  });
});
