/**
 * What the registry strategies do to an object before it is stored: `PrepareForCreate`, `PrepareForUpdate` of the
 * main resource and of `/status`, and the generation rules.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/rest/{create,update}.go (BeforeCreate, BeforeUpdate: uid and
 * creationTimestamp kept, generation owned by the server), kubernetes pkg/registry/apps/deployment/strategy.go
 * (spec or annotations bump generation; /status resets spec and labels), pkg/registry/core/pod/strategy.go
 * (create sets phase Pending), pkg/registry/core/namespace/strategy.go (namespace-strategy.ts),
 * and apimachinery `metav1.ResetObjectMetaForStatus` (custom resources' /status).
 *
 * @remarks Per-kind create-time status defaults beyond the pod phase and namespace phase (QOS class...) are left
 * to admission defaulting.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { deepEqual } from './object-diff.ts';
import { metaOf } from '../mutable-meta.ts';
import { libraries } from '../../libraries.ts';
import { isNamespace, prepareNamespaceForCreate, prepareNamespaceForUpdate } from './namespace-strategy.ts';

/** `PrepareForCreate`: status cleared (kinds with a /status subresource), generation 1 where it is counted. */
export function prepareForCreate(draft: KubeObject, info: ResourceInfo): void {
  if (isNamespace(info)) prepareNamespaceForCreate(draft);
  else if (info.status && info.kind !== 'Node') {
    if (info.kind === 'Pod') draft.status = { phase: 'Pending' };
    else delete draft.status;
  }
  const m = metaOf(draft);
  if (info.generation !== 'none') m.generation = 1;
  else delete m.generation;
  delete m.deletionTimestamp;
  delete m.deletionGracePeriodSeconds;
  // DaemonSets come only with input that loads the libraries first: their strategy is on demand (daemonset-strategy.ts).
  if (info.kind === 'DaemonSet' && info.group === 'apps') libraries().apiserver.prepareDaemonSetForCreate(draft);
}

/** Whether an update from `old` to `draft` bumps metadata.generation under `info.generation`. */
export function generationChanged(draft: KubeObject, old: KubeObject, info: ResourceInfo): boolean {
  switch (info.generation) {
    case 'none':
      return false;
    case 'spec':
      return !deepEqual(draft.spec, old.spec);
    case 'spec+annotations':
      return !deepEqual(draft.spec, old.spec) || !deepEqual(draft.metadata.annotations ?? {}, old.metadata.annotations ?? {});
    case 'all-but-meta-status': {
      const keys = new Set([...Object.keys(draft), ...Object.keys(old)]);
      for (const k of keys) {
        if (k === 'metadata' || k === 'status' || k === 'apiVersion' || k === 'kind') continue;
        if (!deepEqual(draft[k], old[k])) return true;
      }
      return false;
    }
  }
}

/**
 * `BeforeUpdate` + `PrepareForUpdate` of the main resource: server-owned metadata kept from `old`, status kept from
 * `old` when the kind has a /status subresource, generation bumped per the kind's rule.
 */
export function prepareForUpdate(draft: KubeObject, old: KubeObject, info: ResourceInfo): void {
  if (info.status) {
    if (old.status === undefined) delete draft.status;
    else draft.status = old.status;
  }
  keepServerMeta(draft, old);
  if (info.generation === 'none') {
    if ('generation' in draft.metadata) delete metaOf(draft).generation;
  }
  else metaOf(draft).generation = (old.metadata.generation ?? 0) + (generationChanged(draft, old, info) ? 1 : 0);
  if (info.kind === 'DaemonSet' && info.group === 'apps') libraries().apiserver.prepareDaemonSetForUpdate(draft, old);
  else if (isNamespace(info)) prepareNamespaceForUpdate(draft, old);
}

/**
 * `PrepareForUpdate` of `/status`: only status and some metadata change. Everything outside status and metadata
 * comes from `old`; the server's metadata fields and generation too. Built-in kinds follow Deployment's status
 * strategy (spec and labels reset, the rest of metadata, annotations included, from the request); custom resources
 * follow `metav1.ResetObjectMetaForStatus` (labels, annotations, finalizers, ownerReferences reset too).
 */
export function prepareForStatusUpdate(draft: KubeObject, old: KubeObject, custom: boolean): KubeObject {
  const out: KubeObject = { ...old, metadata: { ...draft.metadata } } as KubeObject;
  if (draft.status === undefined) delete out.status;
  else out.status = draft.status;
  const m = metaOf(out);
  const reset: (keyof KubeObject['metadata'])[] = custom ? ['labels', 'annotations', 'finalizers', 'ownerReferences', 'generation'] : ['labels', 'generation'];
  for (const k of reset) {
    if (old.metadata[k] === undefined) delete m[k];
    else (m as Record<string, unknown>)[k] = old.metadata[k];
  }
  keepServerMeta(out, old);
  return out;
}

/** uid (when empty), creationTimestamp and the deletion fields are the server's: kept from `old`. */
function keepServerMeta(draft: KubeObject, old: KubeObject): void {
  const m = metaOf(draft);
  if (!m.uid) m.uid = old.metadata.uid;
  m.creationTimestamp = old.metadata.creationTimestamp;
  if (old.metadata.deletionTimestamp !== undefined) {
    m.deletionTimestamp = old.metadata.deletionTimestamp;
    m.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
  } else {
    // (`delete` only when present: deleting an absent property still costs a runtime call on every write.)
    if ('deletionTimestamp' in m) delete m.deletionTimestamp;
    if ('deletionGracePeriodSeconds' in m) delete m.deletionGracePeriodSeconds;
  }
}
