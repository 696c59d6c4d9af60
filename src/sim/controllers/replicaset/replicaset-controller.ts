/**
 * The ReplicaSet controller: keeps `spec.replicas` active pods for every ReplicaSet and reports what it sees in
 * its status.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set.go` (ReplicaSetController, syncReplicaSet,
 * resolveControllerRef, getPodReplicaSets, enqueueRS) and the apps/v1 lister's `GetPodReplicaSets`. The steps of
 * one sync, in upstream's order: read the ReplicaSet from the cache (gone → forget its expectations); check the
 * expectations; list the namespace's pods, keep the active ones and claim them (adopt / release); if the
 * expectations are satisfied and the ReplicaSet is not being deleted, `manageReplicas`; compute the status and write
 * it if it changed; requeue after minReadySeconds while pods are ready but not yet available.
 *
 * @remarks `WaitForNamedCacheSync` is modelled inside the sync: until both informers have synced, a sync does
 * nothing and looks again after 100 ms (upstream's `syncedPollPeriod`), instead of the workers not starting.
 * The terminating pods counted in `terminatingReplicas` are those this ReplicaSet controls and selects
 * (`FilterClaimedPods`), with the DeploymentReplicaSetTerminatingReplicas gate on.
 */
import { ORPHAN_POD_INDEX_KEY, POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import type { Pod } from 'kubernetes-types/core/v1';
import { keyOf, splitKey, type KubeObject, type OwnerReference } from '../../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { refOf, type QueueReason } from '../../trace/trace-event.ts';
import { claimPods } from './controller-ref-manager.ts';
import { UIDTrackingControllerExpectations } from './expectations.ts';
import { manageReplicas } from './manage-replicas.ts';
import { internSelector, podFacts, podMatches } from './pod-facts.ts';
import { availabilityRequeueAfter, calculateStatus } from './replica-set-status.ts';
import { BURST_REPLICAS } from './slow-start.ts';
import { statusUpToDate, updateReplicaSetStatus, type ReplicaSetObject } from './update-status.ts';

/** The controller's name: its queue, its client's user, the trace actor and the events' source. */
export const REPLICASET_CONTROLLER = 'replicaset-controller';
/** `cache.WaitForCacheSync`'s poll period. */
/** Pods listed in a reconcile's observe event (the page shows a sample; the summary has the counts). */
const MAX_OBSERVED_REFS = 20;

export const SYNCED_POLL_PERIOD_MS = 100;

export interface ReplicaSetControllerOptions {
  rsInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  recorder: EventRecorder;
  /** `burstReplicas` (kube-controller-manager passes {@link BURST_REPLICAS}). */
  burstReplicas?: number;
}

/** `ReplicaSetController`: the state one controller-manager keeps (caches, expectations) and its sync. */
export class ReplicaSetController implements Reconciler {
  readonly apiVersion = 'apps/v1';
  readonly kind = 'ReplicaSet';
  readonly rsInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  readonly burstReplicas: number;
  /** A TTL cache of the pod creates/deletes each ReplicaSet expects to see. */
  readonly expectations = new UIDTrackingControllerExpectations();
  /** The runner whose queue the informer handlers feed; set by the descriptor once it is built. */
  runner: Controller | null = null;

  constructor(options: ReplicaSetControllerOptions) {
    this.rsInformer = options.rsInformer;
    this.podInformer = options.podInformer;
    this.recorder = options.recorder;
    this.burstReplicas = options.burstReplicas ?? BURST_REPLICAS;
  }

  /** `enqueueRS`. */
  enqueueRS(rs: KubeObject, reason: QueueReason): void {
    this.enqueueKey(keyOf(rs), reason);
  }

  /** `queue.Add(key)`. */
  enqueueKey(key: string, reason: QueueReason): void {
    this.runner?.enqueue(key, reason);
  }

  /** `enqueueRSAfter`. */
  enqueueRSAfter(rs: KubeObject, delayMs: number): void {
    this.runner?.enqueueAfter(keyOf(rs), delayMs, 'after');
  }

  /** `resolveControllerRef`: the cached ReplicaSet a controllerRef names, if the kind and the UID match. */
  resolveControllerRef(namespace: string | undefined, ref: OwnerReference): ReplicaSetObject | undefined {
    if (ref.kind !== this.kind) return undefined;
    const rs = this.rsInformer.get(namespace, ref.name) as ReplicaSetObject | undefined;
    return rs && rs.metadata.uid === ref.uid ? rs : undefined;
  }

  /**
   * `getPodReplicaSets` (the lister's `GetPodReplicaSets`): the cached ReplicaSets of the pod's namespace whose
   * selector matches its labels; none for a pod without labels, and a nil or empty selector matches nothing.
   */
  getPodReplicaSets(pod: Pod): ReplicaSetObject[] {
    if (Object.keys(pod.metadata?.labels ?? {}).length === 0) return [];
    const out: ReplicaSetObject[] = [];
    for (const rs of this.rsInformer.list(undefined, pod.metadata?.namespace ?? '') as ReplicaSetObject[]) {
      const selector = selectorOf(rs);
      if (!selector || selector.requirements.length === 0 || !matchesLabels(selector, pod.metadata?.labels)) continue;
      out.push(rs);
    }
    return out;
  }

  /** `getRSPods` (replica_set.go): pods indexed under the ReplicaSet's UID plus the orphans of its namespace. */
  getRSPods(rs: ReplicaSetObject): Array<Pod & KubeObject> {
    const ns = rs.metadata.namespace ?? '';
    const owned = this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, rs.metadata.uid ?? '');
    const orphans = this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, ORPHAN_POD_INDEX_KEY).filter((p) => (p.metadata.namespace ?? '') === ns);
    return [...owned, ...orphans] as Array<Pod & KubeObject>;
  }

  /** `syncReplicaSet`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (!this.rsInformer.hasSynced() || !this.podInformer.hasSynced()) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const { namespace, name } = splitKey(key);
    const rs = this.rsInformer.get(namespace, name) as ReplicaSetObject | undefined;
    if (!rs) {
      ctx.observe(`ReplicaSet ${key} not found: deleted`);
      this.expectations.deleteExpectations(key);
      return {};
    }
    const rsNeedsSync = this.expectations.satisfiedExpectations(key, ctx.now);
    const selector = selectorOf(rs);
    if (!selector) {
      ctx.observe(`ReplicaSet ${key} has an invalid selector`);
      return {};
    }
    // `getRSPods`: the pods we control (matching or not) and the orphans we may adopt, from the pod indexer by
    // controller UID, instead of every pod of the namespace.
    // One pass over them (memoised per pod object, see pod-facts.ts): the active ones (`FilterActivePods`), the
    // terminating ones we control and select (`terminatingPodsOf`), the count of owned and of matching orphans.
    const allPods = this.getRSPods(rs);
    const uid = rs.metadata.uid;
    const activePods: Pod[] = [];
    const terminatingPods: Pod[] = [];
    const owned: Pod[] = [];
    let orphans = 0;
    for (const p of allPods) {
      const f = podFacts(p);
      if (f.active) {
        activePods.push(p);
        if (f.controllerUid === uid) owned.push(p);
        if (!f.hasController && podMatches(selector, p)) orphans++;
      } else if (f.terminating && f.controllerUid === uid && podMatches(selector, p)) {
        terminatingPods.push(p);
      }
    }
    ctx.observe(
      `ReplicaSet ${key} (rv ${rs.metadata.resourceVersion}): ${owned.length} active pods owned${orphans ? `, ${orphans} matching orphans` : ''}, ${terminatingPods.length} terminating`,
      [{ ...refOf(rs), rv: rs.metadata.resourceVersion }, ...owned.slice(0, MAX_OBSERVED_REFS).map((p) => ({ ...refOf(p as Pod & KubeObject), rv: p.metadata?.resourceVersion }))],
    );
    const claim = yield* claimPods(ctx.client, { rs, apiVersion: this.apiVersion, kind: this.kind }, selector, activePods);
    const filteredPods = claim.claimed;
    if (claim.adopted.length) ctx.act(`adopt ${claim.adopted.join(', ')}`);
    if (claim.released.length) ctx.act(`release ${claim.released.join(', ')}`);
    if (claim.error) throw claim.error;

    const want = rs.spec?.replicas ?? 1;
    const inSync = filteredPods.length === want;
    let manageReplicasErr: Error | undefined;
    if (rsNeedsSync && !rs.metadata.deletionTimestamp) {
      ctx.diff(`want ${want} pods, have ${filteredPods.length}`, inSync);
      manageReplicasErr = yield* manageReplicas(this, ctx, filteredPods, rs);
    } else {
      const why = rs.metadata.deletionTimestamp ? 'the ReplicaSet is being deleted' : waitingOn(this.expectations.getExpectations(key));
      ctx.diff(`want ${want} pods, have ${filteredPods.length}; not acting: ${why}`, inSync);
    }

    const newStatus = calculateStatus(rs, filteredPods, terminatingPods, manageReplicasErr?.message, ctx.now);
    const changed = !statusUpToDate(rs, newStatus);
    const updatedRS = yield* updateReplicaSetStatus(ctx.client, rs, newStatus);
    ctx.status(
      `${changed ? 'status written' : 'status unchanged'}: replicas ${newStatus.replicas}, ready ${newStatus.readyReplicas}, available ${newStatus.availableReplicas}`,
    );
    if (manageReplicasErr) throw manageReplicasErr;
    // Resync after minReadySeconds as a last line of defence against clock skew.
    const after = availabilityRequeueAfter(updatedRS, updatedRS.status ?? { replicas: 0 });
    if (after !== undefined) return { requeueAfter: after };
    return {};
  }
}

/** `metav1.LabelSelectorAsSelector` of the ReplicaSet's selector; undefined when it cannot be parsed. */
function selectorOf(rs: ReplicaSetObject): ParsedLabelSelector | undefined {
  if (!rs.spec?.selector) return undefined;
  try {
    return internSelector(rs.spec.selector);
  } catch {
    return undefined;
  }
}

function waitingOn(exp: { add: number; del: number } | undefined): string {
  if (!exp) return 'expectations not satisfied';
  const parts: string[] = [];
  if (exp.add > 0) parts.push(`${exp.add} create${exp.add === 1 ? '' : 's'}`);
  if (exp.del > 0) parts.push(`${exp.del} delete${exp.del === 1 ? '' : 's'}`);
  return `waiting for the informer to see ${parts.join(' and ')} (expectations)`;
}
