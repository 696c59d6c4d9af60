/**
 * The one place the CLI reaches for the real simulation. `src/sim/simulation.ts` provides
 * `createSimulationHost(scenario): ScenarioHost`; it is loaded lazily so that the rest of the CLI compiles and is
 * tested (with a fake host) whether or not the simulation facade is there yet.
 */
import type { CreateHost } from '../sim/scenario/scenario-host.ts';

const SIMULATION_MODULE = '../sim/simulation.ts';

/** Loads `createSimulationHost`; rejects with a readable message when the simulation cannot be loaded. */
export async function loadSimulationHost(): Promise<CreateHost> {
  let mod: { createSimulationHost?: CreateHost };
  try {
    mod = (await import(/* @vite-ignore */ SIMULATION_MODULE)) as typeof mod;
  } catch (e) {
    throw new Error(`cannot load the simulation (src/sim/simulation.ts): ${(e as Error).message}`, { cause: e });
  }
  if (typeof mod.createSimulationHost !== 'function') throw new Error('src/sim/simulation.ts does not export createSimulationHost(scenario)');
  return mod.createSimulationHost;
}
