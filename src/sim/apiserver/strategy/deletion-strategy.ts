/**
 * How a DELETE treats an object: which garbage-collection finalizers it gets, and the graceful-deletion period.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go (`deletionFinalizersForGarbageCollection`,
 * `shouldOrphanDependents`, `shouldDeleteDependents`), pkg/registry/rest/delete.go (BeforeDelete), kubernetes
 * pkg/registry/core/pod/strategy.go (`CheckGracefulDeleteStrategy`: unscheduled or finished pods go at once) and
 * pkg/registry/batch/job/strategy.go (`DefaultGarbageCollectionPolicy`: batch/v1 Jobs orphan by default).
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import type { DeletionPropagation } from '../api-request.ts';

export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_DELETE_DEPENDENTS = 'foregroundDeletion';

/** The policy a kind uses when the request names none (`DefaultGarbageCollectionPolicy`). */
export function defaultPropagation(info: ResourceInfo): DeletionPropagation {
  if (info.group === 'batch' && info.version === 'v1' && info.kind === 'Job') return 'Orphan';
  return 'Background';
}

/**
 * The object's finalizers after a DELETE with `policy`: Orphan adds `orphan`, Foreground adds
 * `foregroundDeletion`, Background removes both. Without a policy, a GC finalizer already present decides;
 * otherwise the kind's default applies. Returns undefined when nothing changes.
 */
export function finalizersForDeletion(obj: KubeObject, info: ResourceInfo, policy: DeletionPropagation | undefined): string[] | undefined {
  const current = obj.metadata.finalizers ?? [];
  let effective = policy;
  if (effective === undefined) {
    if (current.includes(FINALIZER_ORPHAN)) effective = 'Orphan';
    else if (current.includes(FINALIZER_DELETE_DEPENDENTS)) effective = 'Foreground';
    else effective = defaultPropagation(info);
  }
  let next = current.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_DELETE_DEPENDENTS);
  if (effective === 'Orphan') next = [...next, FINALIZER_ORPHAN];
  if (effective === 'Foreground') next = [...next, FINALIZER_DELETE_DEPENDENTS];
  // Keep the original order when the set is unchanged.
  if (next.length === current.length && next.every((f) => current.includes(f))) return undefined;
  return next;
}

/** Default grace for a pod: spec.terminationGracePeriodSeconds, else 30 (`DefaultTerminationGracePeriodSeconds`). */
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;

/**
 * The grace period (seconds) of a DELETE: only pods are deleted gracefully. A pod that is not bound to a node or
 * has finished (Succeeded/Failed) is deleted at once, whatever the request asked.
 */
export function gracePeriodFor(obj: KubeObject, info: ResourceInfo, requested: number | undefined): number {
  if (!(info.kind === 'Pod' && info.group === '')) return 0;
  const spec = (obj.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = (obj.status as { phase?: string } | undefined)?.phase;
  if (!spec.nodeName || phase === 'Succeeded' || phase === 'Failed') return 0;
  const grace = requested ?? spec.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  return Math.max(0, Math.floor(grace));
}
