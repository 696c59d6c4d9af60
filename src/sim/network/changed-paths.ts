/**
 * The fields a write changed, as dotted paths ("spec.replicas", "status.conditions"), for `api.response` trace
 * events. Arrays count as one leaf. Bookkeeping fields that change on every write (resourceVersion, managedFields)
 * are left out, so a learner sees what the writer meant to change.
 */
const IGNORED = new Set(['metadata.resourceVersion', 'metadata.managedFields']);

/** Paths that differ between `before` and `after`, in a stable order, at most `limit` of them. */
export function changedPaths(before: unknown, after: unknown, limit = 8): string[] {
  const out: string[] = [];
  walk(before, after, '', out, limit);
  return out;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function walk(a: unknown, b: unknown, path: string, out: string[], limit: number): void {
  if (out.length >= limit || a === b || IGNORED.has(path)) return;
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) walk(a[k], b[k], path ? `${path}.${k}` : k, out, limit);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(path || '.');
}
