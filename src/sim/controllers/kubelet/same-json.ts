/**
 * Whether two API objects serialise to the same JSON, some top-level fields left out, without writing the text when
 * they plainly do: the kubelet asks it of every pod update it sees (was only the status written?), and a status
 * write keeps the stored spec and most of metadata while rebuilding some of it equal (ownerReferences).
 */

/**
 * `JSON.stringify` of `a` and of `b`, each with the fields in `ignore` left out, are the same text. Walks both
 * first: the same keys in the same order down to identical values (no `toJSON` met) means the same text; anything
 * else is serialised to decide.
 */
export function sameJsonExcept(a: object, b: object, ignore: readonly string[]): boolean {
  return sameShape(a, b, ignore) || jsonExcept(a, ignore) === jsonExcept(b, ignore);
}

/** `JSON.stringify` of `o` with the fields in `ignore` left out (set to undefined, as JSON leaves undefined out). */
function jsonExcept(o: object, ignore: readonly string[]): string {
  const copy: Record<string, unknown> = { ...o };
  for (const k of ignore) copy[k] = undefined;
  return JSON.stringify(copy);
}

/** Same keys in the same order, values the same by {@link sameValue}, except the values of keys in `ignore`. */
function sameShape(a: object, b: object, ignore: readonly string[]): boolean {
  if ('toJSON' in a || 'toJSON' in b) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    if (ignore.includes(k)) continue;
    if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Identical, or arrays / objects of the same shape whose elements are: then both write the same JSON. */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const ax = Array.isArray(x);
  if (ax !== Array.isArray(y)) return false;
  if (ax) {
    const xs = x as unknown[];
    const ys = y as unknown[];
    if (xs.length !== ys.length || 'toJSON' in xs || 'toJSON' in ys) return false;
    for (let i = 0; i < xs.length; i++) if (!sameValue(xs[i], ys[i])) return false;
    return true;
  }
  return sameShape(x, y, NONE);
}

const NONE: readonly string[] = [];
