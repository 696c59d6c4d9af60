/**
 * Guards for reading untrusted, JSON-shaped request bodies. Defaulting and validation see objects exactly as a user
 * typed them (`spec.replicas: "three"`), so every read checks the shape before use and nothing here ever throws.
 */

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** Whether `v` is a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether `o` has any (enumerable) key, without building the list of them. */
export function hasAnyKey(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** `o[key]` when it is an object; otherwise, if `o[key]` is absent, a new object stored there; otherwise undefined. */
export function ensureObject(o: JsonObject, key: string): JsonObject | undefined {
  const v = o[key];
  if (isObject(v)) return v;
  if (v === undefined) {
    const created: JsonObject = {};
    o[key] = created;
    return created;
  }
  return undefined;
}

/** `o[key]` when it is an object, else undefined (never creates). */
export function objectAt(o: unknown, key: string): JsonObject | undefined {
  if (!isObject(o)) return undefined;
  const v = o[key];
  return isObject(v) ? v : undefined;
}

/** The object elements of `o[key]` when it is an array (non-objects are skipped). */
export function objectsIn(o: unknown, key: string): JsonObject[] {
  if (!isObject(o)) return [];
  const v = o[key];
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** Sets `o[key] = value` when the field is absent (Go's `if obj.X == nil { obj.X = … }`). */
export function setDefault(o: JsonObject, key: string, value: unknown): void {
  if (o[key] === undefined || o[key] === null) o[key] = value;
}
