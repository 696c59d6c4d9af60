/**
 * Command-line parsing for `loopscope`. Hand-written (no dependency): two commands and a handful of flags. A usage
 * error is a value, so main can print it and exit 2.
 */
import { parseDuration } from '../sim/engine/clock.ts';
import { durationBoundError } from '../sim/scenario/scenario-schema.ts';

export interface RunCommand {
  command: 'run';
  file: string;
  until?: number;
  trace?: string;
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  color?: boolean;
}
export interface ValidateCommand {
  command: 'validate';
  file: string;
  json: boolean;
}
/** `lesson check [files…]`: no files means every lessons/*.yaml. */
export interface LessonCheckCommand {
  command: 'lesson-check';
  files: string[];
  json: boolean;
  color?: boolean;
}
export interface HelpCommand {
  command: 'help';
  topic?: 'run' | 'validate' | 'lesson' | 'serve';
}
export interface VersionCommand {
  command: 'version';
}
/** `serve [--scenario file | --lesson file] [--speed N] [--port N] [--kubeconfig path] [--open] [--allow-origin origin]…`. */
export interface ServeCommand {
  command: 'serve';
  scenario?: string;
  lesson?: string;
  speed: number;
  port: number;
  kubeconfig: string;
  /** Open the page, attached to the served simulation, in the default browser. */
  open?: boolean;
  /** Origins (besides loopback pages) whose pages may attach. */
  allowOrigins?: string[];
}
export type Command = RunCommand | ValidateCommand | LessonCheckCommand | HelpCommand | VersionCommand | ServeCommand;

export type ParseArgsResult = { ok: true; command: Command } | { ok: false; error: string };

const isHelp = (a: string): boolean => a === '--help' || a === '-h';

/** Parses `argv` (without node and the script). */
export function parseArgs(argv: readonly string[]): ParseArgsResult {
  const [first, ...rest] = argv;
  if (first === undefined || isHelp(first) || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined && topic !== 'run' && topic !== 'validate' && topic !== 'lesson' && topic !== 'serve') return { ok: false, error: `no help for "${topic}"` };
    return { ok: true, command: { command: 'help', ...(topic ? { topic } : {}) } };
  }
  if (first === '--version' || first === '-v') return { ok: true, command: { command: 'version' } };
  if (first === 'lesson') return parseLessonArgs(rest);
  if (first === 'serve') return parseServeArgs(rest);
  if (first !== 'run' && first !== 'validate') return { ok: false, error: `unknown command "${first}" (expected run, validate, lesson or serve)` };
  if (rest.some(isHelp)) return { ok: true, command: { command: 'help', topic: first } };

  const files: string[] = [];
  const flags: Partial<RunCommand> = { json: false, quiet: false, verbose: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('-') || arg === '-') {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string | undefined => (eq >= 0 ? arg.slice(eq + 1) : rest[++i]);
    const runOnly = (): string | undefined => (first === 'run' ? undefined : `${name} applies to run only`);
    let err: string | undefined;
    switch (name) {
      case '--json':
        flags.json = true;
        break;
      case '--quiet':
      case '-q':
        err = runOnly();
        flags.quiet = true;
        break;
      case '--verbose':
        err = runOnly();
        flags.verbose = true;
        break;
      case '--color':
      case '--no-color':
        err = runOnly();
        flags.color = name === '--color';
        break;
      case '--until': {
        err = runOnly();
        const v = takeValue();
        if (v === undefined) return { ok: false, error: '--until needs a duration, e.g. --until 2m' };
        try {
          flags.until = parseDuration(v);
        } catch (e) {
          return { ok: false, error: `--until: ${(e as Error).message}` };
        }
        const tooLong = durationBoundError(flags.until);
        if (tooLong) return { ok: false, error: `--until: ${tooLong}` };
        break;
      }
      case '--trace': {
        err = runOnly();
        const v = takeValue();
        if (!v) return { ok: false, error: '--trace needs a file name, e.g. --trace run.jsonl' };
        flags.trace = v;
        break;
      }
      default:
        return { ok: false, error: `unknown flag ${name}` };
    }
    if (err) return { ok: false, error: err };
  }
  if (files.length !== 1) return { ok: false, error: files.length === 0 ? `${first} needs a scenario file` : `${first} takes one scenario file (got ${files.length})` };
  const file = files[0]!;
  if (first === 'validate') return { ok: true, command: { command: 'validate', file, json: flags.json ?? false } };
  return { ok: true, command: { ...(flags as Omit<RunCommand, 'command' | 'file'>), command: 'run', file } };
}

/** `lesson check [files…] [--json] [--color|--no-color]`. */
function parseLessonArgs(rest: readonly string[]): ParseArgsResult {
  const [sub, ...args] = rest;
  if (sub === undefined || isHelp(sub)) return { ok: true, command: { command: 'help', topic: 'lesson' } };
  if (sub !== 'check') return { ok: false, error: `unknown lesson command "${sub}" (expected check)` };
  if (args.some(isHelp)) return { ok: true, command: { command: 'help', topic: 'lesson' } };
  const cmd: LessonCheckCommand = { command: 'lesson-check', files: [], json: false };
  for (const arg of args) {
    if (arg === '--json') cmd.json = true;
    else if (arg === '--color' || arg === '--no-color') cmd.color = arg === '--color';
    else if (arg.startsWith('-') && arg !== '-') return { ok: false, error: `unknown flag ${arg.split('=')[0]}` };
    else cmd.files.push(arg);
  }
  return { ok: true, command: cmd };
}

/** `serve` flags; the default port is src/serve's DEFAULT_PORT (16443), the kubeconfig ./loopscope.kubeconfig. */
function parseServeArgs(rest: readonly string[]): ParseArgsResult {
  if (rest.some(isHelp)) return { ok: true, command: { command: 'help', topic: 'serve' } };
  const cmd: ServeCommand = { command: 'serve', speed: 1, port: 16443, kubeconfig: 'loopscope.kubeconfig' };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('-')) return { ok: false, error: `serve takes no arguments (got "${arg}"); a scenario is given with --scenario <file>` };
    if (arg === '--open') {
      cmd.open = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = eq >= 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined || value === '') return { ok: false, error: `${name} needs a value` };
    switch (name) {
      case '--scenario':
      case '--lesson':
        if (cmd.scenario !== undefined || cmd.lesson !== undefined) return { ok: false, error: 'give one of --scenario and --lesson' };
        if (name === '--scenario') cmd.scenario = value;
        else cmd.lesson = value;
        break;
      case '--speed': {
        const speed = Number(value);
        if (!(Number.isFinite(speed) && speed > 0 && speed <= 1000)) return { ok: false, error: `--speed must be a number above 0 and at most 1000, not "${value}"` };
        cmd.speed = speed;
        break;
      }
      case '--port': {
        const port = Number(value);
        if (!(Number.isInteger(port) && port >= 1 && port <= 65535)) return { ok: false, error: `--port must be a whole number from 1 to 65535, not "${value}"` };
        cmd.port = port;
        break;
      }
      case '--kubeconfig':
        cmd.kubeconfig = value;
        break;
      case '--allow-origin': {
        let origin: string;
        try {
          origin = new URL(value).origin;
        } catch {
          origin = 'null';
        }
        if (origin === 'null' || origin !== value.replace(/\/$/, '')) return { ok: false, error: `--allow-origin must be an origin such as https://example.org (scheme, host and port only), not "${value}"` };
        (cmd.allowOrigins ??= []).push(origin);
        break;
      }
      default:
        return { ok: false, error: `unknown flag ${name}` };
    }
  }
  return { ok: true, command: cmd };
}
