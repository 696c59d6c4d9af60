/**
 * What the worker loads the first time a message needs it (needs-libraries.ts says which do): the simulation's
 * on-demand libraries (src/sim/libraries.ts) and the scenario reader. The page's first frame (the default demo, sent
 * as objects) needs neither, so neither is in the worker's first script.
 */
import { librariesLoaded, loadLibraries } from '../sim/libraries.ts';
import type * as ScenarioReaderModule from './scenario-reader.ts';

type ScenarioReader = typeof ScenarioReaderModule;

let reader: ScenarioReader | undefined;

export async function loadOnDemand(): Promise<void> {
  const [, loadedReader] = await Promise.all([loadLibraries(), import('./scenario-reader.ts')]);
  reader = loadedReader;
}

export function onDemandLoaded(): boolean {
  return reader !== undefined && librariesLoaded();
}

/** The scenario reader; throws if {@link loadOnDemand} has not finished (a message was obeyed before its load). */
export function scenarioReader(): ScenarioReader {
  if (!reader) throw new Error('the scenario reader is not loaded: a message that needs it was obeyed before loadOnDemand()');
  return reader;
}
