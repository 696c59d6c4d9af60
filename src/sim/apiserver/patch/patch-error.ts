/**
 * The failure of a patch document: thrown by the patch appliers and turned by the api-server into the `Status`
 * it carries (k8s.io/apiserver/pkg/endpoints/handlers/patch.go maps patch errors to 400 BadRequest / 422 Invalid).
 */
import type { Status } from '../../api/status.ts';

/** A patch could not be decoded or applied; `status` is the answer the api-server returns. */
export class PatchError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'PatchError';
  }
}
