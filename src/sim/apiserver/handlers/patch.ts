/**
 * PATCH: compute the patched object from the live one, then process it exactly like an update (or, for an apply
 * to a missing object, a create).
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/patch.go (`jsonPatcher`, `smpPatcher`, `applyPatcher`;
 * "fieldManager is required for apply requests"; strategic merge patch refused for custom resources with 415).
 *
 * @remarks The 400 for a missing fieldManager is upstream's handler text; kubectl prefixes it with the request
 * line when it prints it. Injected conflicts apply to patches too (upstream retries real patch conflicts
 * internally, a fault input is not retried).
 */
import { rfc3339 } from '../../engine/clock.ts';
import type { KubeObject } from '../../api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import { badRequest, internalError, isStatus, notFound, unsupportedMediaType, type Status } from '../../api/status.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import { serverSideApply } from '../fieldmanager/field-manager.ts';
import { applyMergePatch } from '../patch/json-merge-patch.ts';
import { PatchError } from '../patch/patch-error.ts';
import { applyStrategicMergePatch } from '../patch/strategic-merge-patch.ts';
import type { ServerCore } from '../server-core.ts';
import { createDecoded } from './create.ts';
import { decodeBody, fail, withWarnings } from './decode.ts';
import { validateAppliedFields, validatePatchedFields } from '../fieldvalidation/field-validation.ts';
import { updateDecoded } from './update.ts';
import { metaOf } from '../mutable-meta.ts';
import { libraries } from '../../libraries.ts';

const UNKNOWN_PATCH_FORMAT =
  'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml';

export function handlePatch(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  const name = req.name ?? '';
  const type = req.patchType;
  if (type === 'application/apply-patch+yaml') return apply(core, req, info);
  if (req.force) return fail(badRequest('force flag is not allowed for non-apply patches'));
  const live = core.get(info, info.namespaced ? req.namespace : undefined, name);
  if (!live) return fail(notFound(core.gr(info), name));
  // A patch of /scale (kubectl scale) and a JSON patch are only a person's (or an on-demand part's): their code is on demand.
  const target: unknown = req.subresource === 'scale' ? libraries().apiserver.scaleOf(live, info, core.isCustom(info)) : live;
  let patched: unknown;
  try {
    switch (type) {
      case 'application/merge-patch+json':
        patched = applyMergePatch(target, req.body);
        break;
      case 'application/json-patch+json':
        patched = libraries().apiserver.applyJsonPatch(target, req.body);
        break;
      case 'application/strategic-merge-patch+json':
        if (core.isCustom(info)) return fail(unsupportedMediaType(UNKNOWN_PATCH_FORMAT));
        patched = applyStrategicMergePatch(target, req.body, req.subresource === 'scale' ? { group: 'autoscaling', version: 'v1', kind: 'Scale' } : info);
        break;
      default:
        return fail(unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json`));
    }
  } catch (e) {
    return fail(patchFailure(e));
  }
  if (req.subresource === 'scale') return libraries().apiserver.handleScaleUpdate(core, req, info, patched);
  const decoded = decodeBody(req, info, patched);
  if (isStatus(decoded)) return fail(decoded);
  // patch.go: the patched object's unknown fields, under fieldValidation Strict (422) or Warn (warnings).
  const strategic = type === 'application/strategic-merge-patch+json' ? req.body : undefined;
  const fields = validatePatchedFields(req.fieldValidation, decoded, apiVersionOf(info), info.kind, strategic);
  if ('status' in fields) return fail(fields.status);
  return withWarnings(updateDecoded(core, req, info, decoded, {}), fields.warnings);
}

function patchFailure(e: unknown): Status {
  if (e instanceof PatchError) return e.status;
  return internalError(e instanceof Error ? e.message : String(e));
}

/** Server-side apply: merge the applied configuration into the live object, tracking field ownership. */
function apply(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  if (!req.fieldManager) return fail(badRequest('fieldManager is required for apply requests'));
  if (req.subresource === 'scale') return fail(badRequest('apply is not supported on the scale subresource'));
  const decoded = decodeBody(req, info, req.body);
  if (isStatus(decoded)) return fail(decoded);
  // structured-merge-diff types the applied object against the schema whatever fieldValidation says.
  const undeclared = validateAppliedFields(decoded, apiVersionOf(info), info.kind, decoded.metadata.namespace ?? (info.namespaced ? req.namespace : undefined), req.name ?? decoded.metadata.name ?? '');
  if (undeclared) return fail(undeclared);
  const name = req.name ?? decoded.metadata.name ?? '';
  if (decoded.metadata.name !== undefined && decoded.metadata.name !== name) {
    return fail(badRequest(`the name of the object (${String(decoded.metadata.name)}) does not match the name on the URL (${name})`));
  }
  decoded.metadata.name = name;
  const ns = info.namespaced ? req.namespace || decoded.metadata.namespace : undefined;
  const live = core.get(info, ns, name);
  if (!live && req.subresource === 'status') return fail(notFound(core.gr(info), name));
  const result = serverSideApply(live, decoded, {
    manager: req.fieldManager,
    force: req.force === true,
    subresource: req.subresource,
    time: rfc3339(core.ctx.now),
    info,
  });
  if (!result.ok) return fail(result.status);
  const merged = structuredClone(result.object) as KubeObject;
  if (!live) {
    delete metaOf(merged).resourceVersion;
    return createDecoded(core, { ...req, name }, info, merged, { managedFieldsDone: true });
  }
  if (merged.metadata.resourceVersion === undefined) metaOf(merged).resourceVersion = live.metadata.resourceVersion;
  return updateDecoded(core, { ...req, name }, info, merged, { managedFieldsDone: true });
}
