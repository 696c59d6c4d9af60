/**
 * The command table: kubectl's commands this console runs, the ones it does not (with the reason), and the root
 * `kubectl --help` text grouped as kubectl 1.32 groups it (kubectl `pkg/cmd/cmd.go` NewKubectlCommand).
 */
import type { Command } from './command.ts';
import { commandList } from './help.ts';
import { applyCommand } from './cmd/apply.ts';
import { createCommand } from './cmd/create.ts';
import { deleteCommand } from './cmd/delete.ts';
import { getCommand } from './cmd/get.ts';
import { autoscaleCommand } from './cmd/autoscale.ts';
import { describeCommand } from './cmd/describe.ts';
import { editCommand } from './cmd/edit.ts';
import { eventsCommand } from './cmd/events.ts';
import { explainCommand } from './cmd/explain.ts';
import { exposeCommand } from './cmd/expose.ts';
import { apiResourcesCommand, apiVersionsCommand, clusterInfoCommand, configCommand, logsCommand } from './cmd/info.ts';
import { replaceCommand } from './cmd/replace.ts';
import { annotateCommand, labelCommand } from './cmd/label.ts';
import { cordonCommand, drainCommand, uncordonCommand } from './cmd/node.ts';
import { patchCommand } from './cmd/patch.ts';
import { setCommand } from './cmd/set.ts';
import { runCommand } from './cmd/run-pod.ts';
import { taintCommand } from './cmd/taint.ts';
import { topCommand } from './cmd/top.ts';
import { waitCommand } from './cmd/wait.ts';
import { rolloutCommand } from './cmd/rollout.ts';
import { scaleCommand } from './cmd/scale.ts';
import { versionCommand } from './cmd/version.ts';

/** The commands this console runs. */
const SUPPORTED: readonly Command[] = [
  getCommand,
  describeCommand,
  applyCommand,
  createCommand,
  runCommand,
  exposeCommand,
  deleteCommand,
  scaleCommand,
  rolloutCommand,
  patchCommand,
  labelCommand,
  annotateCommand,
  setCommand,
  cordonCommand,
  uncordonCommand,
  drainCommand,
  taintCommand,
  topCommand,
  editCommand,
  explainCommand,
  replaceCommand,
  autoscaleCommand,
  logsCommand,
  eventsCommand,
  waitCommand,
  apiResourcesCommand,
  apiVersionsCommand,
  clusterInfoCommand,
  configCommand,
  versionCommand,
];

/** kubectl 1.32's commands the console does not run, and why. */
export const NOT_AVAILABLE: Readonly<Record<string, string>> = {
  certificate: 'there are no CertificateSigningRequests in the simulation',
  attach: 'containers here run no code',
  exec: 'containers here run no code',
  'port-forward': 'containers here run no code',
  proxy: 'there is no HTTP server behind this console',
  cp: 'containers here have no file system',
  auth: 'the simulated api-server does not authorize (every request is allowed)',
  debug: 'containers here run no code',
  diff: 'not implemented in this console',
  kustomize: 'there is no file system to build from',
  completion: 'the console completes with Tab itself',
  plugin: 'there are no plugins',
  options: 'the console takes -n/--namespace as its only global flag',
};

const GROUPS: Array<[string, string[]]> = [
  ['Basic Commands (Beginner)', ['create', 'expose', 'run', 'set']],
  ['Basic Commands (Intermediate)', ['explain', 'get', 'edit', 'delete']],
  ['Deploy Commands', ['rollout', 'scale', 'autoscale']],
  ['Cluster Management Commands', ['certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint']],
  ['Troubleshooting and Debugging Commands', ['describe', 'logs', 'attach', 'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events']],
  ['Advanced Commands', ['diff', 'apply', 'patch', 'replace', 'wait', 'kustomize']],
  ['Settings Commands', ['label', 'annotate', 'completion']],
  ['Other Commands', ['api-resources', 'api-versions', 'config', 'plugin', 'version']],
];

export function findCommand(name: string): Command | undefined {
  return SUPPORTED.find((c) => c.name === name || c.aliases?.includes(name));
}

export function supportedCommands(): readonly Command[] {
  return SUPPORTED;
}

/** Every kubectl command name (run here or not), sorted as cobra sorts them: the pool of "Did you mean this?". */
export function allCommandNames(): string[] {
  return [...new Set([...SUPPORTED.map((c) => c.name), ...Object.keys(NOT_AVAILABLE), 'help'])].sort();
}

export function rootHelp(): string {
  const groups = GROUPS.map(([title, names]) => {
    const cmds = names.map((n) => ({ name: n, short: findCommand(n)?.short ?? `(not in this console: ${NOT_AVAILABLE[n] ?? 'not implemented yet'})` }));
    return `${title}:\n${commandList(cmds)}`;
  });
  return `kubectl controls the Kubernetes cluster manager.

 Find more information at: https://kubernetes.io/docs/reference/kubectl/

${groups.join('\n\n')}

Usage:
  kubectl [flags] [options]

Use "kubectl <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;
}
