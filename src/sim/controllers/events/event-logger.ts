/**
 * client-go's `eventLogger` (`tools/record/events_cache.go`; kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go: `eventObserve`, `updateState`): counts identical events.
 *
 * `eventObserve(event, key)`: if the key has an observation, the event becomes that Event again — its name,
 * resourceVersion and firstTimestamp, `count + 1` — and a patch is prepared: upstream's
 * `CreateTwoWayMergePatch` between the event with count 0, lastTimestamp at the Unix epoch and an empty message, and
 * the event, i.e. `{count, lastTimestamp, message}`. Either way the observation (count, firstTimestamp, name,
 * resourceVersion) is stored under the key. `updateState` stores the api-server's answer under the answer's own
 * `getEventKey` (for a combined event that is not the aggregate key it was observed under, as upstream).
 *
 * Upstream's `eventLog` copies those four fields into a record of their own. Here the record is the event they are
 * read from (never changed once made: the observed event, then the api-server's frozen answer), so that an Event's
 * entry costs the cache its key and nothing more: the answer lives in the api-server's store anyway.
 */
import type { CoreEvent } from './core-event.ts';
import { getEventKey } from './event-keys.ts';
import { LruCache } from './lru-cache.ts';
import { MAX_LRU_CACHE_ENTRIES } from './spam-filter.ts';

/** `eventLog`: count, firstTimestamp, name and resourceVersion, read from the event observed or answered. */
type EventLog = Pick<CoreEvent, 'count' | 'firstTimestamp' | 'metadata'>;

/** The strategic merge patch of a repeat. */
export interface EventPatch {
  count: number;
  lastTimestamp: string;
  message: string;
}

export class EventLogger {
  private readonly cache: LruCache<EventLog>;

  constructor(lruCacheEntries = MAX_LRU_CACHE_ENTRIES) {
    this.cache = new LruCache(lruCacheEntries);
  }

  eventObserve(newEvent: CoreEvent, key: string): { event: CoreEvent; patch?: EventPatch } {
    // `Get` then `Add` below: peek (see LruCache.peek).
    const last = this.cache.peek(key);
    let event = newEvent;
    let patch: EventPatch | undefined;
    if (last !== undefined && last.count > 0) {
      const metadata: CoreEvent['metadata'] = {
        name: last.metadata.name,
        namespace: newEvent.metadata.namespace,
      };
      if (last.metadata.resourceVersion) metadata.resourceVersion = last.metadata.resourceVersion;
      event = {
        ...newEvent,
        metadata,
        firstTimestamp: last.firstTimestamp,
        count: last.count + 1,
      };
      patch = {
        count: event.count,
        lastTimestamp: event.lastTimestamp,
        message: event.message,
      };
    }
    this.cache.add(key, event);
    return patch ? { event, patch } : { event };
  }

  updateState(event: CoreEvent): void {
    this.cache.add(getEventKey(event), event);
  }
}
