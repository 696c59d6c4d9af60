/**
 * The one place the CLI reaches for the real simulation (`createSimulationHost` of src/sim/scenario/simulation-host.ts). It is
 * imported lazily, only by `run`: `--help` and `validate` stay fast and keep working even if the simulation fails
 * to load.
 */
import type { CreateHost } from '../sim/scenario/scenario-host.ts';

/** Loads `createSimulationHost`; rejects with a readable message when the simulation cannot be loaded. */
export async function loadSimulationHost(): Promise<CreateHost> {
  try {
    const { createSimulationHost } = await import('../sim/scenario/simulation-host.ts');
    return createSimulationHost;
  } catch (e) {
    throw new Error(`cannot load the simulation (src/sim/simulation.ts): ${(e as Error).message}`, { cause: e });
  }
}
