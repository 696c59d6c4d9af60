import { describe, expect, it } from 'vitest';
import { SimContext } from '../engine/sim-context.ts';
import { ItemExponentialFailureRateLimiter } from './default-rate-limiters.ts';
import { RateLimitingQueue } from './rate-limiting-queue.ts';

describe('RateLimitingQueue (client-go rate_limiting_queue_test.go)', () => {
  it('TestRateLimitingQueue: addRateLimited waits the limiter delay, forget resets the count', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new RateLimitingQueue(ctx, 'test', new ItemExponentialFailureRateLimiter(1, 1000));
    q.addRateLimited('one');
    expect(q.waitingItems()).toEqual([{ key: 'one', readyAt: 1, reason: 'retry' }]);
    q.addRateLimited('one');
    expect(q.waitingItems()[0]!.readyAt).toBe(1);
    q.addRateLimited('two');
    expect(q.numRequeues('one')).toBe(2);
    expect(q.numRequeues('two')).toBe(1);
    q.forget('one');
    expect(q.numRequeues('one')).toBe(0);
    q.addRateLimited('one');
    expect(q.numRequeues('one')).toBe(1);
    ctx.scheduler.runUntil(1);
    expect(q.queuedKeys()).toEqual(['one', 'two']);
  });

  it('records queue.requeue with the delay and the number of requeues so far', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new RateLimitingQueue(ctx, 'test');
    q.addRateLimited('a');
    q.addRateLimited('a');
    const requeues = ctx.trace.slice().filter((e) => e.kind === 'queue.requeue');
    expect(requeues).toMatchObject([
      { key: 'a', reason: 'retry', delay: 5, numRequeues: 1 },
      { key: 'a', reason: 'retry', delay: 10, numRequeues: 2 },
    ]);
  });
});
