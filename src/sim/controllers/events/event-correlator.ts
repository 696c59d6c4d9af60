/**
 * client-go's `EventCorrelator` (`tools/record/events_cache.go`; kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache.go: `NewEventCorrelator`, `EventCorrelate`, `UpdateState`),
 * with upstream's defaults: one LRU of `maxLruCacheEntries` = 4096 in each part, similar events combined after 10
 * within 600 s, and a 25-event burst per source + object refilled once every 300 s.
 *
 * `EventCorrelate` runs, in upstream's order: the aggregator (the event, or its "(combined from similar events)" copy,
 * and the key to count it under), the logger (identical repeats become `count + 1` and a patch), then the spam filter
 * on the observed event — so a filtered event has still been aggregated and counted, as upstream. A filtered event is
 * `skip`: the recorder writes nothing. Otherwise the recorder patches when `count > 1` and creates when not
 * (`recordToSink` / `recordEvent` in `tools/record/event.go`).
 */
import type { CoreEvent, VirtualClock } from './core-event.ts';
import { DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS, DEFAULT_AGGREGATE_MAX_EVENTS, EventAggregator } from './event-aggregator.ts';
import type { EventNamer } from './event-name.ts';
import { EventLogger, type EventPatch } from './event-logger.ts';
import { DEFAULT_SPAM_BURST, DEFAULT_SPAM_QPS, EventSourceObjectSpamFilter, MAX_LRU_CACHE_ENTRIES } from './spam-filter.ts';

/** `EventCorrelateResult`. */
export type EventCorrelateResult = { skip: true } | { skip: false; event: CoreEvent; patch?: EventPatch };

/** The numbers of upstream's `CorrelatorOptions` (zero values take the defaults there; absent ones here). */
export interface CorrelatorOptions {
  lruCacheSize?: number;
  burstSize?: number;
  qps?: number;
  maxEvents?: number;
  maxIntervalInSeconds?: number;
}

export class EventCorrelator {
  readonly aggregator: EventAggregator;
  readonly logger: EventLogger;
  readonly spamFilter: EventSourceObjectSpamFilter;

  /** `NewEventCorrelator(clock)`, or `NewEventCorrelatorWithOptions` given options. */
  constructor(clock: VirtualClock, names: EventNamer, options: CorrelatorOptions = {}) {
    const size = options.lruCacheSize ?? MAX_LRU_CACHE_ENTRIES;
    this.spamFilter = new EventSourceObjectSpamFilter(clock, size, options.burstSize ?? DEFAULT_SPAM_BURST, options.qps ?? DEFAULT_SPAM_QPS);
    this.aggregator = new EventAggregator(
      clock,
      names,
      size,
      options.maxEvents ?? DEFAULT_AGGREGATE_MAX_EVENTS,
      options.maxIntervalInSeconds ?? DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS,
    );
    this.logger = new EventLogger(size);
  }

  eventCorrelate(newEvent: CoreEvent): EventCorrelateResult {
    const { event: aggregateEvent, key } = this.aggregator.eventAggregate(newEvent);
    const observed = this.logger.eventObserve(aggregateEvent, key);
    if (this.spamFilter.filter(observed.event)) return { skip: true };
    return observed.patch ? { skip: false, event: observed.event, patch: observed.patch } : { skip: false, event: observed.event };
  }

  /** `UpdateState`: the api-server's answer to a create or patch. */
  updateState(event: CoreEvent): void {
    this.logger.updateState(event);
  }
}
