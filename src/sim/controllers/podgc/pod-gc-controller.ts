/**
 * The pod garbage collector's orphan pass: pods bound to a node that no longer exists are marked Failed (with the
 * `DisruptionTarget` condition "PodGC: node no longer exists") and force-deleted, once the node has been missing
 * for the 40 s quarantine and a quorum read confirms it is gone.
 *
 * Ported from kubernetes `pkg/controller/podgc/gc_controller.go` (Run: gc every gcCheckPeriod; gcOrphaned,
 * discoverDeletedNodes, checkIfNodeExists, markFailedAndDeletePodWithCondition: quarantineTime 40 s).
 *
 * Every 20 s (`gcCheckPeriod`) the collector looks through its caches for pods bound to a node it does not know and
 * puts that node in quarantine; when the quarantine ends it asks the api-server whether the node exists (a quorum
 * read) and, if not, collects the node's pods. The look is a timer that writes nothing to the trace unless it finds
 * such a pod.
 *
 * @remarks The other passes (gcTerminated above the 12,500 threshold, gcTerminating on out-of-service nodes,
 * gcUnscheduledTerminating) are not modelled.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { Controller } from '../../controller/controller.ts';
import type { Runnable } from '../../controller/controller-manager.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { rfc3339 } from '../../engine/clock.ts';
import type { Timer } from '../../engine/scheduler.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { refOf } from '../../trace/trace-event.ts';

/** The controller's name: its queue, its client's user and the trace actor. */
export const POD_GC_CONTROLLER = 'pod-garbage-collector-controller';
/** `quarantineTime`: how long a node must be missing before its pods are collected. */
export const QUARANTINE_TIME_MS = 40_000;
/** `gcCheckPeriod`. */
export const GC_CHECK_PERIOD_MS = 20_000;

const NODE = { apiVersion: 'v1', kind: 'Node' } as const;
const POD = { apiVersion: 'v1', kind: 'Pod' } as const;

export class PodGCController implements Reconciler, Runnable {
  runner: Controller | null = null;
  /** The nodes in quarantine (`nodeQueue`'s waiting items), so a look does not queue one twice. */
  private readonly quarantined = new Set<string>();
  private timer: Timer | null = null;

  constructor(
    readonly ctx: SimContext,
    readonly podInformer: SharedIndexInformer,
    readonly nodeInformer: SharedIndexInformer,
  ) {}

  start(): void {
    this.timer = this.ctx.scheduler.after(GC_CHECK_PERIOD_MS, this, 'onGCTick');
  }

  stop(): void {
    this.ctx.scheduler.cancel(this.timer);
    this.timer = null;
    this.quarantined.clear();
  }

  /** `gc`'s orphan look: every pod bound to a node the cache does not know puts that node in quarantine. */
  onGCTick(): void {
    this.timer = this.ctx.scheduler.after(GC_CHECK_PERIOD_MS, this, 'onGCTick');
    if (!this.podInformer.hasSynced() || !this.nodeInformer.hasSynced()) return;
    for (const pod of this.podInformer.list() as Pod[]) {
      const nodeName = pod.spec?.nodeName;
      if (!nodeName || this.quarantined.has(nodeName) || this.nodeInformer.get(undefined, nodeName)) continue;
      this.quarantined.add(nodeName);
      this.runner?.enqueueAfter(nodeName, QUARANTINE_TIME_MS, 'after');
    }
  }

  /** `discoverDeletedNodes` for one node, then `gcOrphaned` for its pods. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const nodeName = request.name;
    this.quarantined.delete(nodeName);
    const pods = this.podInformer.byIndex(NODE_NAME_INDEX, nodeName) as Array<Pod & KubeObject>;
    ctx.observe(`node ${nodeName} missing for ${QUARANTINE_TIME_MS / 1000}s; ${pods.length} pod(s) bound to it`, pods.slice(0, 20).map((p) => ({ ...refOf(p), rv: p.metadata.resourceVersion })));
    if (this.nodeInformer.get(undefined, nodeName)) {
      ctx.diff(`node ${nodeName} exists again`, true);
      return {};
    }
    // checkIfNodeExists: a quorum read, the cache may be stale.
    try {
      yield* ctx.client.get(NODE, undefined, nodeName);
      ctx.diff(`node ${nodeName} exists (quorum read)`, true);
      return {};
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'NotFound')) throw e;
    }
    ctx.diff(`node ${nodeName} no longer exists: ${pods.length} orphaned pod(s) to delete`, pods.length === 0);
    let firstError: unknown;
    for (const pod of pods) {
      try {
        yield* this.markFailedAndDeletePod(ctx, pod);
      } catch (e) {
        if (!(e instanceof StatusError && e.reason === 'NotFound')) firstError ??= e;
      }
    }
    if (firstError) throw firstError;
    return {};
  }

  /** `markFailedAndDeletePodWithCondition`: phase Failed with the DisruptionTarget condition, then a delete with grace 0. */
  private *markFailedAndDeletePod(ctx: ReconcileContext, pod: Pod & KubeObject): ReconcileGenerator {
    const name = pod.metadata.name ?? '';
    ctx.act(`force delete orphaned pod ${pod.metadata.namespace}/${name}`);
    const phase = pod.status?.phase;
    if (phase !== 'Succeeded' && phase !== 'Failed') {
      const condition = { type: 'DisruptionTarget', status: 'True', lastTransitionTime: rfc3339(ctx.now), reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' };
      const conditions = [...(pod.status?.conditions ?? []).filter((c) => c.type !== 'DisruptionTarget'), condition];
      yield* ctx.client.patch(POD, pod.metadata.namespace, name, 'application/strategic-merge-patch+json', { metadata: { uid: pod.metadata.uid }, status: { phase: 'Failed', conditions } }, { subresource: 'status' });
    }
    yield* ctx.client.delete(POD, pod.metadata.namespace, name, { gracePeriodSeconds: 0 });
  }
}
