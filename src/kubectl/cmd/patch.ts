/**
 * `kubectl patch` (kubectl `pkg/cmd/patch/patch.go`): `-p` as JSON or YAML, `--type strategic|merge|json`,
 * `--subresource status|scale`, `--dry-run`; "patched", or "patched (no change)" when the object's
 * resourceVersion did not move.
 */
import type { PatchAction } from '../../sim/actions/user-action.ts';
import { libraries } from '../../sim/libraries.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, usageError } from '../command.ts';
import { act, checkNameOutput, dryRunSuffix, printDone } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG } from './common-flags.ts';

/** The patch text as kubectl reads it (yaml.ToJSON: JSON is YAML). */
export function parsePatch(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    try {
      return libraries().yaml.parse(text, { maxAliasCount: 100 }) as unknown;
    } catch (e) {
      throw new CmdError(`error: unable to parse ${JSON.stringify(text)}: yaml: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
  }
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const type = flags.string('type', 'strategic') || 'strategic';
  if (type !== 'strategic' && type !== 'merge' && type !== 'json') throw new CmdError(`error: --type must be one of [json merge strategic], not "${type}"`);
  if (!flags.has('patch')) throw new CmdError('error: must specify --patch or --patch-file containing the contents of the patch');
  const subresource = flags.string('subresource');
  if (subresource && subresource !== 'status' && subresource !== 'scale') throw new CmdError(`error: invalid subresource value: "${subresource}". Must be one of [status scale]`);
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  checkNameOutput(ctx);
  if (ctx.args.length === 0) throw usageError(ctx.path, 'You must provide one or more resources by argument or filename.');
  const patch = parsePatch(flags.string('patch'));
  if (type === 'json' ? !Array.isArray(patch) : typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new CmdError(type === 'json' ? 'error: unable to parse the patch as a JSON patch: it must be a list of operations' : 'error: unable to parse the patch: it must be an object');
  }
  const parsed = parseResourceArgs(target, ctx.args, 'patch');
  if (!parsed.named) throw new CmdError('error: resource(s) were provided, but no name was specified');
  for (const { info, names } of parsed.requests) {
    for (const name of names) {
      const namespace = info.namespaced ? ctx.namespace : undefined;
      const before = target.get(info, namespace, name);
      if (!before) {
        out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
        continue;
      }
      if (dryRun === 'client') {
        printDone(ctx, kindName(info, name), `patched${dryRunSuffix(dryRun)}`);
        continue;
      }
      const action: PatchAction = { type: 'patch', resource: `${info.resource}${info.group ? `.${info.group}` : ''}`, name, patchType: type, patch, fieldManager: flags.string('field-manager') || 'kubectl-patch' };
      if (namespace) action.namespace = namespace;
      if (subresource === 'status' || subresource === 'scale') action.subresource = subresource;
      if (dryRun === 'server') action.dryRun = true;
      if (!act(ctx, action).ok) continue;
      const after = target.get(info, namespace, name);
      const unchanged = dryRun === 'none' && after?.metadata.resourceVersion === before.metadata.resourceVersion;
      printDone(ctx, kindName(info, name), `patched${unchanged ? ' (no change)' : ''}${dryRunSuffix(dryRun)}`);
    }
  }
}

export const patchCommand: Command = {
  name: 'patch',
  short: 'Update fields of a resource',
  long: `Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.

 JSON and YAML formats are accepted.

 Note: Strategic merge patch is not supported for custom resources.`,
  examples: `  # Partially update a node using a strategic merge patch, specifying the patch as JSON
  kubectl patch node k8s-node-1 -p '{"spec":{"unschedulable":true}}'

  # Update a container's image; spec.containers[*].name is required because it's a merge key
  kubectl patch pod valid-pod -p '{"spec":{"containers":[{"name":"kubernetes-serve-hostname","image":"new image"}]}}'

  # Update a container's image using a JSON patch with positional arrays
  kubectl patch pod valid-pod --type='json' -p='[{"op": "replace", "path": "/spec/containers/0/image", "value":"new image"}]'

  # Update a deployment's replicas through the 'scale' subresource using a merge patch
  kubectl patch deployment nginx-deployment --subresource='scale' --type='merge' -p '{"spec":{"replicas":2}}'`,
  usage: 'kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [options]',
  notSupported: '-f and --patch-file: name the object as TYPE NAME and give the patch with -p',
  flags: [
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-patch'),
    OBJECT_OUTPUT_FLAG,
    { name: 'patch', short: 'p', kind: 'string', usage: 'The patch to be applied to the resource JSON file.' },
    { name: 'subresource', kind: 'string', usage: 'If specified, patch will operate on the subresource of the requested object. Must be one of [status scale]. This flag is beta and may change in the future.' },
    { name: 'type', kind: 'string', def: 'strategic', usage: 'The type of patch being provided; one of [json merge strategic]' },
  ],
  run,
};
