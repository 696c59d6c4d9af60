/**
 * Field sets: which fields of an object a manager owns. A port of the parts of sigs.k8s.io/structured-merge-diff
 * we need: `fieldpath.PathElement` (`f:name`, `k:{"name":"web"}`, `v:"x"`, `i:0`), `fieldpath.Set`,
 * `typed.ToFieldSet`, the FieldsV1 wire format (fieldpath/serialize.go: `{"f:spec":{"f:replicas":{}}}`, with `"."`
 * marking a path that is itself a member and also has children) and `Path.String()` for messages.
 *
 * A set is a `Set<string>` of paths, each path a JSON array of path-element strings; it contains every member
 * path. Schema facts (map-list keys, atomic lists) come from patch/patch-meta.ts.
 */
import { fieldMeta, type FieldMeta } from '../patch/patch-meta.ts';

/** A field set: each member is `JSON.stringify(pathElements)`. */
export type FieldSet = Set<string>;
export type Path = string[];

type JsonMap = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isMap(x: unknown): x is JsonMap {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Fields no manager owns (managedfields/internal/stripmeta.go): identity and server-maintained metadata. */
const STRIPPED_META = new Set(['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'generation', 'managedFields', 'resourceVersion', 'deletionTimestamp', 'deletionGracePeriodSeconds']);

/**
 * `k:{...}` for a map-list item: its key fields, sorted by name, as compact JSON (fieldpath/serialize-pe.go); a key
 * field the item leaves out takes its default when it has one (typed/complete_keys.go).
 */
export function keyElement(item: unknown, keys: readonly string[], defaults: Readonly<Record<string, unknown>> = {}): string {
  const m = isMap(item) ? item : {};
  const sorted = keys.length === 1 ? keys : [...keys].sort();
  let out = 'k:{';
  let first = true;
  for (const k of sorted) {
    const v = m[k] !== undefined ? m[k] : defaults[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${JSON.stringify(v)}`;
    first = false;
  }
  return `${out}}`;
}

/** The element type name of `meta` for descending into a value (list items or a field). */
function childType(meta: FieldMeta): string | undefined {
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

/** The key of `parent` extended by `pe`, without re-encoding the parent: equals `JSON.stringify([...path, pe])`. */
function child(parent: string, pe: string): string {
  const q = quoted(pe);
  return parent === '[]' ? `[${q}]` : `${parent.slice(0, -1)},${q}]`;
}

/** {@link child} for the field `f:<name>`, without building the element string first. */
function childField(parent: string, name: string): string {
  let q = QUOTED_FIELDS.get(name);
  if (q === undefined) {
    q = JSON.stringify(`f:${name}`);
    remember(QUOTED_FIELDS, name, q);
  }
  return parent === '[]' ? `[${q}]` : `${parent.slice(0, -1)},${q}]`;
}

/**
 * `JSON.stringify(pe)`, memoized: the same few hundred element strings ("f:spec", `k:{"name":"web"}`) make up
 * nearly every path, and encoding each anew dominated field-set building. A pure cache, cleared when it grows large.
 */
function quoted(pe: string): string {
  let q = QUOTED.get(pe);
  if (q === undefined) {
    q = JSON.stringify(pe);
    remember(QUOTED, pe, q);
  }
  return q;
}

const QUOTED = new Map<string, string>();
const QUOTED_FIELDS = new Map<string, string>();
const QUOTED_CAPACITY = 10_000;

function remember(cache: Map<string, string>, k: string, q: string): void {
  if (cache.size >= QUOTED_CAPACITY) cache.clear();
  cache.set(k, q);
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
 * {@link hasFieldPath}.) Both are whole objects (`{ object: true }`).
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

function hasAnyKey(m: JsonMap): boolean {
  for (const _ in m) return true;
  return false;
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
    if (typeof vb === 'object' && typeof va === 'object' && jsonDeepEqual(vb, va)) return;
    if (!meta.atomic && isMap(vb) && isMap(va)) {
      bi.values.set(fieldKey, vb);
      ai.values.set(fieldKey, va);
      walkPair(vb, va, childType(meta), fieldKey, bi, ai, PLAIN);
      return;
    }
  }
  if (!noB) walkField(vb, meta, fieldKey, bi);
  if (!noA) walkField(va, meta, fieldKey, ai);
}

/** One root field as {@link walk} indexes it (metadata stripped). */
function walkRootField(k: string, v: unknown, typeName: string | undefined, index: FieldIndex): void {
  const one: JsonMap = { [k]: v };
  walk(one, typeName, '[]', index, true);
}

/** Deep equality of JSON values (objects by own keys, arrays by items). */
function jsonDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonDeepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!jsonDeepEqual((a as JsonMap)[k], (b as JsonMap)[k])) return false;
  }
  return true;
}

/**
 * Whether the path `key` (a member key) is one {@link indexFields} would walk in the whole object `root`: its
 * values' keys, found by following the path instead of indexing everything. Map-list items are matched by their
 * key fields as {@link keyElement} renders them; set items by their JSON.
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

/** Whether {@link keyElement} of `item` is the element whose parsed fields are `wanted`. */
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

/** A total order on paths: element-wise by string, a prefix before its extensions. */
export function comparePaths(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * The FieldsV1 JSON of a set (fieldpath/serialize.go `Set.ToJSON`): members with children get `".": {}`. Keys are
 * sorted at every level, so the member order of `set` does not matter.
 */
export function toFieldsV1(set: FieldSet): JsonMap {
  const root: JsonMap = {};
  const memberNodes: JsonMap[] = [];
  for (const key of set) {
    let node = root;
    for (const pe of parsedPath(key)) {
      const next = node[pe];
      if (isMap(next)) node = next;
      else node = node[pe] = {};
    }
    memberNodes.push(node);
  }
  for (const node of memberNodes) if (hasChildren(node)) node['.'] = {};
  return sortKeysDeep(root);
}

/**
 * `JSON.parse(key)`, memoized (read-only results): objects of one kind share nearly all their paths, so encoding
 * FieldsV1 would otherwise parse the same keys again on every write. A pure cache, cleared when it grows large.
 * The arrays are not frozen (V8 slices, iterates and stringifies frozen arrays several times slower): callers only
 * read them (the `readonly` type says so).
 */
export function parsedPath(key: string): readonly string[] {
  let path = PARSED.get(key);
  if (path === undefined) {
    path = JSON.parse(key) as Path;
    if (PARSED.size >= QUOTED_CAPACITY) PARSED.clear();
    PARSED.set(key, path);
  }
  return path;
}

const PARSED = new Map<string, readonly string[]>();

/**
 * `JSON.stringify(parsedPath(key).slice(0, n))`, the key of the path's first `n` elements, memoized per key (read-only
 * results; the same few hundred paths make up nearly every object of a kind). A pure cache, cleared when it grows large.
 */
export function prefixKey(key: string, n: number): string {
  let prefixes = PREFIXES.get(key);
  if (prefixes === undefined) {
    const path = parsedPath(key);
    prefixes = ['[]'];
    for (let i = 0; i < path.length; i++) prefixes.push(child(prefixes[i]!, path[i]!));
    if (PREFIXES.size >= QUOTED_CAPACITY) PREFIXES.clear();
    PREFIXES.set(key, prefixes);
  }
  return prefixes[n]!;
}

const PREFIXES = new Map<string, string[]>();

function hasChildren(node: JsonMap): boolean {
  for (const k in node) if (k !== '.') return true;
  return false;
}

function sortKeysDeep(m: JsonMap): JsonMap {
  const out: JsonMap = {};
  for (const k of Object.keys(m).sort()) {
    const v = m[k];
    out[k] = isMap(v) ? sortKeysDeep(v) : v;
  }
  return out;
}

/** Parses FieldsV1 JSON back into a set (`Set.FromJSON`), members in depth-first order. */
export function fromFieldsV1(fields: unknown): FieldSet {
  const set: FieldSet = new Set();
  if (isMap(fields)) for (const k of Object.keys(fields)) if (k !== '.') visitFieldsV1(fields[k], child('[]', k), set);
  return set;
}

function visitFieldsV1(node: unknown, key: string, set: FieldSet): void {
  if (!isMap(node)) return;
  const keys = Object.keys(node);
  if (keys.length === 0 || Object.prototype.hasOwnProperty.call(node, '.')) set.add(key);
  for (const k of keys) if (k !== '.') visitFieldsV1(node[k], child(key, k), set);
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
