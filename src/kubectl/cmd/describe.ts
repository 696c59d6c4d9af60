/**
 * `kubectl describe` (kubectl `pkg/cmd/describe/describe.go`): the describers are the printers' (src/kubectl/describe);
 * this file chooses the objects (names, `type/name`, `-l`, `-A`, and kubectl's name-prefix fallback: `describe pods
 * web` describes every pod whose name starts with "web" when none is called "web"), gives each describer its
 * namespace's Events (all namespaces' for cluster-scoped objects), and separates several descriptions with a blank
 * line pair, as describe.go does.
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { groupResource, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { describe, type DescribeContext } from '../describe/describe.ts';
import { ALL_NAMESPACES_FLAG, SELECTOR_FLAG } from './common-flags.ts';

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (ctx.args.length === 0) {
    out.stderr += 'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n\n';
    throw usageError(ctx.path, 'Required resource not specified.');
  }
  const allNamespaces = flags.bool('all-namespaces');
  const parsed = parseResourceArgs(target, ctx.args, 'describe');
  const selector = flags.string('selector');
  const found: Array<{ info: ResourceInfo; obj: KubeObject }> = [];
  for (const { info, names } of parsed.requests) {
    const namespace = info.namespaced ? (allNamespaces ? undefined : ctx.namespace) : undefined;
    if (names.length === 0) {
      const listed = target.select(info, namespace, { labelSelector: selector || undefined });
      if ('status' in listed) throw new CmdError(statusText(listed.status));
      for (const obj of listed) found.push({ info, obj });
      continue;
    }
    for (const name of names) {
      const obj = target.get(info, info.namespaced ? ctx.namespace : undefined, name);
      if (obj) {
        found.push({ info, obj });
        continue;
      }
      // describe.go DescribeMatchingResources: no object by that name: every one whose name starts with it.
      const prefixed = target.list(info, info.namespaced ? ctx.namespace : undefined).filter((o) => (o.metadata.name ?? '').startsWith(name));
      if (prefixed.length === 0) out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
      for (const o of prefixed) found.push({ info, obj: o });
    }
  }
  if (found.length === 0 && out.exitCode === 0) {
    const allNamespaced = !allNamespaces && parsed.requests.every((r) => r.info.namespaced);
    out.error(allNamespaced ? `No resources found in ${ctx.namespace} namespace.` : 'No resources found');
    return;
  }
  const eventInfo = target.resolve('events');
  let first = true;
  for (const { info, obj } of found) {
    const dctx: DescribeContext = {
      now: target.now,
      events: eventInfo ? target.list(eventInfo, info.namespaced ? obj.metadata.namespace : undefined) : [],
      list: (i, namespace) => target.list(i, namespace),
      resolve: (r) => target.resolve(r),
      showEvents: flags.bool('show-events', true),
    };
    const text = describe(info, obj, dctx);
    out.write(first ? text : `\n\n${text}`);
    first = false;
  }
}

export const describeCommand: Command = {
  name: 'describe',
  short: 'Show details of a specific resource or group of resources',
  long: `Show details of a specific resource or group of resources.

 Print a detailed description of the selected resources, including related resources such as events or controllers. You may select a single object by name, all objects of that type, provide a name prefix, or label selector. For example:

        $ kubectl describe TYPE NAME_PREFIX

 will first check for an exact match on TYPE and NAME_PREFIX. If no such resource exists, it will output details for every resource that has a name prefixed with NAME_PREFIX.

Use "kubectl api-resources" for a complete list of supported resources.`,
  examples: `  # Describe a node
  kubectl describe nodes kubernetes-node-emt8.c.myproject.internal

  # Describe a pod
  kubectl describe pods/nginx

  # Describe pods by label name=myLabel
  kubectl describe pods -l name=myLabel

  # Describe all pods managed by the 'frontend' replication controller
  # (rc-created pods get the name of the rc as a prefix in the pod name)
  kubectl describe pods frontend`,
  usage: 'kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME) [options]',
  notSupported: '-f and -k: name the objects as TYPE NAME',
  flags: [
    ALL_NAMESPACES_FLAG,
    SELECTOR_FLAG,
    { name: 'show-events', kind: 'bool', def: 'true', usage: 'If true, display events related to the described object.' },
    { name: 'chunk-size', kind: 'int', def: '500', usage: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.', unsupported: 'lists come whole' },
  ],
  run,
};
