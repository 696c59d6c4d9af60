/**
 * What every part of the simulated cluster shares: the virtual clock and its scheduler, the one seeded random
 * source, and the trace. Components take it in their constructor; nothing in src/sim reads time or randomness
 * from anywhere else.
 */
import { Rng } from './rng.ts';
import { Scheduler } from './scheduler.ts';
import { Trace, type TraceOptions } from '../trace/trace.ts';

export interface SimContextOptions {
  seed: number | string;
  trace?: TraceOptions;
}

export class SimContext {
  readonly scheduler: Scheduler;
  readonly rng: Rng;
  readonly trace: Trace;

  constructor(options: SimContextOptions) {
    this.rng = new Rng(options.seed);
    // The trace reads the clock through this context; the scheduler owns it.
    this.trace = new Trace(this, options.trace);
    this.scheduler = new Scheduler(this.trace);
  }

  /** Virtual now (ms). */
  get now(): number {
    return this.scheduler.now;
  }
}
