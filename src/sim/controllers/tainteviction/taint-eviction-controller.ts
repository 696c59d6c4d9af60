/**
 * The taint eviction controller: deletes the pods of nodes with NoExecute taints they do not tolerate — at once
 * when no toleration matches, after the smallest matching `tolerationSeconds` otherwise, never when a matching
 * toleration has no `tolerationSeconds`. The pods' owners (ReplicaSets...) then replace them elsewhere.
 *
 * Ported from kubernetes `pkg/controller/tainteviction/taint_eviction.go` (Controller, handleNodeUpdate,
 * handlePodUpdate, processPodOnNode, cancelWorkWithEvent, deletePodHandler, addConditionAndDeletePod, the
 * TaintManagerEviction events). A separate kube-controller-manager controller since 1.29 (SeparateTaintEviction
 * Controller, GA in 1.34).
 *
 * Queue keys: `<node>` (a node's NoExecute taints changed), `<namespace>/<pod>` (a pod's tolerations or node
 * changed), `evict:<namespace>/<pod>` (a pod's deletion is due).
 *
 * @remarks One queue and 8 workers (upstream: a node queue and a pod queue sharded over 8 workers by node name,
 * node updates first). The deletion of a due pod goes through the queue instead of its own goroutine; its 5
 * attempts follow each other without the 10 ms sleeps. Pod keys do not carry the node name, so upstream's check
 * that the pod is still on the node the update was for is not made.
 */
import type { Pod, Taint, Toleration } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { Runnable } from '../../controller/controller-manager.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { rfc3339 } from '../../engine/clock.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import type { QueueReason } from '../../trace/trace-event.ts';
import {
  DELETION_BY_TAINT_MANAGER, DELETION_BY_TAINT_MANAGER_MESSAGE, TAINT_MANAGER_EVICTION, cancellingDeletionMessage, getNoExecuteTaints,
  markingForDeletionMessage, processPodOnNode,
} from '../nodelifecycle/eviction-timing.ts';
import { TimedWorkerQueue, type EvictionTarget } from './timed-workers.ts';

/** The controller's name (`--controllers` "taint-eviction-controller"), its queue, and its events' component. */
export const TAINT_EVICTION_CONTROLLER = 'taint-eviction-controller';
/** `UpdateWorkerSize`. */
export const UPDATE_WORKER_SIZE = 8;
/** `retries` of deletePodHandler. */
const DELETE_RETRIES = 5;
/** Queue key prefix of a pod whose deletion is due. */
export const EVICT_KEY_PREFIX = 'evict:';

const POD = { apiVersion: 'v1', kind: 'Pod' } as const;

function podRef(key: string): KubeObject {
  const i = key.indexOf('/');
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace: key.slice(0, i), name: key.slice(i + 1) } };
}

/** `tainteviction.Controller`: the tainted nodes it knows, the scheduled deletions, and its reconcile. */
export class TaintEvictionController implements Reconciler, EvictionTarget, Runnable {
  readonly taintEvictionQueue: TimedWorkerQueue;
  /** `taintedNodes`: each node's NoExecute taints, for nodes that have some. */
  readonly taintedNodes = new Map<string, Taint[]>();
  runner: Controller | null = null;

  constructor(
    readonly ctx: SimContext,
    readonly podInformer: SharedIndexInformer,
    readonly nodeInformer: SharedIndexInformer,
    readonly recorder: EventRecorder,
  ) {
    this.taintEvictionQueue = new TimedWorkerQueue(ctx, this);
  }

  /** Nothing to start: the timers are set by the reconciles. */
  start(): void {}

  /** A crash or lost leadership: the scheduled deletions are lost with the process. */
  stop(): void {
    this.taintEvictionQueue.stop();
  }

  enqueue(key: string, reason: QueueReason): void {
    this.runner?.enqueue(key, reason);
  }

  /** The worker of a pod fired: `emitPodDeletionEvent`, then the deletion. */
  evictPod(key: string): void {
    this.recorder.event(podRef(key), 'Normal', TAINT_MANAGER_EVICTION, markingForDeletionMessage(key));
    this.enqueue(EVICT_KEY_PREFIX + key, 'manual');
  }

  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    if (request.namespace === undefined) return this.handleNodeUpdate(request.name, ctx);
    if (request.namespace.startsWith(EVICT_KEY_PREFIX)) return yield* this.deletePod(`${request.namespace.slice(EVICT_KEY_PREFIX.length)}/${request.name}`, ctx);
    return this.handlePodUpdate(request.namespace, request.name, ctx);
  }

  /** `handleNodeUpdate`: remember the node's NoExecute taints, then look at each of its pods. */
  private handleNodeUpdate(nodeName: string, ctx: ReconcileContext): void {
    const node = this.nodeInformer.get(undefined, nodeName);
    if (!node) {
      this.taintedNodes.delete(nodeName);
      return;
    }
    const taints = getNoExecuteTaints((node.spec as { taints?: Taint[] } | undefined)?.taints);
    if (taints.length === 0) this.taintedNodes.delete(nodeName);
    else this.taintedNodes.set(nodeName, taints);
    const pods = this.podInformer.byIndex(NODE_NAME_INDEX, nodeName) as (KubeObject & Pod)[];
    ctx.observe(`${nodeName}: NoExecute taints [${taints.map((t) => t.key).join(', ')}], ${pods.length} pod${pods.length === 1 ? '' : 's'}`, [{ apiVersion: 'v1', kind: 'Node', name: nodeName, rv: node.metadata.resourceVersion }]);
    if (pods.length === 0) return;
    if (taints.length === 0) {
      for (const pod of pods) this.cancelWorkWithEvent(`${pod.metadata.namespace}/${pod.metadata.name}`);
      return;
    }
    const now = this.ctx.now;
    for (const pod of pods) this.processPodOnNode(`${pod.metadata.namespace}/${pod.metadata.name}`, pod.spec?.tolerations, taints, now, ctx);
  }

  /** `handlePodUpdate`: a pod gone cancels its deletion; a pod on a tainted node is looked at again. */
  private handlePodUpdate(namespace: string, name: string, ctx: ReconcileContext): void {
    const key = `${namespace}/${name}`;
    const pod = this.podInformer.get(namespace, name) as (KubeObject & Pod) | undefined;
    if (!pod) {
      this.cancelWorkWithEvent(key);
      return;
    }
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    const taints = this.taintedNodes.get(nodeName);
    if (!taints) return;
    this.processPodOnNode(key, pod.spec?.tolerations, taints, this.ctx.now, ctx);
  }

  /** `processPodOnNode`: see eviction-timing.ts for the decision. */
  private processPodOnNode(key: string, tolerations: readonly Toleration[] | undefined, taints: Taint[], now: number, ctx: ReconcileContext): void {
    const scheduled = this.taintEvictionQueue.getWorker(key);
    const decision = processPodOnNode(tolerations, taints, now, scheduled?.createdAt);
    switch (decision.kind) {
      case 'cancel':
        this.cancelWorkWithEvent(key);
        return;
      case 'evictNow':
        ctx.act(`${key} does not tolerate [${taints.map((t) => t.key).join(', ')}]: delete it now`);
        this.cancelWorkWithEvent(key);
        this.taintEvictionQueue.addWork(key, now, now);
        return;
      case 'keep':
        return;
      case 'schedule':
        if (scheduled) this.cancelWorkWithEvent(key);
        if (!this.taintEvictionQueue.getWorker(key)) ctx.act(`${key} tolerates the taints for ${(decision.fireAt - decision.createdAt) / 1000} s: delete it at ${rfc3339(decision.fireAt)}`);
        this.taintEvictionQueue.addWork(key, decision.createdAt, decision.fireAt);
        return;
    }
  }

  /** `cancelWorkWithEvent`: "Cancelling deletion of Pod <ns>/<name>" when a scheduled deletion is dropped. */
  private cancelWorkWithEvent(key: string): void {
    if (this.taintEvictionQueue.cancelWork(key)) this.recorder.event(podRef(key), 'Normal', TAINT_MANAGER_EVICTION, cancellingDeletionMessage(key));
  }

  /** `deletePodHandler` → `addConditionAndDeletePod`: the DisruptionTarget condition, then the delete; 5 attempts. */
  private *deletePod(key: string, ctx: ReconcileContext): ReconcileGenerator {
    const { namespace, name } = podRef(key).metadata as { namespace: string; name: string };
    ctx.act(`delete ${key} (NoExecute taint)`);
    let lastError: unknown;
    for (let i = 0; i < DELETE_RETRIES; i++) {
      try {
        const pod = yield* ctx.client.get<KubeObject & Pod>(POD, namespace, name);
        const existing = pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
        if (existing?.status !== 'True' || existing.reason !== DELETION_BY_TAINT_MANAGER || existing.message !== DELETION_BY_TAINT_MANAGER_MESSAGE) {
          const condition = { type: 'DisruptionTarget', status: 'True', reason: DELETION_BY_TAINT_MANAGER, message: DELETION_BY_TAINT_MANAGER_MESSAGE, lastTransitionTime: rfc3339(this.ctx.now) };
          yield* ctx.client.patch(POD, namespace, name, 'application/strategic-merge-patch+json', { metadata: { uid: pod.metadata.uid }, status: { conditions: [condition] } }, { subresource: 'status' });
        }
        yield* ctx.client.delete(POD, namespace, name);
        this.taintEvictionQueue.workDone(key, true);
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        lastError = e;
      }
    }
    this.taintEvictionQueue.workDone(key, false);
    ctx.status(`failed to delete ${key}: ${(lastError as Error).message}`);
  }
}
