/**
 * client-go's `EventSourceObjectSpamFilter` (`tools/record/events_cache.go`; kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go): each source + involved object (`getSpamKey`) has a token
 * bucket of `defaultSpamBurst` = 25 events refilled at `defaultSpamQPS` = 1/300 per second (one event every 5 minutes);
 * an event that finds the bucket empty is filtered out (`Filter` returns true, the correlator answers `Skip`). The
 * buckets live in an LRU of `maxLruCacheEntries` = 4096: an evicted source + object starts again with a full bucket.
 *
 * The bucket is `flowcontrol.NewTokenBucketRateLimiterWithClock(qps, burst, clock).TryAccept()`, i.e.
 * golang.org/x/time/rate `Limiter.AllowN(now, 1)`: tokens grow by elapsed seconds × limit up to burst; a grant takes
 * one token and moves `last` to now, a refusal changes nothing. The limiter starts full. `qps` is a Go float32
 * (`Math.fround(1 / 300)`), as upstream passes it; time is the virtual clock, never Date.
 */
import type { CoreEvent, VirtualClock } from './core-event.ts';
import { getSpamKey } from './event-keys.ts';
import { LruCache } from './lru-cache.ts';

/** `maxLruCacheEntries`. */
export const MAX_LRU_CACHE_ENTRIES = 4096;
/** `defaultSpamBurst`: a source may send 25 events about an object... */
export const DEFAULT_SPAM_BURST = 25;
/** `defaultSpamQPS = 1. / 300.` (a float32 field upstream): ...then one more every 5 minutes. */
export const DEFAULT_SPAM_QPS = Math.fround(1 / 300);

/** A time.Duration in ns as `d.Seconds()` computes it (whole seconds + remainder / 1e9). */
function seconds(elapsedMs: number): number {
  const ns = Math.round(elapsedMs * 1e6);
  const sec = Math.trunc(ns / 1e9);
  return sec + (ns - sec * 1e9) / 1e9;
}

/** golang.org/x/time/rate `Limiter` as `TryAccept` uses it (`AllowN(now, 1)`). */
export class EventRateLimiter {
  private tokens: number;
  /** Virtual ms of the last grant; -Infinity: never (Go's zero time, so the first advance fills the bucket). */
  private last = -Infinity;

  constructor(
    readonly qps: number,
    readonly burst: number,
  ) {
    this.tokens = burst;
  }

  tryAccept(now: number): boolean {
    // advance(now): `if t.Before(last) { last = t }`; tokens += elapsed × limit, capped at burst.
    const last = this.last > now ? now : this.last;
    let tokens = last === -Infinity ? this.burst : Math.min(this.burst, this.tokens + seconds(now - last) * this.qps);
    tokens -= 1;
    // The wait for a missing fraction of a token, `time.Duration(-tokens / limit * 1e9)` (truncated to whole ns),
    // must not exceed maxFutureReserve = 0: otherwise the reservation is not ok and nothing changes.
    if (tokens < 0 && Math.trunc((-tokens / this.qps) * 1e9) > 0) return false;
    this.last = now;
    this.tokens = tokens;
    return true;
  }
}

export class EventSourceObjectSpamFilter {
  private readonly cache: LruCache<EventRateLimiter>;

  constructor(
    private readonly clock: VirtualClock,
    lruCacheSize = MAX_LRU_CACHE_ENTRIES,
    readonly burst = DEFAULT_SPAM_BURST,
    readonly qps = DEFAULT_SPAM_QPS,
  ) {
    this.cache = new LruCache(lruCacheSize);
  }

  /** `Filter`: true if the event should be skipped (this source + object is over its rate). */
  filter(event: CoreEvent): boolean {
    const key = getSpamKey(event);
    // `Get` then `Add` below: peek (see LruCache.peek).
    const limiter = this.cache.peek(key) ?? new EventRateLimiter(this.qps, this.burst);
    const filter = !limiter.tryAccept(this.clock.now);
    this.cache.add(key, limiter);
    return filter;
  }
}
