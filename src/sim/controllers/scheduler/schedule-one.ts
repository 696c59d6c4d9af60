/**
 * kube-scheduler's `scheduleOne`: take one pending pod, find it a node, assume it there, bind it — or record why
 * no node fits and put it back in the queue.
 *
 * Ported from kubernetes `pkg/scheduler/schedule_one.go` (ScheduleOne, skipPodSchedule, schedulingCycle,
 * bindingCycle, handleBindingCycleError, handleSchedulingFailure, updatePod, truncateMessage),
 * `pkg/scheduler/framework/plugins/defaultbinder/default_binder.go` (the Binding) and `pkg/api/v1/pod/util.go`
 * (UpdatePodCondition).
 *
 * Steps, in upstream's order:
 * 1. skip a pod that is gone, already bound, not ours, being deleted ("skip schedule deleting pod: ns/name"), or
 *    already assumed;
 * 2. Pop (attempt n), snapshot the nodes, schedulePod (filter → score → selectHost);
 * 3. no fit: handleSchedulingFailure — requeue (unschedulablePods; with no nodes at all, backoff), event
 *    `FailedScheduling` with the FitError message (or "no nodes available to schedule pods"),
 *    PodScheduled=False/Unschedulable with the same message (a status patch, only if it changed);
 * 4. fit: AssumePod, then bind (POST pods/<name>/binding); success: event `Scheduled` "Successfully assigned ns/pod
 *    to node"; failure: ForgetPod, move unschedulable pods (the node has room again), handleSchedulingFailure with
 *    reason SchedulerError.
 *
 * @remarks The binding cycle runs inside the same reconcile as the scheduling cycle (upstream binds in a goroutine
 * and starts the next cycle at once): the loop's other workers schedule the next pods while a binding is on its way
 * (descriptor.ts `BINDINGS_IN_FLIGHT`). The pod's assumption is what keeps them from overcommitting its node: the
 * next cycles run before the informer sees the binding. A scheduling failure's status patch also waits on its own
 * worker, where upstream's scheduling goroutine waits for it before the next cycle. Reserve, Permit and PreBind
 * plugins, extenders, preemption (PostFilter nominating a node) and scheduling profiles other than
 * "default-scheduler" are not modelled.
 */
import type { Pod, PodCondition } from 'kubernetes-types/core/v1';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { rfc3339 } from '../../engine/clock.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { refOf } from '../../trace/trace-event.ts';
import type { KubeObject } from '../../api/object.ts';
import { FAILED_SCHEDULING } from './fit-error';
import { schedulePod } from './schedule-pod';
import type { SchedulerCache } from './scheduler-cache';
import type { SchedulingQueue } from './scheduling-queue';

/** The default profile's scheduler name (pods' spec.schedulerName default). */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
/** kube-scheduler's field manager. */
export const KUBE_SCHEDULER_FIELD_MANAGER = 'kube-scheduler';
/** Event reason of a successful binding. */
export const SCHEDULED = 'Scheduled';

/** `v1.PodReasonUnschedulable` / `v1.PodReasonSchedulerError`. */
export type FailureReason = 'Unschedulable' | 'SchedulerError';

/** `truncateMessage`: events carry at most 1024 characters ("... " suffix). */
export function truncateMessage(message: string): string {
  const max = 1024;
  if (message.length <= max) return message;
  const suffix = ' ...';
  return message.slice(0, max - suffix.length) + suffix;
}

/** `responsibleForPod`: the pod names this scheduler's profile. */
export function responsibleForPod(pod: Pod): boolean {
  return (pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) === DEFAULT_SCHEDULER_NAME;
}

/**
 * `UpdatePodCondition`'s decision: the condition to write (lastTransitionTime kept while the status is unchanged),
 * or undefined when nothing would change.
 */
export function podConditionUpdate(conditions: readonly PodCondition[] | undefined, condition: PodCondition, now: number): PodCondition | undefined {
  const old = conditions?.find((c) => c.type === condition.type);
  const next: PodCondition = { ...condition, lastProbeTime: undefined, lastTransitionTime: old && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now) };
  delete next.lastProbeTime;
  if (!old) return next;
  const same = old.status === next.status && old.reason === next.reason && old.message === next.message && old.lastTransitionTime === next.lastTransitionTime;
  return same ? undefined : next;
}

/** How often a reconcile that finds the informers unsynced looks again (client-go WaitForCacheSync polls every 100 ms). */
const INFORMER_SYNC_POLL_MS = 100;

export class Scheduler implements Reconciler {
  /** `nextStartNodeIndex`: where the next cycle starts filtering. */
  private nextStartNodeIndex = 0;

  constructor(
    private readonly ctx: SimContext,
    readonly queue: SchedulingQueue,
    readonly cache: SchedulerCache,
    private readonly pods: SharedIndexInformer,
    private readonly nodes: SharedIndexInformer,
    private readonly recorder: EventRecorder,
  ) {}

  *reconcile(request: Request, rc: ReconcileContext): ReconcileGenerator {
    const key = `${request.namespace ?? ''}/${request.name}`;
    // kube-scheduler starts scheduling once its informers have synced (cmd/kube-scheduler/app/server.go Run:
    // WaitForCacheSync before sched.Run); a pod seen before the nodes are listed waits instead of failing on "no nodes".
    if (!this.pods.hasSynced() || !this.nodes.hasSynced()) {
      rc.observe('waiting for the pod and node informers to sync');
      return { requeueAfter: INFORMER_SYNC_POLL_MS };
    }
    const obj = this.pods.get(request.namespace, request.name);
    if (!obj) {
      rc.observe(`pod ${key} is gone`);
      this.queue.delete(key);
      return;
    }
    const pod = obj as unknown as Pod;
    if (pod.spec?.nodeName) {
      rc.observe(`pod ${key} is already bound to ${pod.spec.nodeName}`, [{ ...refOf(obj), rv: obj.metadata.resourceVersion }]);
      this.queue.delete(key);
      return;
    }
    if (!responsibleForPod(pod)) return;
    // skipPodSchedule
    if (obj.metadata.deletionTimestamp) {
      rc.observe(`pod ${key} is being deleted`, [{ ...refOf(obj), rv: obj.metadata.resourceVersion }]);
      this.recorder.event(obj, 'Warning', FAILED_SCHEDULING, `skip schedule deleting pod: ${key}`);
      return;
    }
    if (this.cache.isAssumedPod(key)) {
      rc.observe(`pod ${key} is already assumed on a node`);
      return;
    }

    // Scheduling cycle.
    const { attempts, cycle } = this.queue.pop(key);
    const views = this.cache.updateSnapshot(this.nodes.list());
    rc.observe(`pod ${key} pending (attempt ${attempts}); ${views.length} node${views.length === 1 ? '' : 's'}`, [{ ...refOf(obj), rv: obj.metadata.resourceVersion }]);
    const result = schedulePod(pod, views, this.nextStartNodeIndex, (n) => this.ctx.rng.int(0, n - 1));
    if (result.kind !== 'no-nodes') this.nextStartNodeIndex = result.nextStartNodeIndex;
    if (result.kind !== 'scheduled') {
      rc.diff(result.message, false);
      // A FitError names the plugins that rejected the pod; ErrNoNodesAvailable names none, so it backs off.
      yield* this.handleSchedulingFailure(rc, obj, key, cycle, 'Unschedulable', result.message, result.kind === 'unschedulable');
      return;
    }
    const best = result.scores.find((s) => s.name === result.node)?.score;
    const checked = result.evaluatedNodes === views.length ? `${result.feasibleNodes}/${views.length} nodes fit` : `${result.feasibleNodes} of the ${result.evaluatedNodes} nodes checked (of ${views.length}) fit`;
    rc.diff(`${checked}; ${result.node} chosen${best !== undefined ? ` (score ${best})` : ''}`, false);
    this.cache.assumePod(pod, result.node);

    // Binding cycle.
    rc.act(`bind ${key} to ${result.node}`);
    const binding = {
      apiVersion: 'v1',
      kind: 'Binding',
      metadata: { namespace: obj.metadata.namespace, name: obj.metadata.name, ...(obj.metadata.uid ? { uid: obj.metadata.uid } : {}) },
      target: { kind: 'Node', name: result.node },
    };
    const res = (yield {
      type: 'api',
      request: rc.client.request({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: request.namespace, name: request.name, subresource: 'binding', body: binding }),
    }) as ApiResponse;
    if (!res.ok) {
      // handleBindingCycleError
      this.cache.forgetPod(key);
      this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
      yield* this.handleSchedulingFailure(rc, obj, key, cycle, 'SchedulerError', res.status.message, false);
      return;
    }
    this.queue.delete(key);
    this.recorder.event(obj, 'Normal', SCHEDULED, `Successfully assigned ${key} to ${result.node}`);
    rc.status(`${key} bound to ${result.node}`);
  }

  /**
   * `handleSchedulingFailure`: requeue the pod if the informer still shows it pending, record `FailedScheduling`,
   * and set PodScheduled=False with the reason and message (a strategic-merge patch of /status, skipped when the
   * condition would not change; a failed patch is only logged upstream, and only reported here).
   */
  private *handleSchedulingFailure(
    rc: ReconcileContext,
    pod: KubeObject,
    key: string,
    cycle: number,
    reason: FailureReason,
    message: string,
    hasRejectorPlugins: boolean,
  ): ReconcileGenerator {
    const cached = this.pods.get(pod.metadata.namespace, pod.metadata.name ?? '') as unknown as Pod | undefined;
    if (cached && !cached.spec?.nodeName) {
      const where = this.queue.addUnschedulableIfNotPresent(key, cycle, hasRejectorPlugins);
      rc.status(where === 'unschedulable' ? `${key} waits in unschedulablePods for a cluster event` : `${key} backs off before the next attempt`);
    }
    this.recorder.event(pod, 'Warning', FAILED_SCHEDULING, truncateMessage(message));
    const conditions = (pod.status as { conditions?: PodCondition[] } | undefined)?.conditions;
    const condition = podConditionUpdate(conditions, { type: 'PodScheduled', status: 'False', reason, message }, this.ctx.now);
    if (!condition) return;
    const res = (yield {
      type: 'api',
      request: rc.client.request({
        verb: 'patch',
        apiVersion: 'v1',
        kind: 'Pod',
        namespace: pod.metadata.namespace,
        name: pod.metadata.name ?? '',
        subresource: 'status',
        patchType: 'application/strategic-merge-patch+json',
        body: { status: { conditions: [{ ...condition, lastProbeTime: null }] } },
      }),
    }) as ApiResponse;
    if (!res.ok) rc.status(`Error updating pod ${key}: ${res.status.message}`);
  }
}
