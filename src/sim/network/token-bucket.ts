/**
 * client-go's client-side rate limiter (`util/flowcontrol/throttle.go`, `NewTokenBucketRateLimiter(qps, burst)`),
 * which wraps golang.org/x/time/rate's `Limiter`: tokens refill at `qps` per second up to `burst`; a request takes
 * one token, and when none is left it reserves the next one and waits for it (tokens go negative).
 * kube-controller-manager runs its clients at 20 qps, burst 30 (`--kube-api-qps`, `--kube-api-burst`).
 */
export class TokenBucket {
  /** Tokens available at `last` (negative: reservations not yet covered). */
  private tokens: number;
  /** Virtual ms of the last reservation. */
  private last: number;

  /**
   * @param qps tokens per second (> 0, finite)
   * @param burst bucket size (≥ 1); the bucket starts full
   */
  constructor(
    readonly qps: number,
    readonly burst: number,
    now: number,
  ) {
    if (!(qps > 0) || !Number.isFinite(qps)) throw new Error(`TokenBucket: qps must be a positive number, got ${qps}`);
    if (!(burst >= 1)) throw new Error(`TokenBucket: burst must be ≥ 1, got ${burst}`);
    this.tokens = burst;
    this.last = now;
  }

  /** Reserves one token at `now`; returns how many ms the caller must wait before using it (`Reserve().Delay()`). */
  reserve(now: number): number {
    const elapsed = Math.max(0, now - this.last);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.qps) / 1000);
    this.last = Math.max(this.last, now);
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens * 1000) / this.qps;
  }

  /** Tokens available now without waiting (for the UI). */
  available(now: number): number {
    const elapsed = Math.max(0, now - this.last);
    return Math.min(this.burst, this.tokens + (elapsed * this.qps) / 1000);
  }
}
