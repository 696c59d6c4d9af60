/**
 * Deep copy of the simulation's object graph for checkpoints.
 *
 * The simulation is plain data plus class instances whose methods live on their prototypes; its timers are data
 * ({@link Timer}). So a checkpoint is a copy of the graph: objects keep their prototype, shared references stay
 * shared, cycles are kept. Frozen objects (every Kubernetes object in the store and caches is deep-frozen) are
 * immutable and therefore shared, not copied: a checkpoint of a 100,000-pod cluster copies pointers, not pods.
 *
 * A function, generator, Promise or `#private` field found in the graph is a bug (it cannot be copied faithfully):
 * the copy throws {@link UncloneableError} naming the path to it.
 */
export class UncloneableError extends Error {
  constructor(
    readonly path: string,
    what: string,
  ) {
    super(`cannot checkpoint the simulation: ${what} at ${path}`);
    this.name = 'UncloneableError';
  }
}

const GeneratorProto = Object.getPrototypeOf(function* () {}.prototype) as object;

/** Plain objects a checkpoint shares although they are not frozen (see {@link shareInCheckpoints}). */
const sharedInCheckpoints = new WeakSet<object>();

/**
 * Marks a plain object that checkpoints share instead of copying although it is not frozen: its fields are fixed
 * when it is made, and what is filled in later is only a cache of a pure function of them (the watch history's
 * stored events: the watch event and the previous object at the revision, built when a watcher first needs them),
 * so the run and a restored copy filling it in get the same value. A long run's checkpoints then do not each copy
 * the 10,000 events of the watch history. Returns it.
 */
export function shareInCheckpoints<T extends object>(value: T): T {
  sharedInCheckpoints.add(value);
  return value;
}

/**
 * Copies `root`'s graph. `stats`, when given, is told how many slots the copy allocated (each object, array element,
 * property and map or set entry copied): what a checkpoint costs, for the timeline's memory budget.
 */
export function cloneGraph<T>(root: T, stats?: { slots: number }): T {
  const seen = new Map<object, unknown>();
  const copy = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'function') throw new UncloneableError(path, 'a function (store a method name, not a closure)');
      return value;
    }
    if (Object.isFrozen(value)) return value;
    const known = seen.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      seen.set(value, out);
      for (let i = 0; i < value.length; i++) out[i] = copy(value[i], `${path}[${i}]`);
      return out;
    }
    if (value instanceof Map) {
      const out = new Map();
      seen.set(value, out);
      for (const [k, v] of value) out.set(copy(k, `${path}.key`), copy(v, `${path}.get(${String(k)})`));
      return out;
    }
    if (value instanceof Set) {
      const out = new Set();
      seen.set(value, out);
      for (const v of value) out.add(copy(v, `${path}.item`));
      return out;
    }
    if (ArrayBuffer.isView(value)) {
      const out = (value as unknown as { slice(): unknown }).slice();
      seen.set(value, out);
      return out;
    }
    if (value instanceof Promise) throw new UncloneableError(path, 'a Promise');
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto && (proto === GeneratorProto || Object.getPrototypeOf(proto) === GeneratorProto)) {
      throw new UncloneableError(path, 'a suspended generator (a reconcile in flight)');
    }
    if (sharedInCheckpoints.has(value)) return value;
    const out = Object.create(proto) as Record<string, unknown>;
    seen.set(value, out);
    for (const key of Object.keys(value)) {
      const v = copy((value as Record<string, unknown>)[key], `${path}.${key}`);
      // A "__proto__" key is data (a ConfigMap's): an own property, never the copy's prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
    }
    return out;
  };
  const copied = copy(root, '$') as T;
  if (stats) {
    let slots = 0;
    for (const out of seen.values()) {
      const o = out as object;
      slots += 1 + (o instanceof Map || o instanceof Set ? o.size : Array.isArray(o) ? o.length : ArrayBuffer.isView(o) ? 0 : Object.keys(o).length);
    }
    stats.slots = slots;
  }
  return copied;
}

/**
 * Freezes `value` and everything reachable from it (plain data only). Returns it. The longer strings it meets are
 * flattened ({@link flattenString}): a frozen object lives long (the store, the caches, the watch history).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    if (!Object.isFrozen(value)) {
      Object.freeze(value);
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
      else for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) deepFreeze((value as Record<string, unknown>)[key]);
    }
  } else if (typeof value === 'string' && value.length > FLAT_BELOW) flattenString(value);
  return value;
}

/** V8 builds a string of fewer than 13 characters flat; only longer ones can be a tree of pieces. */
const FLAT_BELOW = 12;

/**
 * Returns `s`, made flat in place. A string built by `+` or a template literal is, in V8, a tree of its pieces (a
 * 36-character UID made from nine pieces keeps ~390 bytes instead of ~56); reading a character flattens it: the
 * text is copied once into one piece, and the tree is let go. The value is the same string: only memory changes.
 */
export function flattenString(s: string): string {
  // Kept in a module variable so that an optimizing compiler cannot drop the read as unused.
  _flattenSink ^= s.charCodeAt(0);
  return s;
}

let _flattenSink = 0;
