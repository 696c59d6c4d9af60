/**
 * The namespace controller's work on one terminating namespace: make sure it says Terminating, delete every
 * namespaced object in it (every kind the api-server serves, custom ones included), report what remains in its
 * conditions, and once nothing remains remove the `kubernetes` finalizer through `/finalize` (the api-server then
 * deletes the namespace). While content remains, the estimate says when to look again.
 *
 * Ported from kubernetes `pkg/controller/namespace/deletion/namespaced_resources_deleter.go` (Delete,
 * updateNamespaceStatusFunc, finalized, finalizeNamespace, deleteAllContent, deleteAllContentForGroupVersionResource,
 * deleteEachItem, listCollection, estimateGracefulTermination, estimateGracefulTerminationForPods).
 *
 * Loaded on demand with the simulation's libraries (the namespace controller reaches it through
 * `libraries().controllerParts`): only a person, or the garbage collector for a namespace with ownerReferences, deletes
 * a namespace, and an init whose objects carry ownerReferences loads the libraries first.
 *
 * @remarks Discovery is the built-in kinds table plus the served versions of the CustomResourceDefinitions listed
 * from the api-server (upstream asks the discovery endpoint, preferred versions). The api-server has no
 * deletecollection, so every kind takes upstream's fallback: list, then delete each item.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { apiVersionOf, BUILTIN_RESOURCES, type ResourceInfo } from '../../api/resources.ts';
import { StatusError } from '../../api/status.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import { resourceInfosFromCRD } from '../../apiserver/crd/resource-infos.ts';
import { FINALIZER_KUBERNETES } from '../../apiserver/strategy/namespace-strategy.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { parseTime } from '../../engine/clock.ts';
import { namespaceDeletionConditions, type NamespaceCondition, type RemainingObject } from './namespace-conditions.ts';

/** `finalizerEstimateSeconds`: how long to wait for objects held by finalizers before looking again. */
export const FINALIZER_ESTIMATE_SECONDS = 15;

const NAMESPACE = { apiVersion: 'v1', kind: 'Namespace' } as const;
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' } as const;

type NamespaceObject = KubeObject & { spec?: { finalizers?: string[] }; status?: { phase?: string; conditions?: NamespaceCondition[] } };

/** What one pass found: done (finalized or gone), or content remaining with an estimate in seconds. */
export type DeleteOutcome = { done: true; summary: string } | { done: false; estimate: number; summary: string };

/** `finalized`: the namespace no longer carries our token. */
export function finalized(ns: NamespaceObject): boolean {
  return !(ns.spec?.finalizers ?? []).includes(FINALIZER_KUBERNETES);
}

/** `estimateGracefulTerminationForPods`: the longest grace period of the namespace's non-terminal pods. */
export function estimateGracefulTerminationForPods(pods: readonly Pod[]): number {
  let estimate = 0;
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    estimate = Math.max(estimate, pod.spec?.terminationGracePeriodSeconds ?? 0);
  }
  return estimate;
}

/** `estimateGracefulTermination`: the estimate, or 0 once that long has passed since the namespace was deleted. */
export function estimateGracefulTermination(estimateSeconds: number, deletedAt: number, now: number): number {
  return now - deletedAt >= estimateSeconds * 1000 ? 0 : estimateSeconds;
}

/** `Delete`: one pass over the namespace `name`. */
export function* deleteNamespace(ctx: ReconcileContext, name: string): ClientOp<DeleteOutcome> {
  let ns: NamespaceObject;
  try {
    ns = yield* ctx.client.get<NamespaceObject>(NAMESPACE, undefined, name);
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'NotFound') return { done: true, summary: `namespace ${name} is gone` };
    throw e;
  }
  if (!ns.metadata.deletionTimestamp) return { done: true, summary: `namespace ${name} is not being deleted` };
  if (ns.status?.phase !== 'Terminating') {
    // updateNamespaceStatusFunc
    ctx.act(`set namespace ${name} phase Terminating`);
    ns = yield* ctx.client.updateStatus<NamespaceObject>({ ...structuredClone(ns), status: { ...(ns.status ?? {}), phase: 'Terminating' } });
  }
  if (finalized(ns)) return { done: true, summary: `namespace ${name} is already finalized` };
  const { estimate, remaining, error } = yield* deleteAllContent(ctx, ns);
  if (error) throw error;
  if (estimate > 0) return { done: false, estimate, summary: `${remaining} object(s) remain in ${name}` };
  // Nothing remains: take our token off spec.finalizers (finalizeNamespace).
  const finalizers = [...new Set((ns.spec?.finalizers ?? []).filter((f) => f !== FINALIZER_KUBERNETES))].sort();
  ctx.act(`finalize namespace ${name}: remove the ${FINALIZER_KUBERNETES} finalizer`);
  const fresh = yield* ctx.client.get<NamespaceObject>(NAMESPACE, undefined, name);
  const body = { ...structuredClone(fresh), spec: { ...(fresh.spec ?? {}), finalizers } };
  const res = (yield { type: 'api', request: ctx.client.request({ verb: 'update', ...NAMESPACE, name, subresource: 'finalize', body }) }) as ApiResponse;
  if (!res.ok && res.status.code !== 404) throw new StatusError(res.status);
  return { done: true, summary: `namespace ${name} finalized` };
}

/** The namespaced kinds to empty: the built-in ones and the custom ones the CRDs serve. */
function* discoverNamespacedResources(ctx: ReconcileContext): ClientOp<ResourceInfo[]> {
  const out = BUILTIN_RESOURCES.filter((r) => r.namespaced);
  const crds = yield* ctx.client.list(CRD);
  for (const crd of crds.items) {
    const infos = resourceInfosFromCRD(crd).filter((i) => i.namespaced);
    if (infos[0]) out.push(infos[0]);
  }
  return out;
}

/**
 * `deleteAllContent`: for each kind, the estimate, a delete of each item (background propagation), and what
 * remains; then the conditions written if they changed. Errors are kept and the other kinds still processed.
 */
function* deleteAllContent(ctx: ReconcileContext, ns: NamespaceObject): ClientOp<{ estimate: number; remaining: number; error?: Error }> {
  const namespace = ns.metadata.name ?? '';
  const deletedAt = parseTime(ns.metadata.deletionTimestamp!);
  const resources = yield* discoverNamespacedResources(ctx);
  let estimate = 0;
  const errors: Error[] = [];
  const remaining: RemainingObject[] = [];
  for (const info of resources) {
    const r = yield* deleteAllContentForResource(ctx, info, namespace, deletedAt);
    if (r.error) errors.push(r.error);
    estimate = Math.max(estimate, r.estimate);
    for (const obj of r.remaining) remaining.push({ resource: info.resource, group: info.group, obj });
  }
  const previous = ns.status?.conditions;
  const conditions = namespaceDeletionConditions(remaining, previous, ctx.now, errors.map((e) => e.message));
  if (JSON.stringify(conditions) !== JSON.stringify(previous ?? [])) {
    ctx.status(`namespace ${namespace}: ${remaining.length ? `${remaining.length} object(s) remain` : 'all content removed'}; conditions written`);
    try {
      const fresh = yield* ctx.client.get<NamespaceObject>(NAMESPACE, undefined, namespace);
      yield* ctx.client.updateStatus({ ...structuredClone(fresh), status: { ...(fresh.status ?? {}), conditions } });
    } catch {
      // couldn't update status condition for namespace: not fatal, as upstream.
    }
  }
  return { estimate, remaining: remaining.length, ...(errors.length ? { error: errors.length === 1 ? errors[0] : new Error(`[${errors.map((e) => e.message).join(', ')}]`) } : {}) };
}

/** `deleteAllContentForGroupVersionResource`: estimate, delete each item, then list what remains and its finalizers. */
function* deleteAllContentForResource(ctx: ReconcileContext, info: ResourceInfo, namespace: string, deletedAt: number): ClientOp<{ estimate: number; remaining: KubeObject[]; error?: Error }> {
  const type = { apiVersion: apiVersionOf(info), kind: info.kind };
  const items = (yield* ctx.client.list(type, { namespace })).items;
  let estimate = 0;
  if (info.group === '' && info.resource === 'pods') estimate = estimateGracefulTermination(estimateGracefulTerminationForPods(items as Pod[]), deletedAt, ctx.now);
  if (items.length === 0) return { estimate, remaining: [] };
  // deleteEachItem
  const toDelete = items.filter((o) => !o.metadata.deletionTimestamp);
  if (toDelete.length) ctx.act(`delete ${toDelete.length} ${info.resource} in ${namespace}`);
  for (const item of items) {
    try {
      yield* ctx.client.delete(type, namespace, item.metadata.name ?? '', { propagationPolicy: 'Background' });
    } catch (e) {
      if (e instanceof StatusError && (e.reason === 'NotFound' || e.reason === 'MethodNotAllowed')) continue;
      return { estimate, remaining: [], error: e as Error };
    }
  }
  const left = (yield* ctx.client.list(type, { namespace })).items;
  if (left.length === 0) return { estimate, remaining: [] };
  if (estimate !== 0) return { estimate, remaining: left };
  // An item with a finalizer is a normal condition: wait the default estimate for the garbage collector.
  if (left.some((o) => (o.metadata.finalizers ?? []).length > 0)) return { estimate: FINALIZER_ESTIMATE_SECONDS, remaining: left };
  return { estimate, remaining: left, error: new Error(`unexpected items still remain in namespace: ${namespace} for gvr: ${info.group}/${info.version}, Resource=${info.resource}`) };
}
