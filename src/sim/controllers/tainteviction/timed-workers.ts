/**
 * The taint eviction controller's pending deletions: one timer per pod, fired at the pod's eviction time, cancelled
 * when the taint goes away or the pod's tolerations change.
 *
 * Ported from kubernetes `pkg/controller/tainteviction/timed_workers.go` (TimedWorker, TimedWorkerQueue: AddWork,
 * CancelWork, GetWorkerUnsafe, getWrappedWorkerFunc).
 *
 * @remarks A fired worker hands its pod to the owner ({@link EvictionTarget.evictPod}), which deletes it through
 * its work queue; the owner reports the outcome with {@link TimedWorkerQueue.workDone}.
 */
import type { SimContext } from '../../engine/sim-context.ts';
import type { Timer } from '../../engine/scheduler.ts';

/** Who deletes a pod when its worker fires. */
export interface EvictionTarget {
  /** `workFunc`: the pod `key` ("namespace/name") is due for deletion. */
  evictPod(key: string, fireAt: number): void;
}

/** `TimedWorker`: a scheduled deletion. */
export interface TimedWorker {
  createdAt: number;
  fireAt: number;
  timer: Timer | null;
  fired: boolean;
}

/** `TimedWorkerQueue`: the scheduled deletions by pod key. */
export class TimedWorkerQueue {
  /**
   * Pod key → its worker; `null` once the deletion succeeded (kept so that the pod is not scheduled again until
   * the entry is cancelled, e.g. when the pod is gone).
   */
  private workers = new Map<string, TimedWorker | null>();

  constructor(
    private readonly ctx: SimContext,
    private readonly target: EvictionTarget,
  ) {}

  /** `AddWork`: schedules the pod's deletion at `fireAt` (now if already due); a pod with an entry is skipped. */
  addWork(key: string, createdAt: number, fireAt: number): void {
    if (this.workers.has(key)) return;
    const worker: TimedWorker = { createdAt, fireAt, timer: null, fired: false };
    worker.timer = this.ctx.scheduler.after(Math.max(0, fireAt - this.ctx.now), this, 'onFire', key);
    this.workers.set(key, worker);
  }

  /** `CancelWork`: drops the pod's entry; true when a scheduled (not yet done) deletion was cancelled. */
  cancelWork(key: string): boolean {
    if (!this.workers.has(key)) return false;
    const worker = this.workers.get(key);
    this.workers.delete(key);
    if (!worker) return false;
    this.ctx.scheduler.cancel(worker.timer);
    return true;
  }

  /** `GetWorkerUnsafe`: the pod's scheduled deletion (undefined when none, or when it is done). */
  getWorker(key: string): Readonly<TimedWorker> | undefined {
    return this.workers.get(key) ?? undefined;
  }

  /** Timer target: the worker fires. */
  onFire(key: string): void {
    const worker = this.workers.get(key);
    if (!worker || worker.fired) return;
    worker.fired = true;
    worker.timer = null;
    this.target.evictPod(key, worker.fireAt);
  }

  /** The deletion finished: success keeps the entry (as `null`), failure forgets it. */
  workDone(key: string, ok: boolean): void {
    if (ok) this.workers.set(key, null);
    else this.workers.delete(key);
  }

  /** The process stops: every timer is cancelled and every entry forgotten (they live in memory only). */
  stop(): void {
    for (const w of this.workers.values()) if (w) this.ctx.scheduler.cancel(w.timer);
    this.workers.clear();
  }

  /** Scheduled deletions not yet fired, by pod key, in key order (for the page and tests). */
  scheduled(): Array<{ key: string; createdAt: number; fireAt: number }> {
    return [...this.workers]
      .filter((e): e is [string, TimedWorker] => !!e[1] && !e[1].fired)
      .map(([key, w]) => ({ key, createdAt: w.createdAt, fireAt: w.fireAt }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
