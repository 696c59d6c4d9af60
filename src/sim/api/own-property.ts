/**
 * Reading and writing a key of JSON data that came from a user, whatever the key: `__proto__` is a valid ConfigMap
 * data key, label key or annotation key, and `o[k] = v` with it sets the object's prototype (or does nothing for a
 * string) instead of storing data, while `o[k]` reads `Object.prototype` when the key is absent. These two keep it
 * data, as the real api-server stores it (issue 17). Every other key takes the plain, fast path.
 */

/** `o[k] = v` as an own data property. */
export function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** `o[k]` when it is an own property, else undefined. */
export function getOwn(o: Record<string, unknown>, k: string): unknown {
  return k === '__proto__' && !Object.prototype.hasOwnProperty.call(o, k) ? undefined : o[k];
}
