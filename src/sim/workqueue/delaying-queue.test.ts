import { describe, expect, it } from 'vitest';
import { SimContext } from '../engine/sim-context.ts';
import { DelayingQueue } from './delaying-queue.ts';

describe('DelayingQueue (client-go delaying_queue_test.go)', () => {
  it('TestSimpleQueue: a key added after 50ms appears at 50ms, not before', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('foo', 50);
    expect(q.len()).toBe(0);
    ctx.scheduler.runUntil(49);
    expect(q.len()).toBe(0);
    ctx.scheduler.runUntil(50);
    expect(q.len()).toBe(1);
    expect(q.get()!.key).toBe('foo');
  });

  it('TestDeduping: the earliest ready time wins for a waiting key', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('foo', 50);
    q.addAfter('foo', 70);
    ctx.scheduler.runUntil(50);
    expect(q.len()).toBe(1);
    q.get();
    q.done('foo');
    ctx.scheduler.runUntil(100);
    expect(q.len()).toBe(0);

    q.addAfter('foo', 70);
    q.addAfter('foo', 50);
    ctx.scheduler.runUntil(150);
    expect(q.len()).toBe(1);
  });

  it('TestAddTwoFireEarly: the earlier of two keys fires first; a later key added meanwhile waits its turn', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('foo', 1000);
    q.addAfter('bar', 50);
    expect(q.len()).toBe(0);
    ctx.scheduler.runUntil(60);
    expect(q.len()).toBe(1);
    expect(q.get()!.key).toBe('bar');
    q.addAfter('baz', 2000);
    ctx.scheduler.runUntil(1060);
    expect(q.len()).toBe(1);
    expect(q.get()!.key).toBe('foo');
    ctx.scheduler.runUntil(3060);
    expect(q.len()).toBe(1);
    expect(q.get()!.key).toBe('baz');
  });

  it('re-adding a waiting key with an earlier time moves it up', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('foo', 1000);
    q.addAfter('foo', 20);
    ctx.scheduler.runUntil(20);
    expect(q.get()!.key).toBe('foo');
    q.done('foo');
    ctx.scheduler.runUntil(2000);
    expect(q.len()).toBe(0);
  });

  it('TestDeduping (processing): a key delayed while it is processing is still waiting after done', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.add('foo');
    expect(q.get()!.key).toBe('foo');
    q.addAfter('foo', 5);
    expect(q.waitingItems().map((w) => w.key)).toEqual(['foo']);
    q.done('foo');
    expect(q.len()).toBe(0);
    ctx.scheduler.runUntil(5);
    expect(q.len()).toBe(1);
  });

  it('TestCopyShifting: keys come out in ready-time order, not the order they were added', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('foo', 1000);
    q.addAfter('bar', 500);
    q.addAfter('baz', 250);
    ctx.scheduler.runUntil(1001);
    expect(q.len()).toBe(3);
    expect([q.get()!.key, q.get()!.key, q.get()!.key]).toEqual(['baz', 'bar', 'foo']);
  });

  it('a delay of zero or less is a plain add', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('a', 0);
    q.addAfter('b', -5);
    expect(q.len()).toBe(2);
  });

  it('lists waiting keys with their ready times, and drops them on shutDown', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('b', 30, 'retry');
    q.addAfter('a', 10, 'after');
    expect(q.waitingItems()).toEqual([
      { key: 'a', readyAt: 10, reason: 'after' },
      { key: 'b', readyAt: 30, reason: 'retry' },
    ]);
    q.shutDown();
    ctx.scheduler.runUntil(100);
    expect(q.waitingItems()).toEqual([]);
    expect(q.len()).toBe(0);
    expect(ctx.scheduler.pending).toBe(0);
  });

  it('records queue.requeue for the delay and queue.add with the same reason when it fires', () => {
    const ctx = new SimContext({ seed: 1 });
    const q = new DelayingQueue(ctx, 'test');
    q.addAfter('a', 10, 'after');
    ctx.scheduler.runUntil(10);
    const [requeue, add] = ctx.trace.slice();
    expect(requeue).toMatchObject({ kind: 'queue.requeue', key: 'a', reason: 'after', delay: 10 });
    expect(add).toMatchObject({ kind: 'queue.add', key: 'a', reason: 'after', time: 10, causeId: requeue!.id });
  });
});
