/**
 * Field sets: which fields of an object a manager owns. A port of the parts of sigs.k8s.io/structured-merge-diff
 * we need: `fieldpath.PathElement` (`f:name`, `k:{"name":"web"}`, `v:"x"`, `i:0`), `fieldpath.Set`,
 * `typed.ToFieldSet` and `Path.String()` for messages. Their wire form, FieldsV1, is fields-v1.ts.
 *
 * A set is a `Set<string>` of paths, each path a JSON array of path-element strings; it contains every member
 * path, its key built by path-keys.ts. Schema facts (map-list keys, atomic lists) come from patch/patch-meta.ts.
 */
import { fieldMeta, type FieldMeta } from '../patch/patch-meta.ts';
import { child, childField, keyElement } from './path-keys.ts';
import { deepEqual } from '../strategy/object-diff.ts';
import { hasAnyKey } from '../admission/json-shape.ts';

/** A field set: each member is `JSON.stringify(pathElements)`. */
export type FieldSet = Set<string>;
export type Path = string[];

export type JsonMap = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Fields no manager owns (managedfields/internal/stripmeta.go): identity and server-maintained metadata. */
export const STRIPPED_META = new Set(['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'generation', 'managedFields', 'resourceVersion', 'deletionTimestamp', 'deletionGracePeriodSeconds']);

/** The element type name of `meta` for descending into a value (list items or a field). */
export function childType(meta: FieldMeta): string | undefined {
  return meta.type;
}

/** The members of a field set, and the value at every path walked (members, maps and items alike). */
export interface FieldIndex {
  members: FieldSet;
  values: Map<string, unknown>;
  /** The members that are map-list items (`k:`): they have fields, not a value of their own. */
  items: Set<string>;
  /**
   * With `opts.same`: the paths of fields whose value is the very object `same` holds at that path (a subtree the
   * write kept, e.g. the spec on a /status write). They were not walked: their members and values are `same`'s.
   */
  shared: string[];
  /** The index subtrees were shared with (`opts.same`). */
  same?: FieldIndex;
}

/**
 * `typed.ToFieldSet`: every leaf of `value` (scalars, atomic lists and structs, empty maps), every map-list item
 * (`k:`) and set item (`v:`). `typeName` is the type of `value` (see patch-meta.ts `rootTypeOf`).
 * For a whole object, pass `{ object: true }` to leave out apiVersion/kind and the stripped metadata.
 */
export function toFieldSet(value: unknown, typeName: string | undefined, opts: { object?: boolean } = {}): FieldSet {
  return indexFields(value, typeName, opts).members;
}

/** {@link toFieldSet}, also recording the value at every walked path (for comparisons without re-walking). */
export function indexFields(value: unknown, typeName: string | undefined, opts: { object?: boolean; same?: FieldIndex } = {}): FieldIndex {
  const index: FieldIndex = { members: new Set(), values: new Map(), items: new Set(), shared: [] };
  if (opts.same) index.same = opts.same;
  walk(value, typeName, '[]', index, opts.object === true);
  return index;
}

function walk(value: unknown, typeName: string | undefined, key: string, index: FieldIndex, isRoot: boolean): void {
  if (!isMap(value)) return;
  const keys = Object.keys(value);
  if (keys.length === 0 && key !== '[]') index.members.add(key);
  for (const k of keys) {
    const v = value[k];
    if (v === null || v === undefined) continue;
    if (isRoot && (k === 'apiVersion' || k === 'kind')) continue;
    if (isRoot && k === 'metadata' && isMap(v)) {
      const meta: JsonMap = {};
      for (const mk of Object.keys(v)) if (!STRIPPED_META.has(mk)) meta[mk] = v[mk];
      const metaKey = child(key, 'f:metadata');
      index.values.set(metaKey, meta);
      if (Object.keys(meta).length > 0) walk(meta, 'ObjectMeta', metaKey, index, false);
      continue;
    }
    walkField(v, fieldMeta(typeName, k), childField(key, k), index);
  }
}

function walkField(v: unknown, meta: FieldMeta, key: string, index: FieldIndex): void {
  if (index.same !== undefined && typeof v === 'object' && index.same.values.get(key) === v) {
    index.shared.push(key);
    return;
  }
  index.values.set(key, v);
  if (meta.atomic || (!isMap(v) && !Array.isArray(v))) {
    index.members.add(key);
    return;
  }
  if (isMap(v)) {
    walk(v, childType(meta), key, index, false);
    return;
  }
  const list = v as unknown[];
  if (meta.listType === 'map' && meta.keys) {
    if (list.length === 0) index.members.add(key);
    for (const item of list) {
      const itemKey = child(key, keyElement(item, meta.keys, meta.keyDefaults));
      index.members.add(itemKey);
      index.items.add(itemKey);
      index.values.set(itemKey, item);
      walk(item, childType(meta), itemKey, index, false);
    }
  } else if (meta.listType === 'set') {
    if (list.length === 0) index.members.add(key);
    for (const item of list) {
      const itemKey = child(key, `v:${JSON.stringify(item)}`);
      index.members.add(itemKey);
      index.values.set(itemKey, item);
    }
  } else {
    index.members.add(key);
  }
}

/**
 * {@link indexFields} of `before` and of `after` restricted to where they differ: subtrees equal in both (the same
 * object, an equal primitive, or deep-equal lists and atomic values) are not walked, and maps present on both sides
 * are walked side by side. Members and values recorded are exactly the full indexes' within the walked parts, and the
 * parts not walked hold the same members and values on both sides; so member differences, changed leaves and the
 * `"."` of new maps come out as with full indexes. (Whether a path exists in `after` outside the walked parts:
 * `hasFieldPath` in field-presence.ts.) Both are whole objects (`{ object: true }`).
 */
export function indexFieldDifferences(before: unknown, after: unknown, typeName: string | undefined): { before: FieldIndex; after: FieldIndex } {
  const bi: FieldIndex = { members: new Set(), values: new Map(), items: new Set(), shared: [] };
  const ai: FieldIndex = { members: new Set(), values: new Map(), items: new Set(), shared: [] };
  if (isMap(before) && isMap(after)) walkPair(before, after, typeName, '[]', bi, ai, ROOT);
  else {
    walk(before, typeName, '[]', bi, true);
    walk(after, typeName, '[]', ai, true);
  }
  return { before: bi, after: ai };
}

/** How {@link walkPair} treats a map's keys: the root (no apiVersion/kind, metadata stripped) or the stripped metadata. */
const ROOT = 0;
const META = 1;
const PLAIN = 2;

function walkPair(before: JsonMap, after: JsonMap, typeName: string | undefined, key: string, bi: FieldIndex, ai: FieldIndex, mode: number): void {
  if (mode === PLAIN) {
    // walk: an empty map is a member (a map whose keys are all null is not).
    if (!hasAnyKey(before)) bi.members.add(key);
    if (!hasAnyKey(after)) ai.members.add(key);
  }
  for (const k in after) pairField(k, before[k], after[k], typeName, key, bi, ai, mode);
  for (const k in before) if (!Object.prototype.hasOwnProperty.call(after, k)) pairField(k, before[k], undefined, typeName, key, bi, ai, mode);
}

function pairField(k: string, vb: unknown, va: unknown, typeName: string | undefined, key: string, bi: FieldIndex, ai: FieldIndex, mode: number): void {
  if (vb === va) return;
  const noB = vb === null || vb === undefined;
  const noA = va === null || va === undefined;
  if (noB && noA) return;
  if (mode === ROOT) {
    if (k === 'apiVersion' || k === 'kind') return;
    if (k === 'metadata' && (isMap(vb) || isMap(va))) {
      if (isMap(vb) && isMap(va)) {
        const metaKey = child(key, 'f:metadata');
        bi.values.set(metaKey, vb);
        ai.values.set(metaKey, va);
        walkPair(vb, va, 'ObjectMeta', metaKey, bi, ai, META);
      } else {
        if (!noB) walkRootField(k, vb, typeName, bi);
        if (!noA) walkRootField(k, va, typeName, ai);
      }
      return;
    }
  } else if (mode === META && STRIPPED_META.has(k)) return;
  const meta = fieldMeta(typeName, k);
  const fieldKey = childField(key, k);
  if (!noB && !noA) {
    // Equal values (a client's copy of what it read) hold the same members: nothing to walk.
    if (typeof vb === 'object' && typeof va === 'object' && deepEqual(vb, va)) return;
    if (!meta.atomic && isMap(vb) && isMap(va)) {
      bi.values.set(fieldKey, vb);
      ai.values.set(fieldKey, va);
      walkPair(vb, va, childType(meta), fieldKey, bi, ai, PLAIN);
      return;
    }
    if (!meta.atomic && meta.listType === 'map' && meta.keys && Array.isArray(vb) && Array.isArray(va) && pairItems(vb, va, meta, fieldKey, bi, ai)) return;
  }
  if (!noB) walkField(vb, meta, fieldKey, bi);
  if (!noA) walkField(va, meta, fieldKey, ai);
}

/**
 * Two map-lists side by side, item by item (matched by key): an item equal on both sides (the same object or
 * deep-equal) is not walked, items on one side only are walked whole on that side, the rest pairwise. False, with
 * nothing recorded, when a key repeats in either list (items are then walked whole, as {@link walkField} does).
 */
function pairItems(vb: unknown[], va: unknown[], meta: FieldMeta, key: string, bi: FieldIndex, ai: FieldIndex): boolean {
  const keys = meta.keys!;
  const before = new Map<string, unknown>();
  for (const item of vb) {
    const pe = keyElement(item, keys, meta.keyDefaults);
    if (before.has(pe)) return false;
    before.set(pe, item);
  }
  const after = new Map<string, unknown>();
  for (const item of va) {
    const pe = keyElement(item, keys, meta.keyDefaults);
    if (after.has(pe)) return false;
    after.set(pe, item);
  }
  bi.values.set(key, vb);
  ai.values.set(key, va);
  if (vb.length === 0) bi.members.add(key);
  if (va.length === 0) ai.members.add(key);
  const type = childType(meta);
  for (const [pe, ib] of before) {
    const ia = after.get(pe);
    if (ia === ib || (ia !== undefined && deepEqual(ib, ia))) continue;
    const itemKey = child(key, pe);
    indexItem(ib, itemKey, bi);
    if (ia === undefined) {
      walk(ib, type, itemKey, bi, false);
      continue;
    }
    indexItem(ia, itemKey, ai);
    if (isMap(ib) && isMap(ia)) walkPair(ib, ia, type, itemKey, bi, ai, PLAIN);
    else {
      walk(ib, type, itemKey, bi, false);
      walk(ia, type, itemKey, ai, false);
    }
  }
  for (const [pe, ia] of after) {
    if (before.has(pe)) continue;
    const itemKey = child(key, pe);
    indexItem(ia, itemKey, ai);
    walk(ia, type, itemKey, ai, false);
  }
  return true;
}

/** A map-list item's own entries, as {@link walkField} records them (its fields are walked apart). */
function indexItem(item: unknown, itemKey: string, index: FieldIndex): void {
  index.members.add(itemKey);
  index.items.add(itemKey);
  index.values.set(itemKey, item);
}

/** One root field as {@link walk} indexes it (metadata stripped). */
function walkRootField(k: string, v: unknown, typeName: string | undefined, index: FieldIndex): void {
  const one: JsonMap = { [k]: v };
  walk(one, typeName, '[]', index, true);
}

/** `Set.Union`. */
export function union(...sets: FieldSet[]): FieldSet {
  const out: FieldSet = new Set();
  for (const s of sets) for (const p of s) out.add(p);
  return out;
}

/** `Set.Difference`: members of `a` not in `b` (not recursive). */
export function difference(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = new Set();
  for (const p of a) if (!b.has(p)) out.add(p);
  return out;
}

/** `Set.Intersection`. */
export function intersection(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = new Set();
  for (const p of a) if (b.has(p)) out.add(p);
  return out;
}

/** Members sorted by path (element-wise), so output is deterministic. */
export function sortedPaths(set: FieldSet): Path[] {
  return [...set].map((p) => JSON.parse(p) as Path).sort(comparePaths);
}

/**
 * The order structured-merge-diff's `Set.Iterate` visits paths (fieldpath/set.go iteratePrefix): at each level the
 * members ending there first, then the children, each by element. `.spec.replicas` comes before
 * `.spec.template.metadata.labels.app` either way, but `.spec.z` before `.spec.a.b` here, after it lexically.
 */
export function compareIterationOrder(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    const aMember = i === a.length - 1;
    const bMember = i === b.length - 1;
    if (aMember !== bMember) return aMember ? -1 : 1;
    return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/** A total order on paths: element-wise by string, a prefix before its extensions. */
export function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/** SMD `Path.String()`: `.spec.template.spec.containers[name="web"].image`, `[="x"]` for set items, `[0]`. */
export function pathString(path: Path): string {
  return path.map((pe) => renderElement(pe, true)).join('');
}

/** The UI's dotted form: `spec.template.spec.containers[name=web].image`, `metadata.finalizers[example.com/x]`. */
export function dottedPath(path: Path): string {
  return path.map((pe) => renderElement(pe, false)).join('').replace(/^\./, '');
}

function renderElement(pe: string, quoted: boolean): string {
  const body = pe.slice(2);
  const show = (v: unknown): string => (quoted || typeof v !== 'string' ? JSON.stringify(v) : v);
  switch (pe.slice(0, 2)) {
    case 'f:':
      return `.${body}`;
    case 'k:': {
      const m = JSON.parse(body) as JsonMap;
      return `[${Object.keys(m).map((k) => `${k}=${show(m[k])}`).join(',')}]`;
    }
    case 'v:':
      return quoted ? `[=${body}]` : `[${show(JSON.parse(body))}]`;
    default:
      return `[${body}]`;
  }
}
