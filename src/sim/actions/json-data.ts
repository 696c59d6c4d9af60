/**
 * Objects handed to the library directly (`apply(object[])`, a recipe's logged objects) are checked and copied
 * here before anything walks them recursively: the api-server's decode, structuredClone, the timeline's
 * `cloneGraph` (issue 17: 5,000 levels of nesting threw RangeError from the clone). Only JSON data passes, as it
 * would over the wire: null, booleans, finite numbers, strings, arrays and plain objects; nesting at most
 * {@link MAX_OBJECT_DEPTH} levels (the YAML reader's indentation bound allows about as many), no cycles, and at most
 * a byte budget of JSON text. A `__proto__` key is kept as data (an own property), never as a prototype.
 */

/** Levels of objects and arrays: a Kubernetes object is under 20 deep, a CRD's schema under 60. */
export const MAX_OBJECT_DEPTH = 128;

export type JsonDataCheck = { copy: unknown; bytes: number } | { problem: string; tooLarge?: boolean };

/** A JSON copy of `value` and the size of its JSON text, or what is wrong with it and where (a dotted path). */
export function jsonDataProblem(value: unknown, byteBudget: number): JsonDataCheck {
  let bytes = 0;
  const ancestors = new Set<object>();
  const fail = (problem: string, tooLarge = false): never => {
    throw new JsonDataError(problem, tooLarge);
  };
  const copy = (v: unknown, path: string[], depth: number): unknown => {
    if (bytes > byteBudget) fail('too large', true);
    if (v === null || typeof v === 'boolean') {
      bytes += 5;
      return v;
    }
    if (typeof v === 'string') {
      bytes += v.length + 2;
      return v;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) fail(`${where(path)} is ${String(v)}, which JSON cannot carry`);
      bytes += 8;
      return v;
    }
    if (typeof v !== 'object') fail(`${where(path)} is a ${typeof v}, not JSON data`);
    const o = v as object;
    if (depth >= MAX_OBJECT_DEPTH) fail(`${where(path)} is nested more than ${MAX_OBJECT_DEPTH} levels deep`);
    if (ancestors.has(o)) fail(`${where(path)} refers to an object that contains it (a cycle)`);
    ancestors.add(o);
    bytes += 2;
    let out: unknown;
    if (Array.isArray(o)) {
      const arr: unknown[] = [];
      for (let i = 0; i < o.length; i++) {
        path.push(`[${i}]`);
        arr.push(o[i] === undefined ? null : copy(o[i], path, depth + 1));
        path.pop();
      }
      out = arr;
    } else {
      const proto = Object.getPrototypeOf(o) as unknown;
      if (proto !== Object.prototype && proto !== null) fail(`${where(path)} is a ${(o.constructor as { name?: string } | undefined)?.name ?? 'class instance'}, not a plain object`);
      const obj: Record<string, unknown> = {};
      for (const key of Object.keys(o)) {
        const item = (o as Record<string, unknown>)[key];
        if (item === undefined) continue; // as JSON.stringify drops it
        bytes += key.length + 3;
        path.push(key);
        const c = copy(item, path, depth + 1);
        path.pop();
        // A "__proto__" key is data: define it, for `obj[key] = c` would set the prototype.
        if (key === '__proto__') Object.defineProperty(obj, key, { value: c, enumerable: true, writable: true, configurable: true });
        else obj[key] = c;
      }
      out = obj;
    }
    ancestors.delete(o);
    return out;
  };
  try {
    const c = copy(value, [], 0);
    if (bytes > byteBudget) return { problem: 'too large', tooLarge: true };
    return { copy: c, bytes };
  } catch (e) {
    if (e instanceof JsonDataError) return e.tooLarge ? { problem: e.message, tooLarge: true } : { problem: e.message };
    // A getter or a Proxy that throws: still an answer, never a throw.
    return { problem: `could not be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}

class JsonDataError extends Error {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(message);
  }
}

/** "spec.template.spec.containers[0].image", shortened in the middle past a dozen parts. */
function where(path: string[]): string {
  if (path.length === 0) return 'the object';
  const parts = path.length > 12 ? [...path.slice(0, 6), '…', ...path.slice(-5)] : path;
  return parts.map((p, i) => (i === 0 || p.startsWith('[') ? p : `.${p}`)).join('');
}
