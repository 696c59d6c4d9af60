/**
 * What the garbage collector reads off an object: its identity, whether it is being deleted and with which
 * finalizer, and how its owner references changed.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/graph_builder.go` (identityFromEvent, beingDeleted,
 * hasFinalizer, deletionStartsWithFinalizer, referencesDiffs).
 */
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import type { ObjectReference } from './graph.ts';

/** `identityFromEvent`. */
export function identityOf(obj: KubeObject): ObjectReference {
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    name: obj.metadata.name ?? '',
    uid: obj.metadata.uid ?? '',
    namespace: obj.metadata.namespace ?? '',
  };
}

/** `beingDeleted`: the object has a deletionTimestamp. */
export function beingDeleted(obj: KubeObject): boolean {
  return obj.metadata.deletionTimestamp !== undefined && obj.metadata.deletionTimestamp !== null;
}

/** `hasFinalizer`. */
export function hasFinalizer(obj: KubeObject, finalizer: string): boolean {
  return (obj.metadata.finalizers ?? []).includes(finalizer);
}

/** `deletionStartsWithFinalizer`: the object just started being deleted with `finalizer` (or is seen so first). */
export function deletionStartsWithFinalizer(oldObj: KubeObject | undefined, newObj: KubeObject, finalizer: string): boolean {
  if (!beingDeleted(newObj) || !hasFinalizer(newObj, finalizer)) return false;
  if (!oldObj) return true;
  return !beingDeleted(oldObj) || !hasFinalizer(oldObj, finalizer);
}

/** `referencesDiffs`: owner references added, removed and changed (same UID, different content), by UID. */
export function referencesDiffs(
  old: readonly OwnerReference[],
  cur: readonly OwnerReference[],
): { added: OwnerReference[]; removed: OwnerReference[]; changed: Array<{ oldRef: OwnerReference; newRef: OwnerReference }> } {
  const oldByUID = new Map(old.map((r) => [r.uid, r]));
  const added: OwnerReference[] = [];
  const changed: Array<{ oldRef: OwnerReference; newRef: OwnerReference }> = [];
  for (const r of cur) {
    const o = oldByUID.get(r.uid);
    if (!o) added.push(r);
    else {
      if (JSON.stringify(o) !== JSON.stringify(r)) changed.push({ oldRef: o, newRef: r });
      oldByUID.delete(r.uid);
    }
  }
  return { added, removed: [...oldByUID.values()], changed };
}
