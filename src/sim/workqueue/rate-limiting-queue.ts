/**
 * The rate-limiting queue, ported from client-go `util/workqueue/rate_limiting_queue.go`: a {@link DelayingQueue}
 * whose `addRateLimited(key)` is `addAfter(key, rateLimiter.when(key))`. `forget` tells the limiter the key
 * succeeded (resetting its backoff); `numRequeues` reads how often it has failed.
 *
 * This is the queue every controller owns: informer handlers `add` keys, workers `get` them, and the controller
 * runner calls `addRateLimited` on errors and `forget` on success.
 */
import type { SimContext } from '../engine/sim-context.ts';
import { defaultControllerRateLimiter, type RateLimiter } from './default-rate-limiters.ts';
import { DelayingQueue, type DelayingInterface } from './delaying-queue.ts';

/** client-go's `RateLimitingInterface`. */
export interface RateLimitingInterface extends DelayingInterface {
  addRateLimited(key: string): void;
  forget(key: string): void;
  numRequeues(key: string): number;
}

export class RateLimitingQueue extends DelayingQueue implements RateLimitingInterface {
  readonly rateLimiter: RateLimiter;

  /** @param rateLimiter defaults to {@link defaultControllerRateLimiter} on the simulation's clock. */
  constructor(ctx: SimContext, name: string, rateLimiter?: RateLimiter) {
    super(ctx, name);
    this.rateLimiter = rateLimiter ?? defaultControllerRateLimiter(ctx);
  }

  /** Adds `key` once the rate limiter says it may: records `queue.requeue` (reason 'retry') with the delay. */
  addRateLimited(key: string): void {
    this.addAfter(key, this.rateLimiter.when(key), 'retry');
  }

  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }

  protected override requeuesOf(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }
}
