/**
 * The delaying queue, ported from client-go `util/workqueue/delaying_queue.go`: {@link Queue} plus
 * `addAfter(key, delay)`, which adds the key once `delay` virtual ms have passed.
 *
 * Contract: `addAfter` with `delay <= 0` is `add`. For a key already waiting, the *earliest* ready time wins (a
 * later `addAfter` never postpones it). Once ready the key goes through `add`, so it collapses with a pending one.
 *
 * @remarks Upstream keeps waiting items in a heap drained by one goroutine that also wakes every 10 s
 * (`maxWait`). On a virtual clock every waiting key simply gets its own scheduler timer, which is exact; there is
 * no heartbeat.
 */
import type { Timer } from '../engine/scheduler.ts';
import type { QueueReason } from '../trace/trace-event.ts';
import { Queue, type Interface } from './queue.ts';

/** client-go's `DelayingInterface`. */
export interface DelayingInterface extends Interface {
  addAfter(key: string, delay: number, reason?: QueueReason): void;
}

/** A key waiting for its ready time (for the UI: backoff countdowns, requeueAfter timers). */
export interface WaitingItem {
  key: string;
  /** Virtual ms at which it is added to the queue. */
  readyAt: number;
  reason: QueueReason;
}

interface Waiting {
  readyAt: number;
  reason: QueueReason;
  timer: Timer;
}

export class DelayingQueue extends Queue implements DelayingInterface {
  /** Keys waiting for their ready time. Invariant: one live timer per key, due at `readyAt`. */
  protected waiting = new Map<string, Waiting>();

  /**
   * Adds `key` after `delay` virtual ms. Records `queue.requeue` for retries and requeueAfter (`reason` 'retry' or
   * 'after'), else `queue.add` with the delay; the eventual add records `queue.add` with the same reason.
   */
  addAfter(key: string, delay: number, reason: QueueReason = 'after'): void {
    if (this.isShuttingDown) return;
    if (delay <= 0) {
      this.add(key, reason);
      return;
    }
    const eventId = this.recordDelayed(key, delay, reason);
    const readyAt = this.ctx.now + delay;
    const existing = this.waiting.get(key);
    if (existing) {
      if (existing.readyAt <= readyAt) return;
      this.ctx.scheduler.cancel(existing.timer);
    }
    // The eventual add is caused by this requeue: the timer carries the current trace cause.
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = eventId;
    const timer = this.ctx.scheduler.after(delay, this, 'waitingReady', key);
    this.ctx.trace.cause = previous;
    this.waiting.set(key, { readyAt, reason, timer });
  }

  /** Timer target: the key's ready time has come. */
  waitingReady(key: string): void {
    const w = this.waiting.get(key);
    if (!w) return;
    this.waiting.delete(key);
    this.add(key, w.reason);
  }

  /** Stops every waiting timer as well: nothing is added after shutdown. */
  override shutDown(): void {
    super.shutDown();
    for (const w of this.waiting.values()) this.ctx.scheduler.cancel(w.timer);
    this.waiting.clear();
  }

  /** Keys waiting for their ready time, soonest first (ties by key). */
  waitingItems(): WaitingItem[] {
    return [...this.waiting.entries()]
      .map(([key, w]) => ({ key, readyAt: w.readyAt, reason: w.reason }))
      .sort((a, b) => a.readyAt - b.readyAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** How many times `key` has been requeued (for the trace); the rate-limiting queue knows. */
  protected requeuesOf(_key: string): number {
    return 0;
  }

  protected recordDelayed(key: string, delay: number, reason: QueueReason): number {
    if (reason === 'retry' || reason === 'after') {
      return this.ctx.trace.emit(this.name, {
        kind: 'queue.requeue',
        queue: this.name,
        key,
        reason,
        delay,
        numRequeues: this.requeuesOf(key),
      });
    }
    return this.ctx.trace.emit(this.name, { kind: 'queue.add', queue: this.name, key, reason, delay });
  }
}
