/**
 * What every part of the simulated cluster shares: the virtual clock and its scheduler, the one seeded random
 * source, and the trace. Components take it in their constructor; nothing in src/sim reads time or randomness
 * from anywhere else.
 */
import { Rng, hashString } from './rng.ts';
import { Scheduler } from './scheduler.ts';
import { Trace, type TraceOptions } from '../trace/trace.ts';

export interface SimContextOptions {
  seed: number | string;
  trace?: TraceOptions;
}

export class SimContext {
  readonly scheduler: Scheduler;
  readonly rng: Rng;
  /** The run's trace (another only while {@link muted} runs). */
  trace: Trace;
  private readonly seed: number | string;
  /** Derived random streams by name (see {@link rngFor}). */
  private streams = new Map<string, Rng>();

  constructor(options: SimContextOptions) {
    this.seed = options.seed;
    this.rng = new Rng(options.seed);
    // The trace reads the clock through this context; the scheduler owns it.
    this.trace = new Trace(this, options.trace);
    this.scheduler = new Scheduler(this.trace);
  }

  /**
   * An independent random stream for one component (a client's network jitter, an informer's drops), derived from the
   * seed and `name`. Draws by one component do not shift another's, so adding a controller does not move the timing
   * of everything else in a scenario.
   */
  rngFor(name: string): Rng {
    let r = this.streams.get(name);
    if (!r) {
      r = new Rng(hashString(`${String(this.seed)}\u0000${name}`));
      this.streams.set(name, r);
    }
    return r;
  }

  /**
   * Runs `fn` with a trace that only counts, then puts the run's trace back: what `fn` emits is not in the run
   * (an atomic apply's trial writes, whose admission webhook calls are not the run's).
   */
  muted<T>(fn: () => T): T {
    const trace = this.trace;
    this.trace = new Trace(this, { retain: 'count' });
    try {
      return fn();
    } finally {
      this.trace = trace;
    }
  }

  /** Virtual now (ms). */
  get now(): number {
    return this.scheduler.now;
  }
}
