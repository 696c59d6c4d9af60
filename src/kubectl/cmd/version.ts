/**
 * `kubectl version` (kubectl `pkg/cmd/version/version.go`): the client (this console's kubectl, 1.32) and the
 * simulated api-server's version, the version-skew warning kubectl prints when they are more than one minor
 * apart, and `-o yaml|json`.
 */
import { type Command, type CommandContext, CmdError } from '../command.ts';
import { OUTPUT_FLAG } from './common-flags.ts';

export const CLIENT_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.4' } as const;
/** The simulated api-server's version: the kinds and behaviour it serves are v1.35's (src/sim/api/resources.ts). */
export const SERVER_VERSION = { major: '1', minor: '35', gitVersion: 'v1.35.0' } as const;
export const KUSTOMIZE_VERSION = 'v5.5.0';

function info(v: { major: string; minor: string; gitVersion: string }, platform: string) {
  return { major: v.major, minor: v.minor, gitVersion: v.gitVersion, gitCommit: '', gitTreeState: '', buildDate: '', goVersion: '', compiler: '', platform };
}

function yamlOf(obj: Record<string, unknown>, indent = ''): string {
  let out = '';
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') out += `${indent}${k}:\n${yamlOf(v as Record<string, unknown>, `${indent}  `)}`;
    else out += `${indent}${k}: ${v === '' || /^[0-9.]+$/.test(String(v)) ? JSON.stringify(String(v)) : String(v)}\n`;
  }
  return out;
}

function run(ctx: CommandContext): void {
  if (ctx.args.length) throw new CmdError(`error: unknown command "${ctx.args[0]}" for "kubectl version"`);
  const client = ctx.flags.bool('client');
  const output = ctx.flags.string('output');
  if (output !== '' && output !== 'yaml' && output !== 'json') throw new CmdError(`error: --output must be 'yaml' or 'json'`);
  const skew = Math.abs(Number(SERVER_VERSION.minor) - Number(CLIENT_VERSION.minor));
  if (output) {
    const data: Record<string, unknown> = { clientVersion: info(CLIENT_VERSION, 'js/loopscope'), kustomizeVersion: KUSTOMIZE_VERSION };
    if (!client) data.serverVersion = info(SERVER_VERSION, 'loopscope/simulated');
    ctx.out.print(output === 'json' ? JSON.stringify(data, null, 2) : yamlOf(data));
  } else {
    ctx.out.print(`Client Version: ${CLIENT_VERSION.gitVersion}`);
    ctx.out.print(`Kustomize Version: ${KUSTOMIZE_VERSION}`);
    if (!client) ctx.out.print(`Server Version: ${SERVER_VERSION.gitVersion}`);
  }
  if (!client && skew > 1) {
    ctx.out.error(
      `WARNING: version difference between client (${CLIENT_VERSION.major}.${CLIENT_VERSION.minor}) and server (${SERVER_VERSION.major}.${SERVER_VERSION.minor}) exceeds the supported minor version skew of +/-1`,
    );
  }
}

export const versionCommand: Command = {
  name: 'version',
  short: 'Print the client and server version information',
  long: 'Print the client and server version information for the current context.',
  examples: `  # Print the client and server versions for the current context
  kubectl version`,
  usage: 'kubectl version [flags] [options]',
  flags: [
    { name: 'client', kind: 'bool', usage: 'If true, shows client version only (no server required).' },
    { ...OUTPUT_FLAG, usage: "One of 'yaml' or 'json'." },
  ],
  run,
};
