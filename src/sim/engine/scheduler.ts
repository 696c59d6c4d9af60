/**
 * The discrete-event scheduler: one virtual clock and one queue of timers, run in (time, sequence) order.
 *
 * A timer is data, not a closure: the object to call, the name of its method, and the arguments. That keeps the
 * whole simulation a graph of plain data and objects, which {@link cloneGraph} can copy for a checkpoint.
 * Two timers due at the same instant run in the order they were scheduled, so a run depends only on its inputs.
 */
import type { Trace } from '../trace/trace.ts';
import { MAX_VIRTUAL_TIME_MS } from './clock.ts';

/** How many refused timers {@link Scheduler.refused} remembers. */
const MAX_REFUSED = 20;

/** Method names of `T` whose values are functions. */
export type MethodOf<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;
type ArgsOf<T, M extends keyof T> = T[M] extends (...args: infer A) => unknown ? A : never;

/** A pending timer. */
export interface Timer {
  /** Virtual time (ms) it is due. */
  readonly at: number;
  /** Global order of scheduling; breaks ties between timers due at the same time. */
  readonly seq: number;
  readonly target: object;
  readonly method: string;
  readonly args: readonly unknown[];
  /** The trace event that caused this timer to be set; becomes the cause of what the timer does. */
  readonly cause: number | null;
  /** Set by {@link Scheduler.cancel}; a cancelled timer is skipped when it comes up. */
  cancelled: boolean;
}

export class Scheduler {
  /** Virtual now, in milliseconds since the start of the simulation. */
  now = 0;
  /** Timers dispatched so far: the simulation's step counter. */
  steps = 0;
  private seq = 0;
  /** Timers {@link at} refused (their time is past {@link MAX_VIRTUAL_TIME_MS} or not a number), the first few, in words. */
  readonly refused: string[] = [];
  /** Binary min-heap on (at, seq). */
  private heap: Timer[] = [];
  private live = 0;

  constructor(private readonly trace: Trace) {}

  /**
   * Calls `target[method](...args)` after `delay` virtual milliseconds (0 = later in this instant, after the timers
   * already due now). The current trace cause travels with the timer.
   */
  after<T extends object, M extends MethodOf<T>>(delay: number, target: T, method: M, ...args: ArgsOf<T, M>): Timer;
  /** Untyped form, for `this` inside a class (TypeScript cannot list the methods of a polymorphic `this`). */
  after(delay: number, target: object, method: string, ...args: unknown[]): Timer;
  after(delay: number, target: object, method: string, ...args: unknown[]): Timer {
    return this.at(this.now + Math.max(0, delay), target, method, ...args);
  }

  /** Like {@link after} with an absolute virtual time (clamped to now). */
  at<T extends object, M extends MethodOf<T>>(time: number, target: T, method: M, ...args: ArgsOf<T, M>): Timer;
  at(time: number, target: object, method: string, ...args: unknown[]): Timer;
  at(time: number, target: object, method: string, ...args: unknown[]): Timer {
    if (typeof (target as Record<string, unknown>)[method] !== 'function') {
      throw new Error(`Scheduler: ${target.constructor?.name ?? 'target'} has no method ${JSON.stringify(method)}`);
    }
    const timer: Timer = {
      at: Math.max(time, this.now),
      seq: this.seq++,
      target,
      method,
      args,
      cause: this.trace.cause,
      cancelled: false,
    };
    // A time past the end of virtual time (a deadline of 1e18 seconds) or not a number is refused, never thrown
    // out of the run loop that set it: the timer is returned cancelled and what set it is named in `refused`.
    if (!(time <= MAX_VIRTUAL_TIME_MS)) {
      timer.cancelled = true;
      if (this.refused.length < MAX_REFUSED) this.refused.push(`${target.constructor?.name ?? 'target'}.${method} at ${time} ms: ${Number.isNaN(time) ? 'not a number' : `past the end of virtual time (${MAX_VIRTUAL_TIME_MS} ms, 9999-12-31T23:59:59Z)`}; it will never fire`);
      return timer;
    }
    this.push(timer);
    this.live++;
    return timer;
  }

  cancel(timer: Timer | undefined | null): void {
    if (timer && !timer.cancelled) {
      timer.cancelled = true;
      this.live--;
    }
  }

  /** Timers that have not run and are not cancelled. */
  get pending(): number {
    return this.live;
  }

  /** Due time of the next live timer, or undefined when none is left. */
  peekTime(): number | undefined {
    this.dropCancelled();
    return this.heap[0]?.at;
  }

  /**
   * Runs the next timer. Returns false when none is left.
   * @param limit do not run a timer due after this time; advance the clock to `limit` instead.
   */
  step(limit = Infinity): boolean {
    this.dropCancelled();
    const top = this.heap[0];
    if (!top || top.at > limit) {
      if (limit !== Infinity && limit > this.now) this.now = limit;
      return false;
    }
    this.pop();
    this.live--;
    this.now = top.at;
    this.steps++;
    const previousCause = this.trace.cause;
    this.trace.cause = top.cause;
    try {
      (top.target as Record<string, (...a: unknown[]) => unknown>)[top.method]!(...top.args);
    } finally {
      this.trace.cause = previousCause;
    }
    return true;
  }

  /** Runs every timer due at or before `time`, then sets the clock to `time`. */
  runUntil(time: number): void {
    while (this.step(time));
    if (time > this.now && time !== Infinity) this.now = time;
  }

  private dropCancelled(): void {
    while (this.heap.length && this.heap[0]!.cancelled) this.pop();
  }

  private push(t: Timer): void {
    const h = this.heap;
    let i = h.length;
    h.push(t);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(t, h[p]!)) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = t;
  }

  private pop(): Timer {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && before(h[r]!, h[l]!) ? r : l;
        if (!before(h[c]!, last)) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}

function before(x: Timer, y: Timer): boolean {
  return x.at < y.at || (x.at === y.at && x.seq < y.seq);
}
