/**
 * PersistentVolumeClaim validation, ported from kubernetes `pkg/apis/core/validation/validation.go`
 * (ValidatePersistentVolumeClaim, ValidatePersistentVolumeClaimSpec's access modes and storage request,
 * ValidatePersistentVolumeClaimUpdate's immutable spec).
 *
 * @remarks The subset a claim template needs: access modes (at least one, each supported), a storage request; the
 * data sources, selectors and volume attribute classes are not checked.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import type { KubeObject } from '../../../api/object.ts';
import { canonicalJson } from '../../../api/canonical-json.ts';
import { isObject } from '../json-shape.ts';
import { readArray, readObject } from './shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta.ts';
import { isDNS1123Subdomain } from './names.ts';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

/** `ValidatePersistentVolumeClaim` (create). */
export function validatePersistentVolumeClaim(obj: KubeObject): FieldError[] {
  const errs = validateObjectMeta(obj.metadata, true, isDNS1123Subdomain);
  const spec = isObject(obj.spec) ? obj.spec : {};
  const modes = readArray(errs, spec, 'accessModes', 'spec') ?? [];
  if (modes.length === 0) errs.push(fieldError.required('spec.accessModes', 'at least 1 access mode is required'));
  for (const m of modes) if (typeof m !== 'string' || !ACCESS_MODES.includes(m)) errs.push(fieldError.notSupported('spec.accessModes', m, ACCESS_MODES));
  const resources = readObject(errs, spec, 'resources', 'spec');
  const requests = resources ? readObject(errs, resources, 'requests', 'spec.resources') : undefined;
  if (requests?.['storage'] === undefined) errs.push(fieldError.required('spec.resources[storage]', ''));
  return errs;
}

/** `ValidatePersistentVolumeClaimUpdate`: the spec may not change but for its storage request. */
export function validatePersistentVolumeClaimUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validatePersistentVolumeClaim(obj)];
  const withoutRequests = (s: unknown): string => {
    const o = isObject(s) ? structuredClone(s) : {};
    if (isObject(o['resources'])) delete o['resources']['requests'];
    return canonicalJson(o);
  };
  if (withoutRequests(obj.spec) !== withoutRequests(old.spec)) {
    errs.push(fieldError.forbidden('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
  }
  return errs;
}
