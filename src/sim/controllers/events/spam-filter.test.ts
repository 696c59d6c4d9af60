import { describe, expect, it } from 'vitest';
import type { CoreEvent } from './core-event.ts';
import { DEFAULT_SPAM_BURST, DEFAULT_SPAM_QPS, EventRateLimiter, EventSourceObjectSpamFilter } from './spam-filter.ts';

const event = (name: string, reason = 'R', message = 'm'): CoreEvent => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: `${name}.1`, namespace: 'default' },
  involvedObject: {
    kind: 'ReplicaSet',
    namespace: 'default',
    name,
    uid: `uid-${name}`,
    apiVersion: 'apps/v1',
  },
  reason,
  message,
  source: { component: 'replicaset-controller' },
  firstTimestamp: '',
  lastTimestamp: '',
  count: 1,
  type: 'Normal',
});

describe('EventRateLimiter (x/time/rate AllowN as flowcontrol TryAccept uses it)', () => {
  it('starts full, grants the burst, then one token per 1/qps seconds (qps a float32, as upstream)', () => {
    expect(DEFAULT_SPAM_QPS).toBe(Math.fround(1 / 300));
    const limiter = new EventRateLimiter(DEFAULT_SPAM_QPS, DEFAULT_SPAM_BURST);
    for (let i = 0; i < 25; i++) expect(limiter.tryAccept(0)).toBe(true);
    expect(limiter.tryAccept(0)).toBe(false);
    // float32(1/300) is a hair above 1/300: a full token is back a hair before 300 s.
    expect(limiter.tryAccept(299_000)).toBe(false);
    expect(limiter.tryAccept(300_000)).toBe(true);
    expect(limiter.tryAccept(300_000)).toBe(false);
    // A refusal takes nothing: 10 minutes later two tokens are there.
    expect(limiter.tryAccept(900_000)).toBe(true);
    expect(limiter.tryAccept(900_000)).toBe(true);
    expect(limiter.tryAccept(900_000)).toBe(false);
  });

  it('refills no further than the burst', () => {
    const limiter = new EventRateLimiter(1, 2);
    expect(limiter.tryAccept(0)).toBe(true);
    expect(limiter.tryAccept(0)).toBe(true);
    expect(limiter.tryAccept(3_600_000)).toBe(true);
    expect(limiter.tryAccept(3_600_000)).toBe(true);
    expect(limiter.tryAccept(3_600_000)).toBe(false);
  });
});

describe('EventSourceObjectSpamFilter', () => {
  it('throttles per source + object, whatever the reason or message', () => {
    const clock = { now: 0 };
    const filter = new EventSourceObjectSpamFilter(clock);
    for (let i = 0; i < 25; i++) expect(filter.filter(event('web', `R${i % 3}`, `m${i}`))).toBe(false);
    expect(filter.filter(event('web', 'Other', 'x'))).toBe(true);
    expect(filter.filter(event('api'))).toBe(false);
    clock.now = 300_000;
    expect(filter.filter(event('web'))).toBe(false);
    expect(filter.filter(event('web'))).toBe(true);
  });

  it('forgets the least recently used source + object past its LRU size: it comes back with a full bucket', () => {
    const clock = { now: 0 };
    const filter = new EventSourceObjectSpamFilter(clock, 2, 1);
    expect(filter.filter(event('a'))).toBe(false);
    expect(filter.filter(event('a'))).toBe(true);
    expect(filter.filter(event('b'))).toBe(false);
    expect(filter.filter(event('a'))).toBe(true); // a is now the most recent
    expect(filter.filter(event('c'))).toBe(false); // evicts b
    expect(filter.filter(event('b'))).toBe(false); // b starts again; evicts a
    expect(filter.filter(event('a'))).toBe(false);
  });
});
