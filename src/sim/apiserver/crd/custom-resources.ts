/**
 * CustomResourceDefinitions: the REST mapping a CRD adds, CRD validation, and defaulting/pruning/validation of custom
 * resources against a version's openAPIV3Schema (apiextensions-apiserver).
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import type { FieldError } from '../../api/field-errors.ts';

/** One ResourceInfo per served version of `crd`. */
export function resourceInfosFromCRD(crd: KubeObject): ResourceInfo[] {
  void crd;
  return [];
}

/** Errors of a CRD create/update. */
export function validateCRD(crd: KubeObject): FieldError[] {
  void crd;
  return [];
}

/** Applies schema `default:`s and prunes unknown fields, in place. */
export function defaultCustomResource(obj: KubeObject, crd: KubeObject): void {
  void obj;
  void crd;
}

/** Errors of a custom resource against its version's schema. */
export function validateCustomResource(obj: KubeObject, crd: KubeObject): FieldError[] {
  void obj;
  void crd;
  return [];
}
