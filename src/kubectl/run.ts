/**
 * `runKubectl(line, target, io)`: one typed command line, run as kubectl 1.32 runs it. Finds the command (cobra's
 * Find: the first words that are not flags), parses its flags (pflag), prints `--help`, runs it, and renders every
 * failure with kubectl's own text (`error: unknown flag: --replica\nSee 'kubectl scale --help' for usage.`,
 * `error: unknown command "foo" for "kubectl"` with cobra's suggestions, `Error from server (NotFound): …`).
 *
 * Never throws: a bug in a command is caught and reported as one, and the simulation is untouched by reads.
 */
import { tokenize } from './args/tokenize.ts';
import { FlagError, Flags, parseFlags, type FlagSpec } from './args/flags.ts';
import { CmdError, Output, type Command, type CommandContext, type KubectlIO, type KubectlRun, type KubectlWatch } from './command.ts';
import { HELP_FLAG, IGNORED_GLOBAL_FLAGS, NAMESPACE_FLAG } from './cmd/common-flags.ts';
import { allCommandNames, findCommand, NOT_AVAILABLE, rootHelp } from './commands.ts';
import { helpText } from './help.ts';
import type { KubectlTarget } from './target.ts';

export type { KubectlRun, KubectlWatch, KubectlIO };
export { kubectlEditSave } from './cmd/edit.ts';
export { loadExplainSchemas, needsExplainSchemas } from './cmd/explain.ts';

const PERSISTENT: FlagSpec[] = [NAMESPACE_FLAG, HELP_FLAG, ...IGNORED_GLOBAL_FLAGS];

/** Go's levenshtein as cobra's SuggestionsFor uses it (case-insensitive). */
function levenshtein(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** cobra `SuggestionsFor` (distance ≤ 2, or a prefix), formatted as cobra's findSuggestions. */
export function suggestions(typed: string, names: readonly string[]): string {
  if (typed.length > 64) return '';
  const found = names.filter((n) => levenshtein(typed, n) <= 2 || n.toLowerCase().startsWith(typed.toLowerCase()));
  return found.length ? `\n\nDid you mean this?\n${found.map((n) => `\t${n}\n`).join('')}` : '';
}

/** Splits the words into the command path (root command, then a subcommand) and the rest, skipping flags. */
function findPath(words: readonly string[]): { path: string[]; rest: string[] } {
  const path: string[] = [];
  const rest: string[] = [];
  let cmd: Command | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      rest.push(...words.slice(i));
      break;
    }
    if (w.startsWith('-') && w.length > 1) {
      rest.push(w);
      // A persistent value flag without "=" takes the next word (cobra stripFlags).
      if ((w === '-n' || w === '--namespace' || w === '--context' || w === '--kubeconfig' || w === '--request-timeout' || w === '-v' || w === '--v') && i + 1 < words.length) rest.push(words[++i]!);
      continue;
    }
    if (path.length === 0) {
      path.push(w);
      cmd = findCommand(w);
      continue;
    }
    if (path.length === 1 && cmd?.subcommands?.length && cmd.subcommands.some((s) => s.name === w || s.aliases?.includes(w))) {
      path.push(w);
      continue;
    }
    if (path.length === 1 && cmd?.subcommands?.length && !cmd.run && rest.every((r) => r.startsWith('-'))) {
      // An unknown subcommand of a command that only groups others: reported by the caller.
      path.push(w);
      continue;
    }
    rest.push(w);
  }
  return { path, rest };
}

function display(line: string): string {
  const first = line.split('\n')[0]!.trim();
  return first.startsWith('kubectl ') || first === 'kubectl' ? first : `kubectl ${first}`;
}

/** Runs one command line against the target. Never throws. */
export function runKubectl(line: string, target: KubectlTarget, io: KubectlIO = {}): KubectlRun {
  const out = new Output();
  try {
    runInto(out, typeof line === 'string' ? line : '', target, io ?? {});
  } catch (e) {
    if (e instanceof CmdError) {
      out.error(e.text);
      out.exitCode = e.exitCode;
    } else {
      out.error(`error: internal error in the console's kubectl (please report it): ${e instanceof Error ? e.message : String(e)}`);
      out.exitCode = 1;
    }
  }
  const run: KubectlRun = { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
  if (out.watch) run.watch = out.watch;
  if (out.edit) run.edit = out.edit;
  return run;
}

function runInto(out: Output, line: string, target: KubectlTarget, io: KubectlIO): void {
  const tokens = tokenize(line);
  if ('error' in tokens) throw new CmdError(`error: ${tokens.error}`);
  const stdin = tokens.heredoc?.body ?? io.stdin;
  const { path, rest } = findPath(tokens.words);
  if (path.length === 0) {
    // `kubectl`, `kubectl -h`, `kubectl --help`: the root help (flags other than help are errors).
    const parsed = parseOrThrow(rest, PERSISTENT, 'kubectl');
    if (parsed.args.length) throw new CmdError(`error: unknown command "${parsed.args[0]}" for "kubectl"${suggestions(parsed.args[0]!, allCommandNames())}`);
    out.print(rootHelp());
    return;
  }
  const name = path[0]!;
  if (name === 'help') {
    const sub = rest.find((w) => !w.startsWith('-'));
    const c = sub ? findCommand(sub) : undefined;
    if (sub && !c) throw new CmdError(`error: unknown help topic [\`${sub}\`]`);
    out.print(c ? helpText(c, `kubectl ${c.name}`) : rootHelp());
    return;
  }
  let cmd = findCommand(name);
  if (!cmd) {
    if (NOT_AVAILABLE[name]) throw new CmdError(`error: "kubectl ${name}" is not available in this console: ${NOT_AVAILABLE[name]}`);
    throw new CmdError(`error: unknown command "${name}" for "kubectl"${suggestions(name, allCommandNames())}`);
  }
  let cmdPath = `kubectl ${cmd.name}`;
  if (path.length > 1) {
    const sub = cmd.subcommands?.find((s) => s.name === path[1] || s.aliases?.includes(path[1]!));
    if (!sub) {
      // cobra: a command with subcommands and no Run of its own says the subcommand is unknown.
      parseOrThrow(rest, [...cmd.flags, ...PERSISTENT], cmdPath);
      throw new CmdError(`error: unknown command "${path[1]}"\nSee '${cmdPath} -h' for help and examples`);
    }
    cmd = sub;
    cmdPath = `${cmdPath} ${sub.name}`;
  }
  const parsed = parseOrThrow(rest, [...cmd.flags, ...PERSISTENT], cmdPath);
  const flags = new Flags(parsed);
  if (flags.bool('help') || !cmd.run) {
    out.print(helpText(cmd, cmdPath));
    return;
  }
  const namespace = flags.string('namespace');
  const ctx: CommandContext = {
    target,
    flags,
    args: parsed.args,
    argsLenAtDash: parsed.argsLenAtDash,
    io: { ...io, ...(stdin !== undefined ? { stdin } : {}) },
    namespace: namespace || 'default',
    explicitNamespace: namespace !== '',
    line: display(line),
    path: cmdPath,
    out,
  };
  cmd.run(ctx);
}

function parseOrThrow(words: readonly string[], specs: readonly FlagSpec[], path: string) {
  try {
    return parseFlags(words, specs);
  } catch (e) {
    if (e instanceof FlagError) throw new CmdError(`error: ${e.message}\nSee '${path} --help' for usage.`);
    throw e;
  }
}
