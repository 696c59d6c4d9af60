/**
 * SMD `typed.Compare` for the field manager: which fields a write added, changed and removed, and which paths the
 * new object has. A port of sigs.k8s.io/structured-merge-diff typed/compare.go (with `Comparison` `Added`,
 * `Modified`, `Removed`) as used by merge/update.go, over the field sets of field-set.ts; plus the field scoping of
 * the status subresource (each strategy's `GetResetFields`).
 */
import { absentMembers, hasFieldPath } from './field-presence.ts';
import { difference, indexFieldDifferences, isMap, type FieldIndex, type FieldSet } from './field-set.ts';
import { parsedPath, prefixKey, QUOTED_CAPACITY } from './path-keys.ts';
import { valuesEqual } from './object-paths.ts';

/**
 * Go struct fields that are not pointers: they are always present in the typed object, so adding content under
 * them never "adds" the field itself (no `"."` in FieldsV1). Other objects (pointer structs, maps) newly set by an
 * Update are owned whole, as SMD's compare reports them added; lists are never owned whole unless atomic.
 */
export const ALWAYS_PRESENT = new Set(['metadata', 'spec', 'status', 'template', 'jobTemplate', 'strategy', 'resources', 'loadBalancer', 'updateStrategy']);

/**
 * The fields a write through `subresource` may own: the status subresource owns only `status`; the main resource
 * everything but `status` (upstream's reset fields: each strategy's `GetResetFields`). `set` itself when it has
 * nothing to leave out (sets are never edited in place).
 */
export function scoped(set: FieldSet, subresource: string | undefined): FieldSet {
  const status = subresource === 'status';
  let keepsAll = true;
  for (const p of set) {
    if (p.startsWith('["f:status"') !== status) {
      keepsAll = false;
      break;
    }
  }
  if (keepsAll) return set;
  const out: FieldSet = new Set();
  for (const p of set) if (p.startsWith('["f:status"') === status) out.add(p);
  return out;
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
  /** Every path of `after`. */
  present: PresentPaths;
}

/**
 * The paths of `after` in a comparison (every key a full `indexFields` of it, field-set.ts, would hold as a value): those
 * the comparison walked are known; a path it did not walk lies where `before` and `after` are equal or absent, and
 * is looked up in `after`.
 */
export class PresentPaths {
  /** The paths the comparison walked in `before` and not in `after` (computed on first use). */
  private gone: Set<string> | undefined;

  constructor(
    private readonly before: unknown,
    private readonly after: unknown,
    private readonly typeName: string,
    private readonly afterIndex: FieldIndex,
    private readonly beforeIndex: FieldIndex,
  ) {}

  /**
   * The members of `set` that are not paths of `after`. `known`: an object of which every member of `set` is a path
   * (see {@link absentMembers}).
   *
   * When `known` is `before` itself, no path is followed: a path of `before` outside the parts the comparison walked
   * lies where `before` and `after` are equal, so it is a path of `after`; inside them, both sides were indexed. The
   * members absent from `after` are then those among the paths walked in `before` and not in `after`.
   */
  absentFrom(set: FieldSet, known?: unknown): Set<string> {
    if (known === undefined || known !== this.before) return absentMembers(this.after, this.typeName, set, known);
    const gone = this.walkedOnlyBefore();
    const out = new Set<string>();
    if (gone.size === 0 || set.size === 0) return out;
    if (gone.size < set.size) {
      for (const key of gone) if (set.has(key)) out.add(key);
    } else for (const key of set) if (gone.has(key)) out.add(key);
    return out;
  }

  private walkedOnlyBefore(): Set<string> {
    if (this.gone === undefined) {
      this.gone = new Set();
      const after = this.afterIndex.values;
      for (const key of this.beforeIndex.values.keys()) if (!after.has(key)) this.gone.add(key);
    }
    return this.gone;
  }

  has(key: string): boolean {
    if (this.afterIndex.values.has(key)) return true;
    // Walked on the before side only: where the comparison walked `before`, it walked `after` too.
    if (this.beforeIndex.values.has(key)) return false;
    return hasFieldPath(this.after, this.typeName, key);
  }
}

/** Leaf equality: primitives by value, anything else structurally. */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return valuesEqual(a, b);
}

/**
 * The keys of the proper prefixes of the path `key`, shortest first, that could be an object added as a whole: at
 * least two elements long and ending in a field that is not {@link ALWAYS_PRESENT}. Memoized per key (read-only
 * results): the same few hundred paths make up nearly every object of a kind. A pure cache, cleared when large.
 */
function wholeObjectPrefixes(key: string): readonly string[] {
  let out = WHOLE_OBJECT_PREFIXES.get(key);
  if (out === undefined) {
    const p = parsedPath(key);
    out = [];
    for (let n = 2; n < p.length; n++) {
      const last = p[n - 1]!;
      if (last.startsWith('f:') && !ALWAYS_PRESENT.has(last.slice(2))) out.push(prefixKey(key, n));
    }
    if (WHOLE_OBJECT_PREFIXES.size >= QUOTED_CAPACITY) WHOLE_OBJECT_PREFIXES.clear();
    WHOLE_OBJECT_PREFIXES.set(key, out);
  }
  return out;
}

const WHOLE_OBJECT_PREFIXES = new Map<string, string[]>();

/**
 * SMD `typed.Compare`: added, modified (leaf values that differ) and removed fields, from `before` to `after`.
 * Only where the two differ is walked ({@link indexFieldDifferences}): equal subtrees add, change and remove nothing.
 */
export function compare(before: unknown, after: unknown, typeName: string, subresource: string | undefined): Comparison {
  const { before: bi, after: ai } = indexFieldDifferences(before, after, typeName);
  const present = new PresentPaths(before, after, typeName, ai, bi);
  const b = scoped(bi.members, subresource);
  const a = scoped(ai.members, subresource);
  // Nothing before (a create): every member is added, none modified or removed. `a` is this comparison's own set
  // (the index's, or scoped's copy), so it becomes `added` itself rather than a copy.
  const fromNothing = b.size === 0;
  const added = fromNothing ? a : difference(a, b);
  // (In any order: what is added is a set.)
  for (const key of [...added]) {
    // Objects that did not exist before are added as a whole (FieldsV1 `"."`).
    for (const prefix of wholeObjectPrefixes(key)) {
      if (!bi.values.has(prefix) && isMap(ai.values.get(prefix))) added.add(prefix);
    }
  }
  const modified: FieldSet = new Set();
  if (!fromNothing) {
    for (const key of a) {
      if (!b.has(key) || ai.items.has(key)) continue;
      if (!sameLeaf(bi.values.get(key), ai.values.get(key))) modified.add(key);
    }
  }
  const removed = fromNothing ? new Set<string>() : difference(b, a);
  return { added, modified, removed, present };
}
