/**
 * Safe readers over objects of unknown shape. Printers see what a user applied or what the api-server stored, and
 * must never throw on a missing field or a field of the wrong type: each reader returns `undefined` (or an empty
 * value) where Go's typed structs would hold a zero value.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A plain object (not an array, not null), or undefined. */
export function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** An array, or an empty one. */
export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A string, or '' (Go's zero value). */
export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A finite number, or 0 (Go's zero value). Integers only where Go's field is an int32/int64. */
export function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** A number when the field is set (Go's `*int32`), else undefined. */
export function optNum(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Reads a dotted path of plain-object keys: `at(o, 'status', 'podIP')`. */
export function at(v: unknown, ...path: string[]): unknown {
  let cur = v;
  for (const key of path) {
    const o = obj(cur);
    if (!o || !Object.prototype.hasOwnProperty.call(o, key)) return undefined;
    cur = o[key];
  }
  return cur;
}

/** A string-to-string map (labels, annotations, selectors); non-string values are skipped. */
export function stringMap(v: unknown): Record<string, string> {
  const o = obj(v);
  const out: Record<string, string> = {};
  if (!o) return out;
  for (const [k, val] of Object.entries(o)) if (typeof val === 'string') out[k] = val;
  return out;
}

/** Go's `sort.Strings`: byte-wise order (UTF-16 order is the same for the BMP, which is all keys in practice). */
export function sortStrings(list: readonly string[]): string[] {
  return [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** apimachinery `labels.FormatLabels`: "k=v,k2=v2" sorted by key, "<none>" when empty. */
export function formatLabels(labels: unknown): string {
  const m = stringMap(labels);
  const keys = sortStrings(Object.keys(m));
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${m[k]}`).join(',');
}

/**
 * apimachinery `metav1.FormatLabelSelector`: matchLabels as "k=v", matchExpressions as "k in (a,b)", "k notin (a)",
 * "k", "!k"; "<none>" for no selector (nil or empty), "<error>" for an invalid one.
 */
export function formatLabelSelector(selector: unknown): string {
  const s = obj(selector);
  if (!s) return '<none>';
  const parts: { key: string; text: string }[] = [];
  const ml = stringMap(s.matchLabels);
  for (const k of Object.keys(ml)) parts.push({ key: k, text: `${k}=${ml[k]}` });
  for (const e of arr(s.matchExpressions)) {
    const x = obj(e);
    if (!x) return '<error>';
    const key = str(x.key);
    const values = sortStrings(arr(x.values).filter((v): v is string => typeof v === 'string'));
    switch (x.operator) {
      case 'In': parts.push({ key, text: `${key} in (${values.join(',')})` }); break;
      case 'NotIn': parts.push({ key, text: `${key} notin (${values.join(',')})` }); break;
      case 'Exists': parts.push({ key, text: key }); break;
      case 'DoesNotExist': parts.push({ key, text: `!${key}` }); break;
      default: return '<error>';
    }
  }
  // labels.Selector.String() sorts its requirements by key (internalSelector is kept sorted).
  const text = parts.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((p) => p.text).join(',');
  return text === '' ? '<none>' : text;
}

/** Go's `fmt.Sprint` of a JSON value in a table cell. */
export function goSprint(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goFloat(v);
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

/**
 * Go's `%v` / `strconv.FormatFloat(f, 'g', -1, 64)` of a number decoded from JSON. Integral values within int64
 * print as the int64 that apimachinery's unstructured decoding makes of them ("1000000"); others as the shortest 'g'
 * form, whose exponent form starts at 1e+06 and below 1e-04 ("1.5e+06", "1e-05", "5.316560249256091e+19").
 */
export function goFloat(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf';
  // Integral values within int64 decode as int64; beyond it, as float64.
  if (Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63) return String(n);
  const [mant, exp] = n.toExponential().split('e');
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(n);
}
