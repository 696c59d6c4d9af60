/**
 * Rate limiters for work queues, ported from client-go `util/workqueue/default_rate_limiters.go`.
 *
 * A rate limiter answers "how long should this item wait before it is processed again?" (`when`), and keeps
 * per-item state that `forget` clears. Controllers use {@link defaultControllerRateLimiter}: per-item exponential
 * backoff from 5 ms to 1000 s, and an overall 10 qps / burst 100 token bucket, whichever is slower.
 */

/** client-go's `RateLimiter` (`TypedRateLimiter[T]`), in camelCase, for string keys. */
export interface RateLimiter {
  /** How long (virtual ms) the item should wait; records one more failure for it. */
  when(item: string): number;
  /** Stops tracking the item (it succeeded, or was given up on). */
  forget(item: string): void;
  /** How many times the item has failed (been asked `when` since the last `forget`). */
  numRequeues(item: string): number;
}

/**
 * `ItemExponentialFailureRateLimiter`: `baseDelay * 2^failures`, capped at `maxDelay`, and only then increments
 * the failure count. So the delays are 5 ms, 10 ms, 20 ms, ... up to 1000 s.
 */
export class ItemExponentialFailureRateLimiter implements RateLimiter {
  private failures = new Map<string, number>();

  constructor(
    private readonly baseDelay: number,
    private readonly maxDelay: number,
  ) {}

  when(item: string): number {
    const exp = this.failures.get(item) ?? 0;
    this.failures.set(item, exp + 1);
    const backoff = this.baseDelay * Math.pow(2, exp);
    // Upstream caps at MaxInt64 ns before comparing with maxDelay; Infinity compares the same way here.
    return backoff > this.maxDelay ? this.maxDelay : backoff;
  }

  numRequeues(item: string): number {
    return this.failures.get(item) ?? 0;
  }

  forget(item: string): void {
    this.failures.delete(item);
  }
}

/**
 * `BucketRateLimiter`: one token bucket shared by every item (golang.org/x/time/rate `Limiter.Reserve().Delay()`).
 * The bucket holds up to `burst` tokens and refills at `qps` per second; each `when` takes a token, and when none
 * is left the answer is how long until one will be (reservations queue up: 100 ms, 200 ms, ... at 10 qps).
 *
 * @remarks x/time/rate measures in wall-clock nanoseconds; here time is the simulation's virtual milliseconds.
 */
export class BucketRateLimiter implements RateLimiter {
  private tokens: number;
  private last: number;

  /** @param clock the simulation context (or anything with a virtual `now`). */
  constructor(
    private readonly clock: { readonly now: number },
    private readonly qps: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
    this.last = clock.now;
  }

  when(_item: string): number {
    const now = this.clock.now;
    // advance(): refill for the time elapsed since the last reservation, up to the burst size.
    const last = Math.min(this.last, now);
    let tokens = Math.min(this.burst, this.tokens + ((now - last) / 1000) * this.qps);
    tokens -= 1;
    const wait = tokens < 0 ? (-tokens / this.qps) * 1000 : 0;
    this.last = now;
    this.tokens = tokens;
    return wait;
  }

  numRequeues(_item: string): number {
    return 0;
  }

  forget(_item: string): void {}
}

/**
 * `ItemFastSlowRateLimiter`: `fastDelay` for the first `maxFastAttempts` attempts of an item, `slowDelay` after.
 */
export class ItemFastSlowRateLimiter implements RateLimiter {
  private attempts = new Map<string, number>();

  constructor(
    private readonly fastDelay: number,
    private readonly slowDelay: number,
    private readonly maxFastAttempts: number,
  ) {}

  when(item: string): number {
    const n = (this.attempts.get(item) ?? 0) + 1;
    this.attempts.set(item, n);
    return n <= this.maxFastAttempts ? this.fastDelay : this.slowDelay;
  }

  numRequeues(item: string): number {
    return this.attempts.get(item) ?? 0;
  }

  forget(item: string): void {
    this.attempts.delete(item);
  }
}

/** `MaxOfRateLimiter`: asks every limiter (each records the failure) and waits for the slowest. */
export class MaxOfRateLimiter implements RateLimiter {
  private readonly limiters: readonly RateLimiter[];

  constructor(...limiters: RateLimiter[]) {
    this.limiters = limiters;
  }

  when(item: string): number {
    let ret = 0;
    for (const l of this.limiters) ret = Math.max(ret, l.when(item));
    return ret;
  }

  numRequeues(item: string): number {
    let ret = 0;
    for (const l of this.limiters) ret = Math.max(ret, l.numRequeues(item));
    return ret;
  }

  forget(item: string): void {
    for (const l of this.limiters) l.forget(item);
  }
}

/**
 * `DefaultControllerRateLimiter()`: the limiter every kube-controller-manager controller uses.
 * `MaxOf(ItemExponentialFailureRateLimiter(5ms, 1000s), BucketRateLimiter(10 qps, burst 100))`.
 */
export function defaultControllerRateLimiter(clock: { readonly now: number }): MaxOfRateLimiter {
  return new MaxOfRateLimiter(new ItemExponentialFailureRateLimiter(5, 1000_000), new BucketRateLimiter(clock, 10, 100));
}

