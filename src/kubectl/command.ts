/**
 * The shape of one kubectl command (as a cobra.Command: its name, help, flags, subcommands and what it runs), the
 * context a command runs in, and kubectl's error rendering (`cmdutil.CheckErr`, `StandardErrorMessage`).
 *
 * A command reports failure by throwing {@link CmdError} with the exact text kubectl prints; `runKubectl` catches it.
 * Nothing a user types makes a command throw anything else (a bug is caught too, and said to be one).
 */
import type { ObjectRef } from '../sim/trace/trace-event.ts';
import type { Status } from '../sim/api/status.ts';
import type { FlagSpec, Flags } from './args/flags.ts';
import type { KubectlTarget } from './target.ts';

/** A running `kubectl get -w` or `kubectl rollout status`: the console polls it after each move of the simulation. */
export interface KubectlWatch {
  /** The lines since the last poll ("" when nothing changed). */
  poll(target: KubectlTarget): string;
  /** After a seek or a step back: a note line, then the state at the viewed moment. */
  timelineMoved(target: KubectlTarget): string;
  /** True once the command would have exited by itself (`rollout status` saw the rollout finish). */
  readonly done?: boolean;
}

export interface KubectlRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  watch?: KubectlWatch;
  /** `kubectl edit`: the object's text for the page's editor; saving it calls `kubectlEditSave`. */
  edit?: { ref: ObjectRef; yaml: string };
}

export interface KubectlIO {
  /** What `-f -` and a heredoc read. */
  stdin?: string;
  /** Files `-f NAME` can read (the editor's buffers). */
  files?: Record<string, string>;
}

export interface CommandContext {
  target: KubectlTarget;
  flags: Flags;
  /** Positional arguments (after the command path). */
  args: string[];
  /** cobra's ArgsLenAtDash: how many `args` came before `--`, or -1. */
  argsLenAtDash: number;
  io: KubectlIO;
  /** `-n`, or "default". */
  namespace: string;
  /** True when `-n`/`--namespace` was given. */
  explicitNamespace: boolean;
  /** The command line as typed (without a heredoc body): what the trace shows. */
  line: string;
  /** "kubectl scale": the command path, for messages. */
  path: string;
  out: Output;
}

/** What a command prints. */
export class Output {
  stdout = '';
  stderr = '';
  exitCode = 0;
  watch?: KubectlWatch;
  edit?: { ref: ObjectRef; yaml: string };
  /** A line on stdout (a newline is added unless the text ends with one). */
  print(text: string): void {
    this.stdout += text.endsWith('\n') || text === '' ? text : `${text}\n`;
  }
  /** Text on stdout as is (`-o jsonpath` prints no newline of its own). */
  write(text: string): void {
    this.stdout += text;
  }
  /** A line on stderr. */
  error(text: string): void {
    this.stderr += text.endsWith('\n') || text === '' ? text : `${text}\n`;
  }
  /** An error line that makes the command fail (exit 1) but lets it go on (kubectl's aggregated errors). */
  fail(text: string): void {
    this.error(text);
    this.exitCode = 1;
  }
}

export interface Command {
  name: string;
  aliases?: string[];
  /** The one-line summary of `kubectl --help`. */
  short: string;
  /** The long description of `--help`. */
  long?: string;
  examples?: string;
  /** After "Usage:\n  ". */
  usage: string;
  flags: FlagSpec[];
  subcommands?: Command[];
  /** What `--help` adds about what this console leaves out. */
  notSupported?: string;
  run?(ctx: CommandContext): void;
}

/** A failure with kubectl's own text (already prefixed: "error: …", "Error from server (…): …"). */
export class CmdError extends Error {
  constructor(
    readonly text: string,
    readonly exitCode = 1,
  ) {
    super(text);
  }
}

/** `error: <message>`, unless it already starts so (cmdutil.checkErr). */
export function errorText(message: string): string {
  return message.startsWith('error: ') ? message : `error: ${message}`;
}

/** cmdutil.UsageErrorf: the message and where to read the help. */
export function usageError(path: string, message: string): CmdError {
  return new CmdError(`error: ${message}\nSee '${path} -h' for help and examples`);
}

/**
 * How kubectl prints an api-server failure (cmdutil.checkErr): an Invalid with causes as
 * `The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be …` (several causes as a `* ` list),
 * any other reason as `Error from server (Reason): message`.
 */
export function statusText(status: Status): string {
  const d = status.details;
  if (status.reason === 'Invalid' && d) {
    const s = d.kind || d.name ? `The ${d.kind ?? ''} ${JSON.stringify(d.name ?? '')} is invalid` : 'The request is invalid';
    const causes = (d.causes ?? []).map((c) => (c.field ? `${c.field}: ${c.message}` : c.message));
    if (causes.length === 0) return s;
    if (causes.length === 1) return `${s}: ${causes[0]}`;
    return `${s}: \n${causes.map((c) => `* ${c}`).join('\n')}`;
  }
  return status.reason ? `Error from server (${status.reason}): ${status.message}` : `Error from server: ${status.message}`;
}
