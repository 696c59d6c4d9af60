import { describe, expect, it } from 'vitest';
import { SimContext } from './sim-context.ts';
import { Scheduler } from './scheduler.ts';
import { Trace } from '../trace/trace.ts';
import { MAX_VIRTUAL_TIME_MS, rfc3339, rfc3339Micro } from './clock.ts';

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

describe('Scheduler: times past the end of virtual time (issue 17)', () => {
  it('refuses a timer at 1e308 or NaN without throwing, names what set it, and runs the others', () => {
    const trace = new Trace({ now: 0 });
    const s = new Scheduler(trace);
    const ran: string[] = [];
    const target = {
      tick(name: string) {
        ran.push(name);
      },
    };
    const far = s.after(1e308, target, 'tick', 'far');
    const nan = s.at(Number.NaN, target, 'tick', 'nan');
    s.after(5, target, 'tick', 'near');
    expect(far.cancelled && nan.cancelled).toBe(true);
    expect(s.pending).toBe(1);
    expect(s.refused[0]).toBe(`Object.tick at 1e+308 ms: past the end of virtual time (${MAX_VIRTUAL_TIME_MS} ms, 9999-12-31T23:59:59Z); it will never fire`);
    expect(s.refused[1]).toBe('Object.tick at NaN ms: not a number; it will never fire');
    expect(() => s.runUntil(1e300)).not.toThrow();
    expect(ran).toEqual(['near']);
    s.cancel(far); // cancelling a refused timer is harmless
    expect(s.pending).toBe(0);
  });

  it('timestamps past year 9999 are written as its last second, never thrown', () => {
    expect(rfc3339(1e308)).toBe('9999-12-31T23:59:59Z');
    expect(rfc3339(Number.NaN)).toBe('2026-01-01T00:00:00Z');
    expect(rfc3339Micro(9e21)).toBe('9999-12-31T23:59:59.000000Z');
  });
});
