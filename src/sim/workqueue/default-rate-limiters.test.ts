import { describe, expect, it } from 'vitest';
import { SimContext } from '../engine/sim-context.ts';
import {
  BucketRateLimiter,
  ItemExponentialFailureRateLimiter,
  ItemFastSlowRateLimiter,
  MaxOfRateLimiter,
  defaultControllerRateLimiter,
} from './default-rate-limiters.ts';

describe('rate limiters (client-go default_rate_limiters_test.go)', () => {
  it('TestItemExponentialFailureRateLimiter: 5ms, 10ms, 20ms... capped at 1000s, per item', () => {
    const limiter = new ItemExponentialFailureRateLimiter(5, 1000_000);
    const got = Array.from({ length: 20 }, () => limiter.when('one'));
    expect(got.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(got[17]).toBe(655_360);
    expect(got[18]).toBe(1000_000);
    expect(got[19]).toBe(1000_000);
    expect(limiter.numRequeues('one')).toBe(20);
    expect(limiter.when('two')).toBe(5);
    expect(limiter.numRequeues('two')).toBe(1);
  });

  it('forget resets an item to the base delay', () => {
    const limiter = new ItemExponentialFailureRateLimiter(1, 1000);
    limiter.when('one');
    limiter.when('one');
    limiter.forget('one');
    expect(limiter.numRequeues('one')).toBe(0);
    expect(limiter.when('one')).toBe(1);
  });

  it('TestItemExponentialFailureRateLimiterOverFlow: huge exponents return the max delay', () => {
    const limiter = new ItemExponentialFailureRateLimiter(1, 1000);
    for (let i = 0; i < 5000; i++) limiter.when('overflow1');
    expect(limiter.when('overflow1')).toBe(1000);
  });

  it('TestBucketRateLimiter-style: a burst of 100 then one every 100 ms at 10 qps, refilled by time', () => {
    const ctx = new SimContext({ seed: 1 });
    const limiter = new BucketRateLimiter(ctx, 10, 100);
    for (let i = 0; i < 100; i++) expect(limiter.when(`k${i}`)).toBe(0);
    expect(limiter.when('a')).toBeCloseTo(100);
    expect(limiter.when('b')).toBeCloseTo(200);
    expect(limiter.when('c')).toBeCloseTo(300);
    expect(limiter.numRequeues('a')).toBe(0);
    ctx.scheduler.runUntil(10_000);
    // 10 s later the bucket is full again.
    expect(limiter.when('d')).toBe(0);
  });

  it('TestItemFastSlowRateLimiter: fast for the first attempts, slow after', () => {
    const limiter = new ItemFastSlowRateLimiter(5, 10_000, 3);
    expect([1, 2, 3, 4, 5].map(() => limiter.when('one'))).toEqual([5, 5, 5, 10_000, 10_000]);
    expect(limiter.numRequeues('one')).toBe(5);
    limiter.forget('one');
    expect(limiter.when('one')).toBe(5);
  });

  it('TestMaxOfRateLimiter: the slowest limiter wins and every limiter counts the failure', () => {
    const limiter = new MaxOfRateLimiter(new ItemFastSlowRateLimiter(5, 3000, 3), new ItemExponentialFailureRateLimiter(1, 1000));
    expect([1, 2, 3, 4, 5].map(() => limiter.when('one'))).toEqual([5, 5, 5, 3000, 3000]);
    expect(limiter.numRequeues('one')).toBe(5);
    limiter.forget('one');
    expect(limiter.numRequeues('one')).toBe(0);
    expect(limiter.when('one')).toBe(5);
  });

  it('defaultControllerRateLimiter: exponential per item, then the shared bucket once the burst is spent', () => {
    const ctx = new SimContext({ seed: 1 });
    const limiter = defaultControllerRateLimiter(ctx);
    expect([limiter.when('a'), limiter.when('a'), limiter.when('a')]).toEqual([5, 10, 20]);
    for (let i = 0; i < 97; i++) limiter.when(`k${i}`);
    // The bucket is empty: a fresh item waits for a token (100 ms) rather than its 5 ms backoff.
    expect(limiter.when('fresh')).toBeCloseTo(100);
  });
});
