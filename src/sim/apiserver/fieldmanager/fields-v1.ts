/**
 * FieldsV1, the wire form of a field set in `metadata.managedFields` (structured-merge-diff fieldpath/serialize.go:
 * `{"f:spec":{"f:replicas":{}}}`, with `"."` marking a path that is itself a member and also has children): a set
 * written as FieldsV1 (`Set.ToJSON`), patched from the FieldsV1 of the set it was decoded from, and read back
 * (`Set.FromJSON`). The sets themselves are field-set.ts's.
 */
import { hasAnyKey } from '../admission/json-shape.ts';
import { comparePaths, isMap, type FieldSet, type JsonMap } from './field-set.ts';
import { child, parsedPath } from './path-keys.ts';

/**
 * The FieldsV1 JSON of a set (fieldpath/serialize.go `Set.ToJSON`): members with children get `".": {}`. Keys are
 * sorted at every level, so the member order of `set` does not matter. Every leaf (`{}`) is the one frozen
 * {@link EMPTY_FIELDS} object: leaves were most of the objects a large cluster kept (one per owned field of every
 * object), and stored objects are frozen anyway.
 *
 * Built in one pass over the members sorted by path: each node's keys are then met in sorted order, a member before
 * its children, so `"."` (which sorts before every `f:`, `k:`, `v:`, `i:` element) goes first. Elements of another
 * form (possible in a FieldsV1 a client sent) take {@link toFieldsV1Sorting}, the build-then-sort definition.
 */
export function toFieldsV1(set: FieldSet): JsonMap {
  const paths: (readonly string[])[] = [];
  for (const key of set) {
    const path = parsedPath(key);
    for (const pe of path) if (!isTypedElement(pe)) return toFieldsV1Sorting(set);
    paths.push(path);
  }
  paths.sort(comparePaths);
  // The empty path (the root itself as a member): first when present.
  const rootMember = paths.length > 0 && paths[0]!.length === 0;
  const fields = buildSorted(paths, rootMember ? 1 : 0, paths.length, 0, rootMember);
  SORTED_BUILDS.add(fields);
  return fields;
}

/**
 * The FieldsV1 {@link toFieldsV1} built in one pass (every element typed) and those {@link patchedFieldsV1} built:
 * their keys are in code-unit order at every level, `"."` first, none of them integer-like, which patching relies on.
 */
const SORTED_BUILDS = new WeakSet<JsonMap>();

/** `f:…`, `k:…`, `v:…`, `i:…`: a type letter (above "." in code units) and a colon; never an integer-like key. */
function isTypedElement(pe: string): boolean {
  return pe.length >= 2 && pe.charCodeAt(1) === 58 && pe.charCodeAt(0) > 46;
}

/** The node of `paths[lo..hi)`, all sharing their first `depth` elements; `member`: that prefix is itself a member. */
function buildSorted(paths: readonly (readonly string[])[], lo: number, hi: number, depth: number, member: boolean): JsonMap {
  const out: JsonMap = {};
  if (member && lo < hi) out['.'] = EMPTY_FIELDS;
  let i = lo;
  while (i < hi) {
    const pe = paths[i]![depth]!;
    let j = i + 1;
    while (j < hi && paths[j]![depth] === pe) j++;
    // Sorted prefix first: the group's own member, if any, is its first path (and any copy of it, next).
    let from = i;
    while (from < j && paths[from]!.length === depth + 1) from++;
    out[pe] = from < j ? buildSorted(paths, from, j, depth + 1, from > i) : EMPTY_FIELDS;
    i = j;
  }
  return out;
}

/** {@link toFieldsV1} by its definition: build the tree, mark members with children, then copy it with sorted keys. */
export function toFieldsV1Sorting(set: FieldSet): JsonMap {
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

function hasChildren(node: JsonMap): boolean {
  for (const k in node) if (k !== '.') return true;
  return false;
}

/** The leaf of every FieldsV1 {@link toFieldsV1} writes: `{}`, frozen and shared. */
export const EMPTY_FIELDS: JsonMap = Object.freeze({});

/**
 * {@link toFieldsV1} of `set`, frozen, built from `base`, `toFieldsV1(baseSet)` since frozen: only the nodes above a
 * member one set has and the other lacks are new, every other subtree is `base`'s. A manager's set changes by a few
 * members from one write to the next (the kubelet's by a condition's fields), so this copies a few small nodes where
 * building anew sorts and nests every member. Undefined, with nothing built, when `base` is not one of
 * {@link SORTED_BUILDS} (or not frozen), the sets differ in more than `maxChanges` members, or a changed member has
 * an element toFieldsV1 orders apart (see {@link isTypedElement}) or is the root itself.
 */
export function patchedFieldsV1(base: JsonMap, baseSet: FieldSet, set: FieldSet, maxChanges = Infinity): JsonMap | undefined {
  if (!SORTED_BUILDS.has(base) || !Object.isFrozen(base)) return undefined;
  const keys: string[] = [];
  for (const key of set) {
    if (baseSet.has(key)) continue;
    if (keys.length >= maxChanges) return undefined;
    keys.push(key);
  }
  const added = keys.length;
  for (const key of baseSet) {
    if (set.has(key)) continue;
    if (keys.length >= maxChanges) return undefined;
    keys.push(key);
  }
  const changes: Change[] = [];
  for (let i = 0; i < keys.length; i++) {
    const path = parsedPath(keys[i]!);
    if (path.length === 0) return undefined;
    for (const pe of path) if (!isTypedElement(pe)) return undefined;
    changes.push({ path, member: i < added });
  }
  changes.sort((a, b) => comparePaths(a.path, b.path));
  const fields = patchNode(base, changes, 0, changes.length, 0, set.has('[]')) ?? EMPTY_FIELDS;
  SORTED_BUILDS.add(fields);
  return fields;
}

/** A member one set has (`member`) and the other lacks. */
interface Change {
  path: readonly string[];
  member: boolean;
}

/**
 * The FieldsV1 node at a prefix of `depth` elements: `old` (absent: undefined) with the changes `changes[lo..hi)`,
 * sorted, all below that prefix (longer than `depth`) and sharing it. `member`: the prefix is a member of the new set.
 * Undefined when the node has neither children nor membership.
 */
function patchNode(old: JsonMap | undefined, changes: readonly Change[], lo: number, hi: number, depth: number, member: boolean): JsonMap | undefined {
  const names = old === undefined ? NO_KEYS : Object.keys(old);
  const out: JsonMap = {};
  let children = false;
  if (member) out['.'] = EMPTY_FIELDS;
  let a = names[0] === '.' ? 1 : 0;
  let i = lo;
  while (a < names.length || i < hi) {
    const name = a < names.length ? names[a]! : undefined;
    const pe = i < hi ? changes[i]!.path[depth]! : undefined;
    if (pe === undefined || (name !== undefined && name < pe)) {
      out[name!] = old![name!];
      children = true;
      a++;
      continue;
    }
    let j = i + 1;
    while (j < hi && changes[j]!.path[depth] === pe) j++;
    const was = name === pe ? (old![name] as JsonMap) : undefined;
    if (name === pe) a++;
    // The child's own change, if any, sorts first among those under it.
    let from = i;
    let isMember: boolean;
    if (changes[i]!.path.length === depth + 1) {
      isMember = changes[i]!.member;
      from++;
    } else isMember = was !== undefined && isMemberNode(was);
    const node = patchNode(was, changes, from, j, depth + 1, isMember);
    if (node !== undefined) {
      out[pe] = node;
      children = true;
    }
    i = j;
  }
  if (!children) return member ? EMPTY_FIELDS : undefined;
  return Object.freeze(out);
}

const NO_KEYS: readonly string[] = [];

/** Whether a node of a FieldsV1 {@link toFieldsV1} wrote is a member: a leaf, or marked `"."`. */
function isMemberNode(node: JsonMap): boolean {
  for (const k in node) return k === '.';
  return true;
}

function sortKeysDeep(m: JsonMap): JsonMap {
  const out: JsonMap = {};
  for (const k of Object.keys(m).sort()) {
    const v = m[k];
    out[k] = isMap(v) ? (hasAnyKey(v) ? sortKeysDeep(v) : EMPTY_FIELDS) : v;
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
