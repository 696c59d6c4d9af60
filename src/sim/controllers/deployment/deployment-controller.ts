/**
 * The Deployment controller: `syncDeployment` for one Deployment key, in upstream's order of steps.
 *
 * 1. Deployment gone from the cache → nothing. A selector of `{}` → Warning SelectingAll, observedGeneration only.
 * 2. The ReplicaSets it owns (`ClaimReplicaSets`: adopt matching orphans, release owned ones that stopped matching)
 *    and their pods.
 * 3. Being deleted → status only. Then the paused/resumed condition. Paused → `sync` (scale + cleanup only).
 *    A legacy rollbackTo annotation → `rollback`. A scaling event → `sync` (proportional scaling).
 * 4. Otherwise the strategy: `rolloutRecreate` or `rolloutRolling`.
 *
 * Ported from kubernetes `pkg/controller/deployment/deployment_controller.go` (syncDeployment, Run,
 * getReplicaSetsForDeployment, getPodMapForDeployment, handleErr with maxRetries 15).
 *
 * @remarks `WaitForNamedCacheSync` is a check at the start of each reconcile: until the Deployment, ReplicaSet and
 * Pod caches have synced, the key is looked at again after 100 ms (upstream's poll period) instead of syncing.
 */
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { OwnedPodTallies } from '../replicaset/owned-pod-tallies.ts';
import { internSelector } from '../replicaset/pod-facts.ts';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { refOf } from '../../trace/trace-event.ts';
import { libraries } from '../../libraries.ts';
import { POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { claimReplicaSets, getPodMapForDeployment, getPodMapForDeploymentByOwner, type DeploymentObject, type PodObject, type ReplicaSetObject } from './controller-ref.ts';
import type { DeploymentSync } from './deployment-sync.ts';
import { updateDeploymentStatus } from './deployment-sync.ts';
import { rolloutRecreate } from './recreate.ts';
import { getRollbackTo } from './rollback-to.ts';
import { rolloutRolling } from './rolling.ts';
import { getAllReplicaSetsAndSyncRevision, namespaceTerminating } from './new-replica-set.ts';
import { findNewReplicaSet, findOldReplicaSets, getReplicaCountForReplicaSets, rsReplicas } from './replica-sets.ts';
import { checkPausedConditions, statusSummary, sync, syncStatusOnly } from './sync.ts';
import { isScalingEvent } from './sync-logic.ts';
import { deploymentReplicas } from './fenceposts.ts';

/** The controller's name (`--controllers` "deployment", component "deployment-controller"). */
export const DEPLOYMENT_CONTROLLER_NAME = 'deployment-controller';

/** `cache.WaitForCacheSync`'s poll period. */
export const CACHE_SYNC_POLL_MS = 100;

/** A `{}` selector: `reflect.DeepEqual(d.Spec.Selector, &metav1.LabelSelector{})`. */
export function selectsEverything(d: Deployment): boolean {
  const sel = d.spec?.selector;
  if (!sel) return false;
  return Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0;
}

const byName = (a: KubeObject, b: KubeObject): number => {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

function countPodMap(podMap: ReadonlyMap<string, readonly PodObject[]>): number {
  let n = 0;
  for (const list of podMap.values()) n += list.length;
  return n;
}

/** The pods indexed under a ReplicaSet's UID, by key, in index order. */
function* bucketOf(podInformer: SharedIndexInformer, uid: string): Iterable<[string, Pod]> {
  for (const p of podInformer.byIndex(POD_CONTROLLER_UID_INDEX, uid)) yield [keyOf(p), p as Pod & KubeObject];
}

/**
 * `DeploymentController`: its listers (the process's shared informers), its event recorder and its queue
 * (the {@link Controller} runner, set by the descriptor once built).
 */
export class DeploymentController implements Reconciler {
  /** The runner; set right after construction (it needs this reconciler first). */
  controller: Controller | null = null;
  /** Running counts of each ReplicaSet's pods against the Deployment's selector, moved by the pod handler. */
  readonly tallies = new OwnedPodTallies();

  constructor(
    readonly dInformer: SharedIndexInformer,
    readonly rsInformer: SharedIndexInformer,
    readonly podInformer: SharedIndexInformer,
    readonly recorder: EventRecorder,
  ) {}

  /** `dc.enqueue(d)`. */
  enqueue(d: KubeObject, reason: 'add' | 'update' | 'delete' = 'update'): void {
    this.controller?.enqueue(keyOf(d), reason);
  }

  /** `dc.enqueueRateLimited(d)`. */
  enqueueRateLimited(key: string): void {
    this.controller?.queue.addRateLimited(key);
  }

  getReplicaSet(namespace: string | undefined, name: string): ReplicaSetObject | undefined {
    return this.rsInformer.get(namespace, name) as ReplicaSetObject | undefined;
  }

  /**
   * `syncDeployment`, then `handleErr`'s one special case: an error caused by a terminating namespace is not retried
   * (every other error is, rate-limited, up to maxRetries).
   */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    try {
      return yield* this.syncDeployment(request, ctx);
    } catch (e) {
      if (!namespaceTerminating(e)) throw e;
      ctx.status(`namespace ${request.namespace} is terminating: not retried (${e instanceof Error ? e.message : String(e)})`);
      return {};
    }
  }

  /** `syncDeployment`. */
  private *syncDeployment(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (!this.dInformer.hasSynced() || !this.rsInformer.hasSynced() || !this.podInformer.hasSynced()) {
      ctx.status('waiting for the deployment, replicaset and pod caches to sync');
      return { requeueAfter: CACHE_SYNC_POLL_MS };
    }
    const { namespace, name } = request;
    const key = namespace ? `${namespace}/${name}` : name;
    const cached = this.dInformer.get(namespace, name);
    if (!cached) {
      ctx.observe(`deployment ${key} has been deleted`);
      return {};
    }
    const d = structuredClone(cached) as DeploymentObject;
    const s: DeploymentSync = { ctx, recorder: this.recorder, rsLister: this, queue: this, key, d, result: {} };

    if (selectsEverything(d)) {
      ctx.observe(`deployment ${key} selects every pod`, [{ ...refOf(d), rv: d.metadata.resourceVersion }]);
      this.recorder.event(d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
      if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
        d.status = { ...(d.status ?? {}), observedGeneration: d.metadata.generation ?? 0 };
        try {
          yield* updateDeploymentStatus(s, 'observedGeneration');
        } catch {
          // upstream ignores this error
        }
      }
      return {};
    }

    // List ReplicaSets owned by this Deployment, while reconciling ControllerRef through adoption/orphaning.
    const nsReplicaSets = (this.rsInformer.list(undefined, d.metadata.namespace) as ReplicaSetObject[]).sort(byName);
    const rsList = yield* claimReplicaSets(ctx.client, d, nsReplicaSets);
    // getPodMapForDeployment: only Recreate reads the pods (oldPodsRunning); the observe event reports their number.
    // With the pod index by controller UID (the ReplicaSet controller adds it), the pods come from each ReplicaSet's
    // index bucket, and their number from the running tallies over those buckets (replicaset/owned-pod-tallies.ts);
    // without it, from listing the namespace.
    const strategy = d.spec?.strategy?.type ?? 'RollingUpdate';
    const indexed = this.podInformer.getStore().getIndexers().includes(POD_CONTROLLER_UID_INDEX);
    let podMap: Map<string, PodObject[]> | undefined;
    if (!indexed) podMap = getPodMapForDeployment(d, rsList, (this.podInformer.list(undefined, d.metadata.namespace) as PodObject[]).sort(byName));
    else if (strategy === 'Recreate') podMap = getPodMapForDeploymentByOwner(d, rsList, (uid) => this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, uid));
    this.observe(s, rsList, podMap ? countPodMap(podMap) : this.countPods(d, rsList));

    if (d.metadata.deletionTimestamp) {
      yield* syncStatusOnly(s, rsList);
      return s.result;
    }
    // Update deployment conditions with an Unknown condition when pausing/resuming a deployment.
    yield* checkPausedConditions(s);
    if (d.spec?.paused) {
      yield* sync(s, rsList);
      return s.result;
    }
    // rollback is not re-entrant in case the underlying replica sets are updated with a new revision, so we should
    // ensure that we won't proceed to update replica sets until we make sure that the deployment has cleaned up
    // its rollback spec in subsequent enqueues.
    if (getRollbackTo(d) !== undefined) {
      // Only a person's input carries the annotation (needs-libraries.ts loads them for it): rollback.ts is on demand.
      yield* libraries().controllerParts.rollback(s, rsList);
      return s.result;
    }
    // isScalingEvent: getAllReplicaSetsAndSyncRevision (without creating; it may sync the revision of the new
    // RS and of the Deployment), then is any active RS sized for another spec.replicas?
    const { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, false);
    if (isScalingEvent(d, newRS ? [...oldRSs, newRS] : oldRSs)) {
      ctx.diff(`scaling event: spec.replicas is ${deploymentReplicas(d)}, an active replica set was sized for another count`, false);
      yield* sync(s, rsList);
      return s.result;
    }
    if (strategy === 'Recreate') yield* rolloutRecreate(s, rsList, podMap!);
    else if (strategy === 'RollingUpdate') yield* rolloutRolling(s, rsList);
    else throw new Error(`unexpected deployment strategy type: ${strategy}`);
    return s.result;
  }

  /**
   * The number of pods `getPodMapForDeploymentByOwner` would map: each ReplicaSet's pods in the Deployment's
   * namespace that its selector matches, from the tally over the ReplicaSet's index bucket.
   */
  private countPods(d: DeploymentObject, rsList: readonly ReplicaSetObject[]): number {
    const spec = { selector: internSelector(d.spec?.selector ?? {}), templateLabels: undefined, namespace: d.metadata.namespace ?? '' };
    let n = 0;
    for (const rs of rsList) {
      const uid = rs.metadata.uid ?? '';
      n += this.tallies.tallyFor(uid, spec, () => bucketOf(this.podInformer, uid)).selected;
    }
    return n;
  }

  /** The observe and diff steps for the page: what the cache says, and how far the rollout is from done. */
  private observe(s: DeploymentSync, rsList: readonly ReplicaSetObject[], pods: number): void {
    const d = s.d;
    s.ctx.observe(
      `deployment ${d.metadata.name} (generation ${d.metadata.generation ?? 0}, ${deploymentReplicas(d)} replicas${d.spec?.paused ? ', paused' : ''}): ${rsList.length} replica sets, ${pods} pods`,
      [{ ...refOf(d), rv: d.metadata.resourceVersion }, ...rsList.map((rs) => ({ ...refOf(rs), rv: rs.metadata.resourceVersion }))],
    );
    const newRS = findNewReplicaSet(d, rsList);
    const { oldRSs } = findOldReplicaSets(d, rsList);
    const want = deploymentReplicas(d);
    const newSize = newRS ? rsReplicas(newRS) : 0;
    const oldSize = getReplicaCountForReplicaSets(oldRSs);
    const available = newRS?.status?.availableReplicas ?? 0;
    const inSync = newRS !== undefined && newSize === want && oldSize === 0 && available === want;
    s.ctx.diff(
      newRS
        ? `want ${want} of the current template: new replica set ${newRS.metadata?.name} has ${newSize} (${available} available), old ones ${oldSize}; status: ${statusSummary(d.status ?? {})}`
        : `want ${want} of the current template: no replica set has it yet; old ones ${oldSize}`,
      inSync,
    );
  }
}
