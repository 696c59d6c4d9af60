/**
 * `--sort-by`: kubectl `pkg/cmd/get/sorter.go` (SortObjects, RuntimeSort.Less, isLess) and
 * `customcolumn.go` RelaxedJSONPathExpression, TableSorter. Objects whose field is missing sort first; strings in
 * byte order ("pod-10" before "pod-9", as kubectl 1.32 sorts), or as quantities when both parse as one
 * ("100m" < "1"); numbers numerically; booleans, maps and lists are kubectl's "unsortable type" error. The sort is
 * Go's sort.Sort (go-sort.ts), so equal keys end where kubectl leaves them.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { goSort } from './go-sort.ts';
import { cmpQuantity, parseQuantity } from './quantity.ts';
import { findJsonPathResults, parseJsonPath, type JsonPath } from './jsonpath.ts';

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** customcolumn.go RelaxedJSONPathExpression: "a.b", ".a.b", "{a.b}" and "{.a.b}" all become "{.a.b}". */
export function relaxedJsonPathExpression(pathExpression: string): string | { error: string } {
  if (pathExpression.length === 0) return pathExpression;
  const m = RELAXED.exec(pathExpression);
  if (!m) return { error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return `{.${m[1] || m[2]}}`;
}

/** Go's string `<`: byte order of UTF-8, which is code point order (JavaScript's `<` compares UTF-16 units). */
export function goStringLess(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < x.length && i < y.length; i++) {
    const cx = x[i]!.codePointAt(0)!;
    const cy = y[i]!.codePointAt(0)!;
    if (cx !== cy) return cx < cy;
  }
  return x.length < y.length;
}

class UnsortableError extends Error {}

function goTypeOf(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'object' && v !== null) return 'map[string]interface {}';
  return 'interface {}';
}

/**
 * sorter.go isLess for values of an unstructured object (each an interface): nil first; int64 with int64, float64
 * with float64; strings as quantities when both parse as one, else byte order; any other pair is kubectl's
 * "unsortable" error (it exits).
 */
function isLess(i: unknown, j: unknown): boolean {
  const iNil = i === null || i === undefined;
  const jNil = j === null || j === undefined;
  if (iNil && jNil) return false;
  if (iNil) return true;
  if (jNil) return false;
  if (typeof i === 'number') {
    const iInt = Number.isInteger(i);
    if (typeof j === 'number' && Number.isInteger(j) === iInt) return i < j;
  } else if (typeof i === 'string') {
    if (typeof j === 'string') {
      const qi = parseQuantity(i);
      const qj = parseQuantity(j);
      if (!qi || !qj) return goStringLess(i, j);
      return cmpQuantity(qi, qj) < 0;
    }
  } else {
    throw new UnsortableError(`unsortable type: ${goTypeOf(i)}`);
  }
  throw new UnsortableError('unsortable interface: interface');
}

function firstValue(p: JsonPath, o: unknown): { found: boolean; value?: unknown } | { error: string } {
  const r = findJsonPathResults(p, o);
  if (!Array.isArray(r)) return r;
  if (r.length === 0 || r[0]!.length === 0) return { found: false };
  return { found: true, value: r[0]![0] };
}

/**
 * The objects in `--sort-by` order, or kubectl's error: an invalid path, or a field no object has
 * ("couldn't find any field with path "{.x}" in the list of objects").
 */
export function sortObjects(objects: readonly KubeObject[], sortBy: string): KubeObject[] | { error: string } {
  const field = relaxedJsonPathExpression(sortBy);
  if (typeof field !== 'string') return field;
  const parsed = parseJsonPath(field, { allowMissingKeys: true });
  if ('error' in parsed) return parsed;
  const keyed: { o: KubeObject; found: boolean; value?: unknown }[] = [];
  let fieldFoundOnce = false;
  for (const o of objects) {
    const v = firstValue(parsed, o);
    if ('error' in v) return v;
    if (v.found) fieldFoundOnce = true;
    keyed.push({ o, ...v });
  }
  if (!fieldFoundOnce && objects.length > 0) return { error: `couldn't find any field with path ${JSON.stringify(field)} in the list of objects` };
  // TableSorter.Less: a row without the field is less than anything (even another without it).
  let failure: string | undefined;
  const sorted = goSort(keyed, (a, b) => {
    if (!a.found) return true;
    if (!b.found) return false;
    try {
      return isLess(a.value, b.value);
    } catch (e) {
      if (!(e instanceof UnsortableError)) throw e;
      failure ??= `Field ${field} in [][][]reflect.Value is an unsortable type: interface, err: ${e.message}`;
      return false;
    }
  });
  if (failure !== undefined) return { error: failure };
  return sorted.map((k) => k.o);
}
