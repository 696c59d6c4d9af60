/**
 * The StatefulSet controller: keeps `spec.replicas` pods named `<set>-0…` for every StatefulSet, each with its
 * claims, in order (OrderedReady) or all at once (Parallel), and rolls them to the set's latest template.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set.go` (StatefulSetController, sync,
 * adoptOrphanRevisions, getPodsForStatefulSet, canAdoptFunc, syncStatefulSet, resolveControllerRef,
 * getStatefulSetsForPod). One sync: read the set from the cache; parse its selector; adopt its orphaned revisions;
 * claim its pods (adopting orphans whose name says they are its members); run the control loop
 * (stateful-set-control.ts); look again after minReadySeconds while pods are not yet available.
 *
 * @remarks StatefulSet keeps no expectations upstream: a create that the cache has not seen yet fails with
 * AlreadyExists on the next pass and is retried. Upstream releases an owned pod whose name is not a member's; here
 * such a pod is left out of the set's pods (not released).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, keyOf, splitKey, type KubeObject, type OwnerReference } from '../../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import { ORPHAN_POD_INDEX_KEY, POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { refOf, type QueueReason } from '../../trace/trace-event.ts';
import { claimPods, type ClaimOwner } from '../replicaset/controller-ref-manager.ts';
import { internSelector } from '../replicaset/pod-facts.ts';
import { adoptControllerRevision, listControllerRevisions, type ControllerRevisionObject } from './controller-history.ts';
import { isMemberOf, replicasOf, type PodObject, type StatefulSetObject } from './identity.ts';
import { updateStatefulSet, type StatefulSetControlDeps } from './stateful-set-control.ts';
import type { ClaimObject } from './stateful-pod-control.ts';

/** The controller's name: its queue, its client's user, the trace actor and the events' source. */
export { STATEFULSET_CONTROLLER } from './descriptor.ts';
/** `cache.WaitForCacheSync`'s poll period. */
const SYNCED_POLL_PERIOD_MS = 100;

export interface StatefulSetControllerOptions {
  setInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  claimInformer: SharedIndexInformer;
  revisionInformer: SharedIndexInformer;
  recorder: EventRecorder;
}

/** `StatefulSetController`. */
export class StatefulSetController implements Reconciler, StatefulSetControlDeps {
  readonly setInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly claimInformer: SharedIndexInformer;
  readonly revisionInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  /** The runner whose queue the informer handlers feed; set by the descriptor once it is built. */
  runner: Controller | null = null;

  constructor(options: StatefulSetControllerOptions) {
    this.setInformer = options.setInformer;
    this.podInformer = options.podInformer;
    this.claimInformer = options.claimInformer;
    this.revisionInformer = options.revisionInformer;
    this.recorder = options.recorder;
  }

  /** The PersistentVolumeClaim lister. */
  getClaim(namespace: string | undefined, name: string): ClaimObject | undefined {
    return this.claimInformer.get(namespace, name) as ClaimObject | undefined;
  }

  /** The pod lister. */
  getPod(namespace: string | undefined, name: string): PodObject | undefined {
    return this.podInformer.get(namespace, name) as PodObject | undefined;
  }

  /** The StatefulSet lister. */
  getSet(namespace: string | undefined, name: string): StatefulSetObject | undefined {
    return this.setInformer.get(namespace, name) as StatefulSetObject | undefined;
  }

  /** `ListRevisions` over the revision informer's cache. */
  listRevisions(set: StatefulSetObject): ControllerRevisionObject[] {
    const selector = selectorOf(set);
    return selector ? listControllerRevisions(this.revisionInformer.list(undefined, set.metadata.namespace ?? ''), set, selector) : [];
  }

  /** `enqueueStatefulSet`. */
  enqueue(set: KubeObject, reason: QueueReason): void {
    this.runner?.enqueue(keyOf(set), reason);
  }

  /** `enqueueSSAfter`. */
  enqueueAfter(set: KubeObject, delayMs: number): void {
    this.runner?.enqueueAfter(keyOf(set), delayMs, 'after');
  }

  /** `resolveControllerRef`: the cached set a controllerRef names, if the kind and the UID match. */
  resolveControllerRef(namespace: string | undefined, ref: OwnerReference): StatefulSetObject | undefined {
    if (ref.kind !== 'StatefulSet' || ref.apiVersion.split('/')[0] !== 'apps') return undefined;
    const set = this.setInformer.get(namespace, ref.name) as StatefulSetObject | undefined;
    return set && set.metadata.uid === ref.uid ? set : undefined;
  }

  /** `getPodStatefulSets`: the namespace's sets whose (non-empty, valid) selector matches the pod's labels. */
  getPodStatefulSets(pod: Pod): StatefulSetObject[] {
    if (Object.keys(pod.metadata?.labels ?? {}).length === 0) return [];
    const out: StatefulSetObject[] = [];
    for (const set of this.setInformer.list(undefined, pod.metadata?.namespace ?? '') as StatefulSetObject[]) {
      const selector = selectorOf(set);
      if (!selector || selector.requirements.length === 0 || !matchesLabels(selector, pod.metadata?.labels)) continue;
      out.push(set);
    }
    return out;
  }

  /** `sync`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (!this.setInformer.hasSynced() || !this.podInformer.hasSynced() || !this.claimInformer.hasSynced() || !this.revisionInformer.hasSynced()) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    const { namespace, name } = splitKey(key);
    const set = this.setInformer.get(namespace, name) as StatefulSetObject | undefined;
    if (!set) {
      ctx.observe(`StatefulSet ${key} has been deleted`);
      return {};
    }
    const selector = selectorOf(set);
    if (!selector) {
      ctx.observe(`StatefulSet ${key} has an invalid selector`);
      return {};
    }
    yield* this.adoptOrphanRevisions(ctx, set);
    const pods = yield* this.getPodsForStatefulSet(ctx, set, selector);
    const want = replicasOf(set);
    ctx.observe(
      `StatefulSet ${key} (rv ${set.metadata.resourceVersion}): ${pods.length} pods (${set.spec?.podManagementPolicy ?? 'OrderedReady'}, ${set.spec?.updateStrategy?.type ?? 'RollingUpdate'})`,
      [{ ...refOf(set), rv: set.metadata.resourceVersion }, ...pods.slice(0, 20).map((p) => ({ ...refOf(p), rv: p.metadata.resourceVersion }))],
    );
    ctx.diff(`want ${want} pods, have ${pods.length}`, pods.length === want);
    const status = yield* updateStatefulSet(this, ctx, set, pods);
    const minReady = set.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && status.availableReplicas !== want) return { requeueAfter: minReady * 1000 };
    return {};
  }

  /** `adoptOrphanRevisions`: the set's selector's revisions without a controller get its controllerRef. */
  private *adoptOrphanRevisions(ctx: ReconcileContext, set: StatefulSetObject): ClientOp<void> {
    const orphans = this.listRevisions(set).filter((r) => !controllerOf(r));
    if (orphans.length === 0) return;
    const canAdoptErr = yield* recheckDeletionTimestamp(ctx, set);
    if (canAdoptErr) throw new Error(`can't adopt ControllerRevisions: ${canAdoptErr}`);
    for (const r of orphans) {
      yield* adoptControllerRevision(ctx.client, set, 'apps/v1', 'StatefulSet', r as ControllerRevisionObject);
      ctx.act(`adopt ControllerRevision ${r.metadata.name}`);
    }
  }

  /**
   * `getPodsForStatefulSet`: the pods it owns and the orphans its selector matches, claimed with the membership
   * filter (a pod's name must be `<set>-<ordinal>`).
   */
  private *getPodsForStatefulSet(ctx: ReconcileContext, set: StatefulSetObject, selector: ParsedLabelSelector): ClientOp<PodObject[]> {
    const ns = set.metadata.namespace ?? '';
    const owned = this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, set.metadata.uid ?? '') as PodObject[];
    const orphans = (this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, ORPHAN_POD_INDEX_KEY) as PodObject[]).filter((p) => (p.metadata.namespace ?? '') === ns);
    const candidates = [...owned, ...orphans].filter((p) => isMemberOf(set, p));
    const owner: ClaimOwner = { rs: set as unknown as ClaimOwner['rs'], apiVersion: 'apps/v1', kind: 'StatefulSet' };
    const claim = yield* claimPods(ctx.client, owner, selector, candidates);
    if (claim.adopted.length) ctx.act(`adopt ${claim.adopted.join(', ')}`);
    if (claim.released.length) ctx.act(`release ${claim.released.join(', ')}`);
    if (claim.error) throw claim.error;
    return claim.claimed as PodObject[];
  }
}

/** `canAdoptFunc`'s `RecheckDeletionTimestamp` over a fresh GET of the set: the reason it may not adopt, if any. */
function* recheckDeletionTimestamp(ctx: ReconcileContext, set: StatefulSetObject): ClientOp<string | undefined> {
  let fresh: KubeObject;
  try {
    fresh = yield* ctx.client.get({ apiVersion: 'apps/v1', kind: 'StatefulSet' }, set.metadata.namespace, set.metadata.name ?? '');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  if (fresh.metadata.uid !== set.metadata.uid) return `original StatefulSet ${set.metadata.namespace}/${set.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${set.metadata.uid}`;
  if (fresh.metadata.deletionTimestamp) return `${set.metadata.namespace}/${set.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`;
  return undefined;
}

/** `metav1.LabelSelectorAsSelector` of the set's selector; undefined when it is missing or cannot be parsed. */
export function selectorOf(set: StatefulSetObject): ParsedLabelSelector | undefined {
  if (!set.spec?.selector) return undefined;
  try {
    return internSelector(set.spec.selector);
  } catch {
    return undefined;
  }
}
