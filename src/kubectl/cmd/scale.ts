/**
 * `kubectl scale` (kubectl `pkg/cmd/scale/scale.go`, `pkg/scale/scale.go`): a merge PATCH of the `/scale`
 * subresource per object, `--current-replicas` checked first against the live object (kubectl's
 * ScalePrecondition: `Expected replicas to be 3, was 5`), `-l`, `--all`, `--dry-run`.
 */
import type { ScaleAction } from '../../sim/actions/user-action.ts';
import { parseResourceArgs, groupResource, kindName } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError } from '../command.ts';
import { infoForObject, namespaceForObject, readFilenames } from '../files.ts';
import { act, checkNameOutput, dryRunSuffix, printDone } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, filenameFlag, OBJECT_OUTPUT_FLAG, SELECTOR_FLAG } from './common-flags.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (!flags.has('replicas')) throw new CmdError('error: required flag(s) "replicas" not set');
  const replicas = flags.int('replicas', -1);
  const current = flags.int('current-replicas', -1);
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  checkNameOutput(ctx);
  if (replicas < 0) throw new CmdError('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  if (replicas > 2147483647) throw new CmdError(`error: The --replicas=COUNT flag is required, and COUNT must be at most 2147483647`);
  const targets: Array<{ info: ResourceInfo; namespace: string | undefined; name: string }> = [];
  if (flags.has('filename')) {
    for (const s of readFilenames(ctx)) {
      const info = infoForObject(ctx, s);
      targets.push({ info, namespace: namespaceForObject(ctx, info, s), name: String(s.object.metadata?.name ?? '') });
    }
  } else {
    if (ctx.args.length === 0) throw new CmdError('error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   \'-f rsrc.yaml\'\n   \'--filename=rsrc.json\'\n   \'<resource> <name>\'\n   \'<resource>\'');
    const parsed = parseResourceArgs(target, ctx.args, 'scale');
    const selector = flags.string('selector');
    const all = flags.bool('all');
    if (!parsed.named && !selector && !all) throw new CmdError('error: resource(s) were provided, but no name was specified');
    for (const { info, names } of parsed.requests) {
      const namespace = info.namespaced ? ctx.namespace : undefined;
      if (names.length) for (const name of names) targets.push({ info, namespace, name });
      else {
        const listed = target.select(info, namespace, { labelSelector: selector || undefined });
        if ('status' in listed) throw new CmdError(`Error from server (${listed.status.reason}): ${listed.status.message}`);
        for (const o of listed) targets.push({ info, namespace, name: o.metadata.name ?? '' });
      }
    }
    if (targets.length === 0) {
      out.print('No resources found');
      return;
    }
  }
  for (const t of targets) {
    const live = target.get(t.info, t.namespace, t.name);
    if (!live) {
      out.fail(`Error from server (NotFound): ${groupResource(t.info)} "${t.name}" not found`);
      continue;
    }
    if (current >= 0) {
      const spec = live.spec as { replicas?: unknown } | undefined;
      const have = typeof spec?.replicas === 'number' ? spec.replicas : 1;
      if (have !== current) {
        out.fail(`error: Expected replicas to be ${current}, was ${have}`);
        continue;
      }
    }
    const name = kindName(t.info, t.name);
    if (dryRun === 'client') {
      printDone(ctx, name, `scaled${dryRunSuffix(dryRun)}`);
      continue;
    }
    const action: ScaleAction = { type: 'scale', resource: `${t.info.resource}${t.info.group ? `.${t.info.group}` : ''}`, name: t.name, replicas };
    if (t.namespace) action.namespace = t.namespace;
    if (dryRun === 'server') action.dryRun = true;
    if (act(ctx, action).ok) printDone(ctx, name, `scaled${dryRunSuffix(dryRun)}`);
  }
}

export const scaleCommand: Command = {
  name: 'scale',
  short: 'Set a new size for a deployment, replica set, or replication controller',
  long: `Set a new size for a deployment, replica set, replication controller, or stateful set.

 Scale also allows users to specify one or more preconditions for the scale action.

 If --current-replicas or --resource-version is specified, it is validated before the scale is attempted, and it is guaranteed that the precondition holds true when the scale is sent to the server.`,
  examples: `  # Scale a replica set named 'foo' to 3
  kubectl scale --replicas=3 rs/foo

  # If the deployment named mysql's current size is 2, scale mysql to 3
  kubectl scale --current-replicas=2 --replicas=3 deployment/mysql

  # Scale multiple replication controllers
  kubectl scale --replicas=5 rc/example1 rc/example2 rc/example3`,
  usage: 'kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME) [options]',
  flags: [
    { name: 'all', kind: 'bool', usage: 'Select all resources in the namespace of the specified resource types' },
    { name: 'current-replicas', kind: 'int', def: '-1', usage: 'Precondition for current size. Requires that the current size of the resource match this value in order to scale. -1 (default) for no condition.' },
    DRY_RUN_FLAG,
    filenameFlag('Filename, directory, or URL to files identifying the resource to set a new size'),
    OBJECT_OUTPUT_FLAG,
    { name: 'replicas', kind: 'int', usage: 'The new desired number of replicas. Required.' },
    SELECTOR_FLAG,
  ],
  run,
};
