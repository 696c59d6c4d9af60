/**
 * Time travel: the input log, checkpoints, seek, step back and fork.
 *
 * A run is fully determined by its seed and its inputs (user actions and faults, each with the step after which and
 * the virtual time at which it happened). The timeline keeps that log plus checkpoints: copies of the whole
 * simulation graph (`cloneGraph`) every few thousand steps. Seeking restores the nearest earlier checkpoint and
 * re-executes forward, re-applying logged inputs at their positions, so any step is reachable and the result is
 * identical to the original run. Acting while in the past forks: the inputs and checkpoints after "now" are dropped.
 *
 * Checkpoints are taken only when the core says it can be copied (no reconcile is suspended mid-request), so under
 * load they may be further apart; seeking stays exact, it just re-executes more.
 *
 * **Bounded history.** The trace keeps a window of its most recent events (trace.ts). When the run's furthest point
 * drops older events, the timeline drops them from every checkpoint too (`Trace.dropThrough`: a restored copy never
 * brings them back, and re-executing numbers them without keeping them) and drops the checkpoints the window no longer
 * needs: it keeps the newest checkpoint taken before the window's first event and every later one, so each step from
 * that checkpoint on, the whole window, stays exactly reachable. Seeking to an earlier step is refused with a message
 * saying how far back one can go ({@link Timeline.earliest}). Dropping follows the run's own event count, never wall
 * time, so a replay of the same inputs holds the same window. The input log is kept whole: it is the run's recipe
 * (a share link re-executes it from the start), a few hundred bytes per input.
 */
import { cloneGraph } from '../engine/clone-graph.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { UserAction } from '../actions/user-action.ts';
import { formatDuration } from '../engine/clock.ts';
import type { TraceBeforeWindow } from '../trace/trace.ts';

/** The part of a simulation the timeline drives. */
export interface TimelineCore<R> {
  readonly ctx: SimContext;
  /** Applies one input now. Never throws for bad input: returns the error instead. */
  perform(action: UserAction): R;
  /** True when the graph holds nothing `cloneGraph` cannot copy (no suspended reconcile). */
  canCheckpoint(): boolean;
}

/** One entry of the input log. */
export interface LoggedInput {
  /** Scheduler steps completed before it was applied. */
  afterStep: number;
  /** Virtual time (ms) at which it was applied. */
  at: number;
  action: UserAction;
}

interface Checkpoint<C> {
  step: number;
  time: number;
  /** Inputs already applied when the checkpoint was taken. */
  inputsApplied: number;
  core: C;
  /** What the copy allocated (`cloneGraph`'s slots): its share of the memory budget. */
  slots: number;
}

/** What a move back in time did: done, or refused because the step is older than the history kept. */
export type TimeTravel = { ok: true } | { ok: false; error: string };

export interface TimelineOptions {
  /** Steps between checkpoints to begin with (doubles when too many are kept). Default 2,000. */
  checkpointEvery?: number;
  /**
   * Most checkpoints kept; past that every other one is dropped (and they are taken twice as far apart). Default 24:
   * a checkpoint copies everything mutable (caches' maps, the event correlators' LRUs: 1–3 MB for a small cluster), and
   * a long run keeps a window of them, so ~12–24 checkpoints cost tens of MB while a seek re-executes at most a few
   * thousand steps (a tenth of a second or two).
   */
  maxCheckpoints?: number;
  /**
   * Most slots (objects, elements, properties and entries copied, as `cloneGraph` counts them; ~40 bytes each) all
   * checkpoints may hold together; past that, as past `maxCheckpoints`, every other one is dropped. Default 1,000,000
   * (~40 MB): a busy cluster's checkpoints grow with its caches (the event correlators' LRUs fill up to 4,096 entries
   * each: ~110,000 slots a checkpoint for the GitOps-vs-HPA fight after two hours, ~21,000 for the default demo), so
   * a count alone does not bound their memory.
   */
  checkpointBudget?: number;
}

/** Default {@link TimelineOptions.checkpointBudget}. */
export const DEFAULT_CHECKPOINT_BUDGET = 1_000_000;

export class Timeline<C extends TimelineCore<unknown>> {
  private coreNow: C;
  private readonly log: LoggedInput[] = [];
  /** Index in `log` of the next input to apply when re-executing forward. */
  private nextInput = 0;
  private checkpoints: Checkpoint<C>[] = [];
  private every: number;
  private readonly maxCheckpoints: number;
  private readonly budget: number;
  /** The furthest step reached on this branch (what "play" returns to after stepping back). */
  private headStep = 0;
  /**
   * What the last fork discarded, kept until the next input (or an undo): the log entries and checkpoints of the old
   * future and its head. The input that forked is `log[forkInput]`.
   */
  private discarded: { log: LoggedInput[]; checkpoints: Checkpoint<C>[]; headStep: number; forkInput: number; step: number } | null = null;
  /** What the run's furthest point has dropped of its trace; no copy of the core holds more. */
  private floor: TraceBeforeWindow;

  constructor(
    core: C,
    options: TimelineOptions = {},
  ) {
    this.coreNow = core;
    this.every = options.checkpointEvery ?? 2000;
    this.maxCheckpoints = options.maxCheckpoints ?? 24;
    this.budget = options.checkpointBudget ?? DEFAULT_CHECKPOINT_BUDGET;
    this.floor = core.ctx.trace.before;
    this.takeCheckpoint();
  }

  get core(): C {
    return this.coreNow;
  }
  get step(): number {
    return this.coreNow.ctx.scheduler.steps;
  }
  get now(): number {
    return this.coreNow.ctx.now;
  }
  /** The furthest step reached on this branch. */
  get head(): number {
    return this.headStep;
  }
  /** The inputs of this branch, in order. */
  get inputs(): readonly LoggedInput[] {
    return this.log;
  }
  /**
   * The earliest step (and its virtual time) one can go back to: older history was dropped to bound memory. Every
   * step from it to the head is reachable exactly.
   */
  get earliest(): { step: number; time: number } {
    const first = this.checkpoints[0]!;
    return { step: first.step, time: first.time };
  }
  /** True when the view is behind the head of the branch (after a step back or a seek). */
  get inPast(): boolean {
    return this.step < this.headStep || this.nextInput < this.log.length;
  }

  /**
   * Applies an input now. In the past this forks the timeline: everything logged after now is discarded first.
   */
  act(action: UserAction): ReturnType<C['perform']> {
    if (this.inPast) {
      const { step, headStep } = this;
      this.discarded = { ...this.fork(), headStep, forkInput: this.nextInput, step };
    } else this.discarded = null;
    const entry: LoggedInput = { afterStep: this.step, at: this.now, action: structuredClone(action) };
    this.log.push(entry);
    this.nextInput = this.log.length;
    return this.coreNow.perform(action) as ReturnType<C['perform']>;
  }

  /** Runs one scheduler step (re-applying any logged input due first). Returns false when nothing is left to run. */
  stepOnce(): boolean {
    this.applyDueInputs();
    const ran = this.coreNow.ctx.scheduler.step();
    if (ran) this.afterStep();
    return ran;
  }

  /** Runs until virtual time `time` (every timer due at or before it runs). */
  runUntil(time: number): void {
    const s = this.coreNow.ctx.scheduler;
    for (;;) {
      this.applyDueInputs(time);
      const next = this.nextLoggedInput();
      // A logged input sits at this position but after `time`: every timer due by `time` has already run.
      if (next && next.afterStep === s.steps) break;
      if (!s.step(time)) break;
      this.afterStep();
    }
    if (time !== Infinity && time > s.now) s.now = time;
  }

  /** Runs `n` steps (or fewer if the queue empties). */
  runSteps(n: number): void {
    for (let i = 0; i < n && this.stepOnce(); i++);
  }

  /**
   * Moves to exactly `step` steps from the start, backwards or forwards. Inputs logged before it are re-applied.
   * A step before {@link earliest} is refused (the view stays where it is).
   */
  seekStep(step: number): TimeTravel {
    const target = Math.max(0, Math.floor(step));
    if (target < this.step || (target === this.step && this.nextInput < this.inputsBefore(target))) {
      if (target < this.earliest.step) return this.refuse(`step ${target}`);
      this.restore(this.checkpointAtOrBefore(target));
    }
    while (this.step < target) {
      if (!this.stepOnce()) break;
    }
    this.applyInputsAtStep(target);
    return { ok: true };
  }

  /**
   * Moves to virtual time `time`: the state after every timer due at or before it has run. A time before
   * {@link earliest} is refused.
   */
  seekTime(time: number): TimeTravel {
    if (time < this.now) {
      if (time < this.earliest.time) return this.refuse(`virtual time ${formatDuration(Math.max(0, time))}`);
      this.restore(this.checkpointAtOrBeforeTime(time));
    }
    this.runUntil(time);
    return { ok: true };
  }

  /** One step back (refused at {@link earliest}). */
  stepBack(): TimeTravel {
    return this.step > 0 ? this.seekStep(this.step - 1) : { ok: true };
  }

  private refuse(what: string): TimeTravel {
    const { step, time } = this.earliest;
    return {
      ok: false,
      error: `cannot go back to ${what}: the earliest step kept is ${step} (virtual time ${formatDuration(time)}); older history was dropped to keep memory bounded (the trace keeps its most recent events)`,
    };
  }

  /** Discards the future of this branch: inputs not yet re-applied and checkpoints after now. Returns what it dropped. */
  fork(): { log: LoggedInput[]; checkpoints: Checkpoint<C>[] } {
    const log = this.log.splice(this.nextInput);
    const kept: Checkpoint<C>[] = [];
    const checkpoints: Checkpoint<C>[] = [];
    for (const c of this.checkpoints) (c.step <= this.step && c.inputsApplied <= this.nextInput ? kept : checkpoints).push(c);
    this.checkpoints = kept;
    this.headStep = this.step;
    return { log, checkpoints };
  }

  /**
   * What the last fork discarded, while it can still be undone (no input since the one that forked): the step it
   * forked at, the steps and the inputs of the old future. Null otherwise.
   */
  get lastFork(): { step: number; discardedSteps: number; discardedInputs: number } | null {
    const d = this.undoable();
    if (!d) return null;
    return { step: d.step, discardedSteps: d.headStep - d.step, discardedInputs: d.log.length };
  }

  /**
   * Undoes the last fork, once: the input that forked is dropped, the old future (its inputs, checkpoints and head)
   * comes back, and the view returns to the step it forked at, on the old branch. False when there is nothing to undo.
   */
  undoFork(): boolean {
    const d = this.undoable();
    if (!d) return false;
    this.discarded = null;
    this.log.length = d.forkInput;
    this.log.push(...d.log);
    this.checkpoints = [...this.checkpoints.filter((c) => c.step <= d.step && c.inputsApplied <= d.forkInput), ...d.checkpoints].sort((a, b) => a.step - b.step || a.inputsApplied - b.inputsApplied);
    this.headStep = d.headStep;
    // Back to the fork's step on the old branch: from a checkpoint before it, re-executing the old inputs.
    this.restore(this.checkpointAtOrBefore(Math.max(0, d.step - 1)));
    this.seekStep(d.step);
    return true;
  }

  /**
   * The last fork's discarded future, while no input has followed the one that forked (and the step it forked at is
   * still reachable).
   */
  private undoable(): NonNullable<Timeline<C>['discarded']> | null {
    const d = this.discarded;
    return d && this.log.length === d.forkInput + 1 && d.step > this.earliest.step ? d : null;
  }

  /** Number of checkpoints held (for tests and the UI). */
  get checkpointCount(): number {
    return this.checkpoints.length;
  }

  /** What the checkpoints hold together, in `cloneGraph` slots (for tests and benchmarks). */
  get checkpointSlots(): number {
    let slots = 0;
    for (const c of this.checkpoints) slots += c.slots;
    return slots;
  }

  private nextLoggedInput(): LoggedInput | undefined {
    return this.log[this.nextInput];
  }

  private inputsBefore(step: number): number {
    let n = 0;
    for (const e of this.log) if (e.afterStep < step) n++;
    return n;
  }

  /** Re-applies logged inputs whose position is the current step (and, if given, whose time is <= limit). */
  private applyDueInputs(limit = Infinity): void {
    const s = this.coreNow.ctx.scheduler;
    for (let e = this.nextLoggedInput(); e && e.afterStep === s.steps && e.at <= limit; e = this.nextLoggedInput()) {
      // By construction every timer due before e.at has run: only the clock moves.
      if (e.at > s.now) s.now = e.at;
      this.nextInput++;
      this.coreNow.perform(structuredClone(e.action));
    }
  }

  private applyInputsAtStep(step: number): void {
    if (this.step === step) this.applyDueInputs();
  }

  private afterStep(): void {
    const step = this.step;
    if (step > this.headStep) this.headStep = step;
    const before = this.coreNow.ctx.trace.before;
    if (before !== this.floor && before.events > this.floor.events) this.raiseFloor(before);
    const last = this.checkpoints[this.checkpoints.length - 1]!;
    if (step - last.step >= this.every && this.coreNow.canCheckpoint()) this.takeCheckpoint();
  }

  private takeCheckpoint(): void {
    const copied = { slots: 0 };
    const core = cloneGraph(this.coreNow, copied);
    this.checkpoints.push({ step: this.step, time: this.now, inputsApplied: this.nextInput, core, slots: copied.slots });
    if (this.checkpoints.length > this.maxCheckpoints || (this.checkpoints.length > 2 && this.checkpointSlots > this.budget)) {
      // Keep the first and every other one after it; space future checkpoints twice as far apart.
      this.checkpoints = this.checkpoints.filter((_, i) => i === 0 || i % 2 === 0);
      this.every *= 2;
    }
  }

  /**
   * The run dropped more of its trace: every checkpoint drops it too, and those older than the newest one taken
   * before the window's first event are no longer needed.
   */
  private raiseFloor(before: TraceBeforeWindow): void {
    this.floor = before;
    for (const c of this.checkpoints) c.core.ctx.trace.dropThrough(before);
    for (const c of this.discarded?.checkpoints ?? []) c.core.ctx.trace.dropThrough(before);
    let oldest = 0;
    for (let i = 1; i < this.checkpoints.length && this.checkpoints[i]!.core.ctx.trace.length <= before.events; i++) oldest = i;
    if (oldest > 0) this.checkpoints = this.checkpoints.slice(oldest);
  }

  private checkpointAtOrBeforeTime(time: number): Checkpoint<C> {
    let cp = this.checkpoints[0]!;
    for (const c of this.checkpoints) if (c.time <= time) cp = c;
    return cp;
  }

  private checkpointAtOrBefore(step: number): Checkpoint<C> {
    let cp = this.checkpoints[0]!;
    for (const c of this.checkpoints) if (c.step <= step) cp = c;
    return cp;
  }

  private restore(cp: Checkpoint<C>): void {
    this.coreNow = cloneGraph(cp.core);
    this.nextInput = cp.inputsApplied;
  }
}
