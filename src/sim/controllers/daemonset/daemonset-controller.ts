/**
 * The DaemonSet controller: one pod on every node that should run it, none elsewhere; the template rolled out
 * node by node (RollingUpdate) or left to the user's deletes (OnDelete); ControllerRevisions for its templates;
 * the status counts.
 *
 * Ported from kubernetes `pkg/controller/daemon/daemon_controller.go` (syncDaemonSet, getDaemonPods,
 * getNodesToDaemonPods, manage, updateDaemonSet, updateDaemonSetStatus, storeDaemonSetStatus) and `update.go`
 * (rollingUpdate). The steps of one sync, in upstream's order: read the DaemonSet (gone → forget its
 * expectations); list the nodes; refuse an empty selector; nothing while it is being deleted; construct the history
 * (the current revision's hash); expectations not satisfied → only the status (without observedGeneration);
 * otherwise manage (create and delete per node), then, if nothing is awaited, the rolling update, then prune the
 * history; then the status.
 *
 * @remarks `WaitForNamedCacheSync` is modelled inside the sync (until the informers have synced, look again after
 * 100 ms). Nodes are taken in the node cache's order, not Go's random map order.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { keyOf, splitKey, type KubeObject, type OwnerReference } from '../../api/object.ts';
import { matchesLabels } from '../../apiserver/selectors/label-selector.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { ORPHAN_POD_INDEX_KEY, POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { refOf, type QueueReason } from '../../trace/trace-event.ts';
import { claimPods } from '../replicaset/controller-ref-manager.ts';
import { internSelector } from '../replicaset/pod-facts.ts';
import { cleanupHistory, constructHistory } from './controller-history.ts';
import { ControllerExpectations } from './controller-expectations.ts';
import { daemonSetCounts, newDaemonSetStatus, statusUpToDate, type DaemonSetCounts } from './daemonset-status.ts';
import { CONTROLLER_REVISION_HASH_LABEL, getTargetNodeName, type DaemonSetObject, type PodObject } from './daemonset-util.ts';
import { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { FAILED_DAEMON_POD_REASON, planManage, SUCCEEDED_DAEMON_POD_REASON } from './manage.ts';
import { planRollingUpdate, updatedDesiredNodeCounts } from './rolling-update.ts';
import { syncNodes } from './sync-nodes.ts';

/** The controller's name: its queue, its client's user, the trace actor and the events' source. */
export { DAEMONSET_CONTROLLER } from './descriptor.ts';
const SYNCED_POLL_PERIOD_MS = 100;
/** `StatusUpdateRetries`. */
const STATUS_UPDATE_RETRIES = 1;
/** `SelectingAllReason`. */
export const SELECTING_ALL_REASON = 'SelectingAll';
const DAEMON_SET = { apiVersion: 'apps/v1', kind: 'DaemonSet' } as const;

export interface DaemonSetControllerOptions {
  dsInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  nodeInformer: SharedIndexInformer;
  historyInformer: SharedIndexInformer;
  recorder: EventRecorder;
}

/** `DaemonSetsController`: caches, expectations, the failed-pod back-off and the sync. */
export class DaemonSetController implements Reconciler {
  readonly dsInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly nodeInformer: SharedIndexInformer;
  readonly historyInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  readonly expectations = new ControllerExpectations();
  readonly failedPodsBackoff = new FailedPodsBackoff();
  runner: Controller | null = null;

  constructor(options: DaemonSetControllerOptions) {
    this.dsInformer = options.dsInformer;
    this.podInformer = options.podInformer;
    this.nodeInformer = options.nodeInformer;
    this.historyInformer = options.historyInformer;
    this.recorder = options.recorder;
  }

  /** `enqueue`. */
  enqueue(ds: KubeObject, reason: QueueReason): void {
    this.runner?.enqueue(keyOf(ds), reason);
  }

  /** `enqueueDaemonSetAfter`. */
  enqueueAfter(ds: KubeObject, delayMs: number): void {
    this.runner?.enqueueAfter(keyOf(ds), delayMs, 'after');
  }

  /** The cached DaemonSets. */
  daemonSets(): DaemonSetObject[] {
    return this.dsInformer.list() as DaemonSetObject[];
  }

  /** `resolveControllerRef`. */
  resolveControllerRef(namespace: string | undefined, ref: OwnerReference): DaemonSetObject | undefined {
    if (ref.kind !== 'DaemonSet') return undefined;
    const ds = this.dsInformer.get(namespace, ref.name) as DaemonSetObject | undefined;
    return ds && ds.metadata.uid === ref.uid ? ds : undefined;
  }

  /** `GetPodDaemonSets`: the namespace's DaemonSets whose (non-empty) selector matches the pod's labels. */
  getPodDaemonSets(pod: Pod): DaemonSetObject[] {
    if (Object.keys(pod.metadata?.labels ?? {}).length === 0) return [];
    return (this.dsInformer.list(undefined, pod.metadata?.namespace ?? '') as DaemonSetObject[]).filter((ds) => {
      const selector = selectorOf(ds);
      return selector !== undefined && selector.requirements.length > 0 && matchesLabels(selector, pod.metadata?.labels);
    });
  }

  /** `syncDaemonSet`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    if (![this.dsInformer, this.podInformer, this.nodeInformer, this.historyInformer].every((i) => i.hasSynced())) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const { namespace, name } = splitKey(key);
    const ds = this.dsInformer.get(namespace, name) as DaemonSetObject | undefined;
    if (!ds) {
      ctx.observe(`DaemonSet ${key} not found: deleted`);
      this.expectations.deleteExpectations(key);
      return {};
    }
    const nodes = this.nodeInformer.list() as Array<Node & KubeObject>;
    const selector = selectorOf(ds);
    if (!selector || selector.requirements.length === 0) {
      ctx.observe(`DaemonSet ${key} selects every pod`);
      this.recorder.event(ds, 'Warning', SELECTING_ALL_REASON, 'This daemon set is selecting all pods. A non-empty selector is required.');
      return {};
    }
    if (ds.metadata.deletionTimestamp) {
      ctx.observe(`DaemonSet ${key} is being deleted`);
      return {};
    }
    const { cur, old } = yield* constructHistory(ctx, this.historyInformer, ds);
    const hash = cur.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
    const nodeToDaemonPods = yield* this.getNodesToDaemonPods(ctx, ds, selector);
    ctx.observe(
      `DaemonSet ${key} (rv ${ds.metadata.resourceVersion}, revision ${cur.revision} ${hash}): ${nodes.length} nodes, pods on ${nodeToDaemonPods.size}`,
      [{ ...refOf(ds), rv: ds.metadata.resourceVersion }, ...[...nodeToDaemonPods.values()].flat().slice(0, 20).map((p) => ({ ...refOf(p as PodObject), rv: p.metadata?.resourceVersion }))],
    );
    if (!this.expectations.satisfiedExpectations(key, ctx.now)) {
      const pending = this.expectations.pending(key);
      ctx.diff(`not acting: waiting for the informer to see ${pending?.add ?? 0} create(s) and ${pending?.del ?? 0} delete(s) (expectations)`, false);
      return yield* this.updateDaemonSetStatus(ctx, ds, nodes, hash, false);
    }
    const requeues: number[] = [];
    const err = yield* this.updateDaemonSet(ctx, ds, nodes, hash, key, old, nodeToDaemonPods, requeues);
    let statusErr: unknown;
    let result: { requeueAfter?: number } = {};
    try {
      result = yield* this.updateDaemonSetStatus(ctx, ds, nodes, hash, true);
    } catch (e) {
      statusErr = e;
    }
    if (err) throw err;
    if (statusErr) throw statusErr;
    const after = [...requeues, ...(result.requeueAfter !== undefined ? [result.requeueAfter] : [])];
    return after.length ? { requeueAfter: Math.min(...after) } : {};
  }

  /**
   * `getNodesToDaemonPods`: the DaemonSet's pods (claimed: orphans it selects adopted, owned ones it no longer
   * selects released) by the node each is for; terminal pods already being deleted left out.
   */
  *getNodesToDaemonPods(ctx: ReconcileContext, ds: DaemonSetObject, selector = selectorOf(ds)): ClientOp<Map<string, Pod[]>> {
    const out = new Map<string, Pod[]>();
    if (!selector) return out;
    const ns = ds.metadata.namespace ?? '';
    const owned = this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, ds.metadata.uid ?? '') as Pod[];
    const orphans = (this.podInformer.byIndex(POD_CONTROLLER_UID_INDEX, ORPHAN_POD_INDEX_KEY) as Pod[]).filter((p) => (p.metadata?.namespace ?? '') === ns);
    const claim = yield* claimPods(ctx.client, { rs: ds as never, apiVersion: 'apps/v1', kind: 'DaemonSet' }, selector, [...owned, ...orphans]);
    if (claim.adopted.length) ctx.act(`adopt ${claim.adopted.join(', ')}`);
    if (claim.released.length) ctx.act(`release ${claim.released.join(', ')}`);
    if (claim.error) throw claim.error;
    for (const pod of claim.claimed) {
      const phase = pod.status?.phase;
      if ((phase === 'Succeeded' || phase === 'Failed') && pod.metadata?.deletionTimestamp) continue;
      const target = getTargetNodeName(pod);
      if ('error' in target) continue;
      const list = out.get(target.nodeName);
      if (list) list.push(pod);
      else out.set(target.nodeName, [pod]);
    }
    return out;
  }

  /** `updateDaemonSet`: manage, then (nothing awaited) the rolling update, then prune the history. */
  private *updateDaemonSet(
    ctx: ReconcileContext,
    ds: DaemonSetObject,
    nodes: Node[],
    hash: string,
    key: string,
    old: Parameters<typeof cleanupHistory>[2],
    nodeToDaemonPods: Map<string, Pod[]>,
    requeues: number[],
  ): ClientOp<Error | undefined> {
    const plan = planManage(ds, nodes, nodeToDaemonPods, hash, this.failedPodsBackoff, ctx.now);
    for (const message of plan.failedPodMessages) this.recorder.event(ds, 'Warning', FAILED_DAEMON_POD_REASON, message);
    for (const message of plan.succeededPodMessages) this.recorder.event(ds, 'Normal', SUCCEEDED_DAEMON_POD_REASON, message);
    if (plan.requeueAfter !== undefined) requeues.push(plan.requeueAfter);
    const inSync = plan.nodesNeedingDaemonPods.length === 0 && plan.podsToDelete.length === 0;
    ctx.diff(
      inSync
        ? `a daemon pod on each of the nodes that should run one`
        : `${plan.nodesNeedingDaemonPods.length} node(s) need a daemon pod${plan.nodesNeedingDaemonPods.length ? ` (${plan.nodesNeedingDaemonPods.join(', ')})` : ''}, ${plan.podsToDelete.length} pod(s) to delete`,
      inSync,
    );
    const err = yield* syncNodes(this, ctx, ds, plan.podsToDelete, plan.nodesNeedingDaemonPods, hash);
    if (err) return err;
    if (this.expectations.satisfiedExpectations(key, ctx.now) && ds.spec?.updateStrategy?.type === 'RollingUpdate') {
      const current = yield* this.getNodesToDaemonPods(ctx, ds);
      const counts = updatedDesiredNodeCounts(ds, nodes, current);
      if ('error' in counts) return new Error(`couldn't get unavailable numbers: ${counts.error}`);
      const update = planRollingUpdate(ds, nodes, current, counts, hash, ctx.now);
      if (update.podsToDelete.length || update.nodesToCreate.length) {
        ctx.diff(`rolling update to ${hash}: replace ${update.podsToDelete.length} old pod(s)${update.nodesToCreate.length ? `, surge onto ${update.nodesToCreate.join(', ')}` : ''} (maxUnavailable ${counts.maxUnavailable}, maxSurge ${counts.maxSurge})`, false);
        const rollErr = yield* syncNodes(this, ctx, ds, update.podsToDelete, update.nodesToCreate, hash);
        if (rollErr) return rollErr;
      }
    }
    yield* cleanupHistory(ctx, ds, old, yield* this.getNodesToDaemonPods(ctx, ds));
    return undefined;
  }

  /** `updateDaemonSetStatus` and `storeDaemonSetStatus` (one retry after a fresh GET). */
  private *updateDaemonSetStatus(ctx: ReconcileContext, ds: DaemonSetObject, nodes: Node[], hash: string, updateObservedGen: boolean): ClientOp<{ requeueAfter?: number }> {
    const nodeToDaemonPods = yield* this.getNodesToDaemonPods(ctx, ds);
    const counts = daemonSetCounts(ds, nodes, nodeToDaemonPods, hash, ctx.now);
    if (statusUpToDate(ds, counts)) ctx.status(`status unchanged: ${summary(counts)}`);
    else yield* this.storeStatus(ctx, ds, counts, updateObservedGen);
    // Resync after minReadySeconds as a last line of defence against clock skew.
    const minReady = ds.spec?.minReadySeconds ?? 0;
    return minReady > 0 && counts.numberReady !== counts.numberAvailable ? { requeueAfter: minReady * 1000 } : {};
  }

  private *storeStatus(ctx: ReconcileContext, ds: DaemonSetObject, counts: DaemonSetCounts, updateObservedGen: boolean): ClientOp<void> {
    let toUpdate = ds;
    for (let i = 0; ; i++) {
      const body = { ...toUpdate, status: newDaemonSetStatus({ ...toUpdate, metadata: { ...toUpdate.metadata, generation: ds.metadata.generation } }, counts, updateObservedGen) };
      try {
        yield* ctx.client.updateStatus(body);
        ctx.status(`status written: ${summary(counts)}`);
        return;
      } catch (e) {
        if (i >= STATUS_UPDATE_RETRIES) throw e;
        toUpdate = yield* ctx.client.get<DaemonSetObject>(DAEMON_SET, ds.metadata.namespace, ds.metadata.name ?? '');
      }
    }
  }
}

function summary(c: DaemonSetCounts): string {
  return `desired ${c.desiredNumberScheduled}, current ${c.currentNumberScheduled}, ready ${c.numberReady}, up-to-date ${c.updatedNumberScheduled}, available ${c.numberAvailable}, misscheduled ${c.numberMisscheduled}`;
}

/** `metav1.LabelSelectorAsSelector` of the DaemonSet's selector; undefined when missing or unparsable. */
function selectorOf(ds: DaemonSetObject): ReturnType<typeof internSelector> | undefined {
  if (!ds.spec?.selector) return undefined;
  try {
    return internSelector(ds.spec.selector);
  } catch {
    return undefined;
  }
}
