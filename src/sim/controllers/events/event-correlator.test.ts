/**
 * Ported from client-go `tools/record/events_cache_test.go` (kubernetes/kubernetes
 * staging/src/k8s.io/client-go/tools/record/events_cache_test.go): TestEventAggregatorByReasonFunc,
 * TestEventAggregatorByReasonMessageFunc, TestEventCorrelator's table and TestEventSpamFilter's default-key case.
 * Upstream's `clock.IntervalClock` moves on by the interval at every `Now()`: the test reads it once per event for the
 * timestamps, the aggregator once and the spam filter once, as upstream.
 */
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import type { CoreEvent, InvolvedObject, VirtualClock } from './core-event.ts';
import {
  DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS,
  DEFAULT_AGGREGATE_MAX_EVENTS,
  eventAggregatorByReasonFunc,
  eventAggregatorByReasonMessageFunc,
} from './event-aggregator.ts';
import { EventCorrelator, type CorrelatorOptions } from './event-correlator.ts';
import { EventNamer } from './event-name.ts';
import { DEFAULT_SPAM_BURST } from './spam-filter.ts';

/** `clock.IntervalClock`: every read of `now` returns the time and then adds the interval. */
class IntervalClock implements VirtualClock {
  constructor(
    private t: number,
    private readonly durationMs: number,
  ) {}
  get now(): number {
    const t = this.t;
    this.t += this.durationMs;
    return t;
  }
}

function makeObjectReference(kind: string, name: string, namespace: string): InvolvedObject {
  return {
    kind,
    name,
    namespace,
    uid: 'C934D34AFB20242',
    apiVersion: 'version',
    fieldPath: 'spec.containers{mycontainer}',
  };
}

function makeEvent(reason: string, message: string, involvedObject: InvolvedObject): CoreEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: '', namespace: '' },
    involvedObject,
    reason,
    message,
    source: { component: 'kubelet', host: 'kublet.node1' },
    firstTimestamp: '',
    lastTimestamp: '',
    count: 1,
    type: 'Normal',
  };
}

const makeEvents = (num: number, template: CoreEvent): CoreEvent[] => Array.from({ length: num }, () => ({ ...template }));

function makeUniqueEvents(num: number): CoreEvent[] {
  return Array.from({ length: num }, (_, i) => makeEvent(`reason-${i}`, `message-${i}`, makeObjectReference('Pod', `pod-${i}`, `ns-${i}`)));
}

function makeSimilarEvents(num: number, template: CoreEvent, messagePrefix: string): CoreEvent[] {
  return makeEvents(num, template).map((e, i) => ({
    ...e,
    message: `${messagePrefix}-${i}-${e.message}`,
  }));
}

const setCount = (event: CoreEvent, count: number): CoreEvent => ({
  ...event,
  count,
});

/** `validateEvent`: timestamps set (equal iff count 1), then every field but timestamps and name equal. */
function validateEvent(actual: CoreEvent, expected: CoreEvent): void {
  expect(actual.firstTimestamp).not.toBe('');
  expect(actual.lastTimestamp).not.toBe('');
  expect(actual.metadata.name.startsWith(expected.metadata.name)).toBe(true);
  const strip = (e: CoreEvent) => ({
    ...e,
    firstTimestamp: '',
    lastTimestamp: '',
    metadata: { ...e.metadata, name: '' },
  });
  expect(strip(actual)).toEqual(strip(expected));
}

describe('EventAggregatorByReasonFunc', () => {
  it('groups events that vary only by message', () => {
    const event1 = makeEvent('end-of-world', 'it was fun', makeObjectReference('Pod', 'pod1', 'other'));
    const event2 = makeEvent('end-of-world', 'it was awful', makeObjectReference('Pod', 'pod1', 'other'));
    const event3 = makeEvent('nevermind', 'it was a bug', makeObjectReference('Pod', 'pod1', 'other'));
    const [aggKey1, localKey1] = eventAggregatorByReasonFunc(event1);
    const [aggKey2, localKey2] = eventAggregatorByReasonFunc(event2);
    const [aggKey3] = eventAggregatorByReasonFunc(event3);
    expect(aggKey1).toBe(aggKey2);
    expect(localKey1).not.toBe(localKey2);
    expect(aggKey1).not.toBe(aggKey3);
  });

  it('EventAggregatorByReasonMessageFunc prefixes the message', () => {
    const event1 = makeEvent('end-of-world', 'it was fun', makeObjectReference('Pod', 'pod1', 'other'));
    expect(eventAggregatorByReasonMessageFunc(event1)).toBe('(combined from similar events): it was fun');
  });
});

describe('EventCorrelator (TestEventCorrelator)', () => {
  const firstEvent = makeEvent('first', 'i am first', makeObjectReference('Pod', 'my-pod', 'my-ns'));
  const duplicateEvent = makeEvent('duplicate', 'me again', makeObjectReference('Pod', 'my-pod', 'my-ns'));
  const uniqueEvent = makeEvent('unique', 'snowflake', makeObjectReference('Pod', 'my-pod', 'my-ns'));
  const similarEvent = makeEvent('similar', 'similar message', {
    ...makeObjectReference('Pod', 'my-pod', 'my-ns'),
    fieldPath: 'spec.containers{container1}',
  });
  const aggregateEvent = makeEvent(similarEvent.reason, eventAggregatorByReasonMessageFunc(similarEvent), similarEvent.involvedObject);
  const similarButDifferentContainerEvent = {
    ...similarEvent,
    involvedObject: {
      ...similarEvent.involvedObject,
      fieldPath: 'spec.containers{container2}',
    },
  };

  const scenarios: Record<
    string,
    {
      previousEvents: CoreEvent[];
      newEvent: CoreEvent;
      expectedEvent?: CoreEvent;
      intervalSeconds: number;
      expectedSkip?: boolean;
    }
  > = {
    'create-a-single-event': {
      previousEvents: [],
      newEvent: firstEvent,
      expectedEvent: setCount(firstEvent, 1),
      intervalSeconds: 5,
    },
    'the-same-event-should-just-count': {
      previousEvents: makeEvents(1, duplicateEvent),
      newEvent: duplicateEvent,
      expectedEvent: setCount(duplicateEvent, 2),
      intervalSeconds: 5,
    },
    'the-same-event-should-just-count-even-if-more-than-aggregate': {
      previousEvents: makeEvents(DEFAULT_AGGREGATE_MAX_EVENTS, duplicateEvent),
      newEvent: duplicateEvent,
      expectedEvent: setCount(duplicateEvent, DEFAULT_AGGREGATE_MAX_EVENTS + 1),
      intervalSeconds: 30, // larger interval induces aggregation but not spam.
    },
    'the-same-event-is-spam-if-happens-too-frequently': {
      previousEvents: makeEvents(DEFAULT_SPAM_BURST + 1, duplicateEvent),
      newEvent: duplicateEvent,
      expectedSkip: true,
      intervalSeconds: 1,
    },
    'create-many-unique-events': {
      previousEvents: makeUniqueEvents(30),
      newEvent: uniqueEvent,
      expectedEvent: setCount(uniqueEvent, 1),
      intervalSeconds: 5,
    },
    'similar-events-should-aggregate-event': {
      previousEvents: makeSimilarEvents(DEFAULT_AGGREGATE_MAX_EVENTS - 1, similarEvent, similarEvent.message),
      newEvent: similarEvent,
      expectedEvent: setCount(aggregateEvent, 1),
      intervalSeconds: 5,
    },
    'similar-events-many-times-should-count-the-aggregate': {
      previousEvents: makeSimilarEvents(DEFAULT_AGGREGATE_MAX_EVENTS, similarEvent, similarEvent.message),
      newEvent: similarEvent,
      expectedEvent: setCount(aggregateEvent, 2),
      intervalSeconds: 5,
    },
    'events-from-different-containers-do-not-aggregate': {
      previousEvents: makeEvents(1, similarButDifferentContainerEvent),
      newEvent: similarEvent,
      expectedEvent: setCount(similarEvent, 1),
      intervalSeconds: 5,
    },
    'similar-events-whose-interval-is-greater-than-aggregate-interval-do-not-aggregate': {
      previousEvents: makeSimilarEvents(DEFAULT_AGGREGATE_MAX_EVENTS - 1, similarEvent, similarEvent.message),
      newEvent: similarEvent,
      expectedEvent: setCount(similarEvent, 1),
      intervalSeconds: DEFAULT_AGGREGATE_INTERVAL_IN_SECONDS,
    },
  };

  for (const [name, input] of Object.entries(scenarios)) {
    it(name, () => {
      const clock = new IntervalClock(1_000_000, input.intervalSeconds * 1000);
      const correlator = new EventCorrelator(clock, new EventNamer('kubelet', 'kublet.node1'));
      const stamp = (e: CoreEvent): CoreEvent => {
        const now = rfc3339(clock.now);
        return { ...e, firstTimestamp: now, lastTimestamp: now };
      };
      for (const previous of input.previousEvents) {
        const result = correlator.eventCorrelate(stamp(previous));
        // if we are skipping the event, we can avoid updating state
        if (!result.skip) correlator.updateState(result.event);
      }
      const result = correlator.eventCorrelate(stamp(input.newEvent));
      expect(result.skip).toBe(input.expectedSkip ?? false);
      if (!result.skip) validateEvent(result.event, input.expectedEvent!);
    });
  }
});

describe('EventCorrelator spam filter (TestEventSpamFilter)', () => {
  it('an event is spam if the object reference is the same, for the default spam key (burst 1)', () => {
    const options: CorrelatorOptions = { burstSize: 1 };
    const clock = new IntervalClock(1_000_000, 1000);
    const correlator = new EventCorrelator(clock, new EventNamer('kubelet', ''), options);
    const originalEvent = makeEvent('original', 'i am first', makeObjectReference('Pod', 'my-pod', 'my-ns'));
    const differentReasonEvent = makeEvent('duplicate', 'me again', makeObjectReference('Pod', 'my-pod', 'my-ns'));
    const first = correlator.eventCorrelate(originalEvent);
    expect(first.skip).toBe(false);
    if (!first.skip) correlator.updateState(first.event);
    expect(correlator.eventCorrelate(differentReasonEvent).skip).toBe(true);
  });
});
