/**
 * Decoding and encoding `metadata.managedFields`: a port of k8s.io/apimachinery/pkg/util/managedfields/internal
 * managedfields.go (`DecodeManagedFields`, `BuildManagerIdentifier`, `sortEncodedManagedFields`).
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/object.ts';
import type { ManagerIdentity } from './conflict.ts';
import { fromFieldsV1, toFieldsV1, type FieldSet } from './field-set.ts';

/** One manager's ownership: its identity (with apiVersion and time) and its field set. */
export interface OwnedFields {
  id: ManagerIdentity;
  set: FieldSet;
}

export function decodeManagedFields(obj: KubeObject | undefined): OwnedFields[] {
  const entries = obj?.metadata.managedFields ?? [];
  return entries.map((e) => {
    const id: ManagerIdentity = { manager: e.manager ?? '', operation: e.operation ?? 'Update' };
    if (e.subresource) id.subresource = e.subresource;
    if (e.apiVersion) id.apiVersion = e.apiVersion;
    if (e.time) id.time = e.time;
    return { id, set: fromFieldsV1(e.fieldsV1) };
  });
}

/**
 * upstream `BuildManagerIdentifier`: entries are the same manager when manager, operation and subresource match,
 * and, for Update, the apiVersion too (appliers keep one entry across versions). Time never counts.
 */
export function sameManager(a: ManagerIdentity, b: ManagerIdentity): boolean {
  return (
    a.manager === b.manager &&
    a.operation === b.operation &&
    (a.subresource ?? '') === (b.subresource ?? '') &&
    (a.operation === 'Apply' || (a.apiVersion ?? '') === (b.apiVersion ?? ''))
  );
}

/** Encodes to managedFields, dropping empty entries, in upstream's order (operation, time, manager, subresource). */
export function encodeManagedFields(owned: OwnedFields[]): ManagedFieldsEntry[] {
  const entries = owned
    .filter((o) => o.set.size > 0)
    .map((o) => {
      const e: ManagedFieldsEntry = { manager: o.id.manager, operation: o.id.operation };
      if (o.id.apiVersion) e.apiVersion = o.id.apiVersion;
      if (o.id.time) e.time = o.id.time;
      e.fieldsType = 'FieldsV1';
      e.fieldsV1 = toFieldsV1(o.set);
      if (o.id.subresource) e.subresource = o.id.subresource;
      return e;
    });
  const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return entries.sort(
    (p, q) =>
      cmp(p.operation ?? '', q.operation ?? '') ||
      cmp(p.time ?? '', q.time ?? '') ||
      cmp(p.manager ?? '', q.manager ?? '') ||
      cmp(p.subresource ?? '', q.subresource ?? ''),
  );
}
