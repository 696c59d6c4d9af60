/**
 * kube-scheduler's scheduling queue: which pending pods are tried next, and when a pod that did not fit is tried
 * again. Pods are keyed "namespace/name".
 *
 * Ported from kubernetes `pkg/scheduler/internal/queue/scheduling_queue.go` (PriorityQueue: Add, Update, Delete,
 * Pop, AddUnschedulableIfNotPresent, MoveAllToActiveOrBackoffQueue, flushUnschedulablePodsLeftover,
 * calculateBackoffDuration, isPodBackingoff, moveRequestCycle) and `pkg/scheduler/scheduler.go` (the defaults:
 * podInitialBackoff 1 s, podMaxBackoff 10 s, podMaxInUnschedulablePodsDuration 5 min).
 *
 * - A pod that no node fits goes to `unschedulablePods` and stays there until a cluster event (a node added or
 *   changed, an assigned pod deleted) moves it back, or until it has waited 5 minutes (checked every 30 s).
 * - Moving back respects the pod's backoff: 1 s after its first attempt, doubling with each attempt, at most 10 s,
 *   counted from when it last failed. A pod still backing off waits out the rest; the others are active at once.
 * - A pod that failed without a plugin rejecting it (no nodes at all, an API error), or whose cycle overlapped a
 *   move request, goes straight to backoff.
 *
 * @remarks The activeQ is the scheduler {@link Controller}'s work queue (FIFO, one worker), not upstream's heap
 * ordered by pod priority then enqueue time; backoffQ is that queue's `addAfter` with reason `retry`, each pod
 * re-added exactly when its backoff ends (upstream flushes completed backoffs every second). Queueing hints are
 * not modelled: every event in {@link ClusterEvent} moves every unschedulable pod.
 */
import type { Controller } from '../../controller/controller.ts';
import type { Runnable } from '../../controller/controller-manager.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import type { Timer } from '../../engine/scheduler.ts';

/** `DefaultPodInitialBackoffDuration`. */
export const POD_INITIAL_BACKOFF_MS = 1_000;
/** `DefaultPodMaxBackoffDuration`. */
export const POD_MAX_BACKOFF_MS = 10_000;
/** `DefaultPodMaxInUnschedulablePodsDuration`. */
export const POD_MAX_IN_UNSCHEDULABLE_PODS_MS = 5 * 60_000;
/** The period of `flushUnschedulablePodsLeftover`. */
export const FLUSH_UNSCHEDULABLE_PERIOD_MS = 30_000;

/** The cluster events that move unschedulable pods (upstream's `framework.ClusterEvent` labels). */
export type ClusterEvent =
  | 'NodeAdd'
  | 'NodeSpecUnschedulableChange'
  | 'NodeAllocatableChange'
  | 'NodeLabelChange'
  | 'NodeTaintChange'
  | 'NodeConditionChange'
  | 'AssignedPodDelete'
  | 'UnschedulableTimeout';

/** `QueuedPodInfo`, reduced to what the simulation needs. */
export interface QueuedPodInfo {
  /** Scheduling attempts so far (incremented by {@link SchedulingQueue.pop}). */
  attempts: number;
  /** When the pod was last added or failed (virtual ms). */
  timestamp: number;
  /** In unschedulablePods (waiting for a cluster event). */
  unschedulable: boolean;
}

/**
 * `calculateBackoffDuration`: the initial backoff doubled for every attempt after the first, capped at the maximum.
 */
export function calculateBackoffDuration(attempts: number, initial = POD_INITIAL_BACKOFF_MS, max = POD_MAX_BACKOFF_MS): number {
  if (attempts === 0) return 0;
  let duration = initial;
  for (let i = 1; i < attempts; i++) {
    if (duration > max - duration) return max;
    duration += duration;
  }
  return duration;
}

/** The scheduling queue of one kube-scheduler process; lost with it on a crash. */
export class SchedulingQueue implements Runnable {
  private readonly podInfos = new Map<string, QueuedPodInfo>();
  private controller: Controller | null = null;
  /** `schedulingCycle`: incremented at every Pop. */
  private schedulingCycle = 0;
  /** `moveRequestCycle`: the cycle of the last move request. */
  private moveRequestCycle = -1;
  private flushTimer: Timer | null = null;
  private running = false;
  private startedAt = 0;

  constructor(private readonly ctx: SimContext) {}

  /** The controller whose work queue is the activeQ (set once by the descriptor). */
  attach(controller: Controller): void {
    this.controller = controller;
  }

  start(): void {
    this.running = true;
    this.startedAt = this.ctx.now;
    this.ensureFlushTimer();
  }

  stop(): void {
    this.running = false;
    this.ctx.scheduler.cancel(this.flushTimer);
    this.flushTimer = null;
  }

  /** `Add`: a new pending pod goes to the activeQ. */
  add(key: string): void {
    const info = this.podInfos.get(key);
    if (info?.unschedulable) info.unschedulable = false;
    if (!info) this.podInfos.set(key, { attempts: 0, timestamp: this.ctx.now, unschedulable: false });
    this.controller?.enqueue(key, 'add');
  }

  /**
   * `Update` of a pending pod whose spec or metadata changed (status-only updates are ignored by the caller): an
   * unschedulable pod moves to the activeQ or, if still backing off, to backoffQ; any other goes to the activeQ.
   */
  update(key: string): void {
    const info = this.podInfos.get(key);
    if (info?.unschedulable) {
      this.moveToActiveOrBackoff(key, info);
      return;
    }
    if (!info) this.podInfos.set(key, { attempts: 0, timestamp: this.ctx.now, unschedulable: false });
    this.controller?.enqueue(key, 'update');
  }

  /** `Delete`: the pod was deleted or bound; forget it. */
  delete(key: string): void {
    this.podInfos.delete(key);
  }

  /** `Pop`: the worker takes `key` for a scheduling cycle. Returns its attempt count and the cycle number. */
  pop(key: string): { attempts: number; cycle: number } {
    let info = this.podInfos.get(key);
    if (!info) {
      info = { attempts: 0, timestamp: this.ctx.now, unschedulable: false };
      this.podInfos.set(key, info);
    }
    info.unschedulable = false;
    info.attempts++;
    this.schedulingCycle++;
    return { attempts: info.attempts, cycle: this.schedulingCycle };
  }

  /**
   * `AddUnschedulableIfNotPresent` after a failed cycle: a pod some plugin rejected (`hasRejectorPlugins`: a
   * FitError) goes to unschedulablePods, unless a move request happened during its cycle; a failure no plugin
   * caused (no nodes at all, an API error) goes to backoffQ.
   */
  addUnschedulableIfNotPresent(key: string, podSchedulingCycle: number, hasRejectorPlugins: boolean): 'unschedulable' | 'backoff' {
    let info = this.podInfos.get(key);
    if (!info) {
      info = { attempts: 1, timestamp: this.ctx.now, unschedulable: false };
      this.podInfos.set(key, info);
    }
    info.timestamp = this.ctx.now;
    if (!hasRejectorPlugins || this.moveRequestCycle >= podSchedulingCycle) {
      info.unschedulable = false;
      this.controller?.enqueueAfter(key, calculateBackoffDuration(info.attempts), 'retry');
      return 'backoff';
    }
    info.unschedulable = true;
    this.ensureFlushTimer();
    return 'unschedulable';
  }

  /** `MoveAllToActiveOrBackoffQueue`: a cluster event that may make unschedulable pods fit. */
  moveAllToActiveOrBackoffQueue(_event: ClusterEvent): number {
    this.moveRequestCycle = this.schedulingCycle;
    let moved = 0;
    for (const key of this.unschedulablePods()) {
      this.moveToActiveOrBackoff(key, this.podInfos.get(key)!);
      moved++;
    }
    return moved;
  }

  /** Keys in unschedulablePods, sorted. */
  unschedulablePods(): string[] {
    const keys: string[] = [];
    for (const [key, info] of this.podInfos) if (info.unschedulable) keys.push(key);
    return keys.sort();
  }

  /** The queue's record of a pod (a copy), if it has one. */
  podInfo(key: string): QueuedPodInfo | undefined {
    const info = this.podInfos.get(key);
    return info ? { ...info } : undefined;
  }

  /** `isPodBackingoff`'s remaining time: ms until the pod's backoff ends (≤ 0 when it is over). */
  backoffRemaining(info: QueuedPodInfo): number {
    return info.timestamp + calculateBackoffDuration(info.attempts) - this.ctx.now;
  }

  /** Timer target: `flushUnschedulablePodsLeftover`, every 30 s while some pod is unschedulable. */
  flushUnschedulablePodsLeftover(): void {
    this.flushTimer = null;
    if (!this.running) return;
    for (const key of this.unschedulablePods()) {
      const info = this.podInfos.get(key)!;
      if (this.ctx.now - info.timestamp > POD_MAX_IN_UNSCHEDULABLE_PODS_MS) this.moveToActiveOrBackoff(key, info);
    }
    this.ensureFlushTimer();
  }

  private moveToActiveOrBackoff(key: string, info: QueuedPodInfo): void {
    info.unschedulable = false;
    const remaining = this.backoffRemaining(info);
    if (remaining > 0) this.controller?.enqueueAfter(key, remaining, 'retry');
    else this.controller?.enqueue(key, 'update');
  }

  /** The 30 s ticks run from the process start, only while there is something to flush. */
  private ensureFlushTimer(): void {
    if (!this.running || this.flushTimer || this.unschedulablePods().length === 0) return;
    const elapsed = this.ctx.now - this.startedAt;
    const next = (Math.floor(elapsed / FLUSH_UNSCHEDULABLE_PERIOD_MS) + 1) * FLUSH_UNSCHEDULABLE_PERIOD_MS;
    this.flushTimer = this.ctx.scheduler.after(next - elapsed, this, 'flushUnschedulablePodsLeftover');
  }
}
