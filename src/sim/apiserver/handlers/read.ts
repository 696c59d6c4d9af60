/**
 * GET and LIST.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go (Get, List: the list's resourceVersion is the
 * store's current revision; items in key order) and pkg/endpoints/handlers/get.go (selector parse errors are 400).
 *
 * @remarks A list is a consistent read at the current revision (`resourceVersion` "0" or a revision are accepted and
 * answered from the current state), except with `resourceVersionMatch=Exact`: then it is the state at exactly that
 * past revision, rebuilt from the watch history (410 Expired once compacted, as etcd answers; a revision not yet
 * reached is a 400 here, a 504 "Too large resource version" upstream). limit/continue (pagination) is not supported.
 */
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import { badRequest, notFound, resourceExpired } from '../../api/status.ts';
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
  const namespace = info.namespaced && req.namespace ? req.namespace : undefined;
  let revision = core.store.revision;
  let all: KubeObject[];
  if (req.resourceVersionMatch === 'Exact') {
    const rv = Number(req.resourceVersion);
    if (!Number.isInteger(rv) || rv < 0) return fail(badRequest(`resourceVersionMatch=Exact needs a resourceVersion, got ${JSON.stringify(req.resourceVersion ?? '')}`));
    if (rv > revision) return fail(badRequest(`Too large resource version: ${rv}, current: ${revision}`));
    const past = core.store.listAt(core.storageKey(info), rv, namespace);
    if (!past) return fail(resourceExpired(`too old resource version: ${rv} (${core.store.compactedRevision})`));
    all = past;
    revision = rv;
  } else all = core.store.list(core.storageKey(info), namespace);
  let items: KubeObject[] = all;
  if ((labels && labels.requirements.length > 0) || (fields && fields.requirements.length > 0)) {
    items = all.filter((o) => (!labels || matchesLabels(labels, o.metadata.labels)) && (!fields || matchesFields(fields, o)));
  }
  return {
    ok: true,
    code: 200,
    list: { apiVersion: apiVersionOf(info), kind: `${info.kind}List`, metadata: { resourceVersion: String(revision) }, items },
  };
}
