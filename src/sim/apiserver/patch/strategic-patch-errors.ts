/**
 * The errors a strategic merge patch can fail with, worded and classified as upstream:
 * k8s.io/apimachinery/pkg/util/mergepatch/errors.go for the texts, and apiserver handlers/patch.go
 * `interpretStrategicMergePatchError` for the status: format errors are 400 BadRequest (a patch setting keys its
 * `$retainKeys` does not list included), lists of lists are 422, everything else (a missing merge key, an unknown `$patch`) is not an
 * API status upstream and reaches the client as a 500 with the bare message (`ErrorToAPIStatus`).
 */
import { badRequest, type Status } from '../../api/status.ts';
import { jsonPatchRejected, PatchError } from './patch-error.ts';

/** mergepatch errors.go texts (400 BadRequest). */
export const ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST = 'invalid patch format of primitive list';
export const ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS = 'invalid patch format of retainKeys';
export const ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER_LIST = 'invalid patch format of setElementOrder list';

/** Go's `%v` of a decoded JSON value: `map[image:x name:web]` (keys sorted), `[a b]`, `<nil>`. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const m = v as Record<string, unknown>;
    return `map[${Object.keys(m)
      .sort()
      .map((k) => `${k}:${goValue(m[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** A malformed patch: 400 BadRequest. */
export function badPatch(message: string): never {
  throw new PatchError(badRequest(message));
}

/** `mergepatch.ErrNoListOfLists`: 422 with the generic text. */
export function unprocessablePatch(): never {
  throw new PatchError(jsonPatchRejected());
}

/**
 * An error upstream does not turn into an API status: `ErrorToAPIStatus` answers 500 with the bare message.
 * @remarks Upstream's reason is empty ("Unknown"); our StatusReason has no such member, so we say InternalError.
 */
export function patchServerError(message: string): never {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 };
  throw new PatchError(status);
}

/** `mergepatch.ErrNoMergeKey`. */
export function noMergeKey(item: unknown, key: string): never {
  return patchServerError(`map: ${goValue(item)} does not contain declared merge key: ${key}`);
}

/** `mergepatch.ErrBadPatchType`. */
export function badPatchType(directive: unknown, m: unknown): never {
  return patchServerError(`unknown patch type: ${goValue(directive)} in map: ${goValue(m)}`);
}
