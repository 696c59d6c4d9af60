/**
 * The /scale subresource: an autoscaling/v1 Scale view of any kind with replicas (Deployment, ReplicaSet, custom
 * resources whose CRD declares `subresources.scale`).
 *
 * Upstream: kubernetes pkg/registry/apps/deployment/storage/storage.go (ScaleREST: `scaleFromDeployment`, the
 * selector printed with `metav1.LabelSelectorAsSelector(...).String()`), apiextensions-apiserver
 * pkg/registry/customresource/etcd.go (scale from specReplicasPath/statusReplicasPath/labelSelectorPath) and
 * pkg/apis/autoscaling/validation (ValidateScale).
 *
 * Only kubectl scale, a person's patch of /scale and the HPA (on demand) ask for it, so the api-server reaches it
 * through the simulation's libraries (apiserver/on-demand.ts).
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { badRequest, conflict, invalid, methodNotSupported, notFound, type Status } from '../../api/status.ts';
import { fieldError } from '../../api/field-errors.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import type { ServerCore } from '../server-core.ts';
import { labelSelectorFromObject, labelSelectorToString } from '../selectors/label-selector.ts';
import { fail, isPlainObject, notAnObject, okObject } from './decode.ts';
import { updateDecoded } from './update.ts';
import { fitsInt32 } from './typed-decode.ts';

function pathParts(path: string): string[] {
  return path.split('.').filter((p) => p !== '');
}

export function readPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const p of pathParts(path)) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/** Sets `value` at `path` in a private mutable draft, creating maps on the way (copies frozen ones). */
function writePath(draft: Record<string, unknown>, path: string, value: unknown): void {
  const parts = pathParts(path);
  let cur = draft;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]!];
    const copy = isPlainObject(next) ? { ...next } : {};
    cur[parts[i]!] = copy;
    cur = copy;
  }
  cur[parts[parts.length - 1]!] = value;
}

/** The Scale object of `obj`. */
export function scaleOf(obj: KubeObject, info: ResourceInfo, custom: boolean): KubeObject {
  const s = info.scale!;
  let selector = '';
  if (custom) {
    const v = s.labelSelectorPath ? readPath(obj, s.labelSelectorPath) : undefined;
    selector = typeof v === 'string' ? v : '';
  } else {
    const sel = (obj.spec as { selector?: unknown } | undefined)?.selector;
    if (isPlainObject(sel)) {
      try {
        selector = labelSelectorToString(labelSelectorFromObject(sel));
      } catch {
        selector = '';
      }
    }
  }
  const m = obj.metadata;
  const meta: KubeObject['metadata'] = { name: m.name, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp };
  if (m.namespace) meta.namespace = m.namespace;
  const status: Record<string, unknown> = { replicas: numberOr0(readPath(obj, s.statusReplicasPath)) };
  if (selector) status.selector = selector;
  return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: meta, spec: { replicas: numberOr0(readPath(obj, s.specReplicasPath)) }, status };
}

function numberOr0(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** 404 when the kind has no /scale (upstream: the subresource is not routed). */
function noScale(core: ServerCore, info: ResourceInfo, verb: string): Status {
  return methodNotSupported(core.gr(info), verb);
}

export function handleScaleGet(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  if (!info.scale) return fail(noScale(core, info, 'get'));
  const live = core.get(info, req.namespace, req.name ?? '');
  if (!live) return fail(notFound(core.gr(info), req.name ?? ''));
  return okObject(200, scaleOf(live, info, core.isCustom(info)));
}

/** PUT /scale with a Scale body (also the end of a patch of /scale). */
export function handleScaleUpdate(core: ServerCore, req: ApiRequest, info: ResourceInfo, body: unknown): ApiResponse {
  if (!info.scale) return fail(noScale(core, info, req.verb));
  if (!isPlainObject(body)) return fail(notAnObject(body));
  const name = req.name ?? '';
  const live = core.get(info, req.namespace, name);
  if (!live) return fail(notFound(core.gr(info), name));
  const meta = isPlainObject(body.metadata) ? body.metadata : {};
  const rv = meta.resourceVersion;
  if (typeof rv === 'string' && rv !== '' && rv !== live.metadata.resourceVersion) return fail(conflict(core.gr(info), name));
  const replicas = isPlainObject(body.spec) ? body.spec.replicas : undefined;
  // The Scale's typed decode first: ScaleSpec.replicas is an int32 (typed-decode.ts words it).
  if (typeof replicas === 'number' && !fitsInt32(replicas)) {
    return fail(badRequest(`Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal number ${String(replicas)} into Go struct field ScaleSpec.spec.replicas of type int32`));
  }
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
    const err =
      typeof replicas === 'number' ? fieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0') : fieldError.invalid('spec.replicas', replicas ?? null, 'must be an integer');
    return fail(invalid({ group: 'autoscaling', kind: 'Scale' }, name, [err]));
  }
  const draft = structuredClone(live) as KubeObject;
  writePath(draft as unknown as Record<string, unknown>, info.scale.specReplicasPath, replicas);
  const res = updateDecoded(core, { ...req, subresource: 'scale' }, info, draft, {});
  if (!res.ok || !('object' in res)) return res;
  return okObject(200, scaleOf(res.object, info, core.isCustom(info)), res.changed);
}
