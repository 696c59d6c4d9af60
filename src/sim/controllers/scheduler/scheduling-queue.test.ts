import { describe, expect, it } from 'vitest';
import type { Controller } from '../../controller/controller.ts';
import { SimContext } from '../../engine/sim-context.ts';
import { calculateBackoffDuration, SchedulingQueue } from './scheduling-queue';

/** Records what the scheduling queue hands to the activeQ: "key" now, or "key@+delay" later. */
class FakeActiveQ {
  readonly added: string[] = [];
  enqueue(key: string): void {
    this.added.push(key);
  }
  enqueueAfter(key: string, delay: number): void {
    this.added.push(`${key}@+${delay}`);
  }
}

function setup() {
  const ctx = new SimContext({ seed: 1 });
  const activeQ = new FakeActiveQ();
  const queue = new SchedulingQueue(ctx);
  queue.attach(activeQ as unknown as Controller);
  queue.start();
  return { ctx, activeQ, queue };
}

describe('calculateBackoffDuration (podInitialBackoff 1 s, podMaxBackoff 10 s)', () => {
  it.each([
    [0, 0],
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 10_000],
    [50, 10_000],
  ])('attempt %i backs off %i ms', (attempts, ms) => {
    expect(calculateBackoffDuration(attempts)).toBe(ms);
  });
});

describe('SchedulingQueue', () => {
  it('a new pending pod goes to the activeQ at once', () => {
    const { activeQ, queue } = setup();
    queue.add('default/web');
    expect(activeQ.added).toEqual(['default/web']);
  });

  it('an unschedulable pod waits for a cluster event, then is active at once when its backoff is over', () => {
    const { ctx, activeQ, queue } = setup();
    queue.add('default/web');
    const { cycle } = queue.pop('default/web');
    expect(queue.addUnschedulableIfNotPresent('default/web', cycle, true)).toBe('unschedulable');
    expect(queue.unschedulablePods()).toEqual(['default/web']);
    ctx.scheduler.runUntil(5_000);
    expect(activeQ.added).toEqual(['default/web']);
    expect(queue.moveAllToActiveOrBackoffQueue('NodeAdd')).toBe(1);
    expect(activeQ.added).toEqual(['default/web', 'default/web']);
    expect(queue.unschedulablePods()).toEqual([]);
  });

  it('a cluster event during the backoff re-adds the pod when the backoff ends', () => {
    const { ctx, activeQ, queue } = setup();
    for (let i = 0; i < 3; i++) {
      const { cycle } = queue.pop('default/web');
      queue.addUnschedulableIfNotPresent('default/web', cycle + 1, true);
    }
    // Third attempt: 4 s of backoff from the failure at t=0.
    ctx.scheduler.runUntil(1_500);
    queue.moveAllToActiveOrBackoffQueue('NodeTaintChange');
    expect(activeQ.added).toEqual(['default/web@+2500']);
  });

  it('a move request during the pod\'s own cycle sends it to backoff, not to unschedulablePods (moveRequestCycle)', () => {
    const { activeQ, queue } = setup();
    const { cycle } = queue.pop('default/web');
    queue.moveAllToActiveOrBackoffQueue('NodeAdd');
    expect(queue.addUnschedulableIfNotPresent('default/web', cycle, true)).toBe('backoff');
    expect(activeQ.added).toEqual(['default/web@+1000']);
    expect(queue.unschedulablePods()).toEqual([]);
  });

  it('errors (not a rejection) go to backoff, doubling with each attempt', () => {
    const { activeQ, queue } = setup();
    for (let i = 0; i < 5; i++) {
      const { cycle } = queue.pop('default/web');
      queue.addUnschedulableIfNotPresent('default/web', cycle, false);
    }
    expect(activeQ.added).toEqual(['default/web@+1000', 'default/web@+2000', 'default/web@+4000', 'default/web@+8000', 'default/web@+10000']);
  });

  it('a pod unschedulable for more than 5 minutes is flushed at the next 30 s tick', () => {
    const { ctx, activeQ, queue } = setup();
    const { cycle } = queue.pop('default/web');
    queue.addUnschedulableIfNotPresent('default/web', cycle, true);
    ctx.scheduler.runUntil(300_000);
    expect(activeQ.added).toEqual([]);
    ctx.scheduler.runUntil(329_999);
    expect(activeQ.added).toEqual([]);
    ctx.scheduler.runUntil(330_000);
    expect(activeQ.added).toEqual(['default/web']);
    // Nothing left to flush: the tick stops.
    expect(ctx.scheduler.peekTime()).toBeUndefined();
  });

  it('a spec update moves an unschedulable pod; deleting forgets it; stop cancels the flush tick', () => {
    const { ctx, activeQ, queue } = setup();
    const { cycle } = queue.pop('default/a');
    queue.addUnschedulableIfNotPresent('default/a', cycle, true);
    ctx.scheduler.runUntil(2_000);
    queue.update('default/a');
    expect(activeQ.added).toEqual(['default/a']);
    const second = queue.pop('default/b');
    queue.addUnschedulableIfNotPresent('default/b', second.cycle, true);
    queue.delete('default/b');
    expect(queue.unschedulablePods()).toEqual([]);
    expect(queue.podInfo('default/b')).toBeUndefined();
    const third = queue.pop('default/c');
    queue.addUnschedulableIfNotPresent('default/c', third.cycle, true);
    expect(ctx.scheduler.peekTime()).toBe(30_000);
    queue.stop();
    expect(ctx.scheduler.peekTime()).toBeUndefined();
  });
});
