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
import type { ApiRequest, ApiResponse } from '../api-request.ts';

/** `DefaultMaxRequestSizeBytes`: 3 MiB of request body. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

export function fail(status: Status): ApiResponse {
  return { ok: false, code: status.code, status };
}

export function okObject(code: number, object: KubeObject, changed?: string[]): ApiResponse {
  return changed ? { ok: true, code, object, changed } : { ok: true, code, object };
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
        out[k] = copyJsonData((value as Record<string, unknown>)[k], size, depth + 1);
      }
      return out;
    }
    default:
      throw new NotJsonError(`a ${typeof value} is not JSON data`);
  }
}

/**
 * Checks a create/update body and returns a private mutable copy of it (one walk that copies and measures), with apiVersion
 * and kind filled from the request when absent and `metadata` guaranteed to be an object.
 */
export function decodeBody(req: ApiRequest, info: ResourceInfo, body: unknown): KubeObject | Status {
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
  let draft: KubeObject;
  const size = { bytes: 0 };
  try {
    draft = copyJsonData(body, size, 0) as KubeObject;
  } catch (e) {
    return badRequest(`the request body is not JSON data: ${e instanceof Error ? e.message : String(e)}`);
  }
  // The estimate is close; near the limit, measure exactly.
  if (size.bytes > MAX_REQUEST_BODY_BYTES * 0.9 && jsonLargerThan(body, MAX_REQUEST_BODY_BYTES)) {
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
