import { describe, expect, it } from 'vitest';
import { SimContext } from '../../engine/sim-context.ts';
import { TimedWorkerQueue, type EvictionTarget } from './timed-workers.ts';

class Recorder implements EvictionTarget {
  fired: Array<[string, number]> = [];
  constructor(private readonly ctx: SimContext) {}
  evictPod(key: string): void {
    this.fired.push([key, this.ctx.now]);
  }
}

describe('TimedWorkerQueue (timed_workers.go)', () => {
  it('fires each pod at its time; a cancelled one never fires', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder(ctx);
    const q = new TimedWorkerQueue(ctx, r);
    q.addWork('ns/a', 0, 30_000);
    q.addWork('ns/b', 0, 10_000);
    q.addWork('ns/c', 0, 20_000);
    expect(q.cancelWork('ns/c')).toBe(true);
    ctx.scheduler.runUntil(60_000);
    expect(r.fired).toEqual([['ns/b', 10_000], ['ns/a', 30_000]]);
  });
  it('a pod with an entry is not scheduled again, even once its deletion is done, until cancelled', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder(ctx);
    const q = new TimedWorkerQueue(ctx, r);
    q.addWork('ns/a', 0, 0);
    ctx.scheduler.runUntil(1);
    q.workDone('ns/a', true);
    q.addWork('ns/a', 1, 1);
    ctx.scheduler.runUntil(10);
    expect(r.fired).toHaveLength(1);
    expect(q.cancelWork('ns/a')).toBe(false);
    q.addWork('ns/a', 10, 10);
    ctx.scheduler.runUntil(20);
    expect(r.fired).toHaveLength(2);
  });
  it('stopping (a crash) cancels every scheduled deletion', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder(ctx);
    const q = new TimedWorkerQueue(ctx, r);
    q.addWork('ns/a', 0, 10);
    q.stop();
    ctx.scheduler.runUntil(100);
    expect(r.fired).toEqual([]);
    expect(q.scheduled()).toEqual([]);
  });
  it('a failed deletion forgets the pod, so it can be scheduled again', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder(ctx);
    const q = new TimedWorkerQueue(ctx, r);
    q.addWork('ns/a', 0, 0);
    ctx.scheduler.runUntil(1);
    q.workDone('ns/a', false);
    expect(q.getWorker('ns/a')).toBeUndefined();
    q.addWork('ns/a', 1, 5);
    expect(q.scheduled()).toEqual([{ key: 'ns/a', createdAt: 1, fireAt: 5 }]);
  });
});
