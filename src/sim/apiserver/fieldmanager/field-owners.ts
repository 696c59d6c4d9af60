/**
 * Who owns which field of an object, flattened for display (the UI's managedFields view, like
 * `kubectl get -o yaml --show-managed-fields` read by a person).
 */
import type { KubeObject } from '../../api/object.ts';
import { dottedPath, sortedPaths } from './field-set.ts';
import { decodeManagedFields } from './managed-fields.ts';

/**
 * One row per (field, manager): `spec.replicas`, `spec.template.spec.containers[name=web].image`,
 * `metadata.labels.app`. Only leaves and whole owned items are listed (not the `"."` of an object whose fields are
 * listed too). Sorted by path, then manager.
 */
export function fieldOwners(obj: KubeObject): Array<{ path: string; manager: string; operation: string; time?: string }> {
  const rows: Array<{ path: string; manager: string; operation: string; time?: string; key: string[] }> = [];
  for (const o of decodeManagedFields(obj)) {
    const keys = [...o.set];
    for (const p of sortedPaths(o.set)) {
      const prefix = JSON.stringify(p).slice(0, -1) + ',';
      if (keys.some((k) => k.startsWith(prefix))) continue;
      const row: { path: string; manager: string; operation: string; time?: string; key: string[] } = {
        path: dottedPath(p),
        manager: o.id.manager,
        operation: o.id.operation,
        key: p,
      };
      if (o.id.time) row.time = o.id.time;
      rows.push(row);
    }
  }
  rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0));
  return rows.map(({ key: _key, ...rest }) => rest);
}
