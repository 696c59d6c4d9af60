/**
 * Object-meta validation every kind shares, ported from k8s.io/apimachinery `pkg/api/validation/objectmeta.go`
 * (`ValidateObjectMeta`, `ValidateObjectMetaUpdate`, `ValidateOwnerReferences`) and `pkg/apis/meta/v1/validation`
 * (`ValidateLabels`).
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import { isObject, type JsonObject } from '../json-shape.ts';
import { child, readString, readStringMap, readArray, readInt, index, typeError } from './shape.ts';
import { isDNS1123Label, isQualifiedName, isValidLabelValue } from './names.ts';

/** Upstream's `TotalAnnotationSizeLimitB`. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * (1 << 10);

/** A kind's name rule (`ValidateNameFunc`): the problems with `name`, given `prefix` (generateName) semantics. */
export type NameValidator = (name: string) => string[];

/** `ValidateLabels` (keys: qualified names; values: label values), reported at `path` with the key or value. */
export function validateLabels(labels: Record<string, string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(labels)) {
    for (const msg of isQualifiedName(k)) errs.push(fieldError.invalid(path, k, msg));
    for (const msg of isValidLabelValue(labels[k]!)) errs.push(fieldError.invalid(path, labels[k], msg));
  }
  return errs;
}

/** `ValidateAnnotations`: keys are qualified names (lower-cased), total size at most 256 KiB. */
export function validateAnnotations(annotations: Record<string, string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(fieldError.invalid(path, k, msg));
    total += k.length + v.length;
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_B) errs.push(fieldError.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
  return errs;
}

/**
 * `ValidateObjectMeta`: name (or generateName) present and valid for the kind, namespace required exactly when the
 * kind is namespaced, labels, annotations, finalizers.
 */
export function validateObjectMeta(meta: unknown, namespaced: boolean, nameRule: NameValidator, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObject(meta)) {
    if (meta !== undefined && meta !== null) return [typeError(path, meta, 'object')];
    return [fieldError.required(child(path, 'name'), 'name or generateName is required')];
  }
  const name = readString(errs, meta, 'name', path);
  const generateName = readString(errs, meta, 'generateName', path);
  if (generateName) {
    for (const msg of nameRule(generateName.replace(/-$/, 'a'))) errs.push(fieldError.invalid(child(path, 'generateName'), generateName, msg));
  }
  if (!name) {
    if (!generateName) errs.push(fieldError.required(child(path, 'name'), 'name or generateName is required'));
  } else {
    for (const msg of nameRule(name)) errs.push(fieldError.invalid(child(path, 'name'), name, msg));
  }
  const namespace = readString(errs, meta, 'namespace', path);
  if (namespaced) {
    if (!namespace) errs.push(fieldError.required(child(path, 'namespace'), ''));
    else for (const msg of isDNS1123Label(namespace)) errs.push(fieldError.invalid(child(path, 'namespace'), namespace, msg));
  } else if (namespace) {
    errs.push(fieldError.forbidden(child(path, 'namespace'), 'not allowed on this type'));
  }
  const generation = readInt(errs, meta, 'generation', path);
  if (generation !== undefined && generation < 0) errs.push(fieldError.invalid(child(path, 'generation'), generation, 'must be greater than or equal to 0'));
  VALID_LABELS.validate(meta['labels'], path, errs, () => {
    const labels = readStringMap(errs, meta, 'labels', path);
    if (labels) errs.push(...validateLabels(labels, child(path, 'labels')));
  });
  VALID_ANNOTATIONS.validate(meta['annotations'], path, errs, () => {
    const annotations = readStringMap(errs, meta, 'annotations', path);
    if (annotations) errs.push(...validateAnnotations(annotations, child(path, 'annotations')));
  });
  VALID_OWNER_REFERENCES.validate(meta['ownerReferences'], path, errs, () => validateOwnerReferences(errs, meta, path));
  VALID_FINALIZERS.validate(meta['finalizers'], path, errs, () => {
    const finalizers = readArray(errs, meta, 'finalizers', path);
    finalizers?.forEach((f, i) => {
      const p = index(child(path, 'finalizers'), i);
      if (typeof f !== 'string') errs.push(typeError(p, f, 'string'));
      else for (const msg of isQualifiedName(f)) errs.push(fieldError.invalid(p, f, msg));
    });
  });
  return errs;
}

/**
 * Frozen values of one metadata field (a stored object's labels, its owner references...) found valid, with the
 * metadata path they were validated at: the checks read only the value and the path, so the same frozen value at the
 * same path is valid again. A /status write keeps them (decode shares what the body did not change), and was
 * validating them anew every time. A pure cache, weakly held; one per field, as each field has its own rules.
 */
class FrozenValid {
  private readonly paths = new WeakMap<object, string>();

  /**
   * Runs `check` (which appends to `errs` what it finds wrong with `value` at `path`) unless this frozen value was found
   * valid at this path before; remembers it when it is frozen and `check` found nothing.
   */
  validate(value: unknown, path: string, errs: FieldError[], check: () => void): void {
    const isObject = typeof value === 'object' && value !== null;
    if (isObject && this.paths.get(value) === path) return;
    const before = errs.length;
    check();
    if (isObject && errs.length === before && Object.isFrozen(value)) this.paths.set(value, path);
  }
}

const VALID_LABELS = new FrozenValid();
const VALID_ANNOTATIONS = new FrozenValid();
const VALID_OWNER_REFERENCES = new FrozenValid();
const VALID_FINALIZERS = new FrozenValid();

/** `ValidateOwnerReferences`: apiVersion, kind, name and uid set on each; at most one controller. */
export function validateOwnerReferences(errs: FieldError[], meta: JsonObject, path: string): void {
  const refs = readArray(errs, meta, 'ownerReferences', path);
  if (!refs) return;
  const p = child(path, 'ownerReferences');
  let firstController: string | undefined;
  for (const [i, ref] of refs.entries()) {
    if (!isObject(ref)) {
      errs.push(typeError(index(p, i), ref, 'object'));
      continue;
    }
    const apiVersion = typeof ref['apiVersion'] === 'string' ? ref['apiVersion'] : '';
    const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
    if (!version) errs.push(fieldError.invalid(child(p, 'apiVersion'), apiVersion, 'version must not be empty'));
    for (const [k, what] of [['kind', 'kind'], ['name', 'name'], ['uid', 'uid']] as const) {
      const v = typeof ref[k] === 'string' ? ref[k] : '';
      if (!v) errs.push(fieldError.invalid(child(p, k), v, `${what} must not be empty`));
    }
    if (ref['controller'] === true) {
      const name = `${String(ref['kind'] ?? '')}/${String(ref['name'] ?? '')}`;
      if (firstController === undefined) firstController = name;
      else errs.push(fieldError.invalid(p, refs, `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${name}`));
    }
  }
}

/** `ValidateImmutableField`. */
export function validateImmutable(next: unknown, old: unknown, path: string): FieldError[] {
  // Equal references (the usual case: the same strings) encode the same; two different strings never do.
  if (next === old) return [];
  if (typeof next === 'string' && typeof old === 'string') return [fieldError.invalid(path, next, 'field is immutable')];
  return JSON.stringify(next) === JSON.stringify(old) ? [] : [fieldError.invalid(path, next, 'field is immutable')];
}

/** Fields an update may leave out: the registry carries the stored values over before validating. */
const SYSTEM_FIELDS = ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds'];
const IMMUTABLE_META = ['name', 'namespace', ...SYSTEM_FIELDS];

/**
 * `ValidateObjectMetaUpdate`: name, namespace, uid, creationTimestamp and the deletion fields may not change, and an
 * object being deleted may not gain finalizers.
 */
export function validateObjectMetaUpdate(meta: unknown, oldMeta: unknown, path = 'metadata'): FieldError[] {
  const m = isObject(meta) ? meta : {};
  const o = isObject(oldMeta) ? oldMeta : {};
  const errs: FieldError[] = [];
  if (o['deletionTimestamp'] !== undefined && o['deletionTimestamp'] !== null) {
    const before = new Set(Array.isArray(o['finalizers']) ? o['finalizers'] : []);
    const added = (Array.isArray(m['finalizers']) ? m['finalizers'] : []).filter((f) => !before.has(f)).map(String).sort();
    if (added.length > 0) {
      errs.push(fieldError.forbidden(child(path, 'finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`));
    }
  }
  for (const f of IMMUTABLE_META) {
    const next = m[f];
    const prev = o[f];
    // Equal strings (the usual case) are equal: skip building the field's path.
    if (next === prev && next !== undefined && next !== null) continue;
    if (SYSTEM_FIELDS.includes(f) && (next === undefined || next === null || next === '')) continue;
    errs.push(...validateImmutable(next ?? '', prev ?? '', child(path, f)));
  }
  return errs;
}
