/**
 * The patch client-side `kubectl apply` sends for an object that exists: from the last-applied configuration
 * (original), the file's object (modified) and the live object (current). Changes and additions come from
 * current → modified, deletions from original → modified (fields the user removed from the file), so fields set by
 * others (status, defaults, a `kubectl scale`) that the file never named are left alone.
 *
 * Built-in kinds get a strategic merge patch (apimachinery `strategicpatch.CreateThreeWayMergePatch`): lists with a
 * `patchMergeKey` are diffed item by item (`{"name":"web","image":"nginx:1.28"}`, `$patch: delete` for removed
 * items, `$setElementOrder/<list>` with the new order), `retainKeys` fields carry `$retainKeys`, other lists are
 * replaced whole. Custom resources get a JSON merge patch (`jsonmergepatch.CreateThreeWayJSONMergePatch`): every
 * list is atomic.
 *
 * @remarks Lists of primitives with strategy merge (`finalizers`) are replaced whole here, where upstream sends
 * `$deleteFromPrimitiveList`; the server's result is the same list.
 */
import { fieldMeta, rootTypeOf } from '../../sim/apiserver/patch/patch-meta.ts';

type Json = unknown;
type JsonMap = Record<string, Json>;

function isMap(v: Json): v is JsonMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

interface DiffOptions {
  /** The delta pass: no deletions. */
  ignoreDeletions: boolean;
  /** The deletions pass: nothing else. */
  ignoreChangesAndAdditions: boolean;
  /** false for custom resources (merge patch: no keys, no directives). */
  strategic: boolean;
}

function diffMaps(from: JsonMap, to: JsonMap, typeName: string | undefined, o: DiffOptions): JsonMap {
  const patch: JsonMap = {};
  for (const key of Object.keys(to)) {
    const toV = to[key];
    const fromV = from[key];
    if (!(key in from)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = toV;
      continue;
    }
    const meta = o.strategic ? fieldMeta(typeName, key) : {};
    if (isMap(fromV) && isMap(toV)) {
      const sub = diffMaps(fromV, toV, meta.type, o);
      if (Object.keys(sub).length) {
        if (o.strategic && !o.ignoreChangesAndAdditions && meta.patchStrategy?.includes('retainKeys')) sub.$retainKeys = Object.keys(toV).sort();
        patch[key] = sub;
      }
      continue;
    }
    if (Array.isArray(fromV) && Array.isArray(toV) && o.strategic && meta.patchMergeKey && meta.patchStrategy?.includes('merge') && toV.every(isMap) && fromV.every(isMap)) {
      diffKeyedLists(patch, key, fromV, toV, meta.patchMergeKey, meta.type, o);
      continue;
    }
    if (!o.ignoreChangesAndAdditions && !deepEqual(fromV, toV)) patch[key] = toV;
  }
  if (!o.ignoreDeletions) for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  return patch;
}

function diffKeyedLists(patch: JsonMap, key: string, from: JsonMap[], to: JsonMap[], mergeKey: string, itemType: string | undefined, o: DiffOptions): void {
  const items: JsonMap[] = [];
  const fromByKey = new Map(from.map((i) => [JSON.stringify(i[mergeKey]), i]));
  const toKeys = new Set(to.map((i) => JSON.stringify(i[mergeKey])));
  for (const item of to) {
    const before = fromByKey.get(JSON.stringify(item[mergeKey]));
    if (!before) {
      if (!o.ignoreChangesAndAdditions) items.push(item);
      continue;
    }
    const sub = diffMaps(before, item, itemType, o);
    if (Object.keys(sub).length) items.push({ ...sub, [mergeKey]: item[mergeKey] });
  }
  if (!o.ignoreDeletions) {
    for (const item of from) if (!toKeys.has(JSON.stringify(item[mergeKey]))) items.push({ [mergeKey]: item[mergeKey], $patch: 'delete' });
  }
  if (items.length === 0) return;
  patch[key] = items;
  if (!o.ignoreChangesAndAdditions) patch[`$setElementOrder/${key}`] = to.map((i) => ({ [mergeKey]: i[mergeKey] }));
}

/** Merges the deletions patch and the delta patch (strategic lists: items of both). */
function mergePatches(a: JsonMap, b: JsonMap): JsonMap {
  const out: JsonMap = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    if (isMap(prev) && isMap(v)) out[k] = mergePatches(prev, v);
    else if (Array.isArray(prev) && Array.isArray(v) && !k.startsWith('$')) out[k] = [...v, ...prev];
    else out[k] = v;
  }
  return out;
}

/**
 * The three-way patch (an empty object when nothing is to change: kubectl then prints "unchanged" and sends
 * nothing). `strategic` false for custom resources.
 */
export function threeWayPatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap, kind: { group: string; kind: string }, strategic: boolean): JsonMap {
  const root = strategic ? rootTypeOf(kind) : undefined;
  const delta = diffMaps(current, modified, root, { ignoreDeletions: true, ignoreChangesAndAdditions: false, strategic });
  const deletions = original ? diffMaps(original, modified, root, { ignoreDeletions: false, ignoreChangesAndAdditions: true, strategic }) : {};
  return mergePatches(deletions, delta);
}
