/**
 * `kubectl label` and `kubectl annotate` (kubectl `pkg/cmd/label/label.go`, `pkg/cmd/annotate/annotate.go`):
 * `key=value` sets, `key-` removes, `--overwrite` to change a value, `-l`, `--all`, `--list` (label), `--dry-run`.
 * Each changed object gets a JSON merge patch of its metadata map (jsonpatch.CreateMergePatch of before and after),
 * as manager `kubectl-label` / `kubectl-annotate`; "labeled", "unlabeled" (removals only) or "not labeled".
 */
import type { PatchAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, usageError } from '../command.ts';
import { act, checkNameOutput, dryRunSuffix, printDone } from './act.ts';
import { ALL_NAMESPACES_FLAG, DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, FIELD_SELECTOR_FLAG, OBJECT_OUTPUT_FLAG, SELECTOR_FLAG } from './common-flags.ts';
import { listErrorText } from './list-error.ts';

type Which = 'labels' | 'annotations';

interface Changes {
  set: Array<[string, string]>;
  remove: string[];
}

/** Splits the arguments into resources and `key=value` / `key-` changes (label.go parseLabels). */
function splitArgs(args: readonly string[]): { resources: string[]; changes: Changes; raw: string[] } {
  const resources: string[] = [];
  const raw: string[] = [];
  const changes: Changes = { set: [], remove: [] };
  for (const a of args) {
    if (a.includes('=')) {
      const eq = a.indexOf('=');
      changes.set.push([a.slice(0, eq), a.slice(eq + 1)]);
      raw.push(a);
    } else if (a.endsWith('-') && resources.length > 0) {
      changes.remove.push(a.slice(0, -1));
      raw.push(a);
    } else {
      resources.push(a);
    }
  }
  return { resources, changes, raw };
}

function runFor(which: Which) {
  const noun = which === 'labels' ? 'label' : 'annotation';
  const done = which === 'labels' ? 'labeled' : 'annotated';
  return (ctx: CommandContext): void => {
    const { flags, out, target } = ctx;
    const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
    checkNameOutput(ctx);
    const { resources, changes } = splitArgs(ctx.args);
    const list = which === 'labels' && flags.bool('list');
    if (resources.length === 0) throw usageError(ctx.path, 'one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (!list && changes.set.length === 0 && changes.remove.length === 0) throw usageError(ctx.path, `at least one ${noun} update is required`);
    for (const [k] of changes.set) if (changes.remove.includes(k)) throw new CmdError(`error: can not both modify and remove ${noun}s in the same command`);
    const parsed = parseResourceArgs(target, resources, ctx.path.replace(/^kubectl /, ''));
    const selector = flags.string('selector');
    const all = flags.bool('all');
    if (!parsed.named && !selector && !all && !flags.string('field-selector')) throw new CmdError('error: resource(s) were provided, but no name was specified');
    const objects: Array<{ info: ResourceInfo; obj: KubeObject }> = [];
    for (const { info, names } of parsed.requests) {
      const namespace = info.namespaced ? (flags.bool('all-namespaces') ? undefined : ctx.namespace) : undefined;
      if (names.length) {
        for (const name of names) {
          const obj = target.get(info, namespace, name);
          if (obj) objects.push({ info, obj });
          else out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
        }
      } else {
        const listed = target.select(info, namespace, { labelSelector: selector || undefined, fieldSelector: flags.string('field-selector') || undefined });
        if ('status' in listed) throw new CmdError(listErrorText(listed.status, info, { labelSelector: selector || undefined, fieldSelector: flags.string('field-selector') || undefined }));
        for (const obj of listed) objects.push({ info, obj });
      }
    }
    for (const { info, obj } of objects) {
      const name = obj.metadata.name ?? '';
      const current: Record<string, string> = { ...((obj.metadata[which] as Record<string, string> | undefined) ?? {}) };
      if (list) {
        for (const k of Object.keys(current).sort()) out.print(`${k}=${current[k]}`);
        continue;
      }
      if (!flags.bool('overwrite')) {
        const clashes = changes.set.filter(([k, v]) => k in current && current[k] !== v);
        if (clashes.length) {
          if (which === 'labels') out.fail(`error: '${clashes[0]![0]}' already has a value (${current[clashes[0]![0]]}), and --overwrite is false`);
          else out.fail(`error: --overwrite is false but found the following declared annotation(s): ${clashes.map(([k]) => `'${k}' already has a value (${current[k]})`).join('; ')}`);
          continue;
        }
      }
      const patch: Record<string, string | null> = {};
      for (const k of changes.remove) {
        if (k in current) patch[k] = null;
        else out.print(`${noun} "${k}" not found.`);
      }
      for (const [k, v] of changes.set) if (current[k] !== v) patch[k] = v;
      const removalsOnly = changes.set.length === 0;
      if (Object.keys(patch).length === 0) {
        printDone(ctx, kindName(info, name), `not ${done}${dryRunSuffix(dryRun)}`);
        continue;
      }
      const verb = removalsOnly ? `un${done}` : done;
      if (dryRun !== 'client') {
        const action: PatchAction = {
          type: 'patch',
          resource: `${info.resource}${info.group ? `.${info.group}` : ''}`,
          name,
          patchType: 'merge',
          patch: { metadata: { [which]: patch } },
          fieldManager: flags.string('field-manager') || `kubectl-${noun === 'label' ? 'label' : 'annotate'}`,
        };
        if (obj.metadata.namespace) action.namespace = obj.metadata.namespace;
        if (dryRun === 'server') action.dryRun = true;
        if (!act(ctx, action).ok) continue;
      }
      printDone(ctx, kindName(info, name), `${verb}${dryRunSuffix(dryRun)}`);
    }
  };
}

const commonFlags = [
  { name: 'all', kind: 'bool' as const, usage: 'Select all resources, in the namespace of the specified resource types' },
  ALL_NAMESPACES_FLAG,
  DRY_RUN_FLAG,
  FIELD_SELECTOR_FLAG,
  OBJECT_OUTPUT_FLAG,
  SELECTOR_FLAG,
];

export const labelCommand: Command = {
  name: 'label',
  short: 'Update the labels on a resource',
  long: `Update the labels on a resource.

  *  A label key and value must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters each.
  *  Optionally, the key can begin with a DNS subdomain prefix and a single '/', like example.com/my-app.
  *  If --overwrite is true, then existing labels can be overwritten, otherwise attempting to overwrite a label will result in an error.
  *  If --resource-version is specified, then updates will use this resource version, otherwise the existing resource-version will be used.`,
  examples: `  # Update pod 'foo' with the label 'unhealthy' and the value 'true'
  kubectl label pods foo unhealthy=true

  # Update pod 'foo' with the label 'status' and the value 'unhealthy', overwriting any existing value
  kubectl label --overwrite pods foo status=unhealthy

  # Update all pods in the namespace
  kubectl label pods --all status=unhealthy

  # Update pod 'foo' by removing a label named 'bar' if it exists
  # Does not require the --overwrite flag
  kubectl label pods foo bar-`,
  usage: 'kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  flags: [
    ...commonFlags,
    FIELD_MANAGER('kubectl-label'),
    { name: 'list', kind: 'bool', usage: 'If true, display the labels for a given resource.' },
    { name: 'overwrite', kind: 'bool', usage: 'If true, allow labels to be overwritten, otherwise reject label updates that overwrite existing labels.' },
  ],
  run: runFor('labels'),
};

export const annotateCommand: Command = {
  name: 'annotate',
  short: 'Update the annotations on a resource',
  long: `Update the annotations on one or more resources.

 All Kubernetes objects support the ability to store additional data with the object as annotations. Annotations are key/value pairs that can be larger than labels and include arbitrary string values such as structured JSON. Tools and system extensions may use annotations to store their own data.

 Attempting to set an annotation that already exists will fail unless --overwrite is set. If --resource-version is specified and does not match the current resource version on the server the command will fail.`,
  examples: `  # Update pod 'foo' with the annotation 'description' and the value 'my frontend'
  # If the same annotation is set multiple times, only the last value will be applied
  kubectl annotate pods foo description='my frontend'

  # Update pod 'foo' by removing an annotation named 'description' if it exists
  # Does not require the --overwrite flag
  kubectl annotate pods foo description-`,
  usage: 'kubectl annotate [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  flags: [
    ...commonFlags,
    FIELD_MANAGER('kubectl-annotate'),
    { name: 'overwrite', kind: 'bool', usage: 'If true, allow annotations to be overwritten, otherwise reject annotation updates that overwrite existing annotations.' },
  ],
  run: runFor('annotations'),
};
