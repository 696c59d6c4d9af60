/**
 * The REST paths of kube-apiserver, parsed: which kind, namespace, name and subresource a request names.
 * `/api/v1/namespaces/default/pods/web-1/status` → pods in core/v1, namespace default, name web-1, subresource status.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/request/requestinfo.go (RequestInfoFactory.NewRequestInfo): the
 * `namespaces/<ns>/<resource>` form, and `namespaces/<name>[/<subresource>]` for the Namespace object itself.
 */
import type { ResourceInfo } from '../sim/api/resources.ts';

export interface ResourcePath {
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** What a path names: discovery, a resource, or nothing the server serves. */
export type ParsedPath =
  | { type: 'version' }
  | { type: 'api' }
  | { type: 'apis' }
  | { type: 'group'; group: string }
  | { type: 'groupVersion'; group: string; version: string }
  | { type: 'resource'; path: ResourcePath }
  | { type: 'openapi'; which: string }
  | { type: 'unknown' };

/** Parses `pathname` (no query) against the served kinds. Never throws. */
export function parsePath(pathname: string, resources: readonly ResourceInfo[]): ParsedPath {
  let segments: string[];
  try {
    segments = pathname.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return { type: 'unknown' };
  }
  const [root, ...rest] = segments;
  if (root === 'version' && rest.length === 0) return { type: 'version' };
  if (root === 'openapi') return { type: 'openapi', which: rest.join('/') };
  let group: string;
  let version: string | undefined;
  let tail: string[];
  if (root === 'api') {
    if (rest.length === 0) return { type: 'api' };
    group = '';
    version = rest[0];
    tail = rest.slice(1);
  } else if (root === 'apis') {
    if (rest.length === 0) return { type: 'apis' };
    group = rest[0]!;
    if (rest.length === 1) return { type: 'group', group };
    version = rest[1];
    tail = rest.slice(2);
  } else {
    return { type: 'unknown' };
  }
  if (version === undefined) return { type: 'unknown' };
  const served = resources.filter((r) => r.group === group && r.version === version);
  if (served.length === 0) return { type: 'unknown' };
  if (tail.length === 0) return { type: 'groupVersion', group, version };
  const byName = (resource: string | undefined) => served.find((r) => r.resource === resource);
  let namespace: string | undefined;
  // namespaces/<ns>/<resource>/…, unless it is the Namespace object itself (namespaces/<name>[/<subresource>]).
  if (tail[0] === 'namespaces' && tail.length >= 3 && byName(tail[2])?.namespaced) {
    namespace = tail[1];
    tail = tail.slice(2);
  }
  const [resource, name, subresource, ...extra] = tail;
  const info = byName(resource);
  if (!info || extra.length > 0) return { type: 'unknown' };
  // namespaces/<ns>/<something not served> is no subresource of the Namespace: 404, as upstream.
  if (namespace === undefined && info.kind === 'Namespace' && subresource !== undefined && subresource !== 'status' && subresource !== 'finalize') return { type: 'unknown' };
  if (namespace === undefined && info.namespaced && name !== undefined) return { type: 'unknown' };
  return { type: 'resource', path: { info, ...(namespace !== undefined ? { namespace } : {}), ...(name !== undefined ? { name } : {}), ...(subresource !== undefined ? { subresource } : {}) } };
}
