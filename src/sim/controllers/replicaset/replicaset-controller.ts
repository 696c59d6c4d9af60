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
import { refOf, type ObjectRef, type QueueReason } from '../../trace/trace-event.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { claimPods } from './controller-ref-manager.ts';
import { UIDTrackingControllerExpectations } from './expectations.ts';
import { manageReplicas } from './manage-replicas.ts';
import { internSelector, podFacts, podMatches } from './pod-facts.ts';
import { OwnedPodTallies, type PodTally } from './owned-pod-tallies.ts';
import { availabilityRequeueAfter, calculateStatus, statusFromCounts, type ReplicaSetStatusWithTerminating } from './replica-set-status.ts';
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
  /** Running counts of each ReplicaSet's pods, moved by the pod handlers (owned-pod-tallies.ts). */
  readonly tallies = new OwnedPodTallies();
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

  /** The pods indexed under the ReplicaSet's UID, by key, in index order (what its tally is built from). */
  private *ownedPodEntries(rs: ReplicaSetObject): Iterable<[string, Pod]> {
    for (const p of this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, rs.metadata.uid ?? '')) yield [keyOf(p), p as Pod & KubeObject];
  }

  /** The pods without a controller in the ReplicaSet's namespace (the orphans `getRSPods` adds). */
  private namespaceOrphans(rs: ReplicaSetObject): Array<Pod & KubeObject> {
    const ns = rs.metadata.namespace ?? '';
    return this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, ORPHAN_POD_INDEX_KEY).filter((p) => (p.metadata.namespace ?? '') === ns) as Array<Pod & KubeObject>;
  }

  /**
   * Upstream's path: `getRSPods`, one pass over them (memoised per pod object, see pod-facts.ts) for the active ones
   * (`FilterActivePods`), the terminating ones we control and select, the owned and matching orphan counts; the
   * observe event; then `ClaimPods` (adopting and releasing) and the counts `calculateStatus` makes of the claimed.
   */
  private *claimView(ctx: ReconcileContext, rs: ReplicaSetObject, selector: ParsedLabelSelector, orphanPods: readonly Pod[], key: string): ClientOp<PodView> {
    const uid = rs.metadata.uid;
    const activePods: Pod[] = [];
    const terminatingPods: Pod[] = [];
    const owned: Pod[] = [];
    let orphans = 0;
    const ownedPods = this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, uid ?? '') as Array<Pod & KubeObject>;
    for (const p of [...ownedPods, ...orphanPods]) {
      const f = podFacts(p);
      if (f.active) {
        activePods.push(p);
        if (f.controllerUid === uid) owned.push(p);
        if (!f.hasController && podMatches(selector, p)) orphans++;
      } else if (f.terminating && f.controllerUid === uid && podMatches(selector, p)) {
        terminatingPods.push(p);
      }
    }
    observePods(ctx, rs, key, owned.length, orphans, terminatingPods.length, owned);
    const claim = yield* claimPods(ctx.client, { rs, apiVersion: this.apiVersion, kind: this.kind }, selector, activePods);
    if (claim.adopted.length) ctx.act(`adopt ${claim.adopted.join(', ')}`);
    if (claim.released.length) ctx.act(`release ${claim.released.join(', ')}`);
    const filteredPods = claim.claimed;
    return {
      claimed: filteredPods.length,
      claimedPods: () => filteredPods,
      status: (r, err, now) => calculateStatus(r, filteredPods, terminatingPods, err, now),
      error: claim.error,
    };
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
    const want = rs.spec?.replicas ?? 1;
    // The counts come from the ReplicaSet's running tally (owned-pod-tallies.ts) when no pod needs claiming or
    // deleting and availability does not depend on the time; otherwise from the listed pods, as upstream.
    const tallySpec = { selector, templateLabels: rs.spec?.template?.metadata?.labels, namespace: rs.metadata.namespace ?? '' };
    const tally = this.tallies.tallyFor(rs.metadata.uid ?? '', tallySpec, () => this.ownedPodEntries(rs));
    const orphanPods = this.namespaceOrphans(rs);
    let matchingOrphans = 0;
    for (const p of orphanPods) if (podFacts(p).active && podMatches(selector, p)) matchingOrphans++;
    const fromTally = tally.unselectedActive === 0 && matchingOrphans === 0 && (rs.spec?.minReadySeconds ?? 0) === 0 && tally.claimed <= want;
    const view = fromTally ? tallyView(ctx, rs, key, tally) : yield* this.claimView(ctx, rs, selector, orphanPods, key);
    if (view.error) throw view.error;

    const inSync = view.claimed === want;
    let manageReplicasErr: Error | undefined;
    if (rsNeedsSync && !rs.metadata.deletionTimestamp) {
      ctx.diff(`want ${want} pods, have ${view.claimed}`, inSync);
      // manageReplicas with as many pods as wanted does nothing: skip listing them.
      if (!inSync) manageReplicasErr = yield* manageReplicas(this, ctx, view.claimedPods(), rs);
    } else {
      const why = rs.metadata.deletionTimestamp ? 'the ReplicaSet is being deleted' : waitingOn(this.expectations.getExpectations(key));
      ctx.diff(`want ${want} pods, have ${view.claimed}; not acting: ${why}`, inSync);
    }

    const newStatus = view.status(rs, manageReplicasErr?.message, ctx.now);
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

/** What the rest of a sync needs of the ReplicaSet's pods once they are claimed. */
interface PodView {
  /** How many active pods the ReplicaSet owns and selects (`len(filteredPods)`). */
  claimed: number;
  /** Those pods (listed only when manageReplicas acts). */
  claimedPods(): readonly Pod[];
  /** `calculateStatus`. */
  status(rs: ReplicaSetObject, manageReplicasErr: string | undefined, now: number): ReplicaSetStatusWithTerminating;
  /** ClaimPods' aggregated error. */
  error?: Error;
}

/** The observe event of a sync: the counts, the ReplicaSet and a sample of its active pods. */
function observePods(ctx: ReconcileContext, rs: ReplicaSetObject, key: string, owned: number, orphans: number, terminating: number, ownedPods: Iterable<Pod>): void {
  const sample: Array<ObjectRef & { rv?: string }> = [];
  for (const p of ownedPods) {
    if (sample.length >= MAX_OBSERVED_REFS) break;
    sample.push({ ...refOf(p as Pod & KubeObject), rv: p.metadata?.resourceVersion });
  }
  ctx.observe(
    `ReplicaSet ${key} (rv ${rs.metadata.resourceVersion}): ${owned} active pods owned${orphans ? `, ${orphans} matching orphans` : ''}, ${terminating} terminating`,
    [{ ...refOf(rs), rv: rs.metadata.resourceVersion }, ...sample],
  );
}

/**
 * The same counts from the ReplicaSet's tally, when every active pod it owns is selected and no orphan matches:
 * ClaimPods would then claim exactly those pods and write nothing. Available = ready (no minReadySeconds).
 */
function tallyView(ctx: ReconcileContext, rs: ReplicaSetObject, key: string, tally: PodTally): PodView {
  observePods(ctx, rs, key, tally.active, 0, tally.terminating, activeOf(tally.pods.values()));
  // The counts as of now: the tally moves on while the sync waits on the api-server, the listed pods would not.
  const counts = { replicas: tally.claimed, fullyLabeled: tally.fullyLabeled, ready: tally.ready, available: tally.ready, terminating: tally.terminating };
  return {
    claimed: counts.replicas,
    claimedPods: () => {
      // Listed only when manageReplicas acts, before the sync's first request: the tally has not moved yet.
      const pods = [...activeOf(tally.pods.values())]; // every active one is selected
      if (pods.length !== counts.replicas) throw new Error(`ReplicaSet ${key}: its pod tally moved before its pods were listed`);
      return pods;
    },
    status: (r, err, now) => statusFromCounts(r, counts, err, now),
  };
}

function* activeOf(pods: Iterable<Pod>): Iterable<Pod> {
  for (const p of pods) if (podFacts(p).active) yield p;
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
