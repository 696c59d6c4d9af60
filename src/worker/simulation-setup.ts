/**
 * What an `init` command starts: a simulation from a share link's recipe, from a scenario file (its manifests
 * applied, its timed actions returned for the host to play), or from a seed, nodes and manifests (the playground).
 * A lesson is opened by the lesson host instead (lesson-host.ts). Errors are words for the page, never throws.
 */
import type { ScenarioAction } from '../sim/scenario/scenario.ts';
import { Simulation, simulationOptionsFor } from '../sim/simulation.ts';
import type { SimulationSetup } from './protocol.ts';
import { scenarioReader } from './on-demand.ts';

export function createSimulation(setup: SimulationSetup): { sim: Simulation; actions: ScenarioAction[] } | { error: string } {
  if (setup.recipe !== undefined) {
    const recipe = scenarioReader().parseRecipe(setup.recipe);
    if (!recipe.ok) return { error: `cannot open this link: it is not a valid Loopscope run (${recipe.error})` };
    try {
      return { sim: Simulation.fromRecipe(recipe.recipe), actions: [] };
    } catch (err) {
      return { error: `cannot open this link: ${(err as Error).message}` };
    }
  }
  if (setup.scenario !== undefined) {
    const { parseScenario, formatScenarioError } = scenarioReader();
    const parsed = parseScenario(setup.scenario);
    if (!parsed.ok) return { error: parsed.errors.map((e) => formatScenarioError(e)).join('\n') };
    const sim = Simulation.create(simulationOptionsFor(parsed.scenario));
    if (parsed.scenario.manifests) {
      const r = sim.apply(parsed.scenario.manifests);
      if (!r.ok) return { error: r.messages.join('\n') };
    }
    return { sim, actions: [...parsed.scenario.actions].sort((a, b) => a.at - b.at) };
  }
  const options: Parameters<typeof Simulation.create>[0] = { seed: setup.seed };
  if (setup.nodes !== undefined) options.nodes = setup.nodes;
  const sim = Simulation.create(options);
  if (setup.manifests) {
    const r = sim.apply(setup.manifests);
    if (!r.ok) return { error: r.messages.join('\n') };
  }
  return { sim, actions: [] };
}
