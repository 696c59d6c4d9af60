import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cloneGraph } from '../engine/clone-graph.ts';
import { Trace } from './trace.ts';
import type { TraceEventBody } from './trace-event.ts';

const clock = { now: 0 };
const note = (i: number): TraceEventBody => ({ kind: 'scenario.note', detail: `n${i}` });
const action = (i: number): TraceEventBody => ({ kind: 'user.action', action: 'a', detail: `a${i}` });

function fill(trace: Trace, n: number, body: (i: number) => TraceEventBody = note): void {
  for (let i = 0; i < n; i++) trace.emit('test', body(trace.length + 1), trace.length === 0 ? null : trace.length);
}

describe('Trace: a window of the most recent events', () => {
  it('keeps every event while fewer than the window were recorded', () => {
    const t = new Trace(clock, { window: 5000 });
    fill(t, 4000);
    expect(t.firstId).toBe(1);
    expect(t.slice()).toHaveLength(4000);
    expect(t.before.events).toBe(0);
  });

  it('drops the oldest chunks past the window, keeping ids, and counts what it dropped by kind', () => {
    const t = new Trace(clock, { window: 2048 });
    fill(t, 3000, note);
    fill(t, 2000, action);
    expect(t.length).toBe(5000);
    // Between the window and the window plus the chunk being filled.
    const kept = t.length - t.firstId + 1;
    expect(kept).toBeGreaterThanOrEqual(2048);
    expect(kept).toBeLessThan(2048 + 1024);
    expect(t.firstId).toBe(t.before.events + 1);
    expect(t.get(t.firstId)?.id).toBe(t.firstId);
    expect(t.get(t.firstId - 1)).toBeUndefined();
    expect(t.slice().map((e) => e.id)).toEqual(Array.from({ length: kept }, (_, i) => t.firstId + i));
    expect(t.before.byKind['scenario.note']).toBe(t.before.events);
    fill(t, 2000, action);
    expect(t.before.byKind['scenario.note']).toBe(3000);
    expect((t.before.byKind['scenario.note'] ?? 0) + (t.before.byKind['user.action'] ?? 0)).toBe(t.before.events);
    expect(Object.isFrozen(t.before)).toBe(true);
  });

  it('tells an id before the window from one that never was, and a cause chain stops at the window', () => {
    const t = new Trace(clock, { window: 1024 });
    fill(t, 3000);
    const chain = t.causeChain(t.length);
    expect(chain[0]!.id).toBe(t.length);
    expect(chain[chain.length - 1]!.id).toBe(t.firstId);
    expect(t.beforeWindow(chain[chain.length - 1]!.causeId!)).toBe(true);
    expect(t.beforeWindow(t.firstId)).toBe(false);
    expect(t.beforeWindow(t.length + 1)).toBe(false);
    expect(t.beforeWindow(0)).toBe(false);
  });

  it('a trial taken back with truncate leaves the trace as if it never ran', () => {
    const t = new Trace(clock, { window: 2048 });
    fill(t, 3500);
    const before = t.slice();
    fill(t, 300);
    t.truncate(3500);
    expect(t.slice()).toEqual(before);
    fill(t, 10);
    expect(t.get(3501)).toMatchObject({ id: 3501, detail: 'n3501' });
  });

  it('holds the same events at the same ids as a trace that drops nothing (seeded property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4000 }), fc.array(fc.oneof(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: -300, max: -1 })), { maxLength: 12 }), (window, ops) => {
        const windowed = new Trace(clock, { window });
        const whole = new Trace(clock, { window: 1e9 });
        for (const op of ops) {
          if (op > 0) {
            fill(windowed, op);
            fill(whole, op);
          } else {
            windowed.truncate(windowed.length + op);
            whole.truncate(whole.length + op);
          }
        }
        expect(windowed.length).toBe(whole.length);
        expect(windowed.slice()).toEqual(whole.slice(windowed.firstId - 1));
      }),
      { seed: 17, numRuns: 200 },
    );
  });
});

describe('Trace.dropThrough: a copy takes the window of a copy further along the same run', () => {
  it('an older copy drops what the newer one dropped, then records the same window as it', () => {
    const t = new Trace(clock, { window: 2048 });
    fill(t, 1500);
    const older = cloneGraph(t);
    fill(t, 6000);
    older.dropThrough(t.before);
    expect(older.firstId).toBe(older.length + 1);
    expect(older.slice()).toEqual([]);
    expect(older.before).toBe(t.before);
    // Re-executing: ids up to the floor are numbered, not kept; after it, exactly the newer copy's events.
    fill(older, 6000);
    expect(older.slice()).toEqual(t.slice());
    expect(older.before).toEqual(t.before);
  });

  it('keeps what is after the floor and never raises it backwards', () => {
    const t = new Trace(clock, { window: 1024 });
    fill(t, 2500);
    const copy = cloneGraph(t);
    fill(t, 1100);
    copy.dropThrough(t.before);
    expect(copy.firstId).toBe(t.firstId);
    expect(copy.slice()).toEqual(t.slice(0, copy.length));
    const floor = copy.firstId;
    copy.dropThrough(new Trace(clock).before);
    expect(copy.firstId).toBe(floor);
  });
});
