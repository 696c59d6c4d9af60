/**
 * Structural comparison of API objects: the deep-equal the strategies use for generation bumps
 * (`apiequality.Semantic.DeepEqual`) and the short list of changed paths the trace shows for a write.
 */

/** Deep equality of JSON-like values (plain objects, arrays, primitives). Shared references short-circuit. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Paths never reported as changes: bookkeeping every write touches (metadata.resourceVersion, metadata.managedFields). */
const IGNORED_IN_METADATA = new Set(['resourceVersion', 'managedFields']);

/**
 * The dotted paths where `before` and `after` differ ("spec.replicas", "status.conditions"), depth-first in key
 * order, at most `limit` of them and at most `maxDepth` levels deep (a deeper change is reported at that level).
 * Arrays are reported whole. `before` undefined (a create) gives [].
 */
export function changedPaths(before: unknown, after: unknown, limit = 5, maxDepth = 4): string[] {
  const out: string[] = [];
  if (before === undefined) return out;
  walk(before, after, '', 0, out, limit, maxDepth);
  return out;
}

function isMap(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function walk(a: unknown, b: unknown, path: string, depth: number, out: string[], limit: number, maxDepth: number): void {
  if (out.length >= limit || a === b) return;
  if (isMap(a) && isMap(b) && depth < maxDepth) {
    for (const k of differingKeysSorted(a, b)) {
      if (path === 'metadata' && IGNORED_IN_METADATA.has(k)) continue;
      walk(a[k], b[k], path ? `${path}.${k}` : k, depth + 1, out, limit, maxDepth);
      if (out.length >= limit) return;
    }
    return;
  }
  if (!deepEqual(a, b)) out.push(path);
}

/**
 * The keys of `a` and `b` together whose values are not the same reference, sorted: nothing below a shared value
 * can differ, so only the few keys a write touched are sorted and walked.
 */
function differingKeysSorted(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const k in a) if (a[k] !== b[k] || !Object.prototype.hasOwnProperty.call(b, k)) keys.push(k);
  for (const k in b) if (!Object.prototype.hasOwnProperty.call(a, k)) keys.push(k);
  return keys.length > 1 ? keys.sort() : keys;
}
