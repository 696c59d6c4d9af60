/**
 * What the worker loads the first time a message needs it (needs-libraries.ts says which do): the simulation's
 * on-demand libraries (src/sim/libraries.ts), the scenario reader, the kubectl program (console-tools.ts), the
 * lesson runner (lesson-tools.ts) and the full command schema (commands.ts, with zod; until it is in, the first
 * commands are checked by first-commands.ts). The page's first frame (the default demo, sent as objects) needs none of them, so
 * none is in the worker's first script; they are fetched together, as separate chunks.
 */
import { librariesLoaded, loadLibraries } from '../sim/libraries.ts';
import type * as ScenarioReaderModule from './scenario-reader.ts';
import type * as ConsoleToolsModule from './console-tools.ts';
import type * as LessonToolsModule from './lesson-tools.ts';
import type * as CommandsModule from './commands.ts';

type ScenarioReader = typeof ScenarioReaderModule;
type ConsoleTools = typeof ConsoleToolsModule;
type LessonTools = typeof LessonToolsModule;

let reader: ScenarioReader | undefined;
let kubectl: ConsoleTools | undefined;
let lessons: LessonTools | undefined;
let commands: typeof CommandsModule | undefined;

export async function loadOnDemand(): Promise<void> {
  const [, loadedReader, loadedKubectl, loadedLessons, loadedCommands] = await Promise.all([
    loadLibraries(),
    import('./scenario-reader.ts'),
    import('./console-tools.ts'),
    import('./lesson-tools.ts'),
    import('./commands.ts'),
  ]);
  // kubectl explain's field documentation (its own chunk, generated from the same schemas as the editor's).
  await loadedKubectl.loadExplainSchemas();
  reader = loadedReader;
  kubectl = loadedKubectl;
  lessons = loadedLessons;
  commands = loadedCommands;
}

export function onDemandLoaded(): boolean {
  return reader !== undefined && kubectl !== undefined && lessons !== undefined && commands !== undefined && librariesLoaded();
}

/** commands.ts's `parseCommand`, or undefined before {@link loadOnDemand} has finished. */
export function fullCommandParser(): typeof CommandsModule.parseCommand | undefined {
  return commands?.parseCommand;
}

function notLoaded(what: string): Error {
  return new Error(`${what} is not loaded: a message that needs it was obeyed before loadOnDemand()`);
}

/** The scenario reader; throws if {@link loadOnDemand} has not finished (a message was obeyed before its load). */
export function scenarioReader(): ScenarioReader {
  if (!reader) throw notLoaded('the scenario reader');
  return reader;
}

/** The kubectl program; throws if {@link loadOnDemand} has not finished. */
export function consoleTools(): ConsoleTools {
  if (!kubectl) throw notLoaded('the kubectl program');
  return kubectl;
}

/** The lesson runner; throws if {@link loadOnDemand} has not finished. */
export function lessonTools(): LessonTools {
  if (!lessons) throw notLoaded('the lesson runner');
  return lessons;
}
