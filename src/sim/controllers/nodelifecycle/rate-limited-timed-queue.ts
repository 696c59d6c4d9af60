/**
 * The node lifecycle controller's per-zone NoExecute tainter: a queue of node names, each processed at most once
 * until removed, ordered by the time it may next be processed, and drained through a token bucket so that at most
 * `--node-eviction-rate` nodes per second are tainted (a burst of one).
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go` (TimedValue, UniqueQueue,
 * RateLimitedTimedQueue: Add, Remove, Try, SwapLimiter) and client-go `util/flowcontrol/throttle.go`
 * (NewTokenBucketRateLimiter, NewFakeNeverRateLimiter, TryAccept).
 *
 * @remarks `Try` is split in two because the taint is written through the api-server, which takes virtual time:
 * {@link RateLimitedTimedQueue.take} pops the values the limiter lets through (upstream's loop up to calling `fn`),
 * and the caller reports the outcome with {@link RateLimitedTimedQueue.done} (`RemoveFromQueue`) or
 * {@link RateLimitedTimedQueue.retry} (`Replace` with `ProcessAt = now + wait`).
 */
import { TokenBucket } from '../../network/token-bucket.ts';

/** `NodeEvictionPeriod`: how often `doNoExecuteTaintingPass` runs. */
export const NODE_EVICTION_PERIOD_MS = 100;
/** `EvictionRateLimiterBurst`. */
export const EVICTION_RATE_LIMITER_BURST = 1;

/** `TimedValue`: a node name to process at `processAt` (virtual ms). */
export interface TimedValue {
  value: string;
  uid: string;
  addedAt: number;
  processAt: number;
}

/**
 * `flowcontrol.RateLimiter` as the tainter uses it: a token bucket (`qps` > 0) or, for `qps` ≤ 0, the fake limiter
 * that never accepts (evictions stopped).
 */
export class EvictionLimiter {
  private readonly bucket: TokenBucket | null;

  constructor(
    readonly qps: number,
    now: number,
  ) {
    this.bucket = qps > 0 ? new TokenBucket(qps, EVICTION_RATE_LIMITER_BURST, now) : null;
  }

  /** `TryAccept`: takes a token if one is available now. */
  tryAccept(now: number): boolean {
    if (!this.bucket || this.bucket.available(now) < 1) return false;
    this.bucket.reserve(now);
    return true;
  }

  /** Milliseconds until a token is available (0 now; Infinity for the never limiter). */
  waitMs(now: number): number {
    if (!this.bucket) return Infinity;
    const tokens = this.bucket.available(now);
    return tokens >= 1 ? 0 : ((1 - tokens) * 1000) / this.qps;
  }
}

/** `RateLimitedTimedQueue`: a `UniqueQueue` of node names drained through an {@link EvictionLimiter}. */
export class RateLimitedTimedQueue {
  /** Values waiting, kept sorted by (processAt, insertion). */
  private queue: TimedValue[] = [];
  /** Values added and not removed: in the queue, being processed, or processed (`UniqueQueue.set`). */
  private set = new Set<string>();
  private limiter: EvictionLimiter;

  constructor(qps: number, now: number) {
    this.limiter = new EvictionLimiter(qps, now);
  }

  /** `Add`: queues `value` to be processed now, unless it was added before and not removed. */
  add(value: string, uid: string, now: number): boolean {
    if (this.set.has(value)) return false;
    this.push({ value, uid, addedAt: now, processAt: now });
    this.set.add(value);
    return true;
  }

  /** `Remove`: forgets `value` so that it can be added again. True if it was known. */
  remove(value: string): boolean {
    if (!this.set.has(value)) return false;
    this.set.delete(value);
    this.queue = this.queue.filter((v) => v.value !== value);
    return true;
  }

  /**
   * `Try` up to `fn`: while the head is due and the limiter gives a token, pops it (the value stays known). The
   * limiter is asked before the head's time is checked, as upstream does.
   */
  take(now: number): TimedValue[] {
    const out: TimedValue[] = [];
    while (this.queue.length > 0) {
      if (!this.limiter.tryAccept(now)) break;
      const head = this.queue[0]!;
      if (now < head.processAt) break;
      this.queue.shift();
      out.push(head);
    }
    return out;
  }

  /** `fn` failed: process `value` again after `waitMs` (if it has not been removed meanwhile). */
  retry(value: TimedValue, now: number, waitMs: number): void {
    if (!this.set.has(value.value) || this.queue.some((v) => v.value === value.value)) return;
    this.push({ ...value, processAt: now + waitMs });
  }

  /** `fn` succeeded: the value stays known (not added again) until removed. */
  done(_value: TimedValue): void {}

  /** `SwapLimiter`: a new bucket for a new rate; a drained bucket stays drained (burst is 1). */
  swapLimiter(qps: number, now: number): void {
    if (this.limiter.qps === qps) return;
    const next = new EvictionLimiter(qps, now);
    if (qps > 0 && !this.limiter.tryAccept(now)) next.tryAccept(now);
    this.limiter = next;
  }

  /** How long until {@link take} could pop the head: Infinity when the queue is empty or the limiter stopped. */
  nextReadyIn(now: number): number {
    const head = this.queue[0];
    if (!head) return Infinity;
    return Math.max(this.limiter.waitMs(now), head.processAt - now, 0);
  }

  /** The limiter's rate (nodes per second). */
  qps(): number {
    return this.limiter.qps;
  }

  /** Values waiting to be processed, in order. */
  pending(): readonly TimedValue[] {
    return this.queue;
  }

  /** Whether `value` is known (queued, being processed, or processed and not removed). */
  has(value: string): boolean {
    return this.set.has(value);
  }

  private push(v: TimedValue): void {
    let i = this.queue.length;
    while (i > 0 && this.queue[i - 1]!.processAt > v.processAt) i--;
    this.queue.splice(i, 0, v);
  }
}
