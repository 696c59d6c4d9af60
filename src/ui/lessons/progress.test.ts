import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROGRESS_KEY, readProgress, recordStep } from './progress.ts';

function memoryStorage(initial?: string) {
  const m = new Map<string, string>();
  if (initial !== undefined) m.set(PROGRESS_KEY, initial);
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

describe('lesson progress', () => {
  it('records completed steps and marks a lesson done when every step is', () => {
    const s = memoryStorage();
    recordStep('spec-vs-status', 0, 2, s);
    expect(readProgress(s)['spec-vs-status']).toEqual({ steps: [0], done: false });
    recordStep('spec-vs-status', 1, 2, s);
    recordStep('spec-vs-status', 1, 2, s);
    expect(readProgress(s)['spec-vs-status']).toEqual({ steps: [0, 1], done: true });
  });

  it('ignores what it did not write: other versions, junk, bad ids and steps', () => {
    expect(readProgress(memoryStorage('not json'))).toEqual({});
    expect(readProgress(memoryStorage(JSON.stringify({ version: 2, lessons: { a: { steps: [0] } } })))).toEqual({});
    const mixed = readProgress(memoryStorage(JSON.stringify({ version: 1, lessons: { 'Bad Id': { steps: [0] }, ok: { steps: [1, -1, 2.5, 'x', 1], done: 'yes' } } })));
    expect(mixed).toEqual({ ok: { steps: [1], done: false } });
  });

  it('keeps __proto__ and constructor out of harm: no prototype pollution from stored data', () => {
    const p = readProgress(memoryStorage('{"version":1,"lessons":{"__proto__":{"steps":[0]},"constructor":{"steps":[0]}}}'));
    expect(({} as Record<string, unknown>).steps).toBeUndefined();
    expect(Object.keys(p)).toEqual(['constructor']);
  });

  it('never throws, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        expect(() => readProgress(memoryStorage(raw))).not.toThrow();
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('works without storage', () => {
    expect(recordStep('x', 0, 1, undefined)).toEqual({ x: { steps: [0], done: true } });
  });
});
