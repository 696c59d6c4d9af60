/**
 * Strategic merge patch, as `application/strategic-merge-patch+json` is applied by the api-server: a port of
 * k8s.io/apimachinery/pkg/util/strategicpatch/patch.go `StrategicMergeMapPatch` (mergeMap / mergeSlice), with the
 * merge keys and strategies of patch-meta.ts. Directives: `$patch: replace|delete|merge`, `$retainKeys`,
 * `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`; a `null` value deletes a key.
 */
import { fieldMeta, rootTypeOf, type FieldMeta } from './patch-meta.ts';
import { getOwn, setOwn } from '../../api/own-property.ts';
import {
  badPatch,
  badPatchType,
  ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST,
  ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS,
  ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER_LIST,
  noMergeKey,
  patchServerError,
  unprocessablePatch,
} from './strategic-patch-errors.ts';

type JsonMap = Record<string, unknown>;

const PATCH = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';
const SET_ELEMENT_ORDER = '$setElementOrder/';

function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
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
 * is modified. Throws {@link PatchError} with upstream's status (strategic-patch-errors.ts): 400 for a patch that is
 * not an object or a malformed directive (keys outside `$retainKeys` included), 422 for lists of lists, 500 for a map-list
 * item without its merge key or an unknown `$patch`.
 *
 * List order follows upstream exactly (`normalizeElementOrder`): `$setElementOrder` first, then the patch's order,
 * then the live order; an item new to a merging list comes before the live items (kubectl patch "prepends").
 *
 * @remarks Upstream copies a value absent from the target verbatim (directives and nulls included) and drops them
 * when decoding into the Go type; we strip them right away, having no Go types.
 */
export function applyStrategicMergePatch(
  target: unknown,
  patch: unknown,
  gvk: { group: string; version: string; kind: string },
): unknown {
  if (!isMap(patch)) badPatch(`json: cannot unmarshal ${Array.isArray(patch) ? 'array' : typeof patch} into Go value of type map[string]interface {}`);
  const original = isMap(target) ? target : {};
  const merged = mergeMap(original, patch, rootTypeOf(gvk));
  return merged ?? {};
}

/** upstream `mergeMap`; `undefined` means "delete this map" (`$patch: delete`). */
function mergeMap(original: JsonMap, patch: JsonMap, typeName: string | undefined): JsonMap | undefined {
  const directive = patch[PATCH];
  if (directive !== undefined) {
    // upstream handleDirectiveInMergeMap
    if (directive === 'delete') return undefined;
    if (directive === 'replace') return stripDirectives(patch, typeName) as JsonMap;
    if (directive !== 'merge') badPatchType(directive, patch);
  }
  const result: JsonMap = { ...original };

  // upstream applyRetainKeysDirective
  const retain = patch[RETAIN_KEYS];
  if (retain !== undefined) {
    if (!Array.isArray(retain)) badPatch(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
    // The patch may only set keys it retains.
    for (const k of Object.keys(patch)) {
      if (k === PATCH || k === RETAIN_KEYS || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER) || patch[k] === null) continue;
      if (!retain.includes(k)) badPatch(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
    }
    for (const k of Object.keys(result)) if (!retain.includes(k)) delete result[k];
  }

  // upstream mergePatchIntoOriginal: each $setElementOrder list with the patch list of the same field.
  const handled = new Set<string>();
  for (const k of Object.keys(patch)) {
    if (!k.startsWith(SET_ELEMENT_ORDER)) continue;
    const field = k.slice(SET_ELEMENT_ORDER.length);
    const order = patch[k];
    if (!Array.isArray(order)) badPatch(ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER_LIST);
    const meta = fieldMeta(typeName, field);
    const ov = getOwn(result, field);
    const pv = patch[field];
    const originalList = Array.isArray(ov) ? ov : undefined;
    const patchList = Array.isArray(pv) ? pv : undefined;
    handled.add(field);
    let merged: unknown[];
    if (originalList && patchList) merged = mergeList(originalList, patchList, meta, false);
    else if (patchList) merged = stripDirectives(patchList, meta.type) as unknown[];
    else if (originalList) merged = originalList;
    else continue;
    const key = meta.patchMergeKey;
    const [patchItems, serverOnly] = partitionByPresence(merged, order, key);
    setOwn(result, field, normalizeElementOrder(patchItems, serverOnly, order, originalList ?? [], key));
  }

  for (const k of Object.keys(patch)) {
    if (k === PATCH || k === RETAIN_KEYS || k.startsWith(SET_ELEMENT_ORDER)) continue;
    let field = k;
    let isDeleteList = false;
    if (k.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      field = k.slice(DELETE_FROM_PRIMITIVE_LIST.length);
      isDeleteList = true;
      if (!Array.isArray(patch[k])) badPatch(ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST);
    } else if (handled.has(field)) continue;
    const pv = patch[k];
    if (pv === null) {
      delete result[field];
      continue;
    }
    const ov = getOwn(result, field);
    if (ov === undefined) {
      // Not in the original: take the patch value (upstream), minus directives and nulls (which decoding into the
      // typed object drops upstream). A deletion list for a missing list has nothing to delete.
      if (isDeleteList) continue;
      const taken = isMap(pv) ? mergeMap({}, pv, fieldMeta(typeName, field).type) : stripDirectives(pv, fieldMeta(typeName, field).type);
      if (taken !== undefined) setOwn(result, field, taken);
      continue;
    }
    const meta = fieldMeta(typeName, field);
    let merged: unknown;
    if (isMap(ov) && isMap(pv)) merged = meta.patchStrategy === undefined || meta.patchStrategy.includes('merge') || meta.patchStrategy === 'retainKeys' ? mergeMap(ov, pv, meta.type) : stripDirectives(pv, meta.type);
    else if (Array.isArray(ov) && Array.isArray(pv)) merged = mergeList(ov, pv, meta, isDeleteList);
    else merged = stripDirectives(pv, meta.type); // different types: the patch value replaces
    if (merged === undefined) delete result[field];
    else setOwn(result, field, merged);
  }
  return result;
}

/** upstream `mergeSliceHandler` + `mergeSlice`: merge by key, union of primitives, or replace. */
function mergeList(original: unknown[], patch: unknown[], meta: FieldMeta, isDeleteList: boolean): unknown[] {
  const merge = meta.patchStrategy === 'merge' || meta.patchStrategy === 'merge,retainKeys';
  if (!merge) return stripDirectives(patch, meta.type) as unknown[];
  if (original.length === 0 && patch.length === 0) return original;

  const key = meta.patchMergeKey;
  const ofMaps = [...original, ...patch].some(isMap);
  if ([...original, ...patch].some((v) => Array.isArray(v))) unprocessablePatch();
  let orig = original;
  let pat = patch;
  let merged: unknown[];
  if (!ofMaps) {
    if (isDeleteList) return original.filter((v) => !patch.some((d) => jsonEqual(d, v)));
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (key === undefined) patchServerError('cannot merge lists without merge key for type map');
    [orig, pat] = mergeSliceWithSpecialElements(original, patch, key);
    merged = [...orig];
    // upstream mergeSliceWithoutSpecialElements: merge into the item with the same key, else append.
    for (const p of pat) {
      const pm = p as JsonMap;
      const i = merged.findIndex((o) => isMap(o) && key in o && jsonEqual(o[key], pm[key]));
      if (i >= 0) {
        const m = mergeMap(merged[i] as JsonMap, pm, meta.type);
        if (m === undefined) merged.splice(i, 1);
        else merged[i] = m;
      } else {
        const added = mergeMap({}, pm, meta.type);
        if (added !== undefined) merged.push(added);
      }
    }
  }
  const [patchItems, serverOnly] = partitionByPresence(merged, pat, ofMaps ? key : undefined);
  return normalizeElementOrder(patchItems, serverOnly, pat, orig, ofMaps ? key : undefined);
}

/** upstream `mergeSliceWithSpecialElements`: `$patch: delete` items delete, a `$patch: replace` item replaces. */
function mergeSliceWithSpecialElements(original: unknown[], patch: unknown[], key: string): [unknown[], unknown[]] {
  const plain: unknown[] = [];
  let replace = false;
  let orig = original;
  for (const v of patch) {
    if (!isMap(v)) noMergeKey(v, key);
    const directive = v[PATCH];
    if (directive === undefined) {
      if (!(key in v)) noMergeKey(v, key);
      plain.push(v);
    } else if (directive === 'delete') {
      if (!(key in v)) noMergeKey(v, key);
      orig = orig.filter((o) => !(isMap(o) && jsonEqual(o[key], v[key])));
    } else if (directive === 'replace') replace = true;
    else if (directive === 'merge') patchServerError('merging lists cannot yet be specified in the patch');
    else badPatchType(directive, v);
  }
  if (replace) return [plain.map((p) => stripDirectives(p, undefined)), []];
  return [orig, plain];
}

/** upstream `deduplicateScalars`, including its order (a duplicate's slot takes the last element). */
function deduplicateScalars(input: unknown[]): unknown[] {
  const s = [...input];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (jsonEqual(s[i], s[j])) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

/** The merge key's value of a map item, or the item itself for primitives (upstream `index`'s getValFn). */
function identity(item: unknown, key: string | undefined): unknown {
  return key !== undefined ? (isMap(item) ? item[key] : undefined) : item;
}

function indexIn(list: unknown[], item: unknown, key: string | undefined): number {
  const id = identity(item, key);
  return list.findIndex((x) => jsonEqual(identity(x, key), id));
}

/** upstream `partitionMapsByPresentInList` / `partitionPrimitivesByPresentInList`. */
function partitionByPresence(list: unknown[], by: unknown[], key: string | undefined): [unknown[], unknown[]] {
  const present: unknown[] = [];
  const absent: unknown[] = [];
  for (const v of list) (indexIn(by, v, key) >= 0 ? present : absent).push(v);
  return [present, absent];
}

/** upstream `normalizeSliceOrder`: a stable insertion sort (Go's `sort.SliceStable` on short lists) by `order`. */
function normalizeSliceOrder(toSort: unknown[], order: unknown[], key: string | undefined): unknown[] {
  const s = [...toSort];
  const less = (a: unknown, b: unknown): boolean => {
    const ia = indexIn(order, a, key);
    const ib = indexIn(order, b, key);
    return ia >= 0 && ib >= 0 ? ia < ib : true;
  };
  for (let i = 1; i < s.length; i++) {
    for (let j = i; j > 0 && less(s[j], s[j - 1]); j--) [s[j], s[j - 1]] = [s[j - 1], s[j]];
  }
  return s;
}

/**
 * upstream `normalizeElementOrder` + `mergeSortedSlice`: patch items in the patch's order, server-only items in the
 * live order, interleaved by their live positions; an item new to the list goes before the server-only items
 * that follow (so a new container added by a plain strategic patch comes first).
 */
function normalizeElementOrder(patchItems: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], key: string | undefined): unknown[] {
  const right = normalizeSliceOrder(patchItems, patchOrder, key);
  const left = normalizeSliceOrder(serverOnly, serverOrder, key);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], key);
      const ri = indexIn(serverOrder, right[j], key);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** Removes `$`-directives and nulls from a value that replaces (rather than merges into) the target. */
function stripDirectives(value: unknown, typeName: string | undefined): unknown {
  if (Array.isArray(value)) return value.filter((v) => !(isMap(v) && v[PATCH] !== undefined && Object.keys(v).length === 1)).map((v) => stripDirectives(v, typeName));
  if (!isMap(value)) return value;
  const out: JsonMap = {};
  for (const k of Object.keys(value)) {
    if (k.startsWith('$')) continue;
    const v = value[k];
    if (v === null) continue;
    setOwn(out, k, stripDirectives(v, fieldMeta(typeName, k).type));
  }
  return out;
}
