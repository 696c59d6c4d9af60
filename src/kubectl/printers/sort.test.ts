/** --sort-by: kubectl sorter.go; natural order cases from github.com/fvbommel/sortorder's natural_test.go. */
import { describe, expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { naturalLess, relaxedJsonPathExpression, sortObjects } from './sort.ts';

describe('naturalLess (sortorder.NaturalLess)', () => {
  test.each([
    ['0', '00', true], ['00', '0', false], ['aa', 'ab', true], ['ab', 'abc', true], ['abc', 'ad', true], ['ab1', 'ab2', true],
    ['ab1c', 'ab1d', true], ['ab1', 'ab01', true], ['ab01', 'ab1', false], ['ab2', 'ab10', true], ['ab10', 'ab2', false],
    ['pod-2', 'pod-10', true], ['pod-10', 'pod-9', false], ['a1b', 'a01b', true], ['x', 'x', false], ['1', 'a', true], ['a', '1', false],
  ] as const)('%s < %s is %s', (a, b, want) => expect(naturalLess(a, b)).toBe(want));
});

test('relaxed paths: "a.b", ".a.b", "{a.b}", "{.a.b}"', () => {
  for (const p of ['metadata.name', '.metadata.name', '{metadata.name}', '{.metadata.name}']) expect(relaxedJsonPathExpression(p)).toBe('{.metadata.name}');
  expect(relaxedJsonPathExpression('{.a}{.b}')).toEqual({ error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" });
});

describe('sortObjects', () => {
  const o = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, ...extra });
  const names = (r: KubeObject[] | { error: string }): unknown => (Array.isArray(r) ? r.map((x) => x.metadata.name) : r);
  test('names sort naturally; numbers numerically; quantities by value; a missing field first', () => {
    expect(names(sortObjects([o('pod-10'), o('pod-9'), o('pod-1')], '.metadata.name'))).toEqual(['pod-1', 'pod-9', 'pod-10']);
    expect(names(sortObjects([o('a', { spec: { n: 10 } }), o('b', { spec: { n: 9 } }), o('c')], '{.spec.n}'))).toEqual(['c', 'b', 'a']);
    expect(names(sortObjects([o('a', { spec: { q: '1' } }), o('b', { spec: { q: '500m' } }), o('c', { spec: { q: '2Gi' } })], '.spec.q'))).toEqual(['b', 'a', 'c']);
  });
  test('a field no object has is kubectl\'s error', () => {
    expect(sortObjects([o('a')], '.spec.nothing')).toEqual({ error: 'couldn\'t find any field with path "{.spec.nothing}" in the list of objects' });
  });
});
