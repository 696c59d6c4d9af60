/**
 * How a command changes the cluster: one {@link UserAction} per request kubectl would send, carrying the command
 * line (the trace shows "kubectl scale deployment web --replicas=5"), performed with `target.act`, so it is in the
 * simulation's input log and replays. The api-server's refusals come back as kubectl prints them.
 */
import type { UserAction } from '../../sim/actions/user-action.ts';
import type { ActResult } from '../../sim/cluster/act-result.ts';
import type { Status } from '../../sim/api/status.ts';
import { type CommandContext, CmdError, statusText } from '../command.ts';

export interface Acted {
  result: ActResult;
  /** The first refusal, when the api-server refused. */
  status?: Status;
  ok: boolean;
}

/** Performs `action` (with the command line); on failure prints kubectl's error and marks the command failed. */
export function act(ctx: CommandContext, action: UserAction, print = true): Acted {
  const withLine = { ...action, command: ctx.line } as UserAction;
  const result = ctx.target.act(withLine);
  // The api-server's warnings (fieldValidation Warn) come first, on stderr, as kubectl's warning handler prints them.
  for (const w of result.warnings ?? []) ctx.out.error(`Warning: ${w}`);
  const status = result.results.find((r) => r.status)?.status;
  if (print) {
    if (status) for (const r of result.results) if (r.status) ctx.out.fail(statusText(r.status));
    if (!status && !result.ok) for (const m of result.messages) ctx.out.fail(m.startsWith('error: ') ? m : `error: ${m}`);
  }
  return status ? { result, status, ok: false } : { result, ok: result.ok };
}

/** The suffix kubectl adds to what it did under `--dry-run`: " (dry run)" or " (server dry run)". */
export function dryRunSuffix(strategy: 'none' | 'client' | 'server'): string {
  return strategy === 'client' ? ' (dry run)' : strategy === 'server' ? ' (server dry run)' : '';
}

/**
 * Commands that print what they did (kubectl's PrintFlags with an operation): `-o name` prints the object as
 * `kind.group/name` alone. The console prints no other format for them: said before anything is sent.
 */
export function checkNameOutput(ctx: CommandContext): void {
  const output = ctx.flags.string('output');
  if (output !== '' && output !== 'name') throw new CmdError(`error: the output format "${output}" is not supported by ${ctx.path} in this console (only -o name)`);
}

/** "deployment.apps/web scaled", or "deployment.apps/web" with -o name. */
export function printDone(ctx: CommandContext, kindSlashName: string, operation: string): void {
  ctx.out.print(ctx.flags.string('output') === 'name' ? kindSlashName : `${kindSlashName} ${operation}`);
}
