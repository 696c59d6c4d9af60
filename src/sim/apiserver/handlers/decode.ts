/**
 * Request-body checks every write handler does before the registry sees the object: it is a JSON object, it fits
 * the size limit, its apiVersion/kind/name/namespace agree with the request.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/{create,update,rest}.go (`limitedReadBody`: "limit is
 * 3145728", "the API version in the data (%s) does not match the expected API version (%v)", "the name of the
 * object (%s) does not match the name on the URL (%s)", "the namespace of the provided object does not match the
 * namespace sent on the request").
 *
 * @remarks A body without apiVersion/kind gets the request's (upstream answers "Object 'Kind' is missing"); a
 * wrong kind gets a BadRequest worded like the apiVersion one.
 */
import type { KubeObject } from '../../api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../../api/resources.ts';
import { badRequest, requestEntityTooLarge, type Status } from '../../api/status.ts';
import { knownRootType } from '../fieldvalidation/unknown-fields.ts';
import { fitsInt32, integerFieldError, metadataTypeError } from './typed-decode.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';

/** `DefaultMaxRequestSizeBytes`: 3 MiB of request body. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

export function fail(status: Status): ApiResponse {
  return { ok: false, code: status.code, status };
}

export function okObject(code: number, object: KubeObject, changed?: string[]): ApiResponse {
  return changed ? { ok: true, code, object, changed } : { ok: true, code, object };
}

/** The response with `warnings` added when there are any (a successful write under `fieldValidation=Warn`). */
export function withWarnings(res: ApiResponse, warnings: readonly string[]): ApiResponse {
  if (warnings.length === 0 || !res.ok || !('object' in res)) return res;
  return { ...res, warnings: [...(res.warnings ?? []), ...warnings] };
}

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function goType(x: unknown): string {
  if (x === null || x === undefined) return 'null';
  if (Array.isArray(x)) return 'array';
  return typeof x === 'boolean' ? 'bool' : typeof x;
}

/** The decoder's error for a body that is not a JSON object. */
export function notAnObject(body: unknown): Status {
  return badRequest(
    `couldn't get version/kind; json parse error: json: cannot unmarshal ${goType(body)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
  );
}

/**
 * Whether the JSON encoding of `value` is longer than `limit` bytes (UTF-8). Exact; for tests and rare callers.
 */
export function jsonLargerThan(value: unknown, limit: number): boolean {
  return new TextEncoder().encode(JSON.stringify(value)).length > limit;
}

/** Set by {@link copyJsonData} when it meets a number no int32 holds; read and cleared by {@link decodeBody}. */
let sawWideNumber = false;

/** `o[k] = v` as an own data property, whatever `k` is (`__proto__` included). */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Thrown by {@link copyJsonData} for values JSON cannot carry. */
class NotJsonError extends Error {}

/** Upstream's JSON decoder refuses deeper nesting (json.go maxDepth 10000); far deeper than any real object. */
const MAX_DEPTH = 1000;

/**
 * A deep copy of JSON data (plain objects, arrays, strings, numbers, booleans, null) that also estimates the size of
 * its JSON encoding: one walk instead of structuredClone plus a size pass (~10x faster on small objects, which is
 * the write path of every request). Throws {@link NotJsonError} for functions, symbols, bigints, cycles.
 */
function copyJsonData(value: unknown, size: { bytes: number }, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      size.bytes += value.length + 2;
      return value;
    case 'number':
      // A number no int32 holds is looked at again after the copy, against the field it is in (typed-decode.ts).
      if (!fitsInt32(value)) sawWideNumber = true;
      size.bytes += 6;
      return value;
    case 'boolean':
      size.bytes += 6;
      return value;
    case 'undefined':
      return value;
    case 'object': {
      if (value === null) {
        size.bytes += 4;
        return null;
      }
      if (depth > MAX_DEPTH) throw new NotJsonError('object nesting too deep');
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        size.bytes += 2 + value.length;
        for (let i = 0; i < value.length; i++) out[i] = copyJsonData(value[i], size, depth + 1);
        return out;
      }
      const out: Record<string, unknown> = {};
      size.bytes += 2;
      for (const k of Object.keys(value)) {
        size.bytes += k.length + 4;
        const v = copyJsonData((value as Record<string, unknown>)[k], size, depth + 1);
        // A "__proto__" key is data (a ConfigMap may hold one): `out[k] = v` would set the prototype, or do nothing.
        if (k === '__proto__') setOwn(out, k, v);
        else out[k] = v;
      }
      return out;
    }
    default:
      throw new NotJsonError(`a ${typeof value} is not JSON data`);
  }
}

/**
 * {@link copyJsonData}, except that a subtree equal to the one `stored` (frozen, the object being written as stored)
 * holds at the same place is `stored`'s own instead of a copy: same keys in the same order, every value the same
 * (a scalar strictly equal, an object or array itself shared). So the draft serializes exactly as the copy would,
 * and what the write did not change is the stored version's frozen data: the comparisons that follow find it by
 * identity, freezing skips it, and the versions share it in memory. The walk over `value`, the size estimate and the
 * errors are {@link copyJsonData}'s, in the same order; `stored` is only read. A copy is made only from the first
 * difference on (the parts before it being `stored`'s). For data the write does not edit in place.
 */
function copySharing(value: unknown, size: { bytes: number }, depth: number, stored: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof stored !== 'object' || stored === null || !Object.isFrozen(stored)) {
    return copyJsonData(value, size, depth);
  }
  if (depth > MAX_DEPTH) throw new NotJsonError('object nesting too deep');
  if (Array.isArray(value)) {
    if (!Array.isArray(stored)) return copyJsonData(value, size, depth);
    const storedItems = stored as unknown[];
    size.bytes += 2 + value.length;
    let out: unknown[] | undefined = value.length === storedItems.length ? undefined : new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const was = i < storedItems.length ? storedItems[i] : undefined;
      const v = copySharing(value[i], size, depth + 1, was);
      if (out === undefined && (v !== was || v === undefined)) {
        out = new Array<unknown>(value.length);
        for (let j = 0; j < i; j++) out[j] = storedItems[j];
      }
      if (out !== undefined) out[i] = v;
    }
    return out ?? stored;
  }
  if (Array.isArray(stored)) return copyJsonData(value, size, depth);
  const map = value as Record<string, unknown>;
  const storedMap = stored as Record<string, unknown>;
  const keys = Object.keys(map);
  const storedKeys = Object.keys(storedMap);
  size.bytes += 2;
  let out: Record<string, unknown> | undefined = keys.length === storedKeys.length ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    size.bytes += k.length + 4;
    // A "__proto__" key is always copied, and set as an own property (a copy's `out.__proto__ = v` would not).
    const was = k !== '__proto__' && Object.prototype.hasOwnProperty.call(storedMap, k) ? storedMap[k] : undefined;
    const v = k === '__proto__' ? copyJsonData(map[k], size, depth + 1) : copySharing(map[k], size, depth + 1, was);
    if (out === undefined && (storedKeys[i] !== k || v !== was || v === undefined || k === '__proto__')) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = storedMap[keys[j]!];
    }
    if (out !== undefined) {
      if (k === '__proto__') setOwn(out, k, v);
      else out[k] = v;
    }
  }
  return out ?? stored;
}

/**
 * {@link copyJsonData} without the copy: the same walk, the same size estimate and the same errors, in the same
 * order. A frozen object cannot change, so the size of one found to be JSON data is remembered (with its nesting
 * height, so that the depth limit still applies wherever it is met again) where it recurs: at the root of the walk
 * (a client's body shares the pod's spec with the informer cache it read it from, and a /status write keeps the
 * spec) and at a `fieldsV1` (carried over unchanged from version to version). Remembering every nested object cost
 * more than walking it again.
 */
function measureJsonData(value: unknown, size: { bytes: number }, depth: number, remember: boolean): number {
  if (typeof value !== 'object' || value === null) {
    copyJsonData(value, size, depth);
    return 0;
  }
  const frozen = remember && Object.isFrozen(value);
  if (frozen) {
    const known = MEASURED.get(value);
    // Its deepest object is at depth + height - 1: within the limit here too, or walked again to fail as a copy would.
    if (known !== undefined && depth + known.height - 1 <= MAX_DEPTH) {
      size.bytes += known.bytes;
      return known.height;
    }
  }
  if (depth > MAX_DEPTH) throw new NotJsonError('object nesting too deep');
  const before = size.bytes;
  let below = 0;
  if (Array.isArray(value)) {
    size.bytes += 2 + value.length;
    for (let i = 0; i < value.length; i++) below = Math.max(below, measureJsonData(value[i], size, depth + 1, false));
  } else {
    size.bytes += 2;
    for (const k of Object.keys(value)) {
      // A copy's `out.__proto__ = v` sets its prototype instead: only a copy gives what a copy gives.
      if (k === '__proto__') throw new NeedsCopy();
      size.bytes += k.length + 4;
      below = Math.max(below, measureJsonData((value as Record<string, unknown>)[k], size, depth + 1, k === 'fieldsV1'));
    }
  }
  if (frozen) MEASURED.set(value, { bytes: size.bytes - before, height: below + 1 });
  return below + 1;
}

/** Thrown by {@link measureJsonData} for data whose copy is not equal to it (a `__proto__` key). */
class NeedsCopy extends Error {}

/** {@link copyJsonData}'s result for data the write only reads: `value` itself once measured, else its copy. */
function sharedOrCopied(value: unknown, size: { bytes: number }, depth: number): unknown {
  const before = size.bytes;
  try {
    measureJsonData(value, size, depth, true);
    return value;
  } catch (e) {
    if (!(e instanceof NeedsCopy)) throw e;
    size.bytes = before;
    return copyJsonData(value, size, depth);
  }
}

/** Size estimate and nesting height (an object of scalars: 1) of frozen JSON data measured before. A pure cache. */
const MEASURED = new WeakMap<object, { bytes: number; height: number }>();

/**
 * The private draft of a /status write's body: only `metadata` and `status` are copied, since the update keeps
 * everything else from the stored object (`prepareForStatusUpdate`) and replaces `metadata.managedFields`; the other
 * fields and the sent managedFields are measured ({@link measureJsonData}) and left shared, unread by the write.
 * The walk, the size estimate and the first error are {@link copyJsonData}'s.
 */
function copyStatusBody(body: Record<string, unknown>, size: { bytes: number }, stored: KubeObject | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  size.bytes += 2;
  for (const k of Object.keys(body)) {
    size.bytes += k.length + 4;
    const v = body[k];
    if (k === '__proto__') setOwn(out, k, copyJsonData(v, size, 1));
    else if (k === 'status') out[k] = copySharing(v, size, 1, stored?.status);
    else if (k === 'metadata' && isPlainObject(v)) {
      // The metadata object itself is the write's own (the update sets its server fields); its values may be shared.
      const meta: Record<string, unknown> = {};
      const storedMeta = stored?.metadata as Record<string, unknown> | undefined;
      size.bytes += 2;
      for (const mk of Object.keys(v)) {
        size.bytes += mk.length + 4;
        if (mk === 'managedFields') meta[mk] = sharedOrCopied(v[mk], size, 2);
        else if (mk === '__proto__') setOwn(meta, mk, copyJsonData(v[mk], size, 2));
        else if (storedMeta === undefined || !Object.prototype.hasOwnProperty.call(storedMeta, mk)) meta[mk] = copyJsonData(v[mk], size, 2);
        else meta[mk] = copySharing(v[mk], size, 2, storedMeta[mk]);
      }
      out[k] = meta;
    } else out[k] = sharedOrCopied(v, size, 1);
  }
  return out;
}

/**
 * The draft of a body and the estimate of its JSON size: a whole copy, or for a /status write
 * {@link copyStatusBody}'s. Throws for data JSON cannot carry (the same error either way).
 */
export function copyBody(body: Record<string, unknown>, statusWrite: boolean, stored?: KubeObject): { draft: KubeObject; bytes: number } {
  const size = { bytes: 0 };
  const draft = (statusWrite ? copyStatusBody(body, size, stored) : copyJsonData(body, size, 0)) as KubeObject;
  return { draft, bytes: size.bytes };
}

/**
 * Checks a create/update body and returns a private mutable copy of it (one walk that copies and measures), with apiVersion
 * and kind filled from the request when absent and `metadata` guaranteed to be an object. For a /status write only
 * what the write uses is copied ({@link copyStatusBody}), and what equals `stored` (the object as stored, if the
 * caller has it) is shared with it, frozen, instead ({@link copySharing}).
 */
export function decodeBody(req: ApiRequest, info: ResourceInfo, body: unknown, stored?: KubeObject): KubeObject | Status {
  if (!isPlainObject(body)) return notAnObject(body);
  const expected = apiVersionOf(info);
  if (body.apiVersion !== undefined && body.apiVersion !== expected) {
    return badRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${expected})`);
  }
  if (body.kind !== undefined && body.kind !== info.kind) {
    return badRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${info.kind})`);
  }
  if (body.metadata !== undefined && !isPlainObject(body.metadata)) {
    return badRequest(`json: cannot unmarshal ${goType(body.metadata)} into Go struct field ${info.kind}.metadata of type v1.ObjectMeta`);
  }
  let copied: { draft: KubeObject; bytes: number };
  sawWideNumber = false;
  try {
    copied = copyBody(body, req.subresource === 'status', stored);
  } catch (e) {
    return badRequest(`the request body is not JSON data: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { draft, bytes } = copied;
  if (isPlainObject(draft.metadata)) {
    const metaError = metadataTypeError(info, draft.metadata);
    if (metaError) return metaError;
  }
  if (sawWideNumber) {
    const root = knownRootType(expected, info.kind);
    const intError = root === undefined ? undefined : integerFieldError(info, draft, root);
    if (intError) return intError;
  }
  // The estimate is close; near the limit, measure exactly.
  if (bytes > MAX_REQUEST_BODY_BYTES * 0.9 && jsonLargerThan(body, MAX_REQUEST_BODY_BYTES)) {
    return requestEntityTooLarge(`limit is ${MAX_REQUEST_BODY_BYTES}`);
  }
  draft.apiVersion = expected;
  draft.kind = info.kind;
  if (draft.metadata === undefined) draft.metadata = {};
  return draft;
}

/**
 * Namespace rules shared by create and update: the body's namespace must agree with the request's; namespaced
 * objects get the request's, cluster-scoped ones have it cleared. Returns the namespace or a Status.
 */
export function settleNamespace(req: ApiRequest, info: ResourceInfo, draft: KubeObject): string | undefined | Status {
  const bodyNs = draft.metadata.namespace;
  if (!info.namespaced) {
    delete draft.metadata.namespace;
    return undefined;
  }
  if (bodyNs && req.namespace && bodyNs !== req.namespace) {
    return badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
  const ns = req.namespace || bodyNs || undefined;
  if (ns) draft.metadata.namespace = ns;
  return ns;
}
