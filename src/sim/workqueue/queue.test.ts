import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimContext } from '../engine/sim-context.ts';
import { Queue, type QueueConsumer } from './queue.ts';

/** A pool of simulated workers: each takes a key when told, holds it for `work` ms, then calls done. */
class Workers implements QueueConsumer {
  busy: Array<string | null>;
  processed: string[] = [];
  overlaps = 0;
  constructor(
    private readonly ctx: SimContext,
    private readonly q: Queue,
    n: number,
    private readonly work: number,
  ) {
    this.busy = new Array<string | null>(n).fill(null);
  }
  onQueueReady(): void {
    for (let w = 0; w < this.busy.length; w++) {
      if (this.busy[w] !== null) continue;
      const item = this.q.get(w);
      if (!item) return;
      if (this.busy.includes(item.key)) this.overlaps++;
      this.busy[w] = item.key;
      this.ctx.scheduler.after(this.work, this, 'finish', w);
    }
  }
  finish(w: number): void {
    const key = this.busy[w]!;
    this.busy[w] = null;
    this.processed.push(key);
    this.q.done(key);
    this.onQueueReady();
  }
}

class Producer {
  constructor(private readonly q: Queue) {}
  produce(key: string): void {
    this.q.add(key, 'add');
  }
}

describe('Queue (client-go queue_test.go)', () => {
  it('TestBasic: many producers and several workers process every key, never one key twice at once', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    const workers = new Workers(ctx, q, 10, 3);
    q.setConsumer(workers);
    const producers = Array.from({ length: 50 }, () => new Producer(q));
    producers.forEach((p, i) => {
      for (let j = 0; j < 50; j++) ctx.scheduler.after(j, p, 'produce', `${i}-${j}`);
    });
    ctx.scheduler.runUntil(100_000);
    expect(workers.processed.length).toBe(2500);
    expect(new Set(workers.processed).size).toBe(2500);
    expect(workers.overlaps).toBe(0);
    expect(q.len()).toBe(0);
  });

  it('TestAddWhileProcessing: a key added while processing is queued again after done, not handed out twice', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    q.add('a');
    const first = q.get(0)!;
    expect(first.key).toBe('a');
    q.add('a');
    q.add('a');
    expect(q.len()).toBe(0);
    expect(q.get(1)).toBeUndefined();
    q.done('a');
    expect(q.len()).toBe(1);
    expect(q.get(1)!.key).toBe('a');
    q.done('a');
    expect(q.len()).toBe(0);
  });

  it('TestLen: duplicates collapse into one pending key', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    q.add('foo');
    expect(q.len()).toBe(1);
    q.add('bar');
    expect(q.len()).toBe(2);
    q.add('foo');
    expect(q.len()).toBe(2);
  });

  it('TestReinsert: a key re-added during processing comes back once', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    q.add('foo');
    const i = q.get()!;
    expect(i.key).toBe('foo');
    q.add(i.key);
    q.done(i.key);
    const again = q.get()!;
    expect(again.key).toBe('foo');
    q.done(again.key);
    expect(q.len()).toBe(0);
  });

  it('keys are handed out in the order they were added (fair)', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    for (const k of ['c', 'a', 'b', 'a']) q.add(k);
    expect([q.get()!.key, q.get()!.key, q.get()!.key]).toEqual(['c', 'a', 'b']);
  });

  it('after shutDown new adds are ignored but queued keys can still be taken', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    q.add('a');
    q.shutDown();
    q.add('b');
    expect(q.shuttingDown()).toBe(true);
    expect(q.get()!.key).toBe('a');
    expect(q.get()).toBeUndefined();
  });

  it('tells its consumer on virtual time, once per instant, never inside add', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'test');
    const calls: number[] = [];
    const consumer = { onQueueReady: () => calls.push(ctx.now) };
    q.setConsumer(consumer);
    ctx.scheduler.runUntil(5);
    q.add('a');
    q.add('b');
    expect(calls).toEqual([]);
    ctx.scheduler.runUntil(10);
    expect(calls).toEqual([5]);
  });

  it('records add, get and done in the trace, the get caused by the add', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'rs');
    q.add('ns/a', 'update');
    q.get(3);
    q.add('ns/a', 'update');
    q.done('ns/a');
    const events = ctx.trace.slice();
    expect(events.map((e) => e.kind)).toEqual(['queue.add', 'queue.get', 'queue.add', 'queue.done']);
    expect(events[0]).toMatchObject({ actor: 'rs', queue: 'rs', key: 'ns/a', reason: 'update' });
    expect(events[1]).toMatchObject({ worker: 3, causeId: events[0]!.id });
    expect(events[3]).toMatchObject({ requeued: true });
  });

  it('records an add of a key already dirty as merged, counting the adds merged into the pending one until it is handed out', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new Queue(ctx, 'rs');
    q.add('ns/a', 'update');
    q.add('ns/a', 'update');
    q.add('ns/b', 'add');
    q.add('ns/a', 'delete');
    expect(q.mergedAdds('ns/a')).toBe(2);
    expect(q.mergedAdds('ns/b')).toBe(0);
    const first = q.get()!;
    expect(first.key).toBe('ns/a');
    expect(q.mergedAdds('ns/a')).toBe(0);
    // Added while processing: the first add makes it dirty, the next one merges into that.
    q.add('ns/a', 'update');
    q.add('ns/a', 'update');
    expect(q.mergedAdds('ns/a')).toBe(1);
    const adds = ctx.trace.slice().filter((e) => e.kind === 'queue.add');
    expect(adds.map((e) => [e.key, e.merged])).toEqual([
      ['ns/a', undefined],
      ['ns/a', 1],
      ['ns/b', undefined],
      ['ns/a', 2],
      ['ns/a', undefined],
      ['ns/a', 1],
    ]);
    // The get is caused by the add that queued the key, not by one merged into it.
    const get = ctx.trace.slice().find((e) => e.kind === 'queue.get')!;
    expect(get.causeId).toBe(adds[0]!.id);
    expect(q.queuedKeys()).toEqual(['ns/b']);
  });
});

describe('Queue properties', () => {
  it('for random interleavings of add/get/done by several workers, no key is processing twice and none is lost', () => {
    type Op = { op: 'add'; key: number } | { op: 'get'; worker: number } | { op: 'done'; worker: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('add' as const), key: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ op: fc.constant('get' as const), worker: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ op: fc.constant('done' as const), worker: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const ctx = new SimContext({ seed: 1 });
        const q = new Queue(ctx, 'p');
        const held: Array<string | null> = [null, null, null, null];
        // Keys added and not yet handed out after that add: each must be handed out eventually.
        const owed = new Set<string>();
        const take = (w: number) => {
          const item = q.get(w);
          if (!item) return;
          expect(held.includes(item.key)).toBe(false);
          held[w] = item.key;
          owed.delete(item.key);
        };
        for (const o of ops) {
          if (o.op === 'add') {
            q.add(`k${o.key}`);
            owed.add(`k${o.key}`);
          } else if (o.op === 'get') {
            if (held[o.worker] === null) take(o.worker);
          } else if (held[o.worker] !== null) {
            q.done(held[o.worker]!);
            held[o.worker] = null;
          }
        }
        // Drain: finish everything, then take and finish until empty.
        for (const key of held) if (key !== null) q.done(key);
        for (let item = q.get(0); item; item = q.get(0)) {
          owed.delete(item.key);
          q.done(item.key);
        }
        expect([...owed]).toEqual([]);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('every add is recorded, and a key’s merged count is its adds since it was last handed out, but the first', () => {
    type Op = { op: 'add'; key: number } | { op: 'get' } | { op: 'done'; key: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('add' as const), key: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ op: fc.constant('get' as const) }),
      fc.record({ op: fc.constant('done' as const), key: fc.integer({ min: 0, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 150 }), (ops) => {
        const ctx = new SimContext({ seed: 1 });
        const q = new Queue(ctx, 'p');
        const addsSinceGet = [0, 0, 0, 0];
        let adds = 0;
        for (const o of ops) {
          if (o.op === 'add') {
            q.add(`k${o.key}`);
            addsSinceGet[o.key]!++;
            adds++;
          } else if (o.op === 'get') {
            const item = q.get();
            if (item) addsSinceGet[Number(item.key.slice(1))] = 0;
          } else q.done(`k${o.key}`);
          addsSinceGet.forEach((n, k) => expect(q.mergedAdds(`k${k}`)).toBe(Math.max(0, n - 1)));
        }
        const recorded = ctx.trace.slice().filter((e) => e.kind === 'queue.add');
        expect(recorded).toHaveLength(adds);
        for (const e of recorded) expect(e.merged === undefined || e.merged >= 1).toBe(true);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
