/** --sort-by: kubectl 1.32 `pkg/cmd/get/sorter.go` (TableSorter, isLess) and customcolumn.go RelaxedJSONPathExpression. */
import { describe, expect, test } from 'vitest';
import type { KubeObject } from '../../sim/api/object.ts';
import { goStringLess, relaxedJsonPathExpression, sortObjects } from './sort.ts';

test('Go string order is code point order (UTF-8 bytes), not UTF-16', () => {
  expect(goStringLess('pod-10', 'pod-9')).toBe(true);
  expect(goStringLess('\uffff', '😀')).toBe(true); // UTF-16 would put the surrogate pair first
  expect(goStringLess('ab', 'abc')).toBe(true);
  expect(goStringLess('b', 'a')).toBe(false);
});

test('relaxed paths: "a.b", ".a.b", "{a.b}", "{.a.b}"', () => {
  for (const p of ['metadata.name', '.metadata.name', '{metadata.name}', '{.metadata.name}']) expect(relaxedJsonPathExpression(p)).toBe('{.metadata.name}');
  expect(relaxedJsonPathExpression('{.a}{.b}')).toEqual({ error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" });
});

describe('sortObjects', () => {
  const o = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, ...extra });
  const names = (r: KubeObject[] | { error: string }): unknown => (Array.isArray(r) ? r.map((x) => x.metadata.name) : r);
  test('strings in byte order; numbers numerically; quantities by value; a missing field first', () => {
    expect(names(sortObjects([o('pod-9'), o('pod-10'), o('pod-1')], '.metadata.name'))).toEqual(['pod-1', 'pod-10', 'pod-9']);
    expect(names(sortObjects([o('a', { spec: { n: 10 } }), o('b', { spec: { n: 9 } }), o('c')], '{.spec.n}'))).toEqual(['c', 'b', 'a']);
    expect(names(sortObjects([o('a', { spec: { q: '1' } }), o('b', { spec: { q: '500m' } }), o('c', { spec: { q: '2Gi' } })], '.spec.q'))).toEqual(['b', 'a', 'c']);
    expect(names(sortObjects([o('a', { spec: { q: '10' } }), o('b', { spec: { q: '9' } })], '.spec.q'))).toEqual(['b', 'a']);
  });
  test("a field no object has, and values kubectl cannot order, are kubectl's errors", () => {
    expect(sortObjects([o('a')], '.spec.nothing')).toEqual({ error: 'couldn\'t find any field with path "{.spec.nothing}" in the list of objects' });
    expect(sortObjects([o('a', { spec: { b: true } }), o('b', { spec: { b: false } })], '.spec.b')).toEqual({
      error: 'Field {.spec.b} in [][][]reflect.Value is an unsortable type: interface, err: unsortable type: bool',
    });
    expect(sortObjects([o('a', { spec: { b: 1 } }), o('b', { spec: { b: 'x' } })], '.spec.b')).toEqual({
      error: 'Field {.spec.b} in [][][]reflect.Value is an unsortable type: interface, err: unsortable interface: interface',
    });
  });
});
