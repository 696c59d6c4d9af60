/**
 * Virtual time paced to wall time: the one place in the served simulation where the wall clock is read. Each
 * `tick` runs the simulation up to `start + (wallNow - wallStart) * speed`, performing any scheduled actions (a
 * scenario's, at their virtual times) on the way, as the page's worker plays them.
 */
import type { Simulation } from '../sim/simulation.ts';
import type { UserAction } from '../sim/actions/user-action.ts';

export interface ScheduledAction {
  /** Virtual ms. */
  at: number;
  /** The action, or a function choosing it at that moment (a scenario's `select`); a string is why none applies. */
  action: UserAction | ((sim: Simulation) => UserAction | string);
}

export class Pacer {
  private readonly virtualStart: number;
  private readonly wallStart: number;
  private readonly pending: ScheduledAction[];
  /** Why scheduled actions could not be performed, in order (the CLI prints them). */
  readonly skipped: string[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly speed: number,
    private readonly wallNow: () => number = Date.now,
    scheduled: readonly ScheduledAction[] = [],
  ) {
    if (!(Number.isFinite(speed) && speed > 0)) throw new Error(`speed must be a positive number, not ${speed}`);
    this.virtualStart = sim.now;
    this.wallStart = wallNow();
    this.pending = [...scheduled].sort((a, b) => a.at - b.at);
  }

  /** The virtual time the wall clock says it is. */
  target(): number {
    return this.virtualStart + Math.max(0, this.wallNow() - this.wallStart) * this.speed;
  }

  /** Brings the simulation to wall time. */
  tick(): void {
    const target = this.target();
    while (this.pending.length && this.pending[0]!.at <= target) {
      const next = this.pending.shift()!;
      if (next.at > this.sim.now) this.sim.runUntil(next.at);
      const action = typeof next.action === 'function' ? next.action(this.sim) : next.action;
      if (typeof action === 'string') this.skipped.push(`at ${next.at} ms: ${action}`);
      else this.sim.act(action);
    }
    if (target > this.sim.now) this.sim.runUntil(target);
  }
}
