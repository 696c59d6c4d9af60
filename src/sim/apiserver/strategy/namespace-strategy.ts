/**
 * What the Namespace registry adds to the generic one: the `kubernetes` finalizer in `spec.finalizers` (put there
 * on create, only ever removed through `/finalize`), and when a namespace goes: the first DELETE only marks it
 * (deletionTimestamp, phase Terminating); it is removed once its spec finalizers and metadata finalizers are all gone
 * (the namespace controller's `/finalize`, or a later DELETE).
 *
 * Upstream: kubernetes `pkg/registry/core/namespace/strategy.go` (namespaceStrategy.PrepareForCreate: the
 * kubernetes finalizer is required; PrepareForUpdate: spec.finalizers and status kept; namespaceFinalizeStrategy:
 * only spec changes, status kept) and `pkg/registry/core/namespace/storage/storage.go` (REST.Delete: the first
 * request switches the phase, final deletion only with empty spec.finalizers; ShouldDeleteNamespaceDuringUpdate).
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';

/** `api.FinalizerKubernetes`: the namespace controller's token. */
export const FINALIZER_KUBERNETES = 'kubernetes';

export function isNamespace(info: Pick<ResourceInfo, 'group' | 'kind'>): boolean {
  return info.group === '' && info.kind === 'Namespace';
}

function specFinalizers(obj: KubeObject): string[] {
  const f = (obj.spec as { finalizers?: unknown } | undefined)?.finalizers;
  return Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : [];
}

/** `PrepareForCreate`: phase Active; the kubernetes finalizer appended when missing. */
export function prepareNamespaceForCreate(draft: KubeObject): void {
  draft.status = { phase: 'Active' };
  const finalizers = specFinalizers(draft);
  if (!finalizers.includes(FINALIZER_KUBERNETES)) draft.spec = { ...((draft.spec as object | undefined) ?? {}), finalizers: [...finalizers, FINALIZER_KUBERNETES] };
}

/** `PrepareForUpdate` (main resource): spec.finalizers are the old ones; only /finalize moves them. */
export function prepareNamespaceForUpdate(draft: KubeObject, old: KubeObject): void {
  const oldSpec = (old.spec ?? {}) as { finalizers?: string[] };
  const spec = { ...((draft.spec as object | undefined) ?? {}) } as { finalizers?: string[] };
  if (oldSpec.finalizers === undefined) delete spec.finalizers;
  else spec.finalizers = oldSpec.finalizers;
  draft.spec = spec;
}

/** `namespaceFinalizeStrategy.PrepareForUpdate` of `/finalize`: the request's spec and metadata, the old status. */
export function prepareNamespaceForFinalize(draft: KubeObject, old: KubeObject): KubeObject {
  const out = { ...draft } as KubeObject;
  if (old.status === undefined) delete out.status;
  else out.status = old.status;
  return out;
}

/**
 * `ShouldDeleteNamespaceDuringUpdate` on top of the generic rule: a write that leaves a deleted namespace without
 * metadata finalizers removes it only when its spec finalizers are gone too.
 */
export function namespaceMayGo(obj: KubeObject): boolean {
  return specFinalizers(obj).length === 0;
}
