/**
 * The 409 Conflict a server-side apply returns when it would change fields another manager owns: a port of
 * k8s.io/apimachinery/pkg/util/managedfields/internal/conflict.go (`NewConflictError`, `getConflictMessage`,
 * `printManager`) and apimachinery errors.go `NewApplyConflict`. Messages are verbatim.
 */
import type { Status, StatusCause } from '../../api/status.ts';
import { pathString, type Path } from './field-set.ts';

/** The identity of a managedFields entry, as upstream encodes it for a conflict. */
export interface ManagerIdentity {
  manager: string;
  operation: string;
  subresource?: string;
  apiVersion?: string;
  time?: string;
}

/** One field another manager owns that an apply would change. */
export interface FieldConflict {
  manager: ManagerIdentity;
  path: Path;
}

/** upstream `printManager`: `"kubectl"`, `"x" with subresource "status"`, `"kubectl-edit" using apps/v1 at <time>`. */
export function printManager(m: ManagerIdentity): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s = `${s} with subresource ${JSON.stringify(m.subresource)}`;
  if (m.operation === 'Update') {
    return m.time === undefined ? `${s} using ${m.apiVersion ?? ''}` : `${s} using ${m.apiVersion ?? ''} at ${rfc3339Seconds(m.time)}`;
  }
  return s;
}

/** Go's `time.RFC3339` layout has no fractional seconds. */
function rfc3339Seconds(t: string): string {
  return t.replace(/\.\d+Z$/, 'Z');
}

/** The order Go sees the encoded managers in: sort by their identity. */
function managerKey(m: ManagerIdentity): string {
  return JSON.stringify([m.manager, m.operation, m.apiVersion ?? '', m.time ?? '', m.subresource ?? '']);
}

/**
 * Conflicts grouped by manager, managers sorted by their identity, each manager's paths in the order found: the
 * order of the message only (conflict.go getConflictMessage, as merge.Conflicts.Error: `sort.Strings` on the
 * managers, then `m[manager]` as appended).
 */
export function sortConflicts(conflicts: FieldConflict[]): FieldConflict[] {
  const byManager = new Map<string, FieldConflict[]>();
  for (const c of conflicts) {
    const key = managerKey(c.manager);
    const group = byManager.get(key);
    if (group) group.push(c);
    else byManager.set(key, [c]);
  }
  return [...byManager.keys()].sort().flatMap((k) => byManager.get(k)!);
}

/** upstream `getConflictMessage`. */
export function conflictMessage(conflicts: FieldConflict[]): string {
  const sorted = sortConflicts(conflicts);
  if (sorted.length === 1) {
    const c = sorted[0]!;
    return `Apply failed with 1 conflict: conflict with ${printManager(c.manager)}: ${pathString(c.path)}`;
  }
  const lines: string[] = [];
  let last = '';
  for (const c of sorted) {
    const key = managerKey(c.manager);
    if (key !== last) lines.push(`conflicts with ${printManager(c.manager)}:`);
    last = key;
    lines.push(`- ${pathString(c.path)}`);
  }
  return `Apply failed with ${sorted.length} conflicts: ${lines.join('\n')}`;
}

/** upstream `NewConflictError` → `NewApplyConflict`: 409 Conflict with one FieldManagerConflict cause per field. */
export function applyConflict(conflicts: FieldConflict[]): Status {
  // The causes keep the order the conflicts were found in (NewConflictError ranges over them unsorted); only the
  // message groups them by sorted manager.
  const causes: StatusCause[] = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.manager)}`,
    field: pathString(c.path),
  }));
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: conflictMessage(conflicts),
    reason: 'Conflict',
    details: { causes },
    code: 409,
  };
}
