/**
 * Validation: what the api-server checks after defaulting, with upstream's field paths and messages (the
 * `Validate<Kind>` / `Validate<Kind>Update` functions of kubernetes `pkg/apis/<group>/validation/validation.go`).
 * One file per kind or group under `validation/`; this file only dispatches by kind. Every kind's validator starts
 * with the object-meta checks all kinds share (validation/object-meta.ts).
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import { isObject } from './json-shape.ts';
import { typeError } from './validation/shape.ts';
import { validateDeployment, validateDeploymentUpdate, validateReplicaSet, validateReplicaSetUpdate } from './validation/apps.ts';
import { validatePod, validatePodUpdate } from './validation/pod.ts';
import { validateService, validateServiceUpdate } from './validation/service.ts';
import { validateNode, validateNodeUpdate, validateNamespace, validateNamespaceUpdate } from './validation/cluster.ts';
import { validateLease, validateConfigMap, validateEvent, validateEndpointSlice, validateMiscUpdate } from './validation/misc.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from './validation/object-meta.ts';
import { isDNS1123Subdomain } from './validation/names.ts';
import { libraries } from '../../libraries.ts';
import { ON_DEMAND_KINDS, type OnDemandKind } from './on-demand-kinds.ts';

interface KindValidator {
  create(obj: KubeObject): FieldError[];
  update(obj: KubeObject, old: KubeObject): FieldError[];
}

/** A kind whose validation is loaded on demand (on-demand.ts): only a person's input brings its objects. */
function onDemand(kind: OnDemandKind): KindValidator {
  return { create: (obj) => libraries().admission.validators[kind].create(obj), update: (obj, old) => libraries().admission.validators[kind].update(obj, old) };
}

function simpleUpdate(create: (obj: KubeObject) => FieldError[]): KindValidator {
  return { create, update: (obj, old) => validateMiscUpdate(obj, old, create) };
}

/** Keyed by "group/Kind" ("" group for core). */
const VALIDATORS: ReadonlyMap<string, KindValidator> = new Map<string, KindValidator>([
  ['apps/Deployment', { create: validateDeployment, update: validateDeploymentUpdate }],
  ['apps/ReplicaSet', { create: validateReplicaSet, update: validateReplicaSetUpdate }],
  ['/Pod', { create: validatePod, update: validatePodUpdate }],
  ['/Service', { create: validateService, update: validateServiceUpdate }],
  ['/Node', { create: validateNode, update: validateNodeUpdate }],
  ['/Namespace', { create: validateNamespace, update: validateNamespaceUpdate }],
  ['/ConfigMap', simpleUpdate(validateConfigMap)],
  ['/Event', simpleUpdate(validateEvent)],
  ['coordination.k8s.io/Lease', simpleUpdate(validateLease)],
  ['discovery.k8s.io/EndpointSlice', simpleUpdate(validateEndpointSlice)],
  ...ON_DEMAND_KINDS.map((kind) => [kind, onDemand(kind)] as const),
]);

/** Shape problems that stop validation before any kind-specific check. */
function shapeErrors(obj: unknown): FieldError[] | undefined {
  if (!isObject(obj)) return [typeError('', obj, 'object')];
  if (obj['metadata'] !== undefined && obj['metadata'] !== null && !isObject(obj['metadata'])) return [typeError('metadata', obj['metadata'], 'object')];
  return undefined;
}

/** Runs `f`, turning an unexpected exception into an InternalError FieldError: validation never throws. */
function guarded(f: () => FieldError[]): FieldError[] {
  try {
    return f();
  } catch (e) {
    return [{ type: 'InternalError', field: '', body: `Internal error: ${e instanceof Error ? e.message : String(e)}` }];
  }
}

/**
 * Errors of a create of `obj` (already defaulted), in upstream's order; empty means valid. Kinds without a validator
 * here (custom resources: see crd/custom-resources.ts `validateCustomResource`) get the object-meta checks only.
 * Never throws: values of the wrong JSON type come back as FieldErrors naming their path.
 */
export function validateCreate(obj: KubeObject, info: ResourceInfo): FieldError[] {
  const shape = shapeErrors(obj);
  if (shape) return shape;
  const v = VALIDATORS.get(`${info.group}/${info.kind}`);
  return guarded(() => (v ? v.create(obj) : validateObjectMeta(obj.metadata, info.namespaced, isDNS1123Subdomain)));
}

/**
 * Errors of an update from `old` (as stored) to `obj` (defaulted): the create checks plus immutability (metadata
 * name/namespace/uid; apps/v1 selectors; Job selector and template; the pod spec outside its updatable fields).
 */
export function validateUpdate(obj: KubeObject, old: KubeObject, info: ResourceInfo): FieldError[] {
  const shape = shapeErrors(obj);
  if (shape) return shape;
  if (!isObject(old)) return [fieldError.required('metadata', 'no stored object to update')];
  const v = VALIDATORS.get(`${info.group}/${info.kind}`);
  return guarded(() =>
    v
      ? v.update(obj, old)
      : [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateObjectMeta(obj.metadata, info.namespaced, isDNS1123Subdomain)],
  );
}
