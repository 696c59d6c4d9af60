import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from './core-event.ts';
import { EventLogger, type EventPatch } from './event-logger.ts';
import { getEventKey } from './event-keys.ts';
import { LruCache } from './lru-cache.ts';

/** The logger as upstream writes it: `eventLog` records with their own copies of the four fields. */
class PlainEventLogger {
  private readonly cache: LruCache<{ count: number; firstTimestamp: string; name: string; resourceVersion: string }>;
  constructor(size: number) {
    this.cache = new LruCache(size);
  }
  eventObserve(newEvent: CoreEvent, key: string): { event: CoreEvent; patch?: EventPatch } {
    const last = this.cache.get(key);
    let event = newEvent;
    let patch: EventPatch | undefined;
    if (last !== undefined && last.count > 0) {
      const metadata: CoreEvent['metadata'] = { name: last.name, namespace: newEvent.metadata.namespace };
      if (last.resourceVersion) metadata.resourceVersion = last.resourceVersion;
      event = { ...newEvent, metadata, firstTimestamp: last.firstTimestamp, count: last.count + 1 };
      patch = { count: event.count, lastTimestamp: event.lastTimestamp, message: event.message };
    }
    this.cache.add(key, { count: event.count, firstTimestamp: event.firstTimestamp, name: event.metadata.name, resourceVersion: event.metadata.resourceVersion ?? '' });
    return patch ? { event, patch } : { event };
  }
  updateState(event: CoreEvent): void {
    this.cache.add(getEventKey(event), { count: event.count, firstTimestamp: event.firstTimestamp, name: event.metadata.name, resourceVersion: event.metadata.resourceVersion ?? '' });
  }
}

function eventOf(i: number, name: string, message: string, count: number, t: string, rv?: string): CoreEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: rv === undefined ? { name: `${name}.${i.toString(16)}`, namespace: 'default' } : { name: `${name}.${i.toString(16)}`, namespace: 'default', resourceVersion: rv },
    involvedObject: { kind: 'Pod', namespace: 'default', name, uid: `uid-${name}`, apiVersion: 'v1' },
    reason: 'Started',
    message,
    source: { component: 'kubelet', host: 'node-1' },
    firstTimestamp: t,
    lastTimestamp: t,
    count,
    type: 'Normal',
  };
}

describe('EventLogger', () => {
  it('keeping the observed or answered event as the record answers as copying its fields does (property)', () => {
    const op = fc.record({
      answer: fc.boolean(),
      name: fc.constantFrom('a', 'b', 'c'),
      message: fc.constantFrom('m1', 'm2'),
      count: fc.integer({ min: 0, max: 3 }),
      second: fc.integer({ min: 0, max: 9 }),
      rv: fc.option(fc.constantFrom('', '7', '12'), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (ops, size) => {
        const logger = new EventLogger(size);
        const plain = new PlainEventLogger(size);
        ops.forEach((o, i) => {
          const e = eventOf(i, o.name, o.message, o.count, `2026-01-01T00:00:0${o.second}Z`, o.rv);
          if (o.answer) {
            logger.updateState(e);
            plain.updateState(e);
          } else {
            const key = getEventKey(e);
            expect(logger.eventObserve(e, key)).toEqual(plain.eventObserve(e, key));
          }
        });
      }),
      { seed: 17, numRuns: 300 },
    );
  });
});
