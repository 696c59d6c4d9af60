import { describe, expect, it } from 'vitest';
import { RateLimitedTimedQueue } from './rate-limited-timed-queue.ts';

const names = (vs: { value: string }[]) => vs.map((v) => v.value);

describe('RateLimitedTimedQueue (rate_limited_queue.go)', () => {
  it('lets one value through per 1/qps seconds, with a burst of one', () => {
    const q = new RateLimitedTimedQueue(0.1, 0);
    q.add('a', 'ua', 0);
    q.add('b', 'ub', 0);
    q.add('c', 'uc', 0);
    expect(names(q.take(0))).toEqual(['a']);
    expect(names(q.take(9_999))).toEqual([]);
    expect(q.nextReadyIn(9_999)).toBeCloseTo(1, 5);
    expect(names(q.take(10_000))).toEqual(['b']);
    expect(names(q.take(20_000))).toEqual(['c']);
    expect(q.nextReadyIn(20_000)).toBe(Infinity);
  });

  it('a value is added only once until removed, even after it was processed', () => {
    const q = new RateLimitedTimedQueue(1, 0);
    expect(q.add('a', 'u', 0)).toBe(true);
    expect(q.add('a', 'u', 0)).toBe(false);
    const [v] = q.take(0);
    q.done(v!);
    expect(q.add('a', 'u', 1_000)).toBe(false);
    expect(q.remove('a')).toBe(true);
    expect(q.add('a', 'u', 1_000)).toBe(true);
  });

  it('a failed value is processed again after its wait (asking early still spends a token, as upstream); a removed one is not', () => {
    const q = new RateLimitedTimedQueue(100, 0);
    q.add('a', 'u', 0);
    const [v] = q.take(0);
    q.retry(v!, 0, 50);
    expect(names(q.take(49))).toEqual([]);
    expect(names(q.take(50))).toEqual([]);
    expect(names(q.take(60))).toEqual(['a']);
    q.retry(v!, 50, 0);
    q.remove('a');
    expect(q.pending()).toEqual([]);
  });

  it('SwapLimiter(0) stops everything; the rate that follows starts drained (the never-limiter refuses its token)', () => {
    const q = new RateLimitedTimedQueue(0.1, 0);
    q.add('a', 'u', 0);
    q.add('b', 'u', 0);
    expect(names(q.take(0))).toEqual(['a']);
    q.swapLimiter(0, 1_000);
    expect(names(q.take(100_000))).toEqual([]);
    expect(q.nextReadyIn(100_000)).toBe(Infinity);
    q.swapLimiter(1, 100_000);
    expect(names(q.take(100_000))).toEqual([]);
    expect(names(q.take(101_000))).toEqual(['b']);
  });
});
