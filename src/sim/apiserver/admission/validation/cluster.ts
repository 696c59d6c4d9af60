/**
 * Node and Namespace validation, ported from kubernetes `pkg/apis/core/validation/validation.go` (`ValidateNode`,
 * `validateNodeTaints`, `ValidateNamespace`, `validateFinalizerName`, `ValidateNamespaceUpdate`).
 *
 * @remarks Node status (addresses, capacity) is type-checked; podCIDRs and config sources are not validated.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isObject } from '../json-shape.ts';
import { child, readArray, readBool, readObject, readObjects, readString, index, typeError } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from './names.ts';
import { parseQuantity } from '../../../api/quantity.ts';

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** `ValidateNode`. */
export function validateNode(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, false, isDNS1123Subdomain);
  if (obj.spec !== undefined && obj.spec !== null && !isObject(obj.spec)) errs.push(typeError('spec', obj.spec, 'object'));
  const spec = isObject(obj.spec) ? obj.spec : {};
  readBool(errs, spec, 'unschedulable', 'spec');
  const seen = new Set<string>();
  for (const { item: taint, path: p } of readObjects(errs, spec, 'taints', 'spec')) {
    const k = readString(errs, taint, 'key', p) ?? '';
    if (k === '') errs.push(fieldError.required(child(p, 'key'), ''));
    else for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(child(p, 'key'), k, msg));
    const value = readString(errs, taint, 'value', p) ?? '';
    for (const msg of isValidLabelValue(value)) errs.push(fieldError.invalid(child(p, 'value'), value, msg));
    const effect = readString(errs, taint, 'effect', p) ?? '';
    if (effect === '') errs.push(fieldError.required(child(p, 'effect'), ''));
    else if (!TAINT_EFFECTS.includes(effect)) errs.push(fieldError.notSupported(child(p, 'effect'), effect, TAINT_EFFECTS));
    const id = `${k}:${effect}`;
    if (seen.has(id)) errs.push(fieldError.duplicate(p, taint));
    seen.add(id);
  }
  const status = readObject(errs, obj, 'status', '');
  for (const k of ['capacity', 'allocatable']) {
    const list = readObject(errs, status, k, 'status');
    if (!list) continue;
    for (const [name, q] of Object.entries(list)) {
      const v = parseQuantity(q);
      if (v === undefined || v < 0) errs.push(fieldError.invalid(`status.${k}[${name}]`, q, v === undefined ? 'must be a valid quantity' : 'must be greater than or equal to 0'));
    }
  }
  return errs;
}

/** `ValidateNodeUpdate`: immutable metadata plus the create checks. */
export function validateNodeUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateNode(obj)];
}

/** `validateFinalizerName` for namespace `spec.finalizers` (qualified names; unprefixed ones must be standard). */
const STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** `ValidateNamespace`. */
export function validateNamespace(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, false, isDNS1123Label);
  if (obj.spec !== undefined && obj.spec !== null && !isObject(obj.spec)) errs.push(typeError('spec', obj.spec, 'object'));
  const finalizers = readArray(errs, obj.spec, 'finalizers', 'spec') ?? [];
  finalizers.forEach((f, i) => {
    const p = index('spec.finalizers', i);
    if (typeof f !== 'string') {
      errs.push(typeError(p, f, 'string'));
      return;
    }
    const problems = isQualifiedName(f);
    for (const msg of problems) errs.push(fieldError.invalid(p, f, msg));
    if (problems.length === 0 && !f.includes('/') && !STANDARD_FINALIZERS.includes(f)) {
      errs.push(fieldError.invalid(p, f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  const phase = readString(errs, obj['status'], 'phase', 'status');
  if (phase !== undefined && phase !== 'Active' && phase !== 'Terminating') errs.push(fieldError.notSupported('status.phase', phase, ['Active', 'Terminating']));
  return errs;
}

/** `ValidateNamespaceUpdate`: immutable metadata plus the create checks. */
export function validateNamespaceUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateNamespace(obj)];
}
