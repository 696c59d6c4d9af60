/**
 * A finding made replayable: the workload's scenario file with the minimised run's faults added at the virtual times
 * they fired, `until` the end of the hunt's run, and expectations that pin each failure, so `loopscope run` on it
 * plays the same run and fails where the hunt's failed. {@link verifyReplay} plays it with the scenario runner to
 * make sure.
 *
 * Each fault is placed exactly (`afterStep`, the step it was injected after), so the replay is the hunt's run event
 * for event. A fault and a workload action at the same instant: the hunt injected the fault first, so the file lists
 * it first.
 */
import { parseDuration } from '../sim/engine/clock.ts';
import { libraries } from '../sim/libraries.ts';
import type { Fault } from '../sim/actions/user-action.ts';
import { parseScenario } from '../sim/scenario/parse-scenario.ts';
import { runScenario } from '../sim/scenario/run-scenario.ts';
import { Simulation, simulationOptionsFor } from '../sim/simulation.ts';
import { PerturbedHost, invariantsOf, type Execution } from './execution.ts';
import type { HuntTarget } from './target.ts';
import type { Failure } from './oracles.ts';
import { describePerturbation, type PerturbationClass } from './perturbation.ts';

/** A fault of the minimised run, as it happened. */
export interface ScheduledFault {
  /** Virtual ms it was injected. */
  at: number;
  class: PerturbationClass;
  fault: Fault;
  /** "intermediate-state: crash X right after write #2 of the controller". */
  description: string;
  /** The step it was injected after. */
  step: number;
  /** The `user.action` trace event that injected it. */
  traceId: number;
}

export function scheduleOf(exec: Execution): ScheduledFault[] {
  return exec.resolved.map((r) => ({ at: r.at, step: r.step, class: r.perturbation.class, fault: r.perturbation.fault, description: describePerturbation(r.perturbation), traceId: r.traceId }));
}

/** The scenario file (YAML) of a finding. */
export function replayScenario(target: HuntTarget, exec: Execution, failures: readonly Failure[]): string {
  const { yaml } = libraries();
  const file = (yaml.parse(target.workloadText) ?? {}) as Record<string, unknown>;
  const metadata = { ...((file.metadata as Record<string, unknown> | undefined) ?? {}) };
  const name = typeof metadata.name === 'string' ? metadata.name : target.controller;
  metadata.name = `${name}-hunt`.slice(0, 253);
  metadata.description = [
    `Found by loopscope hunt ${target.controller}: ${failures[0]?.message ?? 'no failure'}.`,
    exec.resolved.length ? `Schedule: ${exec.resolved.map((r) => `at ${r.at} ms ${describePerturbation(r.perturbation)}`).join('; ')}.` : 'The unperturbed run already fails.',
  ].join(' ');
  // Each fault at its exact place: `afterStep`, since a write trigger fires between two events of one instant.
  const faults = exec.resolved.map((r) => ({ at: r.at, afterStep: r.step, fault: r.perturbation.fault }));
  const actions = Array.isArray(file.actions) ? (file.actions as Array<Record<string, unknown>>) : [];
  const timeOf = (a: Record<string, unknown>): number => {
    try {
      return parseDuration(a.at as string | number);
    } catch {
      return 0;
    }
  };
  // Stable merge: a fault before the workload's actions of the same instant.
  const merged: Array<Record<string, unknown>> = [];
  let i = 0;
  for (const a of actions) {
    while (i < faults.length && faults[i]!.at <= timeOf(a)) merged.push(faults[i++]!);
    merged.push(a);
  }
  merged.push(...faults.slice(i));
  const keep = new Set(invariantsOf(target.workload).map((e) => e.source.path));
  const expect = [
    ...(Array.isArray(file.expect) ? (file.expect as unknown[]).filter((_, j) => keep.has(`expect[${j}]`)) : []),
    ...failures.flatMap((f) => (f.expectation ? [f.expectation] : [])),
  ];
  // The hunt's run ends at `end`, after its settling and quiet window: a workload's own `untilStep` no longer applies.
  const { untilStep: _untilStep, ...rest } = file;
  const out: Record<string, unknown> = { ...rest, metadata, actions: merged, expect, until: exec.end };
  return `# Replay: npx loopscope run <this file> (it fails where the hunt's run failed)\n${yaml.stringify(out, { lineWidth: 0 })}`;
}

/** Plays a replay file with the scenario runner: true when an expectation fails, as in the hunt's run. */
export function verifyReplay(target: HuntTarget, scenarioText: string): boolean {
  const parsed = parseScenario(scenarioText);
  if (!parsed.ok) return false;
  const sim = (target.createSimulation ?? Simulation.create)(simulationOptionsFor(parsed.scenario));
  const report = runScenario(parsed.scenario, new PerturbedHost(sim, target.controller, { seed: 'replay', perturbations: [] }));
  return report.failed > 0;
}
