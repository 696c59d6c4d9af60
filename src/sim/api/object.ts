/**
 * The shape every API object shares. Kind-specific types come from the `kubernetes-types` package (generated from
 * upstream's OpenAPI), so field names are upstream's own; the api-server itself handles objects generically.
 *
 * Objects in the api-server's store and in informer caches are deep-frozen: like client-go's cache, they must never
 * be mutated. Copy (`structuredClone`, spread) before changing one.
 */
import type { ObjectMeta, OwnerReference, ManagedFieldsEntry, LabelSelector } from 'kubernetes-types/meta/v1';

export type { ObjectMeta, OwnerReference, ManagedFieldsEntry, LabelSelector };

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

/** A typed view: `KubeObjectOf<Deployment>` is a Deployment whose metadata is guaranteed. */
export type KubeObjectOf<T extends { metadata?: ObjectMeta }> = T & { apiVersion: string; kind: string; metadata: ObjectMeta };

export interface ObjectKey {
  namespace?: string;
  name: string;
}

/** client-go's `MetaNamespaceKeyFunc`: "namespace/name", or "name" for cluster-scoped objects. */
export function keyOf(obj: { metadata?: { namespace?: string; name?: string } }): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata?.name ?? ''}` : (obj.metadata?.name ?? '');
}

/** client-go's `SplitMetaNamespaceKey`. */
export function splitKey(key: string): ObjectKey {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** Splits "apps/v1" into group "apps" and version "v1"; "v1" is the core group "". */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** The owner reference with `controller: true`, if any (`metav1.GetControllerOf`). */
export function controllerOf(obj: { metadata?: ObjectMeta }): OwnerReference | undefined {
  // A plain loop: every controller calls this for every pod of every sync.
  const refs = obj.metadata?.ownerReferences;
  if (!refs) return undefined;
  for (let i = 0; i < refs.length; i++) if (refs[i]!.controller === true) return refs[i];
  return undefined;
}
