/**
 * PUT: replace an object (main resource or /status), and the tail every patch shares.
 *
 * Upstream: k8s.io/apiserver/pkg/registry/generic/registry/store.go Update (optimistic concurrency: a stale
 * resourceVersion is a 409 Conflict; an empty one is an unconditional update for kinds with
 * AllowUnconditionalUpdate, "must be specified for an update" otherwise; a no-op write is not stored; removing the
 * last finalizer of a deleted object deletes it), pkg/registry/rest/update.go (BeforeUpdate).
 */
import { rfc3339 } from '../../engine/clock.ts';
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { badRequest, conflict, invalid, isStatus, notFound } from '../../api/status.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import { updateManagedFields } from '../fieldmanager/field-manager.ts';
import type { AdmissionAttributes, ServerCore } from '../server-core.ts';
import { validateUpdate } from '../admission/validation.ts';
import { libraries } from '../../libraries.ts';
import { changedPaths, deepEqual } from '../strategy/object-diff.ts';
import { prepareForStatusUpdate, prepareForUpdate } from '../strategy/update-strategy.ts';
import { decodeBody, fail, okObject, settleNamespace, withWarnings } from './decode.ts';
import { apiVersionOf } from '../../api/resources.ts';
import { validateBodyFields } from '../fieldvalidation/field-validation.ts';
import { knownRootType, pruneUnknownFields } from '../fieldvalidation/unknown-fields.ts';
import { metaOf } from '../mutable-meta.ts';
import { isNamespace, namespaceMayGo, prepareNamespaceForFinalize } from '../strategy/namespace-strategy.ts';

export interface UpdateOptions {
  /** Server-side apply already computed managedFields. */
  managedFieldsDone?: boolean;
  /** The object as stored under the request's namespace and name, when the caller has read it. */
  stored?: KubeObject;
}

export function handleUpdate(core: ServerCore, req: ApiRequest, info: ResourceInfo, body: unknown): ApiResponse {
  // A /status write keeps what it does not change of the stored object's status (decode shares it, frozen).
  const stored = req.subresource === 'status' && req.name ? core.get(info, req.namespace, req.name) : undefined;
  const decoded = decodeBody(req, info, body, stored);
  if (isStatus(decoded)) return fail(decoded);
  // update.go: a strict decoding error fails the request (Strict) or becomes warnings (Warn).
  const fields = validateBodyFields(req.fieldValidation, decoded, apiVersionOf(info), info.kind);
  if ('status' in fields) return fail(fields.status);
  return withWarnings(updateDecoded(core, req, info, decoded, stored ? { stored } : {}), fields.warnings);
}

/** The update steps after decoding: shared by PUT, every patch type and /scale writes. */
export function updateDecoded(core: ServerCore, req: ApiRequest, info: ResourceInfo, draft: KubeObject, opts: UpdateOptions): ApiResponse {
  const ns = settleNamespace(req, info, draft);
  if (typeof ns === 'object') return fail(ns);
  const name = req.name ?? '';
  if (draft.metadata.name !== undefined && draft.metadata.name !== name) {
    return fail(badRequest(`the name of the object (${String(draft.metadata.name)}) does not match the name on the URL (${name})`));
  }
  draft.metadata.name = name;
  // The typed decoder keeps only the fields the kind declares.
  const root = knownRootType(apiVersionOf(info), info.kind);
  if (root !== undefined) pruneUnknownFields(draft, root);
  // (The same lookup when the namespace and name are the request's: read once.)
  const old = opts.stored !== undefined && ns === req.namespace && name === req.name ? opts.stored : core.get(info, ns, name);
  if (!old) return fail(notFound(core.gr(info), name));

  // Optimistic concurrency.
  const rv = draft.metadata.resourceVersion;
  if (rv === undefined || rv === '') {
    if (core.isCustom(info)) {
      const e: FieldError = { type: 'FieldValueInvalid', field: 'metadata.resourceVersion', body: 'Invalid value: 0x0: must be specified for an update' };
      return fail(invalid({ group: info.group, kind: info.kind }, name, [e]));
    }
  } else if (rv !== old.metadata.resourceVersion) {
    return fail(conflict(core.gr(info), name));
  }
  metaOf(draft).resourceVersion = old.metadata.resourceVersion;

  const extra: FieldError[] = [];
  if (draft.metadata.uid && draft.metadata.uid !== old.metadata.uid) {
    extra.push(fieldError.invalid('metadata.uid', draft.metadata.uid, 'field is immutable'));
  }
  if (old.metadata.deletionTimestamp !== undefined) {
    // ValidateObjectMetaUpdate: a deleted object only loses finalizers.
    const before = new Set(old.metadata.finalizers ?? []);
    const added = (draft.metadata.finalizers ?? []).filter((f) => !before.has(f));
    if (added.length > 0) {
      extra.push(
        fieldError.forbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`),
      );
    }
  }
  let next: KubeObject;
  if (req.subresource === 'status') {
    next = prepareForStatusUpdate(draft, old, core.isCustom(info));
  } else if (req.subresource === 'finalize') {
    // The request's spec.finalizers are what /finalize writes (the main resource's update keeps the old ones).
    const spec = draft.spec;
    prepareForUpdate(draft, old, info);
    next = prepareNamespaceForFinalize({ ...draft, spec } as KubeObject, old);
  } else {
    prepareForUpdate(draft, old, info);
    next = draft;
  }

  const attrs: AdmissionAttributes = { operation: 'UPDATE', info, namespace: ns, name, subresource: req.subresource, object: next, oldObject: old, user: req.user, dryRun: req.dryRun === true };
  const statusLike = req.subresource === 'status' || req.subresource === 'finalize';
  const rejected = statusLike ? runStatusValidation(core, req, info, next, old, extra) : core.admit(attrs, extra);
  if (rejected) return fail(rejected);
  if (!statusLike) prepareForUpdate(next, old, info); // defaulting may not touch server fields

  if (!opts.managedFieldsDone) {
    // Upstream records the request's fields before mutating admission: a webhook's changes are not its manager's.
    const before = attrs.objectBeforeMutation;
    if (before) prepareForUpdate(before, old, info);
    next.metadata.managedFields = updateManagedFields(old, before ?? next, {
      manager: req.fieldManager ?? req.user,
      operation: 'Update',
      subresource: req.subresource,
      time: rfc3339(core.ctx.now),
    });
  }
  // A write that changes nothing is not stored (etcd3 GuaranteedUpdate compares the bytes). Any changed path (outside
  // resourceVersion and managedFields) means it changes something; only without one are managedFields compared.
  const changed = changedPaths(old, next);
  if (changed.length === 0 && sameExceptManagedFieldTimes(next, old)) return okObject(200, old, []);
  if (req.dryRun) return okObject(200, next, changed);
  const m = next.metadata;
  if (m.deletionTimestamp !== undefined && (m.finalizers ?? []).length === 0 && (m.deletionGracePeriodSeconds ?? 0) === 0 && (!isNamespace(info) || namespaceMayGo(next))) {
    // The last finalizer of a deleted object went: it is deleted, not written and then deleted (store.go Update:
    // ShouldDeleteDuringUpdate → errEmptiedFinalizers → deleteWithoutFinalizers). One revision, one DELETED event,
    // whose object is the stored one (etcd's previous value); the PUT still answers 200 with the request's object.
    core.remove(info, old);
    return okObject(200, next, changed);
  }
  const stored = core.commit(info, next);
  return okObject(200, stored, changed);
}

function runStatusValidation(core: ServerCore, req: ApiRequest, info: ResourceInfo, next: KubeObject, old: KubeObject, extra: FieldError[]) {
  // /status skips defaulting but keeps the kind's (status) validation and the admission plugins.
  const crd = core.isCustom(info) ? core.crdOf.get(`${info.group}/${info.kind}`) : undefined;
  const errs = [...extra, ...(crd ? libraries().admission.validateCustomResource(next, crd) : validateUpdate(next, old, info))];
  if (errs.length > 0) return invalid({ group: info.group, kind: info.kind }, next.metadata.name ?? '', errs);
  const attrs = {
    operation: 'UPDATE' as const,
    info,
    namespace: next.metadata.namespace,
    name: next.metadata.name ?? '',
    subresource: 'status',
    object: next,
    oldObject: old,
    user: req.user,
    dryRun: req.dryRun === true,
  };
  return core.runPlugins(attrs);
}

/** Equal apart from managedFields entries that differ only in their time. */
function sameExceptManagedFieldTimes(next: KubeObject, old: KubeObject): boolean {
  if (!sameValuesExcept(next, old, 'metadata')) return false;
  const a = next.metadata;
  const b = old.metadata;
  if (!sameValuesExcept(a, b, 'managedFields')) return false;
  const ma = a.managedFields ?? [];
  const mb = b.managedFields ?? [];
  if (ma.length !== mb.length) return false;
  for (let i = 0; i < ma.length; i++) if (!sameKeysAndValuesExcept(ma[i]!, mb[i]!, 'time')) return false;
  return true;
}

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** Every field but `skip` deep-equal, a missing field counting as undefined. */
function sameValuesExcept(a: object, b: object, skip: string): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of Object.keys(ra)) if (k !== skip && !deepEqual(ra[k], rb[k])) return false;
  for (const k of Object.keys(rb)) if (k !== skip && !hasOwn(ra, k) && rb[k] !== undefined) return false;
  return true;
}

/** `deepEqual` of the two objects with field `skip` set to the same value in both. */
function sameKeysAndValuesExcept(a: object, b: object, skip: string): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of Object.keys(ra)) if (k !== skip && (!hasOwn(rb, k) || !deepEqual(ra[k], rb[k]))) return false;
  for (const k of Object.keys(rb)) if (k !== skip && !hasOwn(ra, k)) return false;
  return true;
}
