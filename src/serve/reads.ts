/**
 * GET of one object and LIST of a collection, answered from the api-server's `handle` (reads change nothing and are
 * not logged, as the console's KubectlTarget reads). With `Accept: application/json;as=Table;g=meta.k8s.io;v=v1`
 * the answer is a `meta.k8s.io/v1` Table built by src/kubectl/printers/server-table.ts, the columns the page's
 * console prints, so real kubectl prints the same table.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers/get.go (GetResource, ListResource), response.go
 * (transformResponseObject: the Table conversion and includeObject).
 */
import type { ResourcePath } from './paths.ts';
import type { Reply } from './http-io.ts';
import { statusReply } from './http-io.ts';
import type { ApiServer } from '../sim/apiserver/api-server.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { apiVersionOf, BUILTIN_RESOURCES, type ResourceInfo } from '../sim/api/resources.ts';
import { badRequest, methodNotSupported } from '../sim/api/status.ts';
import { serverTable } from '../kubectl/printers/server-table.ts';
import { runKubectl } from '../kubectl/run.ts';
import type { KubectlTarget } from '../kubectl/target.ts';

/** The `as=Table` media type in an Accept header (kubectl's `get` asks for it first). */
export function wantsTable(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => /(^|;)\s*as=Table\b/.test(part) && /g=meta\.k8s\.io/.test(part));
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function includeObjectOf(query: URLSearchParams): IncludeObject | { error: string } {
  const v = query.get('includeObject');
  if (v === null || v === '') return 'Metadata';
  if (v === 'None' || v === 'Metadata' || v === 'Object') return v;
  return { error: `invalid includeObject "${v}": must be one of None, Metadata, Object` };
}

/** The CRD that defines a custom kind (its additionalPrinterColumns are the table's). */
function crdOf(api: ApiServer, info: ResourceInfo): KubeObject | undefined {
  return api
    .listObjects('apiextensions.k8s.io/v1', 'CustomResourceDefinition')
    .find((crd) => crd.metadata.name === `${info.resource}.${info.group}`);
}

function table(api: ApiServer, info: ResourceInfo, objects: KubeObject[], now: number, query: URLSearchParams, resourceVersion: string | undefined): Reply {
  const include = includeObjectOf(query);
  if (typeof include !== 'string') return statusReply(badRequest(include.error));
  const builtin = BUILTIN_RESOURCES.some((r) => r.group === info.group && r.kind === info.kind);
  const crd = builtin ? undefined : crdOf(api, info);
  return {
    code: 200,
    body: serverTable(info, objects, { now, includeObject: include, ...(resourceVersion !== undefined ? { resourceVersion } : {}), ...(crd ? { customResourceDefinition: crd } : {}) }),
  };
}

/** GET `path` (one object, `/scale`, `/status`) or LIST a collection. `user` is the caller's user agent. */
export function read(api: ApiServer, now: number, path: ResourcePath, query: URLSearchParams, accept: string | undefined, user: string): Reply {
  const { info } = path;
  const base = { apiVersion: apiVersionOf(info), kind: info.kind, user, ...(info.namespaced && path.namespace !== undefined ? { namespace: path.namespace } : {}) };
  if (path.name === undefined) {
    const res = api.handle({
      ...base,
      verb: 'list',
      ...(query.get('labelSelector') ? { labelSelector: query.get('labelSelector')! } : {}),
      ...(query.get('fieldSelector') ? { fieldSelector: query.get('fieldSelector')! } : {}),
    });
    if (!res.ok) return statusReply(res.status);
    if (!('list' in res)) return statusReply(badRequest('the list answered an object'));
    if (wantsTable(accept)) return table(api, info, res.list.items, now, query, res.list.metadata.resourceVersion);
    return { code: 200, body: res.list };
  }
  if (path.subresource === 'log' && info.group === '' && info.kind === 'Pod') return podLog(api, now, path, query, user);
  if (path.subresource !== undefined && path.subresource !== 'status' && path.subresource !== 'scale') {
    return statusReply(methodNotSupported({ group: info.group, resource: `${info.resource}/${path.subresource}` }, 'get'));
  }
  const subresource = path.subresource === 'scale' ? ('scale' as const) : undefined;
  const res = api.handle({ ...base, verb: 'get', name: path.name, ...(subresource ? { subresource } : {}) });
  if (!res.ok) return statusReply(res.status);
  if (!('object' in res)) return statusReply(badRequest('the get answered a list'));
  if (wantsTable(accept) && !subresource) return table(api, info, [res.object], now, query, undefined);
  return { code: 200, body: res.object };
}

/**
 * `GET pods/<name>/log`: containers here run no code, so there is no log; the answer is the console's own text for
 * `kubectl logs` (src/kubectl/cmd/info.ts), which says so and what the simulation knows of the container.
 */
function podLog(api: ApiServer, now: number, path: ResourcePath, query: URLSearchParams, user: string): Reply {
  const res = api.handle({ verb: 'get', apiVersion: 'v1', kind: 'Pod', namespace: path.namespace, name: path.name, user });
  if (!res.ok) return statusReply(res.status);
  const container = query.get('container');
  const containers = ((('object' in res ? res.object.spec : undefined) as { containers?: Array<{ name?: string }> } | undefined)?.containers ?? []).map((c) => c.name ?? '');
  if (container !== null && !containers.includes(container)) {
    return statusReply(badRequest(`container ${container} is not valid for pod ${path.name}`));
  }
  if (container === null && containers.length > 1) {
    return statusReply(badRequest(`a container name must be specified for pod ${path.name}, choose one of: [${containers.join(' ')}]`));
  }
  const run = runKubectl(`kubectl logs ${path.name} -n ${path.namespace ?? 'default'}${container ? ` -c ${container}` : ''}`, targetOfServer(api, now));
  return run.exitCode === 0 ? { code: 200, body: undefined, text: run.stdout } : statusReply(badRequest(run.stderr.trim()));
}

/** The console's read-only view of the api-server (logs reads only; `act` refuses). */
function targetOfServer(api: ApiServer, now: number): KubectlTarget {
  return {
    now,
    resources: () => api.resourcesInfo(),
    resolve: (resource) => (resource ? api.resolve(resource) : undefined),
    get: (info, namespace, name) => api.getObject(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined, name),
    list: (info, namespace) => api.listObjects(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined),
    select: (info, namespace) => api.listObjects(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined),
    act: () => ({ ok: false, messages: ['error: logs reads only'], results: [], errors: [], eventId: -1 }),
  };
}
