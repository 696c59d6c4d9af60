/**
 * The {@link ScenarioHost} over a real {@link Simulation}: what the scenario runner, the CLI and the hunter drive, and
 * the simulation as exact positioning sees it (step-position.ts). Apart from simulation.ts so the page's first script,
 * which plays a simulation without any scenario, does not carry it.
 */
import type { UserAction } from '../actions/user-action.ts';
import { Simulation, simulationOptionsFor } from '../simulation.ts';
import { clusterProbe } from './cluster-probe.ts';
import type { Scenario } from './scenario.ts';
import type { ActResult as ScenarioActResult, ScenarioHost } from './scenario-host.ts';
import { runToStep, type Steppable } from './step-position.ts';

/** The {@link ScenarioHost} the scenario runner and the CLI drive. */
export function createSimulationHost(scenario: Scenario): ScenarioHost {
  const sim = Simulation.create(simulationOptionsFor(scenario));
  return {
    get now() {
      return sim.now;
    },
    act(action: UserAction): ScenarioActResult {
      const r = sim.act(action);
      return r.ok
        ? { ok: true, detail: r.messages.join('\n'), traceId: r.eventId }
        : { ok: false, error: r.messages.join('\n') || 'failed', traceId: r.eventId };
    },
    runUntil: (time: number) => sim.runUntil(time),
    getObject: (resource, namespace, name) => sim.getObject(resource, namespace, name),
    listObjects: (resource, namespace, selector) => sim.listObjects(resource, namespace, selector),
    get trace() {
      return sim.trace;
    },
    isConverged: () => sim.isConverged(),
    note: (detail: string) => sim.trace.emit('scenario', { kind: 'scenario.note', detail }),
    probe: clusterProbe(() => sim.cluster),
    runToStep: (step: number, time: number) => runToStep(steppable(sim), step, time),
  };
}

/** The simulation as exact positioning sees it (scenario/step-position.ts). */
export function steppable(sim: Simulation): Steppable {
  return {
    get step() {
      return sim.step;
    },
    get now() {
      return sim.now;
    },
    nextEventTime: () => sim.cluster.ctx.scheduler.peekTime(),
    stepOnce: () => sim.stepOnce(),
    runUntil: (time: number) => sim.runUntil(time),
  };
}
