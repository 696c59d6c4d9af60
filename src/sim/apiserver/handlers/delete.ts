/**
 * DELETE: remove an object now, or mark it (deletionTimestamp) and let finalizers or the kubelet finish.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go Delete (preconditions, `updateForGracefulDeletionAndFinalizers`,
 * `markAsDeleting`: the first mark bumps a non-zero generation), pkg/registry/rest/delete.go (BeforeDelete: a
 * terminating pod's grace can only shorten; grace 0 on a terminating pod without finalizers removes it), kubernetes
 * pkg/registry/core/namespace/storage (a namespace goes Terminating first, and goes only once its spec finalizers have
 * been removed through /finalize: namespace-strategy.ts) and plugin/pkg/admission/namespace/lifecycle
 * (default, kube-system and kube-public may not be deleted).
 *
 * @remarks Responses are 200 with the object (its last state when removed at once), never a Success Status.
 */
import { rfc3339 } from '../../engine/clock.ts';
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { conflict, forbidden, notFound, type Status } from '../../api/status.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import type { ServerCore } from '../server-core.ts';
import { finalizersForDeletion, gracePeriodFor } from '../strategy/deletion-strategy.ts';
import { isNamespace as isNamespaceInfo, namespaceMayGo } from '../strategy/namespace-strategy.ts';
import { fail, okObject } from './decode.ts';
import { fitsInt64 } from './typed-decode.ts';

/** NamespaceLifecycle's `immortalNamespaces`. */
const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

export function handleDelete(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  // DeleteOptions is decoded first: gracePeriodSeconds is an int64. Upstream's handlers/delete.go passes the decoder's
  // error on unwrapped, so responsewriters.ErrorToAPIStatus answers it as a 500 without a reason (StatusReasonUnknown)
  // whose message is encoding/json's text (typed-decode.ts words it).
  const grace = req.gracePeriodSeconds;
  if (grace !== undefined && grace !== null && !(typeof grace === 'number' && fitsInt64(grace))) {
    const value = typeof grace === 'number' ? `number ${String(grace)}` : typeof grace;
    const message = `json: cannot unmarshal ${value} into Go struct field DeleteOptions.gracePeriodSeconds of type int64`;
    return fail({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 } as Status);
  }
  const name = req.name ?? '';
  const live = core.get(info, info.namespaced ? req.namespace : undefined, name);
  if (!live) return fail(notFound(core.gr(info), name));
  const pre = req.preconditions;
  if (pre?.uid !== undefined && pre.uid !== live.metadata.uid) {
    return fail(conflict(core.gr(info), name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${live.metadata.uid ?? ''}`));
  }
  if (pre?.resourceVersion !== undefined && pre.resourceVersion !== live.metadata.resourceVersion) {
    return fail(
      conflict(core.gr(info), name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${live.metadata.resourceVersion ?? ''}`),
    );
  }
  if (isNamespaceInfo(info) && IMMORTAL_NAMESPACES.includes(name)) {
    return fail(forbidden(core.gr(info), name, 'this namespace may not be deleted'));
  }
  const rejected = core.runPlugins({ operation: 'DELETE', info, namespace: live.metadata.namespace, name, object: live, user: req.user, dryRun: req.dryRun === true });
  if (rejected) return fail(rejected);
  return deleteObject(core, info, live, req);
}

/** The deletion itself. */
export function deleteObject(core: ServerCore, info: ResourceInfo, live: KubeObject, req: Pick<ApiRequest, 'propagationPolicy' | 'gracePeriodSeconds' | 'dryRun'>): ApiResponse {
  const isNamespace = isNamespaceInfo(info);
  const finalizers = finalizersForDeletion(live, info, req.propagationPolicy);
  const nextFinalizers = finalizers ?? live.metadata.finalizers ?? [];
  const grace = gracePeriodFor(live, info, req.gracePeriodSeconds);
  const terminating = live.metadata.deletionTimestamp !== undefined;

  if (!terminating && !isNamespace && nextFinalizers.length === 0 && grace === 0) {
    return okObject(200, req.dryRun ? live : core.remove(info, live));
  }

  const meta = { ...live.metadata };
  if (finalizers) meta.finalizers = finalizers;
  if (meta.finalizers && meta.finalizers.length === 0) delete meta.finalizers;
  if (!terminating) {
    meta.deletionTimestamp = rfc3339(core.ctx.now + grace * 1000);
    meta.deletionGracePeriodSeconds = grace;
    if ((meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
  } else if (grace < (meta.deletionGracePeriodSeconds ?? 0)) {
    // A terminating pod's grace can only be shortened.
    meta.deletionTimestamp = rfc3339(core.ctx.now + grace * 1000);
    meta.deletionGracePeriodSeconds = grace;
  }
  const draft = { ...live, metadata: meta } as KubeObject;
  if (isNamespace && !terminating) draft.status = { ...((live.status as object | undefined) ?? {}), phase: 'Terminating' };

  const graceDone = (meta.deletionGracePeriodSeconds ?? 0) === 0;
  // A namespace's first DELETE only marks it; a later one removes it once its spec finalizers are gone too.
  const mayGo = !isNamespace || (terminating && namespaceMayGo(live));
  if (mayGo && graceDone && (meta.finalizers ?? []).length === 0) {
    return okObject(200, req.dryRun ? live : core.remove(info, live));
  }
  if (req.dryRun) return okObject(200, draft);
  const unchanged = finalizers === undefined && meta.deletionTimestamp === live.metadata.deletionTimestamp && meta.deletionGracePeriodSeconds === live.metadata.deletionGracePeriodSeconds;
  return okObject(200, unchanged ? live : core.commit(info, draft));
}
