/**
 * Kubernetes API errors: the `Status` object the api-server returns, with upstream's reasons, codes and message
 * texts (k8s.io/apimachinery/pkg/api/errors/errors.go). Learners grep for these strings; keep them verbatim.
 */
import { aggregateFieldErrors, type FieldError } from './field-errors.ts';

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Expired'
  | 'Gone'
  | 'ServiceUnavailable'
  | 'MethodNotAllowed'
  | 'Forbidden'
  | 'TooManyRequests'
  | 'UnsupportedMediaType'
  | 'RequestEntityTooLarge'
  | 'InternalError'
  | 'Timeout';

export interface StatusCause {
  reason: string;
  message: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  /** The resource ("deployments") for NotFound/AlreadyExists/Conflict; the Kind for Invalid. */
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: StatusDetails;
  code: number;
}

/** Thrown by clients when the api-server answers with a failure `Status`. */
export class StatusError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
    this.name = 'StatusError';
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason {
    return this.status.reason;
  }
}

/** A group-qualified resource, e.g. `{ group: 'apps', resource: 'deployments' }`. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** `schema.GroupResource.String()`: "deployments.apps", or "pods" for the core group. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

function failure(code: number, reason: StatusReason, message: string, details?: StatusDetails): Status {
  const s: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) s.details = omitEmptyDetails(details);
  return s;
}

/**
 * Go's `omitempty` on metav1.StatusDetails and StatusCause (apimachinery pkg/apis/meta/v1/types.go): an empty
 * name, group ("" for the core group), kind or uid, no causes, a zero retryAfterSeconds, and a cause's empty
 * reason, message or field are not on the wire. (Status.metadata, a struct, stays as `{}`: omitempty keeps structs.)
 */
function omitEmptyDetails(d: StatusDetails): StatusDetails {
  const out: StatusDetails = {};
  if (d.name) out.name = d.name;
  if (d.group) out.group = d.group;
  if (d.kind) out.kind = d.kind;
  if (d.uid) out.uid = d.uid;
  if (d.causes && d.causes.length > 0) out.causes = d.causes.map(omitEmptyCause);
  if (d.retryAfterSeconds) out.retryAfterSeconds = d.retryAfterSeconds;
  return out;
}

function omitEmptyCause(c: StatusCause): StatusCause {
  if (c.reason && c.message && c.field) return c;
  const out = {} as StatusCause;
  if (c.reason) out.reason = c.reason;
  if (c.message) out.message = c.message;
  if (c.field) out.field = c.field;
  return out;
}

export function isStatus(x: unknown): x is Status {
  return typeof x === 'object' && x !== null && (x as Status).kind === 'Status' && (x as Status).status === 'Failure';
}

export function notFound(gr: GroupResource, name: string): Status {
  return failure(404, 'NotFound', `${qualifiedResource(gr)} "${name}" not found`, { name, group: gr.group, kind: gr.resource });
}

export function alreadyExists(gr: GroupResource, name: string): Status {
  return failure(409, 'AlreadyExists', `${qualifiedResource(gr)} "${name}" already exists`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

/** The optimistic-concurrency failure of an update with a stale resourceVersion. */
export const OBJECT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';

export function conflict(gr: GroupResource, name: string, err: string = OBJECT_MODIFIED, causes?: StatusCause[]): Status {
  const details: StatusDetails = { name, group: gr.group, kind: gr.resource };
  if (causes) details.causes = causes;
  return failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${err}`, details);
}

/**
 * 422 Invalid. `qualifiedKind` is "Deployment.apps" (or "Pod" for the core group).
 * Message: `<Kind>.<group> "<name>" is invalid: <field>: <Type>: <value>: <detail>`; several errors as `[e1, e2]`.
 */
export function invalid(kind: { group: string; kind: string }, name: string, errs: FieldError[]): Status {
  const qualifiedKind = kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
  const causes = errs.map((e) => ({ reason: e.type, message: e.body, field: e.field }));
  return failure(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${aggregateFieldErrors(errs)}`, {
    name,
    group: kind.group,
    kind: kind.kind,
    causes,
  });
}

export function badRequest(message: string): Status {
  return failure(400, 'BadRequest', message);
}

/** 410 Expired: a watch or list from a compacted resourceVersion. */
export function resourceExpired(message: string): Status {
  return failure(410, 'Expired', message);
}

export function serviceUnavailable(message: string): Status {
  return failure(503, 'ServiceUnavailable', message, { retryAfterSeconds: 1 });
}

export function methodNotSupported(gr: GroupResource, verb: string): Status {
  return failure(405, 'MethodNotAllowed', `${verb} is not supported on resources of kind "${qualifiedResource(gr)}"`, {
    group: gr.group,
    kind: gr.resource,
  });
}

export function tooManyRequests(message: string, retryAfterSeconds: number): Status {
  return failure(429, 'TooManyRequests', message, { retryAfterSeconds });
}

export function forbidden(gr: GroupResource, name: string, err: string): Status {
  return failure(403, 'Forbidden', `${qualifiedResource(gr)} "${name}" is forbidden: ${err}`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export function requestEntityTooLarge(message: string): Status {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`);
}

export function internalError(err: string): Status {
  return failure(500, 'InternalError', `Internal error occurred: ${err}`, { causes: [{ reason: 'UnexpectedServerResponse', message: err }] });
}

/** 404 for a resource the server does not serve (an unknown kind or version): `NewGenericServerResponse(404, ...)`. */
export function resourceNotServed(gr?: GroupResource): Status {
  return failure(404, 'NotFound', 'the server could not find the requested resource', gr ? { group: gr.group, kind: gr.resource } : undefined);
}

/** 415: a patch type the resource does not accept (strategic merge patch on a custom resource). */
export function unsupportedMediaType(message: string): Status {
  return failure(415, 'UnsupportedMediaType', message);
}
