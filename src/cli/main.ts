/**
 * `loopscope`: the headless runner. `run` plays a scenario file on the simulated cluster, prints the timeline and
 * the expectation results, and exits 0 (all passed), 1 (an expectation failed) or 2 (the file or a flag is
 * invalid); `validate` only checks the file; `lesson check` plays lessons as tests (lesson-check.ts); `hunt` hunts a
 * controller's bugs (hunt.ts).
 * bin/loopscope.js calls {@link runCli}.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { readTextLimited } from './read-limited.ts';
import { prepareUserControllers } from './user-controllers.ts';
import { pathToFileURL } from 'node:url';
import { formatDuration } from '../sim/engine/clock.ts';
import { formatScenarioError, MAX_SCENARIO_CHARS, parseScenario, type ScenarioError } from '../sim/scenario/parse-scenario.ts';
import { runScenario } from '../sim/scenario/run-scenario.ts';
import type { CreateHost, ScenarioHost } from '../sim/scenario/scenario-host.ts';
import type { Scenario } from '../sim/scenario/scenario.ts';
import { parseArgs, type RunCommand } from './args.ts';
import { LESSON_HELP, MAIN_HELP, RUN_HELP, SERVE_HELP, VALIDATE_HELP } from './help.ts';
import { lessonCheck } from './lesson-check.ts';
import { loadSimulationHost } from './host.ts';
import { choosePaint } from './paint.ts';
import { formatReport } from './report.ts';
import { formatTimeline } from './timeline.ts';
import { loadLibraries } from '../sim/libraries.ts';
import { detectFights } from '../sim/analysis/fight-detector.ts';
import { traceHash } from '../sim/trace/trace-hash.ts';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_INVALID = 2;
export const EXIT_INTERNAL = 3;

/** Everything the CLI touches outside itself, injectable for tests. */
export interface CliDeps {
  out(text: string): void;
  err(text: string): void;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Defaults to the real simulation (src/cli/host.ts). */
  createHost?: CreateHost;
}

const defaultDeps = (): CliDeps => ({
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
});

/** Runs the CLI and returns its exit code. Never throws. */
export async function runCli(argv: readonly string[], deps: Partial<CliDeps> = {}): Promise<number> {
  const io = { ...defaultDeps(), ...deps };
  await loadLibraries();
  if (argv[0] === 'hunt' || (argv[0] === 'help' && argv[1] === 'hunt')) {
    const { runHuntCli } = await import('./hunt.ts');
    return runHuntCli(argv[0] === 'hunt' ? argv.slice(1) : ['--help'], io);
  }
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    io.err(`loopscope: ${parsed.error}\nRun "loopscope --help" for usage.\n`);
    return EXIT_INVALID;
  }
  const cmd = parsed.command;
  switch (cmd.command) {
    case 'help':
      io.out(cmd.topic === 'run' ? RUN_HELP : cmd.topic === 'validate' ? VALIDATE_HELP : cmd.topic === 'lesson' ? LESSON_HELP : cmd.topic === 'serve' ? SERVE_HELP : MAIN_HELP);
      return EXIT_OK;
    case 'version':
      io.out('loopscope 0.1.0\n');
      return EXIT_OK;
    case 'validate': {
      const loaded = load(cmd.file);
      if (!loaded.ok) return invalid(io, cmd.file, loaded.errors, cmd.json);
      const s = loaded.scenario;
      if (cmd.json) io.out(`${JSON.stringify({ file: cmd.file, valid: true, name: s.name, actions: s.actions.length, expectations: s.expect.length, until: s.until })}\n`);
      else io.out(`${cmd.file}: valid (${s.actions.length} actions, ${s.expect.length} expectations, runs ${formatDuration(s.until)})\n`);
      return EXIT_OK;
    }
    case 'run':
      return run(cmd, io);
    case 'lesson-check':
      return lessonCheck(cmd, io);
    case 'serve': {
      const { runServe } = await import('./serve.ts');
      return runServe(cmd, io);
    }
  }
}

async function run(cmd: RunCommand, io: CliDeps): Promise<number> {
  const loaded = load(cmd.file);
  if (!loaded.ok) return invalid(io, cmd.file, loaded.errors, cmd.json);
  // User-written controllers: their files read beside the scenario, the sandbox loaded (src/sandbox).
  const prepared = await prepareUserControllers(loaded.scenario, cmd.file);
  if (!prepared.ok) return invalid(io, cmd.file, prepared.errors, cmd.json);
  const scenario = prepared.scenario;
  // A replay file of `loopscope hunt` on one of its CronBackup examples names them (src/hunt/examples).
  if (scenario.options.controllers?.some((c) => c.startsWith('cronbackup-'))) await import('../hunt/examples/cron-backup.ts');
  let host: ScenarioHost;
  try {
    const create = io.createHost ?? (await loadSimulationHost());
    host = create(scenario);
  } catch (e) {
    io.err(`loopscope: ${(e as Error).message}\n`);
    return EXIT_INTERNAL;
  }
  let report;
  try {
    report = runScenario(scenario, host, cmd.until !== undefined ? { until: cmd.until } : {});
  } catch (e) {
    io.err(`loopscope: the simulation failed at ${formatDuration(host.now)}: ${(e as Error).stack ?? String(e)}\n`);
    return EXIT_INTERNAL;
  }
  if (cmd.trace) {
    try {
      writeTrace(cmd.trace, host);
    } catch (e) {
      io.err(`loopscope: cannot write --trace ${cmd.trace}: ${(e as Error).message}\n`);
      return EXIT_INVALID;
    }
  }
  const code = report.failed > 0 ? EXIT_FAILED : EXIT_OK;
  if (cmd.json) {
    // The field-ownership fight detector's findings over the whole run: live ones and the last ended ones.
    const events = host.trace.slice(0, host.trace.length);
    const fights = detectFights(events);
    // traceHash: the fingerprint of the whole trace (src/sim/trace/trace-hash.ts), as an exported session's page had it.
    io.out(`${JSON.stringify({ file: cmd.file, ok: code === EXIT_OK, ...report, fights, traceLength: host.trace.length, traceHash: traceHash(events) })}\n`);
    return code;
  }
  const paint = choosePaint(cmd.color, io.isTTY, io.env);
  const lines: string[] = [paint.bold(`${scenario.name}: seed ${scenario.seed}, ${scenario.nodes.length} node(s), ${formatDuration(report.endTime)}`)];
  if (!cmd.quiet) {
    // Printed in chunks: a long run has hundreds of thousands of events.
    const CHUNK = 5000;
    for (let from = 0; from < host.trace.length; from += CHUNK) {
      lines.push(...formatTimeline(host.trace.slice(from, Math.min(from + CHUNK, host.trace.length)), host.trace, paint, cmd.verbose));
      io.out(`${lines.join('\n')}\n`);
      lines.length = 0;
    }
  }
  lines.push(...formatReport(report, paint));
  io.out(`${lines.join('\n')}\n`);
  return code;
}

type Loaded = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** Reads and parses a scenario file; a missing or oversized file is an error at line 1, column 1. */
function load(file: string): Loaded {
  const fail = (message: string): Loaded => ({ ok: false, errors: [{ line: 1, column: 1, path: '', message }] });
  // Read with a byte limit whatever stat says (/dev/zero, a pipe): UTF-8 is at most four bytes a character.
  const read = readTextLimited(file, MAX_SCENARIO_CHARS * 4, `the scenario file (a scenario may have at most ${MAX_SCENARIO_CHARS} characters)`);
  if (!read.ok) return fail(read.error);
  return parseScenario(read.text);
}

function invalid(io: CliDeps, file: string, errors: ScenarioError[], json: boolean): number {
  if (json) io.out(`${JSON.stringify({ file, valid: false, errors })}\n`);
  else io.err(`${errors.map((e) => formatScenarioError(e, file)).join('\n')}\n`);
  return EXIT_INVALID;
}

/** The whole trace as JSON Lines, written in chunks. */
function writeTrace(file: string, host: ScenarioHost): void {
  const fd = openSync(file, 'w');
  try {
    const CHUNK = 5000;
    for (let from = 0; from < host.trace.length; from += CHUNK) {
      const events = host.trace.slice(from, Math.min(from + CHUNK, host.trace.length));
      if (events.length) writeSync(fd, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
}

// `tsx src/cli/main.ts …` works as well as bin/loopscope.js.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
