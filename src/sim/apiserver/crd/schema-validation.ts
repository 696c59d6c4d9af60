/**
 * Validation of a custom resource against its version's openAPIV3Schema, as apiextensions-apiserver does with
 * kube-openapi (`pkg/apiserver/validation/validation.go` `ValidateCustomResource` and
 * `kubeOpenAPIResultToFieldErrors`), here with ajv. ajv's errors are reworded into kube-openapi's
 * (`pkg/validation/errors/schema.go`): `spec.replicas in body must be of type integer: "string"`,
 * `spec.replicas in body should be greater than or equal to 1`; required → `Required value`, enum → `Unsupported value`.
 *
 * @remarks `format` is not checked (upstream checks a few formats such as int32 ranges and date-time), and CEL
 * rules (`x-kubernetes-validations`) are not evaluated.
 */
import type { default as Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { libraries } from '../../libraries.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import { isObject, type JsonObject } from '../admission/json-shape.ts';

/**
 * The one ajv instance, made by the first compile: a cluster that defines no CRD (and the page's worker, until one is
 * applied) never pays for building it. Compiling is synchronous either way, so a CRD applied at time 0 validates as
 * one applied later.
 */
let ajv: Ajv | undefined;
function compile(schema: JsonObject): ValidateFunction {
  ajv ??= new (libraries().Ajv)({ allErrors: true, strict: false, validateFormats: false, logger: false, validateSchema: false, addUsedSchema: false });
  return ajv.compile(schema);
}

/**
 * Compiled validators, per CRD object and version name. The CRD objects are the api-server's frozen stored objects,
 * so a new CRD revision is a new key and stale entries are collected with it. Derived data, outside the simulation
 * graph: checkpoints need not copy it.
 */
const compiled = new WeakMap<object, Map<string, ValidateFunction | string>>();

/**
 * A copy of an openAPIV3Schema that ajv compiles: `x-kubernetes-*` extensions dropped, and `nullable` removed where
 * the node has no `type` (legal in OpenAPI, where it means nothing; a compile error in ajv).
 */
export function schemaForAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaForAjv);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-kubernetes-')) continue;
    if (k === 'nullable' && schema['type'] === undefined) continue;
    // `default`, `example` and `enum` hold data, not schemas: copy them as they are.
    out[k] = k === 'default' || k === 'example' || k === 'enum' ? v : schemaForAjv(v);
  }
  return out;
}

/** The compiled validator of `schema` for `crd`/`version`, or the compile error text. */
export function validatorFor(crd: object, version: string, schema: JsonObject): ValidateFunction | string {
  let perVersion = compiled.get(crd);
  if (!perVersion) {
    perVersion = new Map();
    compiled.set(crd, perVersion);
  }
  let v = perVersion.get(version);
  if (v === undefined) {
    try {
      v = compile(schemaForAjv(schema) as JsonObject);
    } catch (e) {
      v = e instanceof Error ? e.message : String(e);
    }
    perVersion.set(version, v);
  }
  return v;
}

/** "/spec/items/0/name" → "spec.items[0].name" (kube-openapi's names; indexes in brackets). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^[0-9]+$/.test(seg)) out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObject(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/** kube-openapi's type names for a JSON value. */
function openAPIType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function join(path: string, k: string): string {
  return path ? `${path}.${k}` : k;
}

/** One ajv error as upstream's FieldError. */
function toFieldError(e: ErrorObject, data: unknown, rootName: string): FieldError | undefined {
  const path = pointerToPath(e.instancePath);
  const name = path || rootName;
  const value = valueAt(data, e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type': {
      const want = Array.isArray(p['type']) ? (p['type'] as string[]).filter((t) => t !== 'null').join(',') : String(p['type']);
      const actual = openAPIType(value);
      return fieldError.typeInvalid(path, actual, `${name} in body must be of type ${want}: "${actual}"`);
    }
    case 'required':
      return fieldError.required(join(path, String(p['missingProperty'])), '');
    case 'enum': {
      const allowed = Array.isArray(p['allowedValues']) ? (p['allowedValues'] as unknown[]) : [];
      return fieldError.notSupported(path, value, allowed.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))));
    }
    case 'minimum':
      return fieldError.invalid(path, value, `${name} in body should be greater than or equal to ${String(p['limit'])}`);
    case 'exclusiveMinimum':
      return fieldError.invalid(path, value, `${name} in body should be greater than ${String(p['limit'])}`);
    case 'maximum':
      return fieldError.invalid(path, value, `${name} in body should be less than or equal to ${String(p['limit'])}`);
    case 'exclusiveMaximum':
      return fieldError.invalid(path, value, `${name} in body should be less than ${String(p['limit'])}`);
    case 'maxLength':
      return fieldError.tooLong(path, Number(p['limit']));
    case 'minLength':
      return fieldError.invalid(path, value, `${name} in body should be at least ${String(p['limit'])} chars long`);
    case 'pattern':
      return fieldError.invalid(path, value, `${name} in body should match '${String(p['pattern'])}'`);
    case 'multipleOf':
      return fieldError.invalid(path, value, `${name} in body should be a multiple of ${String(p['multipleOf'])}`);
    case 'maxItems':
      return fieldError.tooMany(path, Array.isArray(value) ? value.length : -1, Number(p['limit']));
    case 'minItems':
      return fieldError.invalid(path, value, `${name} in body should have at least ${String(p['limit'])} items`);
    case 'uniqueItems':
      return fieldError.invalid(path, '', `${name} in body shouldn't contain duplicates`);
    case 'maxProperties':
      return fieldError.tooMany(path, isObject(value) ? Object.keys(value).length : -1, Number(p['limit']));
    case 'minProperties':
      return fieldError.invalid(path, value, `${name} in body should have at least ${String(p['limit'])} properties`);
    case 'additionalProperties':
      return fieldError.invalid(path, String(p['additionalProperty']), `${name}.${String(p['additionalProperty'])} in body is a forbidden property`);
    case 'anyOf':
      return fieldError.invalid(path, value, `${name} in body must validate at least one schema (anyOf)`);
    case 'oneOf':
      return fieldError.invalid(path, value, `${name} in body must validate one and only one schema (oneOf)`);
    case 'not':
      return fieldError.invalid(path, value, `${name} in body must not validate the schema (not)`);
    case 'if':
    case 'allOf':
    case 'nullable':
      return undefined;
    default:
      return fieldError.invalid(path, value, `${name} in body ${e.message ?? 'is invalid'}`);
  }
}

/**
 * Validates `data` with `validate`, converting errors; duplicates (ajv reports some twice under allErrors) removed.
 * `basePath` prefixes every error's field (the data is then a value found at that path).
 */
export function runSchemaValidation(validate: ValidateFunction, data: unknown, basePath = '', rootName = 'body'): FieldError[] {
  if (validate(data)) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    const raw = toFieldError(e, data, rootName);
    if (!raw) continue;
    const fe = basePath ? { ...raw, field: raw.field ? (raw.field.startsWith('[') ? `${basePath}${raw.field}` : `${basePath}.${raw.field}`) : basePath } : raw;
    const id = `${fe.field}\u0000${fe.body}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(fe);
  }
  return out;
}

/**
 * Errors of `value` against a schema node compiled on the spot (no cache): for checking a CRD's `default:` values,
 * which happens once per CRD write. A schema ajv cannot compile yields no errors (validateCRD reports it otherwise).
 */
export function validateValueAgainstSchema(value: unknown, schema: JsonObject, basePath: string): FieldError[] {
  let validate: ValidateFunction;
  try {
    validate = compile(schemaForAjv(schema) as JsonObject);
  } catch {
    return [];
  }
  return runSchemaValidation(validate, value, basePath, 'default');
}
