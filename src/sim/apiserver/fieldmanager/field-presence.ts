/**
 * Whether a field set's paths are present in an object, found by following each path down the object instead of
 * indexing it whole ({@link hasFieldPath}, {@link absentMembers}): which of a manager's fields the new object still has,
 * where the comparison (field-compare.ts) did not walk. Path elements as field-set.ts encodes them; schema facts from
 * patch/patch-meta.ts.
 */
import { fieldMeta, type FieldMeta } from '../patch/patch-meta.ts';
import { childType, isMap, STRIPPED_META, type FieldSet, type JsonMap } from './field-set.ts';
import { parsedPath, QUOTED_CAPACITY } from './path-keys.ts';

/**
 * Whether the path `key` (a member key) is one `indexFields` (field-set.ts) would walk in the whole object `root`: its
 * values' keys, found by following the path instead of indexing everything. Map-list items are matched by their
 * key fields as `keyElement` (path-keys.ts) renders them; set items by their JSON.
 */
export function hasFieldPath(root: unknown, typeName: string | undefined, key: string): boolean {
  const path = parsedPath(key);
  if (!isMap(root) || path.length === 0) return false;
  const first = path[0]!;
  if (!first.startsWith('f:')) return false;
  const name = first.slice(2);
  if (name === 'apiVersion' || name === 'kind') return false;
  const v = root[name];
  if (v === null || v === undefined) return false;
  if (name === 'metadata' && isMap(v)) {
    if (path.length === 1) return true;
    const pe = path[1]!;
    if (!pe.startsWith('f:') || STRIPPED_META.has(pe.slice(2))) return false;
    return fieldsHave(v, 'ObjectMeta', path, 1);
  }
  return valueHas(v, fieldMeta(typeName, name), path, 1);
}

/**
 * The members of `set` that are not paths of the whole object `root` ({@link hasFieldPath} of each). The members are
 * followed in the set's order, each from where the one before it shares its path (a set decoded from FieldsV1 lists
 * a map's fields right after it), so the walk down the object is shared by paths with a common prefix, with nothing
 * built or kept per set.
 *
 * `known`, when given, is a whole object of which every member of `set` is a path: a member under a top-level field
 * whose value in `root` is the very value `known` holds there (a subtree the write kept) is a path of `root` too, and
 * is not walked.
 */
export function absentMembers(root: unknown, typeName: string | undefined, set: FieldSet, known?: unknown): Set<string> {
  const out = new Set<string>();
  // For the previous path: the value at each of its prefixes (ABSENT when not there) and how to step below it.
  const values: unknown[] = [];
  const metas: StepMeta[] = [];
  let prev: readonly string[] = [];
  const shared = isMap(root) && isMap(known) ? known : undefined;
  // Whether the last top-level element seen leads to a value `root` shares with `known` (members come grouped by it).
  let top: string | undefined;
  let topShared = false;
  for (const key of set) {
    const path = parsedPath(key);
    if (shared !== undefined && path.length > 0) {
      if (path[0] !== top) {
        top = path[0]!;
        topShared = sharesField(root as JsonMap, shared, top);
      }
      // `prev` and the prefix values stay those of the last path walked.
      if (topShared) continue;
    }
    let d = 0;
    while (d < path.length && d < prev.length && path[d] === prev[d]) d++;
    let ambiguous = false;
    for (; d < path.length; d++) {
      const parent = d === 0 ? root : values[d - 1];
      if (parent === ABSENT) {
        values[d] = ABSENT;
        continue;
      }
      const step = stepInto(parent, d === 0 ? rootMeta(typeName) : metas[d - 1]!, path[d]!);
      if (step === AMBIGUOUS) {
        ambiguous = true;
        break;
      }
      values[d] = step === undefined ? ABSENT : step.value;
      metas[d] = step === undefined ? LEAF : step.meta;
    }
    if (ambiguous) {
      // Items with the same key: a path is there when any of them has it (rare: looked up alone, not shared).
      if (!hasFieldPath(root, typeName, key)) out.add(key);
      prev = [];
      continue;
    }
    if (path.length === 0 || values[path.length - 1] === ABSENT) out.add(key);
    prev = path;
  }
  return out;
}

/** Whether the element `pe` at the top of a path is a field whose (present) value `root` and `known` share. */
function sharesField(root: JsonMap, known: JsonMap, pe: string): boolean {
  if (!pe.startsWith('f:')) return false;
  const v = root[pe.slice(2)];
  return v !== null && v !== undefined && v === known[pe.slice(2)];
}

/** How the value at a path prefix is entered: as a whole object's root, its stripped metadata, or a field's value. */
interface StepMeta {
  readonly field?: FieldMeta;
  /** Fields of this map have this type (items of a map-list, the root, metadata). */
  readonly mapType?: string | undefined;
  readonly root?: boolean;
  readonly strippedMeta?: boolean;
  /** Nothing lies below (a set item). */
  readonly leaf?: boolean;
}

const ABSENT = Symbol('absent');
const AMBIGUOUS = Symbol('ambiguous');
const LEAF: StepMeta = Object.freeze({ leaf: true });
const ROOT_METAS = new Map<string | undefined, StepMeta>();

function rootMeta(typeName: string | undefined): StepMeta {
  let m = ROOT_METAS.get(typeName);
  if (!m) ROOT_METAS.set(typeName, (m = Object.freeze({ root: true, mapType: typeName })));
  return m;
}

const OBJECT_META_STEP: StepMeta = Object.freeze({ strippedMeta: true, mapType: 'ObjectMeta' });
const ITEM_STEPS = new Map<string | undefined, StepMeta>();

/** One element down from `v` (present, not null), entered as `meta` says; undefined when `pe` is not there. */
function stepInto(v: unknown, meta: StepMeta, pe: string): { value: unknown; meta: StepMeta } | undefined | typeof AMBIGUOUS {
  if (meta.leaf) return undefined;
  const field = meta.field;
  if (field !== undefined) {
    if (field.atomic) return undefined;
    if (!isMap(v)) return Array.isArray(v) ? listStep(v, field, pe) : undefined;
  } else if (!isMap(v)) return undefined;
  // A field of a map.
  if (!pe.startsWith('f:')) return undefined;
  const name = pe.slice(2);
  const m = v as JsonMap;
  if (meta.root) {
    if (name === 'apiVersion' || name === 'kind') return undefined;
    const c = m[name];
    if (c === null || c === undefined) return undefined;
    if (name === 'metadata' && isMap(c)) return { value: c, meta: OBJECT_META_STEP };
    return { value: c, meta: { field: fieldMeta(meta.mapType, name) } };
  }
  if (meta.strippedMeta && STRIPPED_META.has(name)) return undefined;
  const c = m[name];
  if (c === null || c === undefined) return undefined;
  const type = field !== undefined ? childType(field) : meta.mapType;
  return { value: c, meta: { field: fieldMeta(type, name) } };
}

/** An item of a map-list (by key) or set (by value) under a field described by `field`. */
function listStep(list: unknown[], field: FieldMeta, pe: string): { value: unknown; meta: StepMeta } | undefined | typeof AMBIGUOUS {
  if (field.listType === 'set') {
    if (!pe.startsWith('v:')) return undefined;
    for (const item of list) if (`v:${JSON.stringify(item)}` === pe) return { value: item, meta: LEAF };
    return undefined;
  }
  if (field.listType !== 'map' || !field.keys || !pe.startsWith('k:')) return undefined;
  const wanted = parsedKey(pe);
  let match: unknown;
  let matches = 0;
  for (const item of list) {
    if (!sameItemKey(item, field.keys, field.keyDefaults, wanted)) continue;
    if (matches++ === 0) match = item;
  }
  if (matches === 0) return undefined;
  if (matches > 1) return AMBIGUOUS;
  const type = childType(field);
  let step = ITEM_STEPS.get(type);
  if (!step) ITEM_STEPS.set(type, (step = Object.freeze({ mapType: type })));
  return { value: match, meta: step };
}

/** Whether `path[i..]` lies under the walked value `v` (not null) of a field described by `meta`. */
function valueHas(v: unknown, meta: FieldMeta, path: readonly string[], i: number): boolean {
  if (i === path.length) return true;
  if (meta.atomic) return false;
  if (isMap(v)) return fieldsHave(v, childType(meta), path, i);
  if (!Array.isArray(v)) return false;
  const pe = path[i]!;
  if (meta.listType === 'map' && meta.keys) {
    if (!pe.startsWith('k:')) return false;
    const wanted = parsedKey(pe);
    for (const item of v) {
      if (!sameItemKey(item, meta.keys, meta.keyDefaults, wanted)) continue;
      if (i + 1 === path.length) return true;
      if (isMap(item) && fieldsHave(item, childType(meta), path, i + 1)) return true;
    }
    return false;
  }
  if (meta.listType === 'set') {
    if (i + 1 !== path.length || !pe.startsWith('v:')) return false;
    for (const item of v) if (`v:${JSON.stringify(item)}` === pe) return true;
    return false;
  }
  return false;
}

/** Whether `path[i..]` (a field, then maybe more) lies under the map `m` of type `typeName`. */
function fieldsHave(m: JsonMap, typeName: string | undefined, path: readonly string[], i: number): boolean {
  const pe = path[i]!;
  if (!pe.startsWith('f:')) return false;
  const name = pe.slice(2);
  const c = m[name];
  if (c === null || c === undefined) return false;
  return valueHas(c, fieldMeta(typeName, name), path, i + 1);
}

/** Whether `keyElement` (path-keys.ts) of `item` is the element whose parsed fields are `wanted`. */
function sameItemKey(item: unknown, keys: readonly string[], defaults: Readonly<Record<string, unknown>> | undefined, wanted: JsonMap | undefined): boolean {
  if (wanted === undefined) return false;
  const m = isMap(item) ? item : {};
  let count = 0;
  for (const k of keys) {
    const v = m[k] !== undefined ? m[k] : defaults?.[k];
    if (v === undefined) continue;
    count++;
    if (!Object.prototype.hasOwnProperty.call(wanted, k)) return false;
    const w = wanted[k];
    if (v !== w && JSON.stringify(v) !== JSON.stringify(w)) return false;
  }
  return count === Object.keys(wanted).length;
}

/** The fields of a `k:{...}` element, memoized (read-only); undefined when it does not parse to an object. */
function parsedKey(pe: string): JsonMap | undefined {
  if (PARSED_KEYS.has(pe)) return PARSED_KEYS.get(pe);
  let out: JsonMap | undefined;
  try {
    const v: unknown = JSON.parse(pe.slice(2));
    out = isMap(v) ? v : undefined;
  } catch {
    out = undefined;
  }
  if (PARSED_KEYS.size >= QUOTED_CAPACITY) PARSED_KEYS.clear();
  PARSED_KEYS.set(pe, out);
  return out;
}

const PARSED_KEYS = new Map<string, JsonMap | undefined>();
