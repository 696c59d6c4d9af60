/**
 * client-go's `EventAggregator` (`tools/record/events_cache.go`; kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go: `EventAggregate`, `EventAggregatorByReasonFunc`,
 * `EventAggregatorByReasonMessageFunc`).
 *
 * Events that differ only by message are "similar": `EventAggregatorByReasonFunc` groups them by source component and
 * host, the involved object's kind, namespace, name, uid and apiVersion, type, reason, reportingController and
 * reportingInstance (joined with no separator), and the message is the local key. Each group remembers the distinct
 * messages seen and when the last one came; a group quiet for more than `defaultAggregateIntervalInSeconds` = 600 s
 * starts over. While a group holds fewer than `defaultAggregateMaxEvents` = 10 distinct messages the event passes
 * unchanged with its full `getEventKey` as the logger's key. From the 10th on, one message is popped (so the set stays
 * at 9 + the next) and the event is replaced by a fresh copy — count 1, firstTimestamp = lastTimestamp = now, the
 * same involvedObject, type, reason and source, message `"(combined from similar events): " + message`, and no
 * reportingController/instance (upstream's copy does not set them) — whose logger key is the aggregate key, so every
 * later similar event patches that one Event.
 *
 * Upstream pops with `sets.String.PopAny` (whichever a Go map iteration yields first); this port pops the oldest
 * message, so runs stay deterministic.
 */
import { rfc3339 } from '../../engine/clock.ts';
import { flattenString } from '../../engine/clone-graph.ts';
import type { CoreEvent, VirtualClock } from './core-event.ts';
import type { EventNamer } from './event-name.ts';
import { getEventKey } from './event-keys.ts';
import { LruCache } from './lru-cache.ts';
import { MAX_LRU_CACHE_ENTRIES } from './spam-filter.ts';

/** `defaultAggregateMaxEvents`: similar events within the interval before they are combined. */
export const DEFAULT_AGGREGATE_MAX_EVENTS = 10;
/** `defaultAggregateIntervalInSeconds`. */
export const DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS = 600;

/** `EventAggregatorByReasonFunc`: [aggregateKey, localKey]. */
export function eventAggregatorByReasonFunc(event: CoreEvent): [string, string] {
  const o = event.involvedObject;
  // Both are kept in the LRU cache (the message in the record's set): flattened, see event-keys.ts.
  return [
    flattenString(
      event.source.component +
        (event.source.host ?? '') +
        o.kind +
        (o.namespace ?? '') +
        o.name +
        (o.uid ?? '') +
        o.apiVersion +
        event.type +
        event.reason +
        (event.reportingComponent ?? '') +
        (event.reportingInstance ?? ''),
    ),
    flattenString(event.message),
  ];
}

/** `EventAggregatorByReasonMessageFunc`. */
export function eventAggregatorByReasonMessageFunc(event: CoreEvent): string {
  return '(combined from similar events): ' + event.message;
}

/** `aggregateRecord`. */
interface AggregateRecord {
  /**
   * The distinct local keys (messages) seen in the group, oldest first; a lone message is held as itself (nearly
   * every group has one, and the caches keep thousands of groups: a Set each was most of a record's memory).
   */
  localKeys: string | Set<string>;
  /** Virtual ms of the last similar event. */
  lastTimestamp: number;
}

/** `localKeys.Insert(key)`: the keys with `key` last when it is new. */
function withLocalKey(keys: string | Set<string> | undefined, key: string): string | Set<string> {
  if (keys === undefined) return key;
  if (typeof keys === 'string') return keys === key ? keys : new Set([keys, key]);
  keys.add(key);
  return keys;
}

/** `localKeys.Len()`. */
function localKeyCount(keys: string | Set<string>): number {
  return typeof keys === 'string' ? 1 : keys.size;
}

/** `localKeys.PopAny()`, here the oldest (see the file comment): the keys without it. */
function withoutOldestLocalKey(keys: string | Set<string>): Set<string> {
  if (typeof keys === 'string') return new Set();
  keys.delete(keys.values().next().value!);
  return keys;
}

export class EventAggregator {
  private readonly cache: LruCache<AggregateRecord>;

  constructor(
    private readonly clock: VirtualClock,
    private readonly names: EventNamer,
    lruCacheSize = MAX_LRU_CACHE_ENTRIES,
    readonly maxEvents = DEFAULT_AGGREGATE_MAX_EVENTS,
    readonly maxIntervalInSeconds = DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS,
  ) {
    this.cache = new LruCache(lruCacheSize);
  }

  /** `EventAggregate`: the (possibly combined) event to record and its key for the logger. */
  eventAggregate(newEvent: CoreEvent): { event: CoreEvent; key: string } {
    const now = this.clock.now;
    const eventKey = getEventKey(newEvent);
    const [aggregateKey, localKey] = eventAggregatorByReasonFunc(newEvent);

    // `Get` then `Add` below: peek (see LruCache.peek).
    let record = this.cache.peek(aggregateKey);
    // Too old (or none: the zero lastTimestamp is always too old)? Start a fresh record.
    if (record === undefined || now - record.lastTimestamp > this.maxIntervalInSeconds * 1000) {
      record = { localKeys: localKey, lastTimestamp: now };
    } else record.localKeys = withLocalKey(record.localKeys, localKey);
    record.lastTimestamp = now;
    this.cache.add(aggregateKey, record);

    if (localKeyCount(record.localKeys) < this.maxEvents) return { event: newEvent, key: eventKey };

    // Do not grow the local key set any larger than max (PopAny; see the file comment).
    record.localKeys = withoutOldestLocalKey(record.localKeys);

    const t = rfc3339(now);
    const eventCopy: CoreEvent = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: this.names.name(newEvent.involvedObject.name, now),
        namespace: newEvent.metadata.namespace,
      },
      involvedObject: newEvent.involvedObject,
      reason: newEvent.reason,
      message: eventAggregatorByReasonMessageFunc(newEvent),
      source: newEvent.source,
      firstTimestamp: t,
      lastTimestamp: t,
      count: 1,
      type: newEvent.type,
    };
    return { event: eventCopy, key: aggregateKey };
  }
}
