import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './json-patch.ts';
import { JSON_PATCH_REJECTED } from './patch-error.ts';
import { PatchError } from './patch-error.ts';

// RFC 6902 Appendix A examples.
const RFC6902_APPENDIX_A: Array<[string, unknown, unknown[], unknown]> = [
  ['A.1 adding an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { baz: 'qux', foo: 'bar' }],
  ['A.2 adding an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 removing an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 removing an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replacing a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  [
    'A.6 moving a value',
    { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  ],
  ['A.7 moving an array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }], { foo: ['all', 'cows', 'eat', 'grass'] }],
  [
    'A.8 testing a value: success',
    { baz: 'qux', foo: ['a', 2, 'c'] },
    [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ],
    { baz: 'qux', foo: ['a', 2, 'c'] },
  ],
  ['A.10 adding a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.16 adding an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
];

function statusOf(fn: () => unknown): { code: number; reason: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatchError) return e.status;
    throw e;
  }
  throw new Error('expected a PatchError');
}

describe('applyJsonPatch (RFC 6902)', () => {
  it.each(RFC6902_APPENDIX_A)('%s', (_name, target, ops, expected) => {
    expect(applyJsonPatch(target, ops)).toEqual(expected);
  });

  it('does not modify the target', () => {
    const target = Object.freeze({ spec: Object.freeze({ replicas: 1 }) });
    expect(applyJsonPatch(target, [{ op: 'replace', path: '/spec/replicas', value: 5 }])).toEqual({ spec: { replicas: 5 } });
    expect(target.spec.replicas).toBe(1);
  });

  it('A.9 a failing test op is 422 Invalid with upstream\'s message', () => {
    const s = statusOf(() => applyJsonPatch({ baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]));
    expect(s).toMatchObject({ code: 422, reason: 'Invalid', message: JSON_PATCH_REJECTED });
    expect(JSON_PATCH_REJECTED).toBe('the server rejected our request due to an error in our request');
  });

  it('A.12 adding to a nonexistent target is 422 Invalid', () => {
    const s = statusOf(() => applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]));
    expect(s).toMatchObject({ code: 422, reason: 'Invalid' });
  });

  it('A.15 comparing strings and numbers fails the test', () => {
    const s = statusOf(() => applyJsonPatch({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]));
    expect(s.code).toBe(422);
  });

  it('removing a missing path and an unknown op are 422 Invalid', () => {
    expect(statusOf(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])).code).toBe(422);
    expect(statusOf(() => applyJsonPatch({ a: 1 }, [{ op: 'frobnicate', path: '/a' }])).code).toBe(422);
  });

  it('a body that is not a list of operations is 400 BadRequest (upstream DecodePatch)', () => {
    const s = statusOf(() => applyJsonPatch({ a: 1 }, { op: 'add', path: '/a', value: 2 }));
    expect(s).toMatchObject({ code: 400, reason: 'BadRequest' });
    expect(s.message).toContain('cannot unmarshal object');
  });

  it('operations apply in order and all-or-nothing: a later failure leaves the target untouched', () => {
    const target = { spec: { replicas: 1 } };
    expect(() =>
      applyJsonPatch(target, [
        { op: 'replace', path: '/spec/replicas', value: 2 },
        { op: 'test', path: '/spec/replicas', value: 3 },
      ]),
    ).toThrow(PatchError);
    expect(target.spec.replicas).toBe(1);
  });
});
