/**
 * What a container's process does, read from its manifest: whether it keeps running or exits, after how long and
 * with which code. Deterministic, from the container's `command` and `args` alone (and its image's configured
 * behaviour, which wins: see {@link ContainerRuntime}). The rules are documented for learners in
 * docs/container-behavior.md; keep the two in step.
 *
 * - No `command` and no `args`: the image's own entrypoint, taken to be a long-running server (nginx, httpd, redis,
 *   postgres… and anything unknown).
 * - `sh -c "<script>"` (also bash, ash, dash, `/bin/sh`, `-ec`, `-xc`…): the script is read as a list of simple
 *   commands joined by `;`, `&&`, `||`, `&`, `|` and newlines. Otherwise `command` + `args` is one simple command.
 * - Simple commands: `true`, `:`, `date`, `echo`, `printf`, `env`, `printenv`, `hostname`, `uname`, `pwd`, `whoami`,
 *   `id`, `ls`, `cat <file>` and the like run {@link SHORT_COMMAND_MS} and succeed; a one-line interpreter run
 *   (`perl -e`, `python -c`, `node -e`, `ruby -e`…) runs {@link ONE_LINER_MS} and succeeds; `sleep N` (seconds, or
 *   with an s/m/h/d suffix; several add up) runs N; `sleep infinity`, `tail -f`, `while true`/`while :` loops run
 *   forever (a loop on another condition is unknown);
 *   `false` fails with 1; `exit K` ends the script with K (`exit` alone with the last status). Anything else is a
 *   program we do not know: it keeps running (a server started by its own command line).
 *
 * @remarks A real busybox or alpine container without a command runs `sh` with no terminal and exits at once (a
 * CrashLoopBackOff under restartPolicy Always); here it keeps running, so a Deployment of busybox behaves as the
 * lessons expect. Variables, redirections, subshells and `for` loops are not interpreted (a script using them
 * counts as unknown, so it keeps running), and an exit status is a script's last, not `set -e`'s.
 */
import type { Container } from 'kubernetes-types/core/v1';
import type { ImageBehavior } from './container-runtime.ts';

/** What the container's process will do once started. `unknown`: nothing we can read says it ends. */
export type ContainerProgram =
  | { kind: 'exits'; afterMs: number; exitCode: number }
  | { kind: 'runs'; why: 'server' | 'forever' | 'unknown' };

/** How long a short command (`date`, `echo hello`, `true`) takes. */
export const SHORT_COMMAND_MS = 100;
/** How long an interpreter's one-liner (`perl -Mbignum=bpi -wle 'print bpi(2000)'`) takes. */
export const ONE_LINER_MS = 2000;

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh']);
const SHORT = new Set([
  'true',
  ':',
  'date',
  'echo',
  'printf',
  'env',
  'printenv',
  'hostname',
  'uname',
  'pwd',
  'whoami',
  'id',
  'ls',
  'cat',
  'nproc',
  'df',
  'du',
  'uptime',
  'touch',
  'mkdir',
  'rm',
  'cp',
  'mv',
  'nslookup',
  'wc',
  'head',
]);
const INTERPRETERS = new Set(['perl', 'python', 'python3', 'node', 'ruby', 'php']);
const ONE_LINER_FLAGS = /^-[A-Za-z]*[ceE]$|^-[a-zA-Z]*[ceE][a-zA-Z]*$/;
/** Result of a step in a script: ran and exited with `code` after `ms`, or never ends. */
type Step = { ms: number; code: number } | { forever: true; why: 'forever' | 'unknown' };

/** The program of `container`, from its command and args. */
export function containerProgram(container: Pick<Container, 'command' | 'args'>): ContainerProgram {
  const argv = [...(container.command ?? []), ...(container.args ?? [])].filter((w): w is string => typeof w === 'string');
  if (argv.length === 0) return { kind: 'runs', why: 'server' };
  const script = shellScript(argv);
  const steps = script === undefined ? runCommand(argv) : runScript(script);
  return 'forever' in steps ? { kind: 'runs', why: steps.why } : { kind: 'exits', afterMs: steps.ms, exitCode: steps.code };
}

/** `sh -c "<script>"` (flags such as -e, -x, -ec before it): the script, else undefined. */
function shellScript(argv: readonly string[]): string | undefined {
  if (!SHELLS.has(basename(argv[0]!))) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (/^-[a-z]*c[a-z]*$/.test(a)) return argv[i + 1] ?? '';
    if (!/^-[a-z]+$/.test(a)) return undefined;
  }
  return undefined;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A script: simple commands joined by ; && || & | and newlines, run in order. */
function runScript(script: string): Step {
  const parsed = tokenize(script);
  if (parsed === undefined) return { forever: true, why: 'unknown' };
  let ms = 0;
  let code = 0;
  let skip = false;
  for (const { words, before } of parsed) {
    if (before === '&&' && code !== 0) skip = true;
    else if (before === '||' && code === 0) skip = true;
    else if (before !== '|') skip = false;
    if (skip || words.length === 0) continue;
    const cmd = words[0]!;
    if (cmd === 'while' || cmd === 'until') {
      // `while true` / `while :` / `until false` never end; a loop on another condition (`until nslookup db`) may.
      const endless = cmd === 'while' ? words[1] === 'true' || words[1] === ':' : words[1] === 'false';
      return { forever: true, why: endless ? 'forever' : 'unknown' };
    }
    if (cmd === 'exit') {
      const k = words[1] === undefined ? code : Number(words[1]);
      return { ms, code: Number.isInteger(k) ? ((k % 256) + 256) % 256 : 2 };
    }
    const step = runCommand(words);
    if ('forever' in step) return step;
    // A pipeline's commands run side by side: the longest one sets the time, the last one the status.
    ms = before === '|' ? Math.max(ms, step.ms) : ms + step.ms;
    code = step.code;
  }
  return { ms, code };
}

/** One simple command: its words, after `exec`/`command`/`env VAR=x` prefixes. */
function runCommand(argv: readonly string[]): Step {
  let words = argv;
  while (words.length > 0 && (words[0] === 'exec' || words[0] === 'command' || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!))) words = words.slice(1);
  if (words.length === 0) return { ms: 0, code: 0 };
  const name = basename(words[0]!);
  if (SHELLS.has(name)) {
    const script = shellScript(words);
    return script === undefined ? { forever: true, why: 'unknown' } : runScript(script);
  }
  if (name === 'false') return { ms: SHORT_COMMAND_MS, code: 1 };
  if (name === 'sleep') return sleep(words.slice(1));
  if (name === 'tail' && words.slice(1).some((w) => w === '-f' || w === '-F' || w === '--follow')) return { forever: true, why: 'forever' };
  if (name === 'yes') return { forever: true, why: 'forever' };
  if (SHORT.has(name)) return { ms: SHORT_COMMAND_MS, code: 0 };
  if (INTERPRETERS.has(name) && words.slice(1).some((w) => ONE_LINER_FLAGS.test(w))) return { ms: ONE_LINER_MS, code: 0 };
  return { forever: true, why: 'unknown' };
}

/** GNU `sleep`: each operand a number of seconds with an optional s/m/h/d suffix, summed; `infinity` never ends. */
function sleep(operands: readonly string[]): Step {
  if (operands.length === 0) return { ms: SHORT_COMMAND_MS, code: 1 };
  let ms = 0;
  for (const op of operands) {
    if (op === 'infinity' || op === 'inf') return { forever: true, why: 'forever' };
    const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(op);
    if (!m) return { ms: SHORT_COMMAND_MS, code: 1 };
    const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
    ms += Number(m[1]) * unit;
  }
  return { ms: Math.round(ms), code: 0 };
}

/**
 * Splits a script into simple commands (words with quotes removed) and the operator before each. Returns
 * undefined for what is not read here (variables, substitutions, redirections, subshells, `for`/`if`/`case`).
 */
function tokenize(script: string): Array<{ words: string[]; before: string }> | undefined {
  const out: Array<{ words: string[]; before: string }> = [];
  let words: string[] = [];
  let word: string | null = null;
  let before = ';';
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = (op: string) => {
    endWord();
    if (words.length > 0 || op !== ';') out.push({ words, before });
    words = [];
    before = op;
  };
  for (let i = 0; i < script.length; i++) {
    const ch = script[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (quote === '"' && (ch === '$' || ch === '`')) return undefined;
      else word = (word ?? '') + ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      word = word ?? '';
    } else if (ch === ' ' || ch === '\t') endWord();
    else if (ch === '\n' || ch === ';') endCommand(';');
    else if (ch === '&' || ch === '|') {
      const double = script[i + 1] === ch;
      if (double) i++;
      endCommand(double ? ch + ch : ch === '&' ? ';' : '|');
    } else if ('$`<>(){}\\'.includes(ch)) return undefined;
    else if (ch === '#' && word === null) {
      while (i + 1 < script.length && script[i + 1] !== '\n') i++;
    } else word = (word ?? '') + ch;
  }
  if (quote) return undefined;
  endCommand(';');
  if (out.some((c) => ['for', 'if', 'case', 'function', 'do', 'then'].includes(c.words[0] ?? ''))) {
    // `while true; do …; done` is read as forever by its first word; other compound commands are not read.
    if (!out.some((c) => c.words[0] === 'while' || c.words[0] === 'until')) return undefined;
  }
  return out.filter((c) => c.words.length > 0 || c.before !== ';');
}

/** How long an init container whose command we cannot read runs before it succeeds. */
export const INIT_CONTAINER_MS = 1000;

/**
 * When and how a started container exits, or null if it keeps running: the image's configured behaviour first
 * (`crash`: after `runFor` ?? 2 s with `exitCode` ?? 1; `exit`: after `runFor` ?? 5 s with `exitCode` ?? 0; any
 * other with a `runFor`: after it with `exitCode` ?? 0), else its program. An init container (not a sidecar) runs
 * to completion: one whose command we cannot read, or that has none, succeeds after {@link INIT_CONTAINER_MS}.
 */
export function containerExit(
  behavior: ImageBehavior | undefined,
  container: Pick<Container, 'command' | 'args'> | undefined,
  init: boolean,
): { afterMs: number; exitCode: number } | null {
  if (behavior?.behavior === 'crash') return { afterMs: behavior.runFor ?? 2000, exitCode: behavior.exitCode ?? 1 };
  if (behavior?.behavior === 'exit') return { afterMs: behavior.runFor ?? 5000, exitCode: behavior.exitCode ?? 0 };
  if (behavior?.runFor !== undefined) return { afterMs: behavior.runFor, exitCode: behavior.exitCode ?? 0 };
  const program = containerProgram(container ?? {});
  if (program.kind === 'exits') return { afterMs: program.afterMs, exitCode: program.exitCode };
  if (init && program.why !== 'forever') return { afterMs: INIT_CONTAINER_MS, exitCode: 0 };
  return null;
}
