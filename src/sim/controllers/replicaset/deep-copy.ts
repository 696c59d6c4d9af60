/**
 * `DeepCopy` of API data, as Go's generated deepcopy functions make it: every object and array is new (so the copy
 * can be changed without touching the original), and every string is the original's.
 *
 * Upstream: the `zz_generated.deepcopy.go` functions (e.g. `PodSpec.DeepCopy`, which `GetPodFromTemplate` calls): Go
 * strings are immutable, so a deep copy copies the string header and shares the bytes.
 *
 * @remarks `structuredClone` copies every string: a pod stamped from a template with it held its own copy of each
 * of the template's strings (image, names, policies), and the api-server's decode keeps the strings it is given, so
 * every stored pod kept them. This copy keeps what `structuredClone` keeps of JSON data (undefined-valued keys,
 * key order, array holes as undefined) and hands anything else (a Date, a Map) to `structuredClone`.
 */
export function deepCopy<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return structuredClone(value);
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}
