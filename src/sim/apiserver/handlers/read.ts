/**
 * GET and LIST.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go (Get, List: the list's resourceVersion is the
 * store's current revision; items in key order) and pkg/endpoints/handlers/get.go (selector parse errors are 400).
 *
 * @remarks Every list is a consistent read at the current revision: `resourceVersion` "0" or an exact revision are
 * accepted and answered from the current state; limit/continue (pagination) is not supported.
 */
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import { badRequest, notFound } from '../../api/status.ts';
import type { KubeObject } from '../../api/object.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import type { ServerCore } from '../server-core.ts';
import { matchesFields, parseFieldSelector, type ParsedFieldSelector } from '../selectors/field-selector.ts';
import { matchesLabels, parseLabelSelector, SelectorParseError, type ParsedLabelSelector } from '../selectors/label-selector.ts';
import { fail, okObject } from './decode.ts';

export function handleGet(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  const name = req.name ?? '';
  const obj = core.get(info, info.namespaced ? req.namespace : undefined, name);
  if (!obj) return fail(notFound(core.gr(info), name));
  return okObject(200, obj);
}

export function handleList(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  let labels: ParsedLabelSelector | undefined;
  let fields: ParsedFieldSelector | undefined;
  try {
    labels = req.labelSelector ? parseLabelSelector(req.labelSelector) : undefined;
    fields = req.fieldSelector ? parseFieldSelector(req.fieldSelector, info.kind) : undefined;
  } catch (e) {
    if (e instanceof SelectorParseError) return fail(badRequest(e.message));
    throw e;
  }
  const all = core.store.list(core.storageKey(info), info.namespaced && req.namespace ? req.namespace : undefined);
  let items: KubeObject[] = all;
  if ((labels && labels.requirements.length > 0) || (fields && fields.requirements.length > 0)) {
    items = all.filter((o) => (!labels || matchesLabels(labels, o.metadata.labels)) && (!fields || matchesFields(fields, o)));
  }
  return {
    ok: true,
    code: 200,
    list: { apiVersion: apiVersionOf(info), kind: `${info.kind}List`, metadata: { resourceVersion: String(core.store.revision) }, items },
  };
}
