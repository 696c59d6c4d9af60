import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './json-merge-patch.ts';

// RFC 7386 Appendix A, "Example Test Cases" (every row).
const RFC7386_APPENDIX_A: Array<[unknown, unknown, unknown]> = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('applyMergePatch (RFC 7386)', () => {
  it.each(RFC7386_APPENDIX_A)('Appendix A: %j patched with %j gives %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('does not modify the target or the patch', () => {
    const target = Object.freeze({ spec: Object.freeze({ replicas: 1, paused: true }) });
    const patch = { spec: { replicas: 3, paused: null } };
    expect(applyMergePatch(target, patch)).toEqual({ spec: { replicas: 3 } });
    expect(target).toEqual({ spec: { replicas: 1, paused: true } });
    expect(patch).toEqual({ spec: { replicas: 3, paused: null } });
  });

  it('replaces a list of containers whole: merge patch has no merge keys', () => {
    const target = { spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }] } };
    expect(applyMergePatch(target, { spec: { containers: [{ name: 'a', image: 'a:2' }] } })).toEqual({
      spec: { containers: [{ name: 'a', image: 'a:2' }] },
    });
  });
});
