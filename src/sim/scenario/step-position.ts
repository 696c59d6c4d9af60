/**
 * Exact positions in a run (a scenario action's `afterStep`, a scenario's `untilStep`): run to the end of step `n`,
 * which must be at virtual time `at`, and move the clock to `at` without running anything else. An action a person took
 * after step k at time t may share t with later events, so its time alone cannot place it; the step can. This is how
 * `Simulation.fromRecipe` re-applies a logged input (simulation.ts), so an exported session replays byte for byte.
 */
import { formatDuration } from '../engine/clock.ts';

/** What positioning needs of a simulation (the Simulation facade has it all). */
export interface Steppable {
  /** Scheduler steps run so far. */
  readonly step: number;
  readonly now: number;
  /** Time of the next due event, undefined when none is left. */
  nextEventTime(): number | undefined;
  /** Runs one step; false when nothing was left to run. */
  stepOnce(): boolean;
  /** Runs every event due at or before `time`, then sets the clock to it. */
  runUntil(time: number): void;
}

/**
 * Runs `sim` to the end of step `step` and sets its clock to `at`. Returns why that is impossible (the step has run
 * already, it is after `at`, or an event is due by `at` right after it), having run no step past `at`; undefined
 * when it is done.
 */
export function runToStep(sim: Steppable, step: number, at: number): string | undefined {
  if (sim.step > step) return `step ${step} has already run (the run is at step ${sim.step}, ${formatDuration(sim.now)})`;
  while (sim.step < step) {
    const next = sim.nextEventTime();
    if (next === undefined) return `the run ends at step ${sim.step}, before step ${step}`;
    if (next > at) return `step ${step} is after ${formatDuration(at)}: step ${sim.step + 1} is at ${formatDuration(next)}`;
    sim.stepOnce();
  }
  if (sim.now > at) return `step ${step} is at ${formatDuration(sim.now)}, after ${formatDuration(at)}`;
  const next = sim.nextEventTime();
  if (sim.now < at && next !== undefined && next <= at) {
    return `step ${step} is at ${formatDuration(sim.now)} and step ${step + 1} at ${formatDuration(next)}, not after ${formatDuration(at)}: the step does not match the time`;
  }
  if (sim.now < at) sim.runUntil(at);
  return undefined;
}
