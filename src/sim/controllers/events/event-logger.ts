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
 */
import type { CoreEvent } from './core-event.ts';
import { getEventKey } from './event-keys.ts';
import { LruCache } from './lru-cache.ts';
import { MAX_LRU_CACHE_ENTRIES } from './spam-filter.ts';

/** `eventLog`. */
interface EventLog {
  count: number;
  firstTimestamp: string;
  name: string;
  resourceVersion: string;
}

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
    const last = this.cache.get(key);
    let event = newEvent;
    let patch: EventPatch | undefined;
    if (last !== undefined && last.count > 0) {
      const metadata: CoreEvent['metadata'] = {
        name: last.name,
        namespace: newEvent.metadata.namespace,
      };
      if (last.resourceVersion) metadata.resourceVersion = last.resourceVersion;
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
    this.cache.add(key, {
      count: event.count,
      firstTimestamp: event.firstTimestamp,
      name: event.metadata.name,
      resourceVersion: event.metadata.resourceVersion ?? '',
    });
    return patch ? { event, patch } : { event };
  }

  updateState(event: CoreEvent): void {
    this.cache.add(getEventKey(event), {
      count: event.count,
      firstTimestamp: event.firstTimestamp,
      name: event.metadata.name,
      resourceVersion: event.metadata.resourceVersion ?? '',
    });
  }
}
