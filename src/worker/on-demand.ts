/**
 * What the worker loads the first time a message needs it (needs-libraries.ts says which do): the simulation's
 * on-demand libraries (src/sim/libraries.ts), the scenario reader, the kubectl program (console-tools.ts), the
 * lesson runner (lesson-tools.ts), the full command schema (commands.ts, with zod; until it is in, the first
 * commands are checked by first-commands.ts), following a served run (attached-session.ts: only an `attach` starts
 * one), an object's inspection (inspect-object.ts: only an `inspect` asks for one) and the HPA chart's frames
 * (hpa-frame.ts: HPAs and simulated load only come from input that needs the libraries). The page's first frame (the default demo, sent as objects) needs none of them, so
 * none is in the worker's first script; they are fetched together, as separate chunks.
 */
import { librariesLoaded, loadLibraries } from '../sim/libraries.ts';
import type * as ScenarioReaderModule from './scenario-reader.ts';
import type * as ConsoleToolsModule from './console-tools.ts';
import type * as LessonToolsModule from './lesson-tools.ts';
import type * as CommandsModule from './commands.ts';
import type * as AttachedSessionModule from './attached-session.ts';
import type * as InspectObjectModule from './inspect-object.ts';
import type * as HpaFrameModule from './hpa-frame.ts';

type ScenarioReader = typeof ScenarioReaderModule;
type ConsoleTools = typeof ConsoleToolsModule;
type LessonTools = typeof LessonToolsModule;

let reader: ScenarioReader | undefined;
let kubectl: ConsoleTools | undefined;
let lessons: LessonTools | undefined;
let commands: typeof CommandsModule | undefined;
let attached: typeof AttachedSessionModule | undefined;
let inspection: typeof InspectObjectModule | undefined;
let hpaFrames: typeof HpaFrameModule | undefined;

export async function loadOnDemand(): Promise<void> {
  const [, loadedReader, loadedKubectl, loadedLessons, loadedCommands, loadedAttached, loadedInspection, loadedHpaFrames] = await Promise.all([
    loadLibraries(),
    import('./scenario-reader.ts'),
    import('./console-tools.ts'),
    import('./lesson-tools.ts'),
    import('./commands.ts'),
    import('./attached-session.ts'),
    import('./inspect-object.ts'),
    import('./hpa-frame.ts'),
  ]);
  // kubectl explain's field documentation (its own chunk, generated from the same schemas as the editor's).
  await loadedKubectl.loadExplainSchemas();
  reader = loadedReader;
  kubectl = loadedKubectl;
  lessons = loadedLessons;
  commands = loadedCommands;
  attached = loadedAttached;
  inspection = loadedInspection;
  hpaFrames = loadedHpaFrames;
}

export function onDemandLoaded(): boolean {
  return reader !== undefined && kubectl !== undefined && lessons !== undefined && commands !== undefined && attached !== undefined && inspection !== undefined && hpaFrames !== undefined && librariesLoaded();
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

/** Following a served run (attached-session.ts); throws if {@link loadOnDemand} has not finished. */
export function attachedSession(): typeof AttachedSessionModule {
  if (!attached) throw notLoaded('following a served run');
  return attached;
}

/** An object's inspection (inspect-object.ts); throws if {@link loadOnDemand} has not finished. */
export function objectInspection(): typeof InspectObjectModule {
  if (!inspection) throw notLoaded("the object's inspection");
  return inspection;
}

/** The HPA chart's frames (hpa-frame.ts), or undefined before {@link loadOnDemand} has finished. */
export function loadedHpaFrames(): typeof HpaFrameModule | undefined {
  return hpaFrames;
}
