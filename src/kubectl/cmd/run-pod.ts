/**
 * `kubectl run` (kubectl `pkg/cmd/run/run.go`, `pkg/generate/versioned/run.go` BasicPod): creates one Pod named
 * NAME from `--image`, labelled `run=NAME` (or `--labels`), with `--port`, `--env`, `--restart` and the arguments
 * after `--` (as `args`, or `command` with `--command`), as manager `kubectl-run`; "pod/NAME created".
 * `--dry-run=client -o yaml` prints the Pod. `-i`, `-t`, `--rm` and `--attach` are not in this console: containers
 * here run no code to attach to.
 */
import type { ApplyAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { parseOutputFormat, printNonTable } from '../output-format.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG } from './common-flags.ts';

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const names = ctx.argsLenAtDash >= 0 ? ctx.args.slice(0, ctx.argsLenAtDash) : ctx.args.slice(0, 1);
  const after = ctx.argsLenAtDash >= 0 ? ctx.args.slice(ctx.argsLenAtDash) : ctx.args.slice(1);
  if (names.length === 0) throw usageError(ctx.path, 'NAME is required for run');
  if (!flags.has('image')) throw new CmdError('error: required flag(s) "image" not set');
  for (const f of ['stdin', 'tty', 'rm', 'attach']) {
    if (flags.bool(f)) throw new CmdError(`error: --${f} is not available in this console: containers here run no code to attach to`);
  }
  const name = names[0]!;
  const restart = flags.string('restart') || 'Always';
  if (!['Always', 'OnFailure', 'Never'].includes(restart)) throw new CmdError(`error: invalid restart policy: ${restart}`);
  const labels: Record<string, string> = {};
  if (flags.string('labels')) {
    for (const pair of flags.string('labels').split(',')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new CmdError(`error: invalid label spec: ${pair}`);
      labels[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  } else labels.run = name;
  const container: Record<string, unknown> = {};
  if (after.length && !flags.bool('command')) container.args = after;
  if (after.length && flags.bool('command')) container.command = after;
  const env = flags.strings('env');
  if (env.length) {
    container.env = env.map((e) => {
      const eq = e.indexOf('=');
      if (eq <= 0) throw new CmdError(`error: invalid env: ${e}`);
      return { name: e.slice(0, eq), value: e.slice(eq + 1) };
    });
  }
  container.image = flags.string('image');
  container.name = name;
  const port = flags.int('port', -1);
  if (port >= 0) container.ports = [{ containerPort: port }];
  container.resources = {};
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { creationTimestamp: null, labels, name } as unknown as KubeObject['metadata'],
    spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart },
    status: {},
  };
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const format = parseOutputFormat(flags.string('output'), 'objects');
  const info = target.resolve('pods')!;
  let shown: KubeObject = pod;
  if (dryRun !== 'client') {
    const action: ApplyAction = { type: 'create', manifests: [{ ...pod, metadata: { ...pod.metadata, namespace: ctx.namespace } }], fieldManager: flags.string('field-manager') || 'kubectl-run' };
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action, false);
    if (r.status) throw new CmdError(statusText(r.status));
    if (!r.ok) throw new CmdError(r.result.messages.join('\n'));
    if (dryRun === 'none') shown = target.get(info, ctx.namespace, name) ?? pod;
  }
  if (format.kind === 'table') out.print(`pod/${name} created${dryRunSuffix(dryRun)}`);
  else out.write(printNonTable(format, [shown], true, () => info));
}

export const runCommand: Command = {
  name: 'run',
  short: 'Run a particular image on the cluster',
  long: 'Create and run a particular image in a pod.',
  examples: `  # Start a nginx pod
  kubectl run nginx --image=nginx

  # Start a hazelcast pod and let the container expose port 5701
  kubectl run hazelcast --image=hazelcast/hazelcast --port=5701

  # Start a hazelcast pod and set labels "app=hazelcast" and "env=prod" in the container
  kubectl run hazelcast --image=hazelcast/hazelcast --labels="app=hazelcast,env=prod"

  # Dry run; print the corresponding API objects without creating them
  kubectl run nginx --image=nginx --dry-run=client

  # Start the nginx pod using the default command, but use custom arguments (arg1 .. argN) for that command
  kubectl run nginx --image=nginx -- <arg1> <arg2> ... <argN>

  # Start the nginx pod using a different command and custom arguments
  kubectl run nginx --image=nginx --command -- <cmd> <arg1> ... <argN>`,
  usage: 'kubectl run NAME --image=image [--env="key=value"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...] [options]',
  notSupported: '-i, -t, --rm, --attach (containers here run no code to attach to), --overrides',
  flags: [
    { name: 'attach', kind: 'bool', usage: 'If true, wait for the Pod to start running, and then attach to the Pod as if \'kubectl attach ...\' were called.', unsupported: 'containers run no code' },
    { name: 'command', kind: 'bool', usage: 'If true and extra arguments are present, use them as the \'command\' field in the container, rather than the \'args\' field which is the default.' },
    DRY_RUN_FLAG,
    { name: 'env', kind: 'array', usage: 'Environment variables to set in the container.' },
    FIELD_MANAGER('kubectl-run'),
    { name: 'image', kind: 'string', usage: 'The image for the container to run.' },
    { name: 'labels', short: 'l', kind: 'string', usage: 'Comma separated labels to apply to the pod. Will override previous values.' },
    OBJECT_OUTPUT_FLAG,
    { name: 'port', kind: 'int', def: '-1', usage: 'The port that this container exposes.' },
    { name: 'restart', kind: 'string', def: 'Always', usage: "The restart policy for this Pod.  Legal values [Always, OnFailure, Never]." },
    { name: 'rm', kind: 'bool', usage: 'If true, delete the pod after it exits.  Only valid when attaching to the container, e.g. with \'--attach\' or with \'-i/--stdin\'.', unsupported: 'containers run no code' },
    { name: 'stdin', short: 'i', kind: 'bool', usage: 'Keep stdin open on the container in the pod, even if nothing is attached.', unsupported: 'containers run no code' },
    { name: 'tty', short: 't', kind: 'bool', usage: 'Allocate a TTY for the container in the pod.', unsupported: 'containers run no code' },
  ],
  run,
};
