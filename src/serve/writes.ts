/**
 * Writes from outside become user inputs of the simulation, so the run stays replayable and the trace says who did
 * what: every POST, PUT, PATCH and DELETE is mapped to the {@link UserAction} that expresses it and performed with
 * `sim.act`, carrying `command: "<user agent> <verb> <path>"`. The answer is then read back from the api-server,
 * as kube-apiserver answers a write with the object written (201 for a create, 200 otherwise).
 *
 * | request                                   | user action                                              |
 * |-------------------------------------------|----------------------------------------------------------|
 * | POST collection                           | `create` of the body                                     |
 * | PUT object                                | `apply` with `replace` (a PUT of the body)               |
 * | PUT …/scale                               | `scale` to the Scale's spec.replicas                     |
 * | PATCH apply-patch+yaml                    | `apply` (server-side) with fieldManager and force        |
 * | PATCH merge / json / strategic [/status|/scale] | `patch` with its type, subresource and fieldManager |
 * | DELETE object                             | `delete` with propagationPolicy and gracePeriodSeconds   |
 *
 * `fieldValidation` (Strict, as kubectl sends it, Warn or Ignore; absent, kube-apiserver's default, Warn) is carried by the action to the api-server, which
 * checks the body of a create or update and the patched object of a patch (`handlers/patch.ts`), as upstream's
 * handlers do; Warn's warnings come back as `Warning` headers.
 *
 * What no user action expresses is refused with a Status (405): PUT of `/status`, server-side apply to a
 * subresource, DELETE of a collection, delete preconditions. `dryRun=All` is carried by the action, whose result
 * holds the api-server's answer to the dry run (the object as the write would have left it: defaulted, with its
 * managedFields and generated name), which is the answer here.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/handlers (create.go, update.go, patch.go, delete.go).
 */
import type { ResourcePath } from './paths.ts';
import { statusReply, type Reply } from './http-io.ts';
import type { Simulation } from '../sim/simulation.ts';
import type { UserAction } from '../sim/actions/user-action.ts';
import type { ActResult } from '../sim/cluster/act-result.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../sim/api/resources.ts';
import { badRequest, invalid, isStatus, methodNotSupported, unsupportedMediaType, type Status } from '../sim/api/status.ts';
import type { FieldValidation } from '../sim/actions/user-action.ts';

export interface WriteRequest {
  method: string;
  path: ResourcePath;
  query: URLSearchParams;
  /** The decoded body (an object, or an array for a JSON patch), or undefined when there was none. */
  body: unknown;
  contentType: string | undefined;
  /** The trace's actor words: "<user agent> <verb> <path>". */
  command: string;
}

const PATCH_TYPES: Record<string, 'merge' | 'json' | 'strategic' | 'apply'> = {
  'application/merge-patch+json': 'merge',
  'application/json-patch+json': 'json',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/** The media type of a Content-Type header, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const gr = (info: ResourceInfo, sub?: string) => ({ group: info.group, resource: sub ? `${info.resource}/${sub}` : info.resource });

const OPTIONS_KIND: Record<string, string> = { POST: 'CreateOptions', PUT: 'UpdateOptions', PATCH: 'PatchOptions', DELETE: 'DeleteOptions' };

function dryRunOf(query: URLSearchParams, method: string): boolean | Status {
  const values = query.getAll('dryRun');
  if (values.length === 0) return false;
  if (values.every((v) => v === 'All')) return true;
  return invalid({ group: 'meta.k8s.io', kind: OPTIONS_KIND[method] ?? 'CreateOptions' }, '', [
    { type: 'FieldValueNotSupported', field: 'dryRun', body: `Unsupported value: ${JSON.stringify(values)}: supported values: "All"` } as never,
  ]);
}

/** The first failure of an action, as the Status to answer with. */
function failureOf(result: ActResult): Status {
  const status = result.results.find((r) => r.status)?.status;
  if (status) return status;
  return badRequest(result.messages.map((m) => m.replace(/^error: /, '')).join('; ') || 'the request failed');
}

/** The object with the path's namespace and name, as the handlers take them from the URL. */
function withPath(info: ResourceInfo, body: Record<string, unknown>, path: ResourcePath): KubeObject | Status {
  const metadata = { ...((typeof body.metadata === 'object' && body.metadata !== null ? body.metadata : {}) as Record<string, unknown>) };
  if (body.apiVersion !== undefined && body.apiVersion !== apiVersionOf(info)) {
    return badRequest(`the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${apiVersionOf(info)})`);
  }
  if (body.kind !== undefined && body.kind !== info.kind) return badRequest(`the kind in the data (${String(body.kind)}) does not match the expected kind (${info.kind})`);
  if (info.namespaced) {
    if (metadata.namespace !== undefined && metadata.namespace !== '' && metadata.namespace !== path.namespace) {
      return badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    metadata.namespace = path.namespace;
  }
  if (path.name !== undefined) {
    if (metadata.name !== undefined && metadata.name !== path.name) return badRequest('the name of the object (' + String(metadata.name) + ') does not match the name on the URL (' + path.name + ')');
    metadata.name = path.name;
  }
  return { ...body, apiVersion: apiVersionOf(info), kind: info.kind, metadata } as KubeObject;
}

function stored(sim: Simulation, info: ResourceInfo, namespace: string | undefined, name: string): KubeObject | undefined {
  return sim.cluster.apiServer.getObject(apiVersionOf(info), info.kind, info.namespaced ? namespace : undefined, name);
}

function scaleOf(sim: Simulation, info: ResourceInfo, path: ResourcePath): Reply {
  const res = sim.cluster.apiServer.handle({ verb: 'get', apiVersion: apiVersionOf(info), kind: info.kind, namespace: path.namespace, name: path.name, subresource: 'scale', user: 'loopscope-serve' });
  if (!res.ok) return statusReply(res.status);
  return { code: 200, body: 'object' in res ? res.object : res.list };
}

/**
 * The request's `fieldValidation` directive, or its refusal. Absent, it is kube-apiserver's default, Warn
 * (handlers/rest.go `fieldValidation`): a client that sends none (kubectl patch, curl, a client-go program) is warned
 * of unknown fields.
 */
function fieldValidationOf(query: URLSearchParams): { fieldValidation: FieldValidation } | Status {
  const directive = query.get('fieldValidation');
  if (directive === null || directive === '') return { fieldValidation: 'Warn' };
  if (directive !== 'Strict' && directive !== 'Warn' && directive !== 'Ignore') {
    return badRequest(`fieldValidation must be one of "Ignore", "Warn", or "Strict", not ${JSON.stringify(directive)}`);
  }
  return { fieldValidation: directive };
}

/** Performs one write as a user action and answers as kube-apiserver would. Never throws. */
export function write(sim: Simulation, req: WriteRequest): Reply {
  const { path, query } = req;
  const { info } = path;
  const dryRun = dryRunOf(query, req.method);
  if (typeof dryRun !== 'boolean') return statusReply(dryRun);
  const validation = fieldValidationOf(query);
  if (isStatus(validation)) return statusReply(validation);
  const common = { command: req.command, ...(dryRun ? { dryRun: true } : {}), ...validation };
  const fieldManager = query.get('fieldManager') ?? undefined;
  const target = { resource: `${info.resource}${info.group ? `.${info.group}` : ''}`, name: path.name ?? '', ...(path.namespace !== undefined ? { namespace: path.namespace } : {}) };
  const body = req.body as Record<string, unknown>;
  const act = (action: UserAction): ActResult => sim.act(action);

  switch (req.method) {
    case 'POST': {
      if (path.name !== undefined) return statusReply(methodNotSupported(gr(info, path.subresource), 'create'));
      const object = withPath(info, body, path);
      if (isStatus(object)) return statusReply(object);
      const r = act({ type: 'create', manifests: [object], ...(fieldManager ? { fieldManager } : {}), ...common });
      if (!r.ok) return statusReply(failureOf(r));
      const name = r.results[0]?.ref?.name ?? String(object.metadata.name ?? '');
      const created = dryRun ? r.results[0]?.object : stored(sim, info, path.namespace, name);
      return { code: 201, body: created ?? object, warnings: r.warnings };
    }
    case 'PUT': {
      if (path.name === undefined) return statusReply(methodNotSupported(gr(info), 'update'));
      if (path.subresource === 'scale') {
        const replicas = (body.spec as { replicas?: unknown } | undefined)?.replicas;
        if (typeof replicas !== 'number') return statusReply(badRequest('Scale.spec.replicas must be a number'));
        const r = act({ type: 'scale', ...target, replicas, ...common });
        return r.ok ? scaleOf(sim, info, path) : statusReply(failureOf(r));
      }
      if (path.subresource !== undefined) return statusReply(methodNotSupported(gr(info, path.subresource), 'update'));
      const object = withPath(info, body, path);
      if (isStatus(object)) return statusReply(object);
      const r = act({ type: 'apply', replace: true, manifests: [object], ...(fieldManager ? { fieldManager } : {}), ...common });
      if (!r.ok) return statusReply(failureOf(r));
      return { code: 200, body: (dryRun ? r.results[0]?.object : stored(sim, info, path.namespace, path.name)) ?? object, warnings: r.warnings };
    }
    case 'PATCH': {
      if (path.name === undefined) return statusReply(methodNotSupported(gr(info), 'patch'));
      const type = PATCH_TYPES[mediaType(req.contentType)];
      if (!type) return statusReply(unsupportedMediaType(`the body of the request was in an unknown format - accepted media types include: ${Object.keys(PATCH_TYPES).join(', ')}`));
      let r: ActResult;
      if (type === 'apply') {
        if (path.subresource !== undefined) return statusReply(methodNotSupported(gr(info, path.subresource), 'apply'));
        const object = withPath(info, body, path);
        if (isStatus(object)) return statusReply(object);
        if (!fieldManager) {
          return statusReply(invalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [{ type: 'FieldValueRequired', field: 'fieldManager', body: 'Required value: is required for apply patch' }]));
        }
        const force = query.get('force') === 'true';
        r = act({ type: 'apply', manifests: [object], fieldManager, force, ...common });
      } else {
        if (path.subresource !== undefined && path.subresource !== 'status' && path.subresource !== 'scale') return statusReply(methodNotSupported(gr(info, path.subresource), 'patch'));
        r = act({ type: 'patch', ...target, patchType: type, patch: req.body, ...(path.subresource ? { subresource: path.subresource } : {}), ...(fieldManager ? { fieldManager } : {}), ...common });
      }
      if (!r.ok) return statusReply(failureOf(r));
      if (path.subresource === 'scale' && !dryRun) return scaleOf(sim, info, path);
      const after = dryRun ? (r.results.find((x) => x.object)?.object ?? stored(sim, info, path.namespace, path.name)) : stored(sim, info, path.namespace, path.name);
      return after ? { code: 200, body: after, warnings: r.warnings } : statusReply(badRequest(`${info.resource} "${path.name}" was patched but is gone`));
    }
    case 'DELETE': {
      if (path.name === undefined) return statusReply(methodNotSupported(gr(info), 'deletecollection'));
      if (path.subresource !== undefined) return statusReply(methodNotSupported(gr(info, path.subresource), 'delete'));
      const options = (req.body ?? {}) as { propagationPolicy?: unknown; gracePeriodSeconds?: unknown; preconditions?: unknown; orphanDependents?: unknown };
      if (options.preconditions !== undefined) return statusReply(methodNotSupported(gr(info), 'delete with preconditions'));
      const policy = options.propagationPolicy ?? query.get('propagationPolicy') ?? undefined;
      if (policy !== undefined && policy !== 'Background' && policy !== 'Foreground' && policy !== 'Orphan') {
        return statusReply(invalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', [{ type: 'FieldValueNotSupported', field: 'propagationPolicy', body: `Unsupported value: ${JSON.stringify(policy)}: supported values: "Foreground", "Background", "Orphan"` }]));
      }
      const graceText = options.gracePeriodSeconds ?? query.get('gracePeriodSeconds') ?? undefined;
      const grace = graceText === undefined ? undefined : Number(graceText);
      if (grace !== undefined && !Number.isInteger(grace)) return statusReply(badRequest(`gracePeriodSeconds must be an integer, not ${JSON.stringify(graceText)}`));
      const before = stored(sim, info, path.namespace, path.name);
      const r = act({ type: 'delete', ...target, ...(policy ? { propagationPolicy: policy } : {}), ...(grace !== undefined ? { gracePeriodSeconds: grace } : {}), ...common });
      if (!r.ok) return statusReply(failureOf(r));
      const after = dryRun ? (r.results.find((x) => x.object)?.object ?? before) : stored(sim, info, path.namespace, path.name);
      if (after) return { code: 200, body: after };
      return {
        code: 200,
        body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: path.name, group: info.group, kind: info.resource, ...(before?.metadata.uid ? { uid: before.metadata.uid } : {}) } },
      };
    }
    default:
      return statusReply(methodNotSupported(gr(info), req.method.toLowerCase()));
  }
}
