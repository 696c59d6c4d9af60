/**
 * The garbage collector's API calls: get, delete with preconditions, owner-reference patches (strategic merge, with
 * the JSON merge fallback for kinds that do not accept it), finalizer removal, and orphaning dependents.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/operations.go` (`apiResource`, `deleteObject`, `getObject`,
 * `patchObject`, `removeFinalizer`), `patch.go` (`patch`, `deleteOwnerRefJSONMergePatch`,
 * `unblockOwnerReferencesStrategicMergePatch`, `unblockOwnerReferencesJSONMergePatch`), `garbagecollector.go`
 * (`orphanDependents`) and `pkg/controller/controller_utils.go` (`GenerateDeleteOwnerRefStrategicMergeBytes`).
 *
 * @remarks `removeFinalizer`'s `retry.RetryOnConflict(retry.DefaultBackoff)` retries at once (no 10 ms backoff
 * between its 4 steps). The REST mapping covers the built-in kinds; a kind the mapping does not know is assumed
 * namespaced when the object naming it is.
 */
import type { KubeObject, OwnerReference } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ApiResponse, DeletionPropagation } from '../../apiserver/api-request.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import { describeIdentity, type GraphNode, type ObjectReference } from './graph.ts';
import type { RestMapper } from './rest-mapper.ts';

/** `retry.DefaultBackoff.Steps`. */
export const UPDATE_MAX_RETRIES = 4;

/** What the garbage collector's API calls go through: its REST client and its REST mapping. */
export interface GcApi {
  client: Client;
  mapper: RestMapper;
}

/** `resourceDefaultNamespace` over `apiResource`: a kind no mapping knows is taken as namespaced when the item is. */
function namespaceFor(api: GcApi, item: ObjectReference): string | undefined {
  const namespaced = api.mapper.isNamespaced(item.apiVersion, item.kind) ?? item.namespace !== '';
  return namespaced ? item.namespace : undefined;
}

/** `errors.IsNotFound`, but not the 404 of a resource the server does not serve (a REST mapping error upstream). */
export function isNotFound(e: unknown): boolean {
  return e instanceof StatusError && e.reason === 'NotFound' && e.status.details?.name !== undefined;
}

/** `errors.IsConflict`. */
export function isConflict(e: unknown): boolean {
  return e instanceof StatusError && e.reason === 'Conflict';
}

/** `errors.IsUnsupportedMediaType`: the kind takes no strategic merge patch (custom resources). */
export function isUnsupportedMediaType(e: unknown): boolean {
  return e instanceof StatusError && e.code === 415;
}

/** `getObject`: the live object from the api-server (not the cache). */
export function* getObject(api: GcApi, item: ObjectReference): ClientOp<KubeObject> {
  return yield* api.client.get({ apiVersion: item.apiVersion, kind: item.kind }, namespaceFor(api, item), item.name);
}

/**
 * `deleteObject`: DELETE with the UID (and, when given, the resourceVersion) as preconditions. A conflict on the
 * resourceVersion is retried once without it when the object's ownerReferences did not change, so unrelated updates
 * do not starve the garbage collector.
 */
export function* deleteObject(
  api: GcApi,
  item: ObjectReference,
  resourceVersion: string | undefined,
  ownersAtResourceVersion: readonly OwnerReference[],
  policy: DeletionPropagation,
): ClientOp<void> {
  const type = { apiVersion: item.apiVersion, kind: item.kind };
  const ns = namespaceFor(api, item);
  const preconditions = { uid: item.uid, ...(resourceVersion ? { resourceVersion } : {}) };
  try {
    yield* api.client.delete(type, ns, item.name, { preconditions, propagationPolicy: policy });
  } catch (e) {
    if (!isConflict(e) || !resourceVersion) throw e;
    let live: KubeObject;
    try {
      live = yield* api.client.get(type, ns, item.name);
    } catch (liveErr) {
      if (isNotFound(liveErr)) return; // the object we wanted to delete is gone: success
      throw e;
    }
    const sameOwners = JSON.stringify(live.metadata.ownerReferences ?? []) === JSON.stringify(ownersAtResourceVersion);
    if (live.metadata.uid === item.uid && live.metadata.resourceVersion !== resourceVersion && sameOwners) {
      yield* api.client.delete(type, ns, item.name, { preconditions: { uid: item.uid }, propagationPolicy: policy });
      return;
    }
    throw e;
  }
}

/** `GenerateDeleteOwnerRefStrategicMergeBytes`: removes the owners' references; the dependent's UID guards the patch. */
export function deleteOwnerRefStrategicMergePatch(dependentUID: string, ownerUIDs: readonly string[]): object {
  return { metadata: { ownerReferences: ownerUIDs.map((uid) => ({ $patch: 'delete', uid })), uid: dependentUID } };
}

/** `unblockOwnerReferencesStrategicMergePatch`: every blocking reference of the node set to `blockOwnerDeletion: false`. */
export function unblockOwnerReferencesStrategicMergePatch(n: GraphNode): object {
  const refs = n.owners.filter((o) => o.blockOwnerDeletion === true).map((o) => ({ ...o, blockOwnerDeletion: false }));
  return { metadata: { ownerReferences: refs, uid: n.identity.uid } };
}

/** Which JSON merge patch to fall back to (`jsonMergePatchFunc`). */
export type JsonMergePatchKind = { type: 'deleteOwnerRefs'; ownerUIDs: readonly string[] } | { type: 'unblockOwnerRefs' };

/** `deleteOwnerRefJSONMergePatch` / `unblockOwnerReferencesJSONMergePatch`: computed from the live object. */
function* jsonMergePatchFor(api: GcApi, item: ObjectReference, kind: JsonMergePatchKind): ClientOp<object> {
  const live = yield* getObject(api, item);
  const refs = live.metadata.ownerReferences ?? [];
  const ownerReferences =
    kind.type === 'deleteOwnerRefs'
      ? refs.filter((r) => !kind.ownerUIDs.includes(r.uid))
      : refs.map((r) => (r.blockOwnerDeletion === true ? { ...r, blockOwnerDeletion: false } : r));
  return { metadata: { resourceVersion: live.metadata.resourceVersion, ownerReferences } };
}

/** `patch`: a strategic merge patch, or a JSON merge patch where the kind does not support strategic merge (415). */
export function* patchOwnerRefs(api: GcApi, item: ObjectReference, smp: object, fallback: JsonMergePatchKind): ClientOp<KubeObject> {
  const type = { apiVersion: item.apiVersion, kind: item.kind };
  try {
    return yield* api.client.patch(type, namespaceFor(api, item), item.name, 'application/strategic-merge-patch+json', smp);
  } catch (e) {
    if (!isUnsupportedMediaType(e)) throw e;
  }
  return yield* jsonMergePatchOwnerRefs(api, item, fallback);
}

/** The JSON merge patch half of {@link patchOwnerRefs}. */
function* jsonMergePatchOwnerRefs(api: GcApi, item: ObjectReference, fallback: JsonMergePatchKind): ClientOp<KubeObject> {
  const jmp = yield* jsonMergePatchFor(api, item, fallback);
  return yield* api.client.patch({ apiVersion: item.apiVersion, kind: item.kind }, namespaceFor(api, item), item.name, 'application/merge-patch+json', jmp);
}

/**
 * `removeFinalizer`: get the owner, drop `targetFinalizer`, patch the finalizers with the resourceVersion as a
 * precondition; retried on conflict. An owner already gone, or without the finalizer, is done.
 */
export function* removeFinalizer(api: GcApi, owner: ObjectReference, targetFinalizer: string): ClientOp<void> {
  for (let attempt = 1; ; attempt++) {
    let ownerObject: KubeObject;
    try {
      ownerObject = yield* getObject(api, owner);
    } catch (e) {
      if (isNotFound(e)) return;
      throw new Error(`cannot finalize owner ${describeIdentity(owner)}, because cannot get it: ${(e as Error).message}. The garbage collector will retry later`);
    }
    const finalizers = ownerObject.metadata.finalizers ?? [];
    if (!finalizers.includes(targetFinalizer)) return;
    const newFinalizers = finalizers.filter((f) => f !== targetFinalizer);
    const patch = { metadata: { resourceVersion: ownerObject.metadata.resourceVersion, finalizers: newFinalizers.length ? newFinalizers : null } };
    try {
      yield* api.client.patch({ apiVersion: owner.apiVersion, kind: owner.kind }, namespaceFor(api, owner), owner.name, 'application/merge-patch+json', patch);
      return;
    } catch (e) {
      if (!isConflict(e)) throw e;
      if (attempt >= UPDATE_MAX_RETRIES) {
        throw new Error(`updateMaxRetries(${UPDATE_MAX_RETRIES}) has reached. The garbage collector will retry later for owner ${describeIdentity(owner)}`);
      }
    }
  }
}

/**
 * `orphanDependents`: removes the owner's reference from every dependent, all in parallel. A dependent already gone
 * is fine; any other failure fails the whole step (it is retried).
 */
export function* orphanDependents(api: GcApi, owner: ObjectReference, dependents: readonly GraphNode[]): ClientOp<void> {
  if (dependents.length === 0) return;
  const requests = dependents.map((dep) =>
    api.client.request({
      verb: 'patch',
      apiVersion: dep.identity.apiVersion,
      kind: dep.identity.kind,
      namespace: namespaceFor(api, dep.identity),
      name: dep.identity.name,
      patchType: 'application/strategic-merge-patch+json',
      body: deleteOwnerRefStrategicMergePatch(dep.identity.uid, [owner.uid]),
    }),
  );
  const responses = (yield { type: 'batch', requests }) as ApiResponse[];
  const errors: string[] = [];
  for (let i = 0; i < dependents.length; i++) {
    const res = responses[i]!;
    if (res.ok) continue;
    const dep = dependents[i]!;
    let err: unknown = new StatusError(res.status);
    if (isUnsupportedMediaType(err)) {
      try {
        yield* jsonMergePatchOwnerRefs(api, dep.identity, { type: 'deleteOwnerRefs', ownerUIDs: [owner.uid] });
        continue;
      } catch (e) {
        err = e;
      }
    }
    if (isNotFound(err)) continue;
    errors.push(`orphaning ${describeIdentity(dep.identity)} failed, ${(err as Error).message}`);
  }
  if (errors.length) {
    const agg = errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
    throw new Error(`failed to orphan dependents of owner ${describeIdentity(owner)}, got errors: ${agg}`);
  }
}
