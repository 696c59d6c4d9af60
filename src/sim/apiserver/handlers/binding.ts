/**
 * The pods `binding` subresource: `POST pods/<name>/binding` with a `Binding {target: {kind: Node, name}}` sets
 * the pod's spec.nodeName (the only way spec.nodeName of an existing pod changes) and its PodScheduled condition to
 * True. This is how kube-scheduler's DefaultBinder assigns a pod.
 *
 * Upstream: kubernetes `pkg/registry/core/pod/storage/storage.go` (BindingREST.Create, setPodNodeAndMetadata,
 * assignPod: "name in URL does not match name in Binding object", "pod %s is being deleted, cannot be assigned to a
 * host", "pod %v is already assigned to node %q" as a 409 Conflict on `pods/binding`),
 * `pkg/apis/core/validation/validation.go` (ValidatePodBinding), `pkg/api/pod/util.go` (UpdatePodCondition).
 *
 * @remarks Simplified: the answer is the bound pod (201) rather than upstream's `Status{status: Success}`, so the
 * trace shows the pod's new resourceVersion and changed fields; invalid bindings answer 422 Invalid (upstream
 * returns the bare field-error aggregate, which the handler turns into a 500 with the same text); uid/resourceVersion
 * preconditions in the Binding's metadata, dry-run and admission plugins on `pods/binding` are not modelled.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ResourceInfo } from '../../api/resources.ts';
import { badRequest, conflict, invalid, methodNotSupported, notFound, resourceNotServed } from '../../api/status.ts';
import { fieldError, type FieldError } from '../../api/field-errors.ts';
import { rfc3339 } from '../../engine/clock.ts';
import type { ApiRequest, ApiResponse } from '../api-request.ts';
import type { ServerCore } from '../server-core.ts';
import { changedPaths } from '../strategy/object-diff.ts';
import { fail, isPlainObject, notAnObject, okObject } from './decode.ts';

interface PodCondition {
  type: string;
  status: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** `ValidatePodBinding`: target.kind empty or "Node", target.name required. */
export function validatePodBinding(binding: Record<string, unknown>): FieldError[] {
  const target = isPlainObject(binding.target) ? binding.target : {};
  const errs: FieldError[] = [];
  const kind = typeof target.kind === 'string' ? target.kind : '';
  if (kind !== '' && kind !== 'Node') errs.push(fieldError.notSupported('target.kind', kind, ['Node', '<empty>']));
  if (typeof target.name !== 'string' || target.name === '') errs.push(fieldError.required('target.name'));
  return errs;
}

/** POST pods/<name>/binding. Only `create` is served; the pod must exist, not be terminating and not be bound. */
export function handleBinding(core: ServerCore, req: ApiRequest, info: ResourceInfo): ApiResponse {
  const gr = { group: '', resource: 'pods/binding' };
  if (info.group !== '' || info.kind !== 'Pod') return fail(resourceNotServed(core.gr(info)));
  if (req.verb !== 'create') return fail(methodNotSupported(gr, req.verb));
  const body = req.body;
  if (!isPlainObject(body)) return fail(notAnObject(body));
  const name = req.name ?? '';
  const meta = isPlainObject(body.metadata) ? body.metadata : {};
  if (meta.name !== name) return fail(badRequest('name in URL does not match name in Binding object'));
  const errs = validatePodBinding(body);
  if (errs.length) return fail(invalid({ group: '', kind: 'Binding' }, name, errs));
  const nodeName = (body.target as { name: string }).name;

  const pod = core.get(info, req.namespace, name);
  if (!pod) return fail(notFound(core.gr(info), name));
  if (pod.metadata.deletionTimestamp !== undefined) return fail(conflict(gr, name, `pod ${name} is being deleted, cannot be assigned to a host`));
  const current = (pod.spec as { nodeName?: string } | undefined)?.nodeName ?? '';
  if (current !== '') return fail(conflict(gr, name, `pod ${name} is already assigned to node ${JSON.stringify(current)}`));

  // A private draft sharing the untouched frozen subtrees with the stored pod: only what changes is copied.
  const draft = { ...pod, metadata: { ...pod.metadata }, spec: { ...(pod.spec as object), nodeName } } as KubeObject;
  const annotations = isPlainObject(meta.annotations) ? meta.annotations : {};
  if (Object.keys(annotations).length) {
    draft.metadata.annotations = { ...(draft.metadata.annotations ?? {}) };
    for (const k of Object.keys(annotations).sort()) draft.metadata.annotations[k] = String(annotations[k]);
  }
  const status = { ...((draft.status ?? {}) as object) } as { conditions?: PodCondition[] };
  draft.status = status;
  status.conditions = updatePodCondition(status.conditions ?? [], { type: 'PodScheduled', status: 'True' }, rfc3339(core.ctx.now));
  const stored = core.commit(info, draft);
  return okObject(201, stored, changedPaths(pod, stored));
}

/**
 * `UpdatePodCondition`: replaces the condition of the same type, keeping its lastTransitionTime when the status is
 * unchanged (a new or changed one takes `now`); appends it when absent.
 */
function updatePodCondition(conditions: PodCondition[], condition: PodCondition, now: string): PodCondition[] {
  const i = conditions.findIndex((c) => c.type === condition.type);
  const old = i >= 0 ? conditions[i] : undefined;
  const next: PodCondition = { ...condition, lastProbeTime: null, lastTransitionTime: old && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : now };
  if (i < 0) return [...conditions, next];
  return conditions.map((c, j) => (j === i ? next : c));
}
