/**
 * JSON Patch (RFC 6902), as `application/json-patch+json` is applied by the api-server
 * (k8s.io/apiserver/pkg/endpoints/handlers/patch.go `jsonPatcher.applyJSPatch`), using the `fast-json-patch` library
 * where upstream uses github.com/evanphx/json-patch.
 *
 * Upstream's errors: a body that does not decode as a patch (`jsonpatch.DecodePatch`) is 400 BadRequest carrying the
 * decoder's message; any failure while applying (a failing `test`, a path that does not resolve, an unknown op) is
 * `errors.NewGenericServerResponse(http.StatusUnprocessableEntity, ...)`: 422 Invalid with the fixed message
 * "the server rejected our request due to an error in our request" (the library's own text is dropped).
 *
 * Only a person's `kubectl patch --type json` (or rollout undo) and a mutating webhook's answer send one, so this is
 * loaded with the simulation's libraries (apiserver/on-demand.ts).
 */
import type { Operation } from 'fast-json-patch/index.mjs';
import { libraries } from '../../libraries.ts';
import { badRequest } from '../../api/status.ts';
import { jsonPatchRejected, PatchError } from './patch-error.ts';

/**
 * Applies RFC 6902 `operations` to `target` and returns the patched document; `target` is not modified.
 * Throws {@link PatchError}: 400 BadRequest when `operations` is not a list of operation objects (upstream's decode
 * step), 422 Invalid when an operation is malformed or fails (e.g. a `test` that does not match, a missing path).
 *
 * @remarks Upstream drops the library's own text (e.g. `testing value /spec/replicas failed: test failed`) from the
 * 422; so do we. Decode errors are checked structurally here (we receive parsed JSON, not bytes).
 */
export function applyJsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations)) {
    const got = operations === null ? 'null' : typeof operations === 'object' ? 'object' : typeof operations;
    throw new PatchError(badRequest(`json: cannot unmarshal ${got} into Go value of type jsonpatch.Patch`));
  }
  for (const op of operations) {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) {
      throw new PatchError(badRequest('json: cannot unmarshal into Go value of type jsonpatch.Operation'));
    }
  }
  const { applyPatch, deepClone, JsonPatchError } = libraries().jsonPatch;
  try {
    const ops = deepClone(operations) as Operation[];
    // validateOperation = true: malformed ops (unknown op, missing value/from, bad pointer) fail like a failed apply.
    return applyPatch(deepClone(target), ops, true, true, true).newDocument;
  } catch (e) {
    if (e instanceof JsonPatchError || e instanceof Error) throw new PatchError(jsonPatchRejected());
    throw e;
  }
}
