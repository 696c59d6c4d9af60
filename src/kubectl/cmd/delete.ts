/**
 * `kubectl delete` (kubectl `pkg/cmd/delete/delete.go`, `delete_flags.go`): by names, `type/name`, `-f`, `-l`,
 * `--all`, with `--grace-period`, `--now`, `--force`, `--cascade=background|foreground|orphan`, `--dry-run`,
 * `--ignore-not-found`. One DELETE per object, each a user action carrying the command line.
 *
 * `--wait` (default true): kubectl prints `pod "web-1" deleted` and then waits until the objects are gone. Here the
 * command returns a watch that is `done` once they are (the console waits on it, Ctrl+C stops waiting, as in a
 * terminal); `--wait=false` returns at once.
 */
import type { DeleteAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { parseResourceArgs, groupResource } from '../args/resource-args.ts';
import { type Command, type CommandContext, type KubectlWatch, CmdError } from '../command.ts';
import { infoForObject, namespaceForObject, readFilenames } from '../files.ts';
import type { KubectlTarget } from '../target.ts';
import { act, dryRunSuffix } from './act.ts';
import { ALL_NAMESPACES_FLAG, DRY_RUN_FLAG, dryRunStrategy, FIELD_SELECTOR_FLAG, filenameFlag, OBJECT_OUTPUT_FLAG, SELECTOR_FLAG } from './common-flags.ts';
import { listErrorText } from './list-error.ts';

interface Victim {
  info: ResourceInfo;
  namespace: string | undefined;
  name: string;
}

const NO_RESOURCES = `error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`;

/** Waits for deleted objects to be gone (kubectl's `--wait`). Prints nothing; done when none is left. */
class DeletionWait implements KubectlWatch {
  done = false;
  constructor(private readonly pending: Array<Victim & { uid?: string }>) {}
  poll(target: KubectlTarget): string {
    this.done = this.pending.every((v) => {
      const o = target.get(v.info, v.namespace, v.name);
      return !o || (v.uid !== undefined && o.metadata.uid !== v.uid);
    });
    return '';
  }
  timelineMoved(target: KubectlTarget): string {
    return this.poll(target);
  }
}

function cascadeOf(value: string): DeleteAction['propagationPolicy'] {
  switch (value) {
    case 'background':
    case 'true':
      return 'Background';
    case 'foreground':
      return 'Foreground';
    case 'orphan':
    case 'false':
      return 'Orphan';
    default:
      throw new CmdError(`error: invalid cascade value (${value}). Must be "background", "foreground", or "orphan"`);
  }
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const cascade = cascadeOf(flags.string('cascade', 'background'));
  const now = flags.bool('now');
  let grace = flags.int('grace-period', -1);
  if (now && flags.has('grace-period')) throw new CmdError('error: --now and --grace-period cannot be specified together');
  if (now) grace = 1;
  const force = flags.bool('force');
  if (force && !flags.has('grace-period') && !now) grace = 0;
  if (grace === 0 && !force) throw new CmdError('error: --grace-period=0 must have --force specified');
  const output = flags.string('output');
  if (output !== '' && output !== 'name') throw new CmdError(`error: unable to match a printer suitable for the output format "${output}", allowed formats are: name`);
  if (flags.has('filename') && ctx.args.length) throw new CmdError('error: resource(s) were provided, but no name was specified');
  const selector = flags.string('selector');
  const fieldSelector = flags.string('field-selector');
  const all = flags.bool('all');
  const allNamespaces = flags.bool('all-namespaces');
  const victims: Victim[] = [];
  if (flags.has('filename')) {
    for (const s of readFilenames(ctx)) {
      const info = infoForObject(ctx, s);
      victims.push({ info, namespace: namespaceForObject(ctx, info, s), name: String(s.object.metadata?.name ?? '') });
    }
  } else {
    if (ctx.args.length === 0) throw new CmdError(NO_RESOURCES);
    const parsed = parseResourceArgs(target, ctx.args, 'delete');
    if (parsed.named && (selector || all)) throw new CmdError('error: name cannot be provided when a selector is specified');
    if (!parsed.named && !selector && !fieldSelector && !all) throw new CmdError('error: resource(s) were provided, but no name was specified');
    for (const { info, names } of parsed.requests) {
      const namespace = info.namespaced ? (allNamespaces ? undefined : ctx.namespace) : undefined;
      if (names.length) {
        for (const name of names) victims.push({ info, namespace, name });
        continue;
      }
      const listed = target.select(info, namespace, { labelSelector: selector || undefined, fieldSelector: fieldSelector || undefined });
      if ('status' in listed) throw new CmdError(listErrorText(listed.status, info, { labelSelector: selector || undefined, fieldSelector: fieldSelector || undefined }));
      for (const o of listed) victims.push({ info, namespace: o.metadata.namespace, name: o.metadata.name ?? '' });
    }
    if (!parsed.named && victims.length === 0) {
      out.print('No resources found');
      return;
    }
  }
  if (grace === 0 && force) {
    out.error('Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.');
  }
  const pending: Array<Victim & { uid?: string }> = [];
  for (const v of victims) {
    const live: KubeObject | undefined = target.get(v.info, v.namespace, v.name);
    if (!live) {
      if (!flags.bool('ignore-not-found')) out.fail(`Error from server (NotFound): ${groupResource(v.info)} "${v.name}" not found`);
      continue;
    }
    // delete.go PrintObj: `<kind>.<group> "name" deleted`, "force deleted" with a zero grace period.
    const kind = `${v.info.singular}${v.info.group ? `.${v.info.group}` : ''}`;
    const operation = `${grace === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(dryRun)}`;
    const line = output === 'name' ? `${kind}/${v.name}` : `${kind} "${v.name}" ${operation}`;
    if (dryRun === 'client') {
      out.print(line);
      continue;
    }
    const action: DeleteAction = { type: 'delete', resource: `${v.info.resource}${v.info.group ? `.${v.info.group}` : ''}`, name: v.name, propagationPolicy: cascade };
    if (v.namespace) action.namespace = v.namespace;
    if (grace >= 0) action.gracePeriodSeconds = grace;
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action);
    if (!r.ok) continue;
    out.print(line);
    if (dryRun === 'none') pending.push({ ...v, uid: live.metadata.uid });
  }
  if (flags.bool('wait', true) && pending.length) {
    const wait = new DeletionWait(pending);
    wait.poll(target);
    if (!wait.done) out.watch = wait;
  }
}

export const deleteCommand: Command = {
  name: 'delete',
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  long: `Delete resources by file names, stdin, resources and names, or by resources and label selector.

 JSON and YAML formats are accepted. Only one type of argument may be specified: file names, resources and names, or resources and label selector.

 Some resources, such as pods, support graceful deletion. These resources define a default period before they are forcibly terminated (the grace period) but you may override that value with the --grace-period flag, or pass --now to set a grace-period of 1. Because these resources often represent entities in the cluster, deletion may not be acknowledged immediately.`,
  examples: `  # Delete a pod using the type and name specified in pod.json
  kubectl delete -f ./pod.json

  # Delete pods and services with same names "baz" and "foo"
  kubectl delete pod,service baz foo

  # Delete pods and services with label name=myLabel
  kubectl delete pods,services -l name=myLabel

  # Delete a pod with minimal delay
  kubectl delete pod foo --now

  # Force delete a pod on a dead node
  kubectl delete pod foo --force

  # Delete all pods
  kubectl delete pods --all`,
  usage: 'kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)]) [options]',
  flags: [
    { name: 'all', kind: 'bool', usage: 'Delete all resources, in the namespace of the specified resource types.' },
    ALL_NAMESPACES_FLAG,
    { name: 'cascade', kind: 'string', def: 'background', noOptDefault: 'background', usage: 'Must be "background", "orphan", or "foreground". Selects the deletion cascading strategy for the dependents (e.g. Pods created by a ReplicationController). Defaults to background.' },
    DRY_RUN_FLAG,
    FIELD_SELECTOR_FLAG,
    filenameFlag('containing the resource to delete.'),
    { name: 'force', kind: 'bool', usage: 'If true, immediately remove resources from API and bypass graceful deletion. Note that immediate deletion of some resources may result in inconsistency or data loss and requires confirmation.' },
    { name: 'grace-period', kind: 'int', def: '-1', usage: 'Period of time in seconds given to the resource to terminate gracefully. Ignored if negative. Set to 1 for immediate shutdown. Can only be set to 0 when --force is true (force deletion).' },
    { name: 'ignore-not-found', kind: 'bool', usage: 'Treat "resource not found" as a successful delete. Defaults to "true" when --all is specified.' },
    { name: 'now', kind: 'bool', usage: 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).' },
    { ...OBJECT_OUTPUT_FLAG, usage: 'Output mode. Use "-o name" for shorter output (resource/name).' },
    SELECTOR_FLAG,
    { name: 'wait', kind: 'bool', def: 'true', usage: 'If true, wait for resources to be gone before returning. This waits for finalizers.' },
  ],
  run,
};
