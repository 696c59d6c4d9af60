/**
 * The failure of a patch document: thrown by the patch appliers and turned by the api-server into the `Status`
 * it carries (k8s.io/apiserver/pkg/endpoints/handlers/patch.go maps patch errors to 400 BadRequest / 422 Invalid),
 * and the generic 422 both a JSON patch and a strategic merge patch can fail with.
 */
import type { Status } from '../../api/status.ts';

/** Upstream's 422 text for a patch that fails to apply (apimachinery errors.go `NewGenericServerResponse`). */
export const JSON_PATCH_REJECTED = 'the server rejected our request due to an error in our request';

/** The 422 Invalid Status upstream returns when a JSON patch fails to apply (and for a strategic patch's list of lists). */
export function jsonPatchRejected(): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: JSON_PATCH_REJECTED,
    reason: 'Invalid',
    details: {},
    code: 422,
  };
}

/** A patch could not be decoded or applied; `status` is the answer the api-server returns. */
export class PatchError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'PatchError';
  }
}
