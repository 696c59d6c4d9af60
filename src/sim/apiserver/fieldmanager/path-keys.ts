/**
 * A field path's key, `JSON.stringify` of its elements (`["f:spec","f:replicas"]`): built element by element,
 * extended, cut to a prefix and parsed back. The same few thousand paths make up nearly every object of a kind, so
 * each is made once and handed back flat, its hash known, from bounded pure memos (each starts over when full; a
 * value is always what the plain computation gives). field-set.ts builds its sets from these keys.
 */
import { flattenString } from '../../engine/clone-graph.ts';
import { isObject } from '../admission/json-shape.ts';

/**
 * `k:{...}` for a map-list item: its key fields, sorted by name, as compact JSON (fieldpath/serialize-pe.go); a key
 * field the item leaves out takes its default when it has one (typed/complete_keys.go).
 */
export function keyElement(item: unknown, keys: readonly string[], defaults: Readonly<Record<string, unknown>> = {}): string {
  const m = isObject(item) ? item : {};
  if (keys.length === 1) {
    // One key field with a string value (a condition's type, a container's name): memoized.
    const k = keys[0]!;
    const v = m[k] !== undefined ? m[k] : defaults[k];
    if (typeof v === 'string') {
      let byValue = KEY_ELEMENTS.get(k);
      if (byValue === undefined) KEY_ELEMENTS.set(k, (byValue = new Map()));
      let pe = byValue.get(v);
      if (pe === undefined) {
        if (keyElementCount >= QUOTED_CAPACITY) {
          KEY_ELEMENTS.clear();
          keyElementCount = 0;
        }
        pe = flattenString(`k:{${JSON.stringify(k)}:${JSON.stringify(v)}}`);
        byValue.set(v, pe);
        keyElementCount++;
      }
      return pe;
    }
  }
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

/** {@link keyElement}s of single-key items with a string value, by key field and value. A pure cache, cleared when large. */
const KEY_ELEMENTS = new Map<string, Map<string, string>>();
let keyElementCount = 0;

/**
 * The key of `parent` extended by `pe`, without re-encoding the parent: equals `JSON.stringify([...path, pe])`.
 * Memoized per parent key and element ({@link CHILD_KEYS}).
 */
export function child(parent: string, pe: string): string {
  if (childKeyCount >= CHILD_KEY_CAPACITY) forgetChildKeys();
  let kids = CHILD_KEYS.get(parent);
  if (kids === undefined) CHILD_KEYS.set(parent, (kids = new Map()));
  let key = kids.get(pe);
  if (key === undefined) {
    const q = quoted(pe);
    key = flattenString(parent === '[]' ? `[${q}]` : `${parent.slice(0, -1)},${q}]`);
    kids.set(pe, key);
    childKeyCount++;
  }
  return key;
}

/** {@link child} for the field `f:<name>`, without building the element string first. */
export function childField(parent: string, name: string): string {
  if (childKeyCount >= CHILD_KEY_CAPACITY) forgetChildKeys();
  let kids = FIELD_KEYS.get(parent);
  if (kids === undefined) FIELD_KEYS.set(parent, (kids = new Map()));
  let key = kids.get(name);
  if (key === undefined) {
    let q = QUOTED_FIELDS.get(name);
    if (q === undefined) {
      q = JSON.stringify(`f:${name}`);
      remember(QUOTED_FIELDS, name, q);
    }
    key = flattenString(parent === '[]' ? `[${q}]` : `${parent.slice(0, -1)},${q}]`);
    kids.set(name, key);
    childKeyCount++;
  }
  return key;
}

/**
 * The keys {@link child} and {@link childField} made, by parent key and element (field name): the same few thousand
 * paths make up nearly every object of a kind, and building each key anew on every write (a concatenation that
 * hashing a Set or Map member then flattens and hashes) was most of a comparison's walk. The same string comes back
 * each time, flat, its hash already known. A pure cache, emptied when it holds {@link CHILD_KEY_CAPACITY} keys.
 */
const CHILD_KEYS = new Map<string, Map<string, string>>();
const FIELD_KEYS = new Map<string, Map<string, string>>();
let childKeyCount = 0;
export const CHILD_KEY_CAPACITY = 20_000;

function forgetChildKeys(): void {
  CHILD_KEYS.clear();
  FIELD_KEYS.clear();
  childKeyCount = 0;
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
/** How many entries each memo of path strings keeps before it starts over. */
export const QUOTED_CAPACITY = 10_000;

function remember(cache: Map<string, string>, k: string, q: string): void {
  if (cache.size >= QUOTED_CAPACITY) cache.clear();
  cache.set(k, q);
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
    path = JSON.parse(key) as string[];
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
