/**
 * POST: create an object.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/create.go, pkg/registry/rest/create.go (BeforeCreate:
 * generateName, uid, creationTimestamp, "resourceVersion should not be set on objects to be created") and
 * generic/registry/store.go Create (AlreadyExists; generateName collisions retried, RetryGenerateName GA 1.32);
 * kubernetes plugin/pkg/admission/namespace/lifecycle (creates in a missing or terminating namespace).
 */
import { rfc3339 } from '../../engine/clock.ts';
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { alreadyExists, badRequest, forbidden, invalid, isStatus, notFound } from '../../api/status.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import { updateManagedFields } from '../fieldmanager/field-manager.ts';
import type { AdmissionAttributes, ServerCore } from '../server-core.ts';
import { MAX_GENERATED_NAME_PREFIX, validateName } from '../strategy/name-validation.ts';
import { prepareForCreate } from '../strategy/update-strategy.ts';
import { decodeBody, fail, okObject, settleNamespace, withWarnings } from './decode.ts';
import { apiVersionOf } from '../../api/resources.ts';
import { validateBodyFields } from '../fieldvalidation/field-validation.ts';
import { knownRootType, pruneUnknownFields } from '../fieldvalidation/unknown-fields.ts';
import { metaOf } from '../mutable-meta.ts';

/** How many names `generateName` tries before giving up with AlreadyExists. */
const GENERATE_NAME_ATTEMPTS = 8;

export interface CreateOptions {
  /** Server-side apply already computed managedFields: do not record an Update entry. */
  managedFieldsDone?: boolean;
}

export function handleCreate(core: ServerCore, req: ApiRequest, info: ResourceInfo, body: unknown, opts: CreateOptions = {}): ApiResponse {
  const decoded = decodeBody(req, info, body);
  if (isStatus(decoded)) return fail(decoded);
  // create.go: a strict decoding error fails the request (Strict) or becomes warnings (Warn).
  const fields = validateBodyFields(req.fieldValidation, decoded, apiVersionOf(info), info.kind);
  if ('status' in fields) return fail(fields.status);
  return withWarnings(createDecoded(core, req, info, decoded, opts), fields.warnings);
}

/** Create from an already decoded private draft (also the end of an apply to a missing object). */
export function createDecoded(core: ServerCore, req: ApiRequest, info: ResourceInfo, draft: KubeObject, opts: CreateOptions): ApiResponse {
  const meta = metaOf(draft);
  // The typed decoder keeps only the fields the kind declares.
  const root = knownRootType(apiVersionOf(info), info.kind);
  if (root !== undefined) pruneUnknownFields(draft, root);
  const ns = settleNamespace(req, info, draft);
  if (typeof ns === 'object') return fail(ns);
  const extra: FieldError[] = [];
  if (info.namespaced && !ns) extra.push(fieldError.required('metadata.namespace'));
  if (meta.resourceVersion) return fail(badRequest('resourceVersion should not be set on objects to be created'));

  // NamespaceLifecycle admission.
  if (info.namespaced && ns) {
    const state = core.namespaceState(ns);
    if (state === 'missing') return fail(notFound({ group: '', resource: 'namespaces' }, ns));
    if (state === 'terminating') {
      // lifecycle/admission.go: the NamespaceTerminating cause tells controllers to stop creating there.
      const refused = forbidden(core.gr(info), meta.name ?? '', `unable to create new content in namespace ${ns} because it is being terminated`);
      refused.details = { ...refused.details, causes: [{ reason: 'NamespaceTerminating', message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' }] };
      return fail(refused);
    }
  }

  const generated = !meta.name && typeof meta.generateName === 'string' && meta.generateName !== '';
  for (let attempt = 0; ; attempt++) {
    if (generated) meta.name = meta.generateName!.slice(0, MAX_GENERATED_NAME_PREFIX) + core.ctx.rng.string(5);
    if (!generated || attempt === 0) {
      const nameErrs = validateName(meta.name, info.kind);
      if (nameErrs.length > 0) {
        // ValidateObjectMeta's name errors are reported with every other cause of the kind's validation
        // (rest.BeforeCreate: one strategy.Validate, one Invalid listing all), not alone.
        if (typeof meta.name !== 'string') return fail(invalid({ group: info.group, kind: info.kind }, '', [...nameErrs, ...extra]));
        extra.unshift(...nameErrs);
        break;
      }
    }
    if (!core.get(info, ns, meta.name!)) break;
    if (!generated || attempt + 1 >= GENERATE_NAME_ATTEMPTS) return fail(alreadyExists(core.gr(info), meta.name!));
  }

  prepareForCreate(draft, info);
  meta.uid = core.ctx.rng.uuid();
  meta.creationTimestamp = rfc3339(core.ctx.now);
  delete meta.selfLink;

  const attrs: AdmissionAttributes = { operation: 'CREATE', info, namespace: ns, name: meta.name!, object: draft, user: req.user, dryRun: req.dryRun === true };
  const rejected = core.admit(attrs, extra);
  if (rejected) return fail(rejected);
  // Defaulting may not rename or move the object.
  meta.name = draft.metadata.name;

  if (!opts.managedFieldsDone) {
    // Upstream records the request's fields before mutating admission: a webhook's changes are not its manager's.
    draft.metadata.managedFields = updateManagedFields(undefined, attrs.objectBeforeMutation ?? draft, {
      manager: req.fieldManager ?? req.user,
      operation: 'Update',
      time: rfc3339(core.ctx.now),
    });
  }
  if (req.dryRun) return okObject(201, draft);
  return okObject(201, core.commit(info, draft));
}
