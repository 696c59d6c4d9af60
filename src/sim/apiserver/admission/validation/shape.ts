/**
 * Typed reads of an untrusted request body for validation. A value of the wrong JSON type becomes a FieldError naming
 * its path (what upstream's decoder would reject) and reads as absent, so the checks after it never throw.
 */
import { fieldError, type FieldError } from '../../../api/field-errors.ts';
import { isObject, type JsonObject } from '../json-shape.ts';

/** `field.Path.Child`. */
export function child(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

/** `field.Path.Index`. */
export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}

/** `field.Path.Key`. */
export function key(path: string, k: string): string {
  return `${path}[${k}]`;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The decoder's complaint, worded as kube-openapi words it: `spec.replicas in body must be of type integer: "string"`. */
export function typeError(path: string, value: unknown, want: string): FieldError {
  return fieldError.typeInvalid(path, value, `${path} in body must be of type ${want}: "${jsonType(value)}"`);
}

/**
 * The readers: each returns the value when it has the right type, undefined when it is absent (undefined or null),
 * and otherwise records a type error and returns undefined.
 */
export function readInt(errs: FieldError[], o: unknown, k: string, path: string): number | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  errs.push(typeError(child(path, k), v, 'integer'));
  return undefined;
}

/** A string field (see the readers above). */
export function readString(errs: FieldError[], o: unknown, k: string, path: string): string | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  errs.push(typeError(child(path, k), v, 'string'));
  return undefined;
}

/** A boolean field. */
export function readBool(errs: FieldError[], o: unknown, k: string, path: string): boolean | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  errs.push(typeError(child(path, k), v, 'boolean'));
  return undefined;
}

/** An object field. */
export function readObject(errs: FieldError[], o: unknown, k: string, path: string): JsonObject | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (isObject(v)) return v;
  errs.push(typeError(child(path, k), v, 'object'));
  return undefined;
}

/** An array; elements are returned as is (use `readObjects` for arrays of structs). */
export function readArray(errs: FieldError[], o: unknown, k: string, path: string): unknown[] | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v;
  errs.push(typeError(child(path, k), v, 'array'));
  return undefined;
}

/** An array of structs: non-object elements are type errors; the result keeps each element's original index. */
export function readObjects(errs: FieldError[], o: unknown, k: string, path: string): Array<{ item: JsonObject; path: string }> {
  const arr = readArray(errs, o, k, path);
  if (!arr) return [];
  const out: Array<{ item: JsonObject; path: string }> = [];
  arr.forEach((item, i) => {
    const p = index(child(path, k), i);
    if (isObject(item)) out.push({ item, path: p });
    else errs.push(typeError(p, item, 'object'));
  });
  return out;
}

/** A `map[string]string` (labels, annotations, selector.matchLabels, ConfigMap data). */
export function readStringMap(errs: FieldError[], o: unknown, k: string, path: string): Record<string, string> | undefined {
  const m = readObject(errs, o, k, path);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const [mk, mv] of Object.entries(m)) {
    if (typeof mv === 'string') out[mk] = mv;
    else errs.push(typeError(key(child(path, k), mk), mv, 'string'));
  }
  return out;
}

/** An `intstr.IntOrString`: an integer or a string. */
export function readIntOrString(errs: FieldError[], o: unknown, k: string, path: string): number | string | undefined {
  const v = isObject(o) ? o[k] : undefined;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))) return v;
  errs.push(typeError(child(path, k), v, 'integer-or-string'));
  return undefined;
}

/** Go's `%#v` of a `map[string]string`, as upstream prints label maps in messages. */
export function goStringMap(m: Record<string, string> | undefined): string {
  if (!m) return 'map[string]string(nil)';
  const entries = Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** A FieldValueInvalid whose value is already rendered (Go's `%s` of a Stringer or `%#v` of a struct). */
export function invalidRendered(field: string, rendered: string, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, body: `Invalid value: ${rendered}: ${detail}` };
}
