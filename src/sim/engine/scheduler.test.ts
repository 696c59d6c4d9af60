import { describe, expect, it } from 'vitest';
import { SimContext } from './sim-context.ts';

class Recorder {
  log: string[] = [];
  note(s: string) {
    this.log.push(s);
  }
}

describe('Scheduler', () => {
  it('runs timers in time order, and same-time timers in the order they were set', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder();
    ctx.scheduler.after(20, r, 'note', 'c');
    ctx.scheduler.after(10, r, 'note', 'a');
    ctx.scheduler.after(10, r, 'note', 'b');
    ctx.scheduler.runUntil(100);
    expect(r.log).toEqual(['a', 'b', 'c']);
    expect(ctx.now).toBe(100);
  });

  it('skips cancelled timers and does not run timers past the limit', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new Recorder();
    const t = ctx.scheduler.after(5, r, 'note', 'x');
    ctx.scheduler.after(50, r, 'note', 'late');
    ctx.scheduler.cancel(t);
    expect(ctx.scheduler.pending).toBe(1);
    ctx.scheduler.runUntil(10);
    expect(r.log).toEqual([]);
    expect(ctx.scheduler.peekTime()).toBe(50);
  });

  it('gives what a timer records the cause that was current when it was set', () => {
    const ctx = new SimContext({ seed: 1 });
    class Emitter {
      constructor(private c: SimContext) {}
      fire() {
        this.c.trace.emit('test', { kind: 'scenario.note', detail: 'fired' });
      }
    }
    const root = ctx.trace.emit('user', { kind: 'user.action', action: 'apply', detail: 'x' });
    ctx.trace.cause = root;
    ctx.scheduler.after(1, new Emitter(ctx), 'fire');
    ctx.trace.cause = null;
    ctx.scheduler.runUntil(5);
    expect(ctx.trace.get(2)?.causeId).toBe(root);
    expect(ctx.trace.causeChain(2).map((e) => e.id)).toEqual([2, 1]);
  });
});
