/**
 * The conditions a terminating namespace carries while its content goes: what `kubectl describe namespace` shows
 * for a namespace stuck in Terminating ("Some content in the namespace has finalizers remaining: example.com/hold in
 * 1 resource instances"). Pure: from what remains in the namespace to the status.conditions list.
 *
 * Ported from kubernetes `pkg/controller/namespace/deletion/namespaced_resources_deleter.go` (deleteAllContent:
 * the SomeResourcesRemain and SomeFinalizersRemain texts, sorted) and `status_condition_utils.go`
 * (namespaceConditionUpdater: the five condition types in their order, each False with its "ok" reason and message
 * unless a problem sets it True).
 *
 * @remarks Discovery and group-version parsing never fail in the simulation, so those two conditions stay False.
 */
import type { KubeObject } from '../../api/object.ts';
import { rfc3339 } from '../../engine/clock.ts';

export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** `conditionTypes`, in upstream's order, with the reason and message of each when all is well. */
const OK: ReadonlyArray<readonly [type: string, reason: string, message: string]> = [
  ['NamespaceDeletionDiscoveryFailure', 'ResourcesDiscovered', 'All resources successfully discovered'],
  ['NamespaceDeletionGroupVersionParsingFailure', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
  ['NamespaceDeletionContentFailure', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
  ['NamespaceContentRemaining', 'ContentRemoved', 'All content successfully removed'],
  ['NamespaceFinalizersRemaining', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
];

/** One object still in the namespace: its resource and group, and its finalizers. */
export interface RemainingObject {
  resource: string;
  group: string;
  obj: KubeObject;
}

/**
 * The namespace's conditions given what remains in it. A condition whose status, reason and message are unchanged
 * keeps its lastTransitionTime (`previous`).
 */
export function namespaceDeletionConditions(
  remaining: readonly RemainingObject[],
  previous: readonly NamespaceCondition[] | undefined,
  now: number,
  deleteContentErrors: readonly string[] = [],
): NamespaceCondition[] {
  const byResource = new Map<string, number>();
  const byFinalizer = new Map<string, number>();
  for (const r of remaining) {
    const gr = `${r.resource}.${r.group}`;
    byResource.set(gr, (byResource.get(gr) ?? 0) + 1);
    for (const f of r.obj.metadata.finalizers ?? []) byFinalizer.set(f, (byFinalizer.get(f) ?? 0) + 1);
  }
  const problems = new Map<string, { reason: string; message: string }>();
  if (deleteContentErrors.length > 0) {
    // ProcessDeleteContentErr; the errors joined as utilerrors.NewAggregate prints them.
    const aggregate = deleteContentErrors.length === 1 ? deleteContentErrors[0]! : `[${deleteContentErrors.join(', ')}]`;
    problems.set('NamespaceDeletionContentFailure', { reason: 'ContentDeletionFailed', message: `Failed to delete all resource types, ${deleteContentErrors.length} remaining: ${aggregate}` });
  }
  if (byResource.size > 0) {
    const parts = [...byResource].map(([gr, n]) => `${gr} has ${n} resource instances`).sort();
    problems.set('NamespaceContentRemaining', { reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${parts.join(', ')}` });
  }
  if (byFinalizer.size > 0) {
    const parts = [...byFinalizer].map(([f, n]) => `${f} in ${n} resource instances`).sort();
    problems.set('NamespaceFinalizersRemaining', { reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${parts.join(', ')}` });
  }
  const t = rfc3339(now);
  return OK.map(([type, okReason, okMessage]) => {
    const p = problems.get(type);
    const next: NamespaceCondition = p ? { type, status: 'True', lastTransitionTime: t, reason: p.reason, message: p.message } : { type, status: 'False', lastTransitionTime: t, reason: okReason, message: okMessage };
    const old = previous?.find((c) => c.type === type);
    if (old && old.status === next.status && old.reason === next.reason && old.message === next.message) next.lastTransitionTime = old.lastTransitionTime;
    return next;
  });
}
