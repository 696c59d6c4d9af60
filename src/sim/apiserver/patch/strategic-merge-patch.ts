/**
 * Strategic merge patch, as `application/strategic-merge-patch+json` is applied by the api-server: a port of
 * k8s.io/apimachinery/pkg/util/strategicpatch/patch.go `StrategicMergeMapPatch` (mergeMap / mergeSlice), with the
 * merge keys and strategies of patch-meta.ts. Directives: `$patch: replace|delete|merge`, `$retainKeys`,
 * `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`; a `null` value deletes a key.
 */
import { badRequest } from '../../api/status.ts';
import { fieldMeta, rootTypeOf, type FieldMeta } from './patch-meta.ts';
import { PatchError } from './patch-error.ts';

type JsonMap = Record<string, unknown>;

const PATCH = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';
const SET_ELEMENT_ORDER = '$setElementOrder/';

function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function fail(message: string): never {
  throw new PatchError(badRequest(message));
}

/** Deep structural equality of JSON values (key order ignored). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * Applies a strategic merge `patch` to `target` (an object of kind `gvk`) and returns the result; neither argument
 * is modified. Throws {@link PatchError} (400 BadRequest) for a patch that is not an object, an unknown `$patch`
 * value, or a map-list item without its merge key.
 *
 * @remarks Ordering: without `$setElementOrder`, merged lists keep the target's order and append new items (upstream
 * interleaves by a two-list merge that gives the same result for these cases).
 */
export function applyStrategicMergePatch(
  target: unknown,
  patch: unknown,
  gvk: { group: string; version: string; kind: string },
): unknown {
  if (!isMap(patch)) fail(`json: cannot unmarshal ${Array.isArray(patch) ? 'array' : typeof patch} into Go value of type map[string]interface {}`);
  const original = isMap(target) ? target : {};
  const merged = mergeMap(original, patch, rootTypeOf(gvk));
  return merged ?? {};
}

/** upstream `mergeMap`; `undefined` means "delete this map" (`$patch: delete`). */
function mergeMap(original: JsonMap, patch: JsonMap, typeName: string | undefined): JsonMap | undefined {
  const directive = patch[PATCH];
  if (directive !== undefined) {
    if (directive === 'delete') return undefined;
    if (directive === 'replace') return stripDirectives(patch, typeName) as JsonMap;
    if (directive !== 'merge') fail(`Unknown patch type: ${String(directive)} in map: ${JSON.stringify(patch)}`);
  }
  const result: JsonMap = { ...original };

  const retain = patch[RETAIN_KEYS];
  if (retain !== undefined) {
    if (!Array.isArray(retain)) fail(`invalid type for ${RETAIN_KEYS}: ${JSON.stringify(retain)}`);
    for (const k of Object.keys(result)) if (!retain.includes(k)) delete result[k];
  }

  for (const k of Object.keys(patch)) {
    if (!k.startsWith(DELETE_FROM_PRIMITIVE_LIST)) continue;
    const field = k.slice(DELETE_FROM_PRIMITIVE_LIST.length);
    const toDelete = patch[k];
    if (!Array.isArray(toDelete)) fail(`invalid type for ${k}: ${JSON.stringify(toDelete)}`);
    const list = result[field];
    if (Array.isArray(list)) result[field] = list.filter((v) => !toDelete.some((d) => jsonEqual(d, v)));
  }

  for (const k of Object.keys(patch)) {
    if (k === PATCH || k === RETAIN_KEYS || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    const pv = patch[k];
    if (pv === null) {
      delete result[k];
      continue;
    }
    const meta = fieldMeta(typeName, k);
    const ov = result[k];
    let merged: unknown;
    if (isMap(pv)) merged = mergeMap(isMap(ov) ? ov : {}, pv, meta.type);
    else if (Array.isArray(pv)) merged = mergeList(Array.isArray(ov) ? ov : [], pv, meta, !Array.isArray(ov));
    else merged = pv;
    if (merged === undefined) delete result[k];
    else result[k] = merged;
  }

  for (const k of Object.keys(patch)) {
    if (!k.startsWith(SET_ELEMENT_ORDER)) continue;
    const field = k.slice(SET_ELEMENT_ORDER.length);
    const order = patch[k];
    if (!Array.isArray(order)) fail(`invalid type for ${k}: ${JSON.stringify(order)}`);
    const list = result[field];
    if (Array.isArray(list)) result[field] = sortByElementOrder(list, order, fieldMeta(typeName, field).patchMergeKey);
  }
  return result;
}

/** upstream `mergeSlice`: merge by key, union of primitives, or replace, per the field's patch strategy. */
function mergeList(original: unknown[], patch: unknown[], meta: FieldMeta, absent: boolean): unknown[] {
  const merge = meta.patchStrategy === 'merge' || meta.patchStrategy === 'merge,retainKeys';
  if (!merge) return stripDirectives(patch, meta.type) as unknown[];

  const key = meta.patchMergeKey;
  // A list of primitives: union, keeping the first occurrence (upstream deduplicateScalars).
  if (key === undefined || patch.every((p) => !isMap(p))) {
    const both = [...original, ...patch];
    return both.filter((v, i) => both.findIndex((w) => jsonEqual(v, w)) === i);
  }

  // `{$patch: replace}` as an item replaces the whole list with the other items.
  if (patch.some((p) => isMap(p) && p[PATCH] === 'replace' && Object.keys(p).length === 1)) {
    return patch.filter((p) => !(isMap(p) && p[PATCH] === 'replace')).map((p) => stripDirectives(p, meta.type));
  }
  const result: unknown[] = absent ? [] : [...original];
  for (const p of patch) {
    if (!isMap(p)) fail(`map: ${JSON.stringify(p)} does not contain declared merge key: ${key}`);
    if (!(key in p)) fail(`map: ${JSON.stringify(p)} does not contain declared merge key: ${key}`);
    const i = result.findIndex((o) => isMap(o) && jsonEqual(o[key], p[key]));
    if (p[PATCH] === 'delete') {
      if (i >= 0) result.splice(i, 1);
      continue;
    }
    if (i >= 0) {
      const merged = mergeMap(result[i] as JsonMap, p, meta.type);
      if (merged === undefined) result.splice(i, 1);
      else result[i] = merged;
    } else {
      const added = mergeMap({}, p, meta.type);
      if (added !== undefined) result.push(added);
    }
  }
  return result;
}

/** Removes `$`-directives from a value that replaces (rather than merges into) the target. */
function stripDirectives(value: unknown, typeName: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => stripDirectives(v, typeName));
  if (!isMap(value)) return value;
  const out: JsonMap = {};
  for (const k of Object.keys(value)) {
    if (k.startsWith('$')) continue;
    const v = value[k];
    if (v === null) continue;
    out[k] = stripDirectives(v, fieldMeta(typeName, k).type);
  }
  return out;
}

/** upstream `normalizeElementOrder`, simplified: listed items in the given order, then the rest in list order. */
function sortByElementOrder(list: unknown[], order: unknown[], key: string | undefined): unknown[] {
  const idOf = (x: unknown): unknown => (key !== undefined && isMap(x) ? x[key] : x);
  const rank = (x: unknown): number => {
    const id = idOf(x);
    const i = order.findIndex((o) => jsonEqual(idOf(o), id));
    return i < 0 ? order.length : i;
  };
  return list
    .map((item, i) => ({ item, i, r: rank(item) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.item);
}
