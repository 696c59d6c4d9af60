/**
 * `--sort-by`: kubectl `pkg/cmd/get/sorter.go` (SortObjects, RuntimeSort.Less, isLess) and
 * `customcolumn.go` RelaxedJSONPathExpression. Objects whose field is missing sort first; strings sort naturally
 * (`sortorder.NaturalLess`: "pod-2" before "pod-10"), or as quantities when both parse as one ("100m" < "1");
 * numbers numerically; false before true; arrays element by element.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { parseQuantity } from '../../sim/api/quantity.ts';
import { findJsonPathResults, parseJsonPath, type JsonPath } from './jsonpath.ts';

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** customcolumn.go RelaxedJSONPathExpression: "a.b", ".a.b", "{a.b}" and "{.a.b}" all become "{.a.b}". */
export function relaxedJsonPathExpression(pathExpression: string): string | { error: string } {
  if (pathExpression.length === 0) return pathExpression;
  const m = RELAXED.exec(pathExpression);
  if (!m) return { error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return `{.${m[1] || m[2]}}`;
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** github.com/fvbommel/sortorder NaturalLess. */
export function naturalLess(str1: string, str2: string): boolean {
  let idx1 = 0;
  let idx2 = 0;
  while (idx1 < str1.length && idx2 < str2.length) {
    const c1 = str1[idx1]!;
    const c2 = str2[idx2]!;
    const dig1 = isDigit(c1);
    const dig2 = isDigit(c2);
    if (dig1 !== dig2) return dig1;
    if (!dig1) {
      if (c1 !== c2) return c1 < c2;
      idx1++;
      idx2++;
      continue;
    }
    while (idx1 < str1.length && str1[idx1] === '0') idx1++;
    while (idx2 < str2.length && str2[idx2] === '0') idx2++;
    const nonZero1 = idx1;
    const nonZero2 = idx2;
    while (idx1 < str1.length && isDigit(str1[idx1]!)) idx1++;
    while (idx2 < str2.length && isDigit(str2[idx2]!)) idx2++;
    const len1 = idx1 - nonZero1;
    const len2 = idx2 - nonZero2;
    if (len1 !== len2) return len1 < len2;
    const nr1 = str1.slice(nonZero1, idx1);
    const nr2 = str2.slice(nonZero2, idx2);
    if (nr1 !== nr2) return nr1 < nr2;
    if (nonZero1 !== nonZero2) return nonZero1 < nonZero2;
  }
  return str1.length < str2.length;
}

/** sorter.go isLess over decoded JSON values; a pair it cannot order compares as not less. */
function isLess(i: unknown, j: unknown, depth = 0): boolean {
  if (i === null || i === undefined) return !(j === null || j === undefined);
  if (j === null || j === undefined) return false;
  if (typeof i === 'string' && typeof j === 'string') {
    const qi = parseQuantity(i);
    const qj = parseQuantity(j);
    if (qi === undefined || qj === undefined) return naturalLess(i, j);
    return qi < qj;
  }
  if (typeof i === 'number' && typeof j === 'number') return i < j;
  if (typeof i === 'boolean') return !i;
  if (Array.isArray(i) && Array.isArray(j) && depth < 100) {
    for (let idx = 0; idx < Math.min(i.length, j.length); idx++) if (!isLess(i[idx], j[idx], depth + 1)) return false;
    return true;
  }
  return false;
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
  // RuntimeSort.Less: a missing field is less than anything.
  const less = (a: (typeof keyed)[number], b: (typeof keyed)[number]): boolean => {
    if (!a.found) return true;
    if (!b.found) return false;
    return isLess(a.value, b.value);
  };
  return keyed
    .map((k, index) => ({ k, index }))
    .sort((a, b) => (less(a.k, b.k) && !less(b.k, a.k) ? -1 : less(b.k, a.k) && !less(a.k, b.k) ? 1 : a.index - b.index))
    .map(({ k }) => k.o);
}
