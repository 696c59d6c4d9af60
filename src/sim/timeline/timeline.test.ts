import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimContext } from '../engine/sim-context.ts';
import type { UserAction } from '../actions/user-action.ts';
import { Timeline, type TimelineCore } from './timeline.ts';

/** A toy core: ticking workers whose timing depends on the RNG and on inputs, recording every tick in the trace. */
class Worker {
  count = 0;
  constructor(
    private readonly ctx: SimContext,
    readonly name: string,
  ) {}
  tick(): void {
    this.count++;
    this.ctx.trace.emit(this.name, { kind: 'scenario.note', detail: `${this.name} ${this.count} ${this.ctx.rng.int(0, 99)}` });
    if (this.count < 400) this.ctx.scheduler.after(this.ctx.rng.int(0, 20), this, 'tick');
  }
}

class ToyCore implements TimelineCore<string> {
  readonly ctx: SimContext;
  workers: Worker[] = [];
  busy = false;
  constructor(seed: number) {
    this.ctx = new SimContext({ seed });
  }
  perform(action: UserAction): string {
    if (action.type !== 'add-node') return 'unsupported';
    const w = new Worker(this.ctx, action.name);
    this.workers.push(w);
    this.ctx.trace.emit('user', { kind: 'user.action', action: 'add-node', detail: action.name });
    this.ctx.scheduler.after(0, w, 'tick');
    return 'ok';
  }
  canCheckpoint(): boolean {
    // Pretend some moments are mid-reconcile: only even steps are copyable.
    return this.ctx.scheduler.steps % 2 === 0;
  }
}

const traceOf = (t: Timeline<ToyCore>) => t.core.ctx.trace.slice().map((e) => JSON.stringify(e));

function play(seed: number, plan: Array<{ at: number; name: string }>, until: number) {
  const t = new Timeline(new ToyCore(seed), { checkpointEvery: 50 });
  for (const p of plan) {
    t.runUntil(p.at);
    t.act({ type: 'add-node', name: p.name });
  }
  t.runUntil(until);
  return t;
}

describe('Timeline', () => {
  it('seeking back to any step shows exactly the state the original run had there', () => {
    const t = play(7, [{ at: 0, name: 'a' }, { at: 100, name: 'b' }, { at: 350, name: 'c' }], 2000);
    const full = traceOf(t);
    const head = t.step;
    for (const step of [0, 1, 37, 120, 121, head - 1, 5]) {
      t.seekStep(step);
      expect(t.step).toBe(step);
      const now = traceOf(t);
      expect(full.slice(0, now.length)).toEqual(now);
    }
    t.seekStep(head);
    expect(traceOf(t)).toEqual(full);
  });

  it('step back then forward returns to the same state, and inputs logged later are replayed at their places', () => {
    const t = play(3, [{ at: 0, name: 'a' }, { at: 200, name: 'b' }], 600);
    const full = traceOf(t);
    t.seekTime(150);
    expect(t.inPast).toBe(true);
    t.runUntil(600);
    expect(traceOf(t)).toEqual(full);
  });

  it('acting in the past forks: the old future is discarded', () => {
    const t = play(3, [{ at: 0, name: 'a' }, { at: 200, name: 'b' }], 600);
    t.seekTime(100);
    t.act({ type: 'add-node', name: 'z' });
    expect(t.inputs.map((i) => (i.action as { name: string }).name)).toEqual(['a', 'z']);
    t.runUntil(600);
    const names = new Set(t.core.workers.map((w) => w.name));
    expect(names).toEqual(new Set(['a', 'z']));
  });

  it('a fork can be undone once: the old future comes back, step for step and input for input', () => {
    const t = play(3, [{ at: 0, name: 'a' }, { at: 200, name: 'b' }], 600);
    const full = traceOf(t);
    const head = t.step;
    t.seekTime(100);
    const at = t.step;
    expect(t.lastFork).toBeNull();
    t.act({ type: 'add-node', name: 'z' });
    expect(t.lastFork).toEqual({ step: at, discardedSteps: head - at, discardedInputs: 1 });
    t.runUntil(300);
    expect(t.undoFork()).toBe(true);
    expect(t.step).toBe(at);
    expect(t.head).toBe(head);
    expect(t.inputs.map((i) => (i.action as { name: string }).name)).toEqual(['a', 'b']);
    t.seekStep(head);
    expect(traceOf(t)).toEqual(full);
    // Once only, and not after another input.
    expect(t.undoFork()).toBe(false);
    t.seekTime(100);
    t.act({ type: 'add-node', name: 'y' });
    t.act({ type: 'add-node', name: 'x' });
    expect(t.lastFork).toBeNull();
    expect(t.undoFork()).toBe(false);
  });

  it('undoing a fork restores the old branch exactly, wherever it forked (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 590 }), fc.integer({ min: 0, max: 400 }), (seed, forkAt, playAfter) => {
        const t = play(seed, [{ at: 0, name: 'a' }, { at: 300, name: 'b' }], 600);
        const full = traceOf(t);
        const head = t.step;
        t.seekTime(forkAt);
        if (!t.inPast) return;
        t.act({ type: 'add-node', name: 'z' });
        t.runUntil(forkAt + playAfter);
        expect(t.undoFork()).toBe(true);
        t.seekStep(head);
        expect(traceOf(t)).toEqual(full);
      }),
      { seed: 44, numRuns: 40 },
    );
  });

  it('a run is reproduced exactly by replaying its input log on the same seed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 500 }), name: fc.constantFrom('a', 'b', 'c') }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 3000 }),
        (seed, plan, seekTo) => {
          plan.sort((x, y) => x.at - y.at);
          const t = play(seed, plan, 800);
          const full = traceOf(t);
          const head = t.step;
          t.seekStep(Math.min(seekTo, head));
          t.seekStep(head);
          expect(traceOf(t)).toEqual(full);
        },
      ),
      { seed: 42, numRuns: 40 },
    );
  });

  it('keeps the number of checkpoints bounded on long runs', () => {
    const t = new Timeline(new ToyCore(1), { checkpointEvery: 10, maxCheckpoints: 8 });
    t.act({ type: 'add-node', name: 'a' });
    t.act({ type: 'add-node', name: 'b' });
    t.runUntil(100_000);
    expect(t.checkpointCount).toBeLessThanOrEqual(8);
    const full = traceOf(t);
    t.seekStep(3);
    t.seekStep(t.head);
    expect(traceOf(t)).toEqual(full);
  });

  it('keeps the checkpoints within a memory budget, counted in copied slots, and seeks stay exact', () => {
    const unbounded = new Timeline(new ToyCore(1), { checkpointEvery: 10, maxCheckpoints: 1000 });
    unbounded.act({ type: 'add-node', name: 'a' });
    unbounded.runUntil(100_000);
    const perCheckpoint = unbounded.checkpointSlots / unbounded.checkpointCount;
    const budget = Math.round(perCheckpoint * 6);
    const t = new Timeline(new ToyCore(1), { checkpointEvery: 10, maxCheckpoints: 1000, checkpointBudget: budget });
    t.act({ type: 'add-node', name: 'a' });
    t.runUntil(100_000);
    expect(unbounded.checkpointCount).toBeGreaterThan(20);
    expect(t.checkpointCount).toBeLessThanOrEqual(7);
    expect(t.checkpointSlots).toBeLessThanOrEqual(budget + perCheckpoint * 2);
    const full = traceOf(t);
    t.seekStep(5);
    t.seekStep(t.head);
    expect(traceOf(t)).toEqual(full);
  });

  describe('with a trace window (bounded history)', () => {
    /** A run long enough that the trace drops most of its events: a window of 1,024 events over ~2,800. */
    function long(seed: number) {
      const core = new ToyCore(seed);
      const t = new Timeline(Object.assign(core, { ctx: new SimContext({ seed, trace: { window: 1024 } }) }), { checkpointEvery: 50 });
      t.act({ type: 'add-node', name: 'a' });
      t.act({ type: 'add-node', name: 'b' });
      t.runUntil(400);
      t.act({ type: 'add-node', name: 'c' });
      t.act({ type: 'add-node', name: 'd' });
      t.act({ type: 'add-node', name: 'e' });
      t.act({ type: 'add-node', name: 'f' });
      t.act({ type: 'add-node', name: 'g' });
      t.runUntil(100_000);
      return t;
    }

    it('drops the checkpoints before the window and says how far back one can go', () => {
      const t = long(3);
      const trace = t.core.ctx.trace;
      expect(trace.firstId).toBeGreaterThan(1);
      const { step, time } = t.earliest;
      expect(step).toBeGreaterThan(0);
      // Every step of the window is reachable: the earliest checkpoint holds none of the window's events yet.
      t.seekStep(step);
      expect(t.core.ctx.trace.length).toBeLessThan(trace.firstId);
      expect(t.now).toBe(time);
      expect(t.checkpointCount).toBeLessThan(3000 / 50);
    });

    it('refuses a step or a time before the earliest, saying why, and stays where it was', () => {
      const t = long(3);
      const { step, time } = t.earliest;
      const head = t.step;
      const r = t.seekStep(step - 1);
      expect(r).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`cannot go back to step ${step - 1}: the earliest step kept is ${step} .*dropped to keep memory bounded`)) });
      expect(t.step).toBe(head);
      expect(t.seekTime(time - 1).ok).toBe(false);
      expect(t.step).toBe(head);
      t.seekStep(step);
      expect(t.stepBack().ok).toBe(false);
      expect(t.step).toBe(step);
    });

    it('seeking anywhere in the window shows exactly what the run showed there, and the window after it (property)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1, noNaN: true }), (seed, where) => {
          const t = long(seed);
          const head = t.step;
          const full = traceOf(t);
          const { step: earliest } = t.earliest;
          // What the run held at a step of the window: the same events, at the same ids, as any path there gives.
          const target = earliest + Math.floor(where * (head - earliest));
          const direct = long(seed);
          expect(direct.seekStep(target).ok).toBe(true);
          const viaHead = traceOf(direct);
          const { firstId, before } = t.core.ctx.trace;
          expect(t.seekStep(target).ok).toBe(true);
          expect(traceOf(t)).toEqual(viaHead);
          // Nothing the run dropped comes back with a restored checkpoint.
          expect(t.core.ctx.trace.slice().every((e) => e.id >= firstId)).toBe(true);
          expect(t.core.ctx.trace.before).toBe(before);
          // Back to the head: the window is the one the run had, not an older or a shorter one.
          t.seekStep(head);
          expect(traceOf(t)).toEqual(full);
        }),
        { seed: 9, numRuns: 25 },
      );
    });

    it('undoing a fork after the window moved on brings back no event the run dropped', () => {
      const t = long(5);
      const head = t.step;
      t.seekStep(head - 300);
      t.act({ type: 'add-node', name: 'z' });
      t.runUntil(200_000);
      const { firstId, before } = t.core.ctx.trace;
      expect(firstId).toBeGreaterThan(long(5).core.ctx.trace.firstId);
      expect(t.undoFork()).toBe(true);
      // Back into the old future: from one of its checkpoints.
      for (const step of [head, head - 40]) {
        t.seekStep(step);
        expect(t.core.ctx.trace.slice().every((e) => e.id >= firstId)).toBe(true);
        expect(t.core.ctx.trace.before).toBe(before);
      }
    });

    it('a replay of the same inputs holds the same window (dropping follows the run, not who looked)', () => {
      const a = long(11);
      const b = long(11);
      b.seekStep(b.earliest.step + 10);
      b.seekStep(b.earliest.step);
      b.seekStep(a.head);
      expect(traceOf(b)).toEqual(traceOf(a));
      expect(b.core.ctx.trace.before).toEqual(a.core.ctx.trace.before);
    });
  });
});
