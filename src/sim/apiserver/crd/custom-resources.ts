/**
 * CustomResourceDefinitions as the api-server uses them: the REST mapping a CRD adds, CRD validation, and
 * defaulting, pruning and validation of custom resources against their version's openAPIV3Schema
 * (apiextensions-apiserver `pkg/apiserver/customresource_handler.go` wires the same steps: prune and default on
 * decode, then validate).
 */
import type { KubeObject } from '../../api/object.ts';
import { parseApiVersion } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import { isObject, type JsonObject } from '../admission/json-shape.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../admission/validation/object-meta.ts';
import { isDNS1123Subdomain } from '../admission/validation/names.ts';
import { resourceInfosFromCRD as infosFromCRD } from './resource-infos.ts';
import { validateCRD as validateCRDObject } from './crd-validation.ts';
import { applySchemaDefaults, pruneUnknownFields } from './structural-defaulting.ts';
import { runSchemaValidation, validatorFor } from './schema-validation.ts';

/**
 * One ResourceInfo per served version of `crd` (group, names.plural/singular/kind/shortNames, scope,
 * subresources.status and .scale). Empty for a CRD without usable names or versions.
 */
export function resourceInfosFromCRD(crd: KubeObject): ResourceInfo[] {
  return infosFromCRD(crd);
}

/** Errors of a CRD create: names, group, versions with exactly one storage version, structural schema basics. */
export function validateCRD(crd: KubeObject): FieldError[] {
  return validateCRDObject(crd);
}

/** The `openAPIV3Schema` of the CRD version named by `obj.apiVersion`, if the CRD has one. */
function schemaFor(obj: KubeObject, crd: KubeObject): { version: string; schema: JsonObject } | undefined {
  if (!isObject(obj) || typeof obj.apiVersion !== 'string' || !isObject(crd?.spec)) return undefined;
  const { version } = parseApiVersion(obj.apiVersion);
  const versions = crd.spec['versions'];
  if (!Array.isArray(versions)) return undefined;
  const v = versions.find((x): x is JsonObject => isObject(x) && x['name'] === version);
  const holder = v?.['schema'];
  const schema = isObject(holder) ? holder['openAPIV3Schema'] : undefined;
  return isObject(schema) ? { version, schema } : undefined;
}

/**
 * Prunes fields the schema does not specify (unless `x-kubernetes-preserve-unknown-fields`), then applies the
 * schema's `default:` values, in place. `obj` must be a fresh, unfrozen draft. Never throws.
 */
export function defaultCustomResource(obj: KubeObject, crd: KubeObject): void {
  const found = schemaFor(obj, crd);
  if (!found) return;
  pruneUnknownFields(obj, found.schema, true);
  applySchemaDefaults(obj, found.schema);
}

/**
 * Errors of `obj` against its version's schema (compiled once per CRD object and version), after the object-meta
 * checks every custom resource gets (DNS-subdomain name; namespace per the CRD's scope). Never throws.
 */
export function validateCustomResource(obj: KubeObject, crd: KubeObject): FieldError[] {
  if (!isObject(obj)) return [fieldError.invalid('', obj, 'must be an object')];
  const namespaced = !(isObject(crd?.spec) && crd.spec['scope'] === 'Cluster');
  const errs = validateObjectMeta(obj.metadata, namespaced, isDNS1123Subdomain);
  const found = schemaFor(obj, crd);
  if (!found) {
    errs.push(fieldError.notSupported('apiVersion', obj.apiVersion, []));
    return errs;
  }
  const validate = validatorFor(crd, found.version, found.schema);
  if (typeof validate === 'string') {
    errs.push({ type: 'InternalError', field: '', body: `Internal error: ${validate}` });
    return errs;
  }
  // metadata is validated above (upstream validates ObjectMeta separately and the schema may only restrict name).
  const { metadata: _metadata, ...rest } = obj;
  errs.push(...runSchemaValidation(validate, rest));
  return errs;
}

/**
 * Errors of an update of a custom resource: `validateCustomResource` plus the metadata immutability every kind has
 * (name, namespace, uid, creationTimestamp; no new finalizers while being deleted). Never throws.
 */
export function validateCustomResourceUpdate(obj: KubeObject, old: KubeObject, crd: KubeObject): FieldError[] {
  const metaErrs = isObject(obj) && isObject(old) ? validateObjectMetaUpdate(obj.metadata, old.metadata) : [];
  return [...metaErrs, ...validateCustomResource(obj, crd)];
}
