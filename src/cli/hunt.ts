/**
 * `loopscope hunt <controller file | built-in controller name> [--workload file] [--seeds N] [--seed S] [--budget 60s]
 * [--out file] [--json] [--quiet]`: the bug hunter (src/hunt) from the command line. Prints a line per plan explored,
 * then the result: the oracle that failed, the minimised schedule, the cause chain of the bad write, and whether the
 * replay file fails as the hunt's run did; `--out` writes that file. Exit 1 on a found bug, 0 when none was found
 * (every plan passed, or the budget ran out first), 2 on bad input, 3 when the simulation itself failed.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatDuration, parseDuration } from '../sim/engine/clock.ts';
import { MAX_SCENARIO_CHARS } from '../sim/scenario/parse-scenario.ts';
import { runHunt, type HuntResult } from '../hunt/hunt.ts';
import { defaultWorkload, huntableControllers, huntTarget, userControllerTarget, type HuntTargetResult } from '../hunt/target.ts';
import { HUNT_HELP } from './help.ts';
import type { CliDeps } from './main.ts';

export interface HuntCommand {
  controller: string;
  workload?: string;
  seeds: number;
  seed: string;
  budgetMs?: number;
  out?: string;
  json: boolean;
  quiet: boolean;
}

const EXIT_OK = 0;
const EXIT_FOUND = 1;
const EXIT_INVALID = 2;
const EXIT_INTERNAL = 3;

/** Parses `hunt`'s arguments; a usage error is a string. */
export function parseHuntArgs(argv: readonly string[]): HuntCommand | 'help' | string {
  if (argv.some((a) => a === '--help' || a === '-h')) return 'help';
  const cmd: Partial<HuntCommand> & { seeds: number; seed: string; json: boolean; quiet: boolean } = { seeds: 40, seed: '1', json: false, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      if (cmd.controller !== undefined) return `hunt takes one controller (got "${cmd.controller}" and "${arg}")`;
      cmd.controller = arg;
      continue;
    }
    if (arg === '--json' || arg === '--quiet' || arg === '-q') {
      if (arg === '--json') cmd.json = true;
      else cmd.quiet = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (!['--workload', '--seeds', '--seed', '--budget', '--out'].includes(name)) return `unknown flag ${name}`;
    if (value === undefined || value === '') return `${name} needs a value`;
    switch (name) {
      case '--workload':
        cmd.workload = value;
        break;
      case '--out':
        cmd.out = value;
        break;
      case '--seed':
        cmd.seed = value;
        break;
      case '--seeds': {
        const n = Number(value);
        if (!(Number.isInteger(n) && n >= 0 && n <= 100_000)) return `--seeds must be a whole number from 0 to 100000, not "${value}"`;
        cmd.seeds = n;
        break;
      }
      case '--budget':
        try {
          cmd.budgetMs = parseDuration(value);
        } catch (e) {
          return `--budget: ${(e as Error).message}`;
        }
        break;
    }
  }
  if (cmd.controller === undefined) return `hunt needs a controller: a file, or one of ${huntableControllers().join(', ')}`;
  return cmd as HuntCommand;
}

function readText(file: string, what: string): { ok: true; text: string } | { ok: false; error: string } {
  try {
    const size = statSync(file).size;
    if (size > MAX_SCENARIO_CHARS * 4) return { ok: false, error: `${file}: the ${what} is ${size} bytes; at most ${MAX_SCENARIO_CHARS} characters` };
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ok: false, error: `${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.message}` };
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function resolveTarget(cmd: HuntCommand): Promise<HuntTargetResult> {
  let workloadText: string | undefined;
  if (cmd.workload !== undefined) {
    const w = readText(cmd.workload, 'workload');
    if (!w.ok) return w;
    workloadText = w.text;
  }
  if (isFile(cmd.controller)) {
    const source = readText(cmd.controller, 'controller');
    if (!source.ok) return source;
    await loadSandbox();
    return userControllerTarget(source.text, workloadText, { file: cmd.controller, ...(cmd.workload ? { workloadFile: cmd.workload, readControllerFile: readBeside(cmd.workload) } : {}) });
  }
  workloadText ??= defaultWorkload(cmd.controller);
  if (workloadText === undefined) {
    return { ok: false, error: `no workload for ${cmd.controller}: give one with --workload <scenario.yaml> (built-in workloads: ${huntableControllers().join(', ')})` };
  }
  // A workload may install user-written controllers itself (controllers: [{file}]): they run in the sandbox.
  if (/^\s*(controllers:|.*installController:)/m.test(workloadText)) await loadSandbox();
  return huntTarget(cmd.controller, workloadText, cmd.workload ? { file: cmd.workload, readControllerFile: readBeside(cmd.workload) } : {});
}

/** Reads a controller file a workload names, relative to the workload (as `loopscope run` does). */
function readBeside(workload: string): (file: string) => string {
  return (file) => {
    const r = readText(resolve(dirname(workload), file), 'controller');
    if (!r.ok) throw new Error(r.error);
    return r.text;
  };
}

async function loadSandbox(): Promise<void> {
  const { loadSandbox: load } = await import('../sandbox/load.ts');
  await load();
}

/** Runs `loopscope hunt …` and returns its exit code. Never throws. */
export async function runHuntCli(argv: readonly string[], io: CliDeps): Promise<number> {
  const cmd = parseHuntArgs(argv);
  if (cmd === 'help') {
    io.out(HUNT_HELP);
    return EXIT_OK;
  }
  if (typeof cmd === 'string') {
    io.err(`loopscope: ${cmd}\nRun "loopscope hunt --help" for usage.\n`);
    return EXIT_INVALID;
  }
  const t = await resolveTarget(cmd);
  if (!t.ok) {
    io.err(`loopscope: ${t.error}\n`);
    return EXIT_INVALID;
  }
  const target = t.target;
  const say = (line: string) => {
    if (!cmd.json && !cmd.quiet) io.out(`${line}\n`);
  };
  say(`hunting ${target.controller}: ${target.workload.name}, up to ${cmd.seeds} plans${cmd.budgetMs !== undefined ? ` or ${formatDuration(cmd.budgetMs)} of wall time` : ''}`);
  let result: HuntResult;
  try {
    result = runHunt(target, {
      seeds: cmd.seeds,
      seed: cmd.seed,
      clock: () => performance.now(),
      ...(cmd.budgetMs !== undefined ? { budgetMs: cmd.budgetMs } : {}),
      onProgress: (p) => p.last && say(`  [${p.explored}/${p.seeds}] ${p.last}`),
    });
  } catch (e) {
    io.err(`loopscope: the hunt failed: ${(e as Error).stack ?? String(e)}\n`);
    return EXIT_INTERNAL;
  }
  if (cmd.out && result.finding) {
    try {
      writeFileSync(cmd.out, result.finding.scenario);
    } catch (e) {
      io.err(`loopscope: cannot write --out ${cmd.out}: ${(e as Error).message}\n`);
      return EXIT_INVALID;
    }
  }
  if (cmd.json) io.out(`${JSON.stringify(result)}\n`);
  else io.out(`${formatHuntResult(result, cmd.out).join('\n')}\n`);
  return result.status === 'found' ? EXIT_FOUND : EXIT_OK;
}

/** The result in words. */
export function formatHuntResult(r: HuntResult, out?: string): string[] {
  const took = r.wallMs !== undefined ? ` in ${(r.wallMs / 1000).toFixed(1)} s` : '';
  const runs = `${r.runs} run${r.runs === 1 ? '' : 's'} (${r.explored} plan${r.explored === 1 ? '' : 's'} explored${r.inconclusive ? `, ${r.inconclusive} not judged` : ''})${took}`;
  if (r.status === 'passed') return [`✓ ${r.controller}: no bug found in ${runs}`];
  if (r.status === 'stopped' && !r.finding) return [`✓ ${r.controller}: no bug found before the budget ran out: ${runs}`];
  const f = r.finding!;
  const lines = [`✗ ${r.controller}: ${f.oracle}: ${f.failures[0]!.message}`];
  for (const x of f.failures.slice(1, 5)) lines.push(`  also ${x.oracle}: ${x.message}`);
  lines.push(`  found after ${runs}`);
  if (f.schedule.length === 0) lines.push('  schedule: none, the unperturbed run already fails');
  else {
    lines.push(`  minimised schedule (${f.minimised.length} of ${f.plan.perturbations.length} perturbation${f.plan.perturbations.length === 1 ? '' : 's'}${f.minimal ? '' : '; the budget ended minimisation early'}):`);
    for (const s of f.schedule) lines.push(`    ${formatDuration(s.at).padStart(10)}  ${s.description}`);
  }
  if (f.causeChain.length) {
    lines.push('  cause chain of the bad write (newest first):');
    for (const c of f.causeChain.slice(0, 16)) lines.push(`    #${c.id} ${formatDuration(c.time).padStart(10)}  ${c.actor.padEnd(28)} ${c.text}`);
    if (f.causeChain.length > 16) lines.push(`    … ${f.causeChain.length - 16} more`);
  }
  lines.push(f.replayVerified ? `  replay: the scenario file fails as the run did${out ? ` (written to ${out}: npx loopscope run ${out})` : ' (write it with --out <file>)'}` : `  replay: the scenario file does not reproduce the failure on its own${out ? ` (written to ${out})` : ''}; the recipe in --json replays it exactly`);
  return lines;
}
