/**
 * Reading and removing the value a field path names in an object: the navigation half of structured-merge-diff's
 * `typed.TypedValue.RemoveItems` and `fieldpath.Path` lookups, over plain JSON.
 */
import { canonicalEqual } from '../../api/canonical-json.ts';
import { KEY_FIELD_DEFAULTS } from '../patch/patch-meta.ts';
import { isMap, type Path } from './field-set.ts';
import { setOwn } from '../../api/own-property.ts';

type JsonMap = Record<string, unknown>;

function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The value with object keys sorted, for order-insensitive comparison. */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const k of Object.keys(v).sort()) setOwn(out, k, canonical(v[k]));
  return out;
}

/**
 * Deep equality of JSON values, object key order ignored: `JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))`,
 * answered by comparing the values side by side (api/canonical-json.ts `canonicalEqual`) instead of writing both texts.
 */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return canonicalEqual(a, b);
}

/** The index in `list` of the item path element `pe` (`k:`, `v:` or `i:`), or -1. */
export function findItem(list: unknown[], pe: string): number {
  const body = pe.slice(2);
  if (pe.startsWith('i:')) {
    const i = Number(body);
    return i >= 0 && i < list.length ? i : -1;
  }
  if (pe.startsWith('v:')) {
    const v = JSON.parse(body) as unknown;
    return list.findIndex((x) => jsonEqual(x, v));
  }
  if (pe.startsWith('k:')) {
    // A key field the item leaves out matches its default (see patch-meta.ts keyDefaults).
    const keys = JSON.parse(body) as JsonMap;
    return list.findIndex((x) => isMap(x) && Object.keys(keys).every((k) => jsonEqual(x[k] !== undefined ? x[k] : KEY_FIELD_DEFAULTS[k], keys[k])));
  }
  return -1;
}

/** The value at `path`, or undefined when any step is missing. */
export function getAt(obj: unknown, path: Path): unknown {
  let cur: unknown = obj;
  for (const pe of path) {
    if (pe.startsWith('f:')) {
      if (!isMap(cur)) return undefined;
      cur = cur[pe.slice(2)];
    } else {
      if (!Array.isArray(cur)) return undefined;
      const i = findItem(cur, pe);
      if (i < 0) return undefined;
      cur = cur[i];
    }
    if (cur === undefined) return undefined;
  }
  return cur;
}

/**
 * Removes the value at `path` from `obj`, in place (`obj` must be a private copy). Missing paths are ignored.
 * @returns whether something was removed.
 */
export function removeAt(obj: unknown, path: Path): boolean {
  if (path.length === 0) return false;
  const parent = getAt(obj, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (last.startsWith('f:')) {
    if (!isMap(parent) || !(last.slice(2) in parent)) return false;
    delete parent[last.slice(2)];
    return true;
  }
  if (!Array.isArray(parent)) return false;
  const i = findItem(parent, last);
  if (i < 0) return false;
  parent.splice(i, 1);
  return true;
}
