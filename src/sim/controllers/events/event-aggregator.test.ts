import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreEvent, VirtualClock } from './core-event.ts';
import { EventAggregator, eventAggregatorByReasonFunc } from './event-aggregator.ts';
import { getEventKey } from './event-keys.ts';
import { EventNamer } from './event-name.ts';

class SetClock implements VirtualClock {
  now = 0;
}

function event(reason: string, message: string, name: string): CoreEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: '', namespace: 'default' },
    involvedObject: { kind: 'Pod', name, namespace: 'default', uid: 'u', apiVersion: 'v1' },
    reason,
    message,
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: '',
    lastTimestamp: '',
    count: 1,
    type: 'Normal',
  };
}

/** `EventAggregate` with a Set per record, as written before records held a lone message as itself. */
class SetAggregator {
  private readonly records = new Map<string, { localKeys: Set<string>; lastTimestamp: number }>();
  constructor(
    private readonly maxEvents: number,
    private readonly maxIntervalMs: number,
  ) {}

  aggregate(e: CoreEvent, now: number): { combined: boolean; key: string } {
    const [aggregateKey, localKey] = eventAggregatorByReasonFunc(e);
    let record = this.records.get(aggregateKey);
    if (record === undefined || now - record.lastTimestamp > this.maxIntervalMs) record = { localKeys: new Set(), lastTimestamp: now };
    record.localKeys.add(localKey);
    record.lastTimestamp = now;
    this.records.set(aggregateKey, record);
    if (record.localKeys.size < this.maxEvents) return { combined: false, key: getEventKey(e) };
    record.localKeys.delete(record.localKeys.values().next().value!);
    return { combined: true, key: aggregateKey };
  }
}

describe('EventAggregator', () => {
  it('combines exactly as with a Set of messages per group (property)', () => {
    const step = fc.record({
      reason: fc.constantFrom('Pulled', 'Failed'),
      message: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      name: fc.constantFrom('p1', 'p2'),
      gap: fc.constantFrom(0, 1_000, 300_000, 700_000),
    });
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 4, 10), fc.array(step, { maxLength: 60 }), (maxEvents, steps) => {
        const clock = new SetClock();
        const aggregator = new EventAggregator(clock, new EventNamer('kubelet', 'node-1'), 4096, maxEvents, 600);
        const reference = new SetAggregator(maxEvents, 600_000);
        for (const s of steps) {
          clock.now += s.gap;
          const e = event(s.reason, s.message, s.name);
          const got = aggregator.eventAggregate(e);
          const want = reference.aggregate(e, clock.now);
          expect(got.key).toBe(want.key);
          expect(got.event !== e).toBe(want.combined);
          if (want.combined) expect(got.event.message).toBe(`(combined from similar events): ${s.message}`);
        }
      }),
      { seed: 29, numRuns: 400 },
    );
  });
});
