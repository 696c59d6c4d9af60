/**
 * The AdmissionReview a webhook server receives and answers (admission.k8s.io/v1), as plain data.
 *
 * Upstream: k8s.io/api/admission/v1/types.go (AdmissionRequest, AdmissionResponse), apiserver
 * pkg/admission/plugin/webhook/request/admissionreview.go (CreateV1AdmissionReview).
 *
 * @remarks `patch` is the list of JSON patch operations itself, not base64-encoded bytes; `uid` is the request's
 * position in the run ("webhook-<n>") rather than a random UUID.
 */
import type { KubeObject } from '../api/object.ts';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

/** One RFC 6902 operation, as a webhook returns it. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

export interface AdmissionRequest {
  uid: string;
  kind: { group: string; version: string; kind: string };
  resource: { group: string; version: string; resource: string };
  subResource?: string;
  name: string;
  namespace?: string;
  operation: AdmissionOperation;
  userInfo: { username: string };
  /** The object as it would be stored (absent for DELETE). */
  object?: KubeObject;
  /** The stored object (UPDATE, DELETE). */
  oldObject?: KubeObject;
  dryRun: boolean;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  /** Why it was denied: upstream prefixes the message with `admission webhook "<name>" denied the request: `. */
  status?: { code?: number; reason?: string; message?: string };
  patchType?: 'JSONPatch';
  patch?: JsonPatchOperation[];
  warnings?: string[];
}

/** A call that never got an answer (connection refused, timeout, no such server): `failed to call webhook: <err>`. */
export interface WebhookCallError {
  callError: string;
}

/** Short human form of a patch: `replace /spec/replicas = 2; add /spec/containers/- (istio-proxy)`. */
export function summarizePatch(ops: readonly JsonPatchOperation[]): string {
  return ops
    .map((o) => {
      if (o.op === 'remove') return `remove ${o.path}`;
      if (o.op === 'move' || o.op === 'copy') return `${o.op} ${o.from ?? ''} -> ${o.path}`;
      const v = o.value;
      if (v !== null && typeof v === 'object') {
        const name = (v as { name?: unknown }).name;
        return typeof name === 'string' ? `${o.op} ${o.path} (${name})` : `${o.op} ${o.path}`;
      }
      return `${o.op} ${o.path} = ${JSON.stringify(v)}`;
    })
    .join('; ');
}
