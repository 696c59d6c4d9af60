/**
 * `kubectl get` (kubectl `pkg/cmd/get/get.go`): one kind, several kinds, `all`, names, `-l`, `--field-selector`,
 * `-n`, `-A`, every `-o` the printers offer, `--show-labels`, `-L`, `--no-headers`, `--sort-by`, `-w`/`--watch-only`.
 *
 * Tables are the printers' (printers/table.ts); this file decides what is fetched, in what order, the
 * "No resources found" note, and the errors (NotFound per name, aggregated after the output, exit 1).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../sim/api/resources.ts';
import { type Command, type CommandContext, CmdError, usageError } from '../command.ts';
import { parseResourceArgs, groupResource, type ResourceRequest } from '../args/resource-args.ts';
import { parseOutputFormat, printNonTable, withoutManagedFields, type OutputFormat } from '../output-format.ts';
import { sortObjects } from '../printers/sort.ts';
import { printTable, type TableOptions } from '../printers/table.ts';
import { COMMON_GET_FLAGS } from './common-flags.ts';
import { GetWatch } from './get-watch.ts';
import { listErrorText } from './list-error.ts';

export interface Fetched {
  info: ResourceInfo;
  objects: KubeObject[];
}

/** Reads what the resource requests name; errors (NotFound, bad selector) go to `errors` in kubectl's words. */
export function fetch(ctx: CommandContext, requests: ResourceRequest[], namespace: string | undefined, errors: string[]): Fetched[] {
  const labelSelector = ctx.flags.string('selector');
  const fieldSelector = ctx.flags.string('field-selector');
  const out: Fetched[] = [];
  for (const { info, names } of requests) {
    if (names.length) {
      const objects: KubeObject[] = [];
      for (const name of names) {
        const obj = ctx.target.get(info, info.namespaced ? (namespace ?? ctx.namespace) : undefined, name);
        if (obj) objects.push(obj);
        else if (!ctx.flags.bool('ignore-not-found')) errors.push(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
      }
      out.push({ info, objects });
      continue;
    }
    const res = ctx.target.select(info, namespace, { labelSelector, fieldSelector });
    if ('status' in res) {
      errors.push(listErrorText(res.status, info, { labelSelector, fieldSelector }));
      continue;
    }
    out.push({ info, objects: res });
  }
  return out;
}

/** A custom resource's CustomResourceDefinition (its additionalPrinterColumns are the table's columns). */
export function definitionOf(target: CommandContext['target'], info: ResourceInfo): KubeObject | undefined {
  if (!info.group || BUILTIN_RESOURCES.some((b) => b.group === info.group && b.kind === info.kind)) return undefined;
  const crd = target.resolve('customresourcedefinitions');
  return crd ? target.get(crd, undefined, `${info.resource}.${info.group}`) : undefined;
}

export function tableOptions(ctx: CommandContext, wide: boolean, withNamespace: boolean, withKind: boolean, info?: ResourceInfo): TableOptions {
  const opts: TableOptions = {
    now: ctx.target.now,
    wide,
    showLabels: ctx.flags.bool('show-labels'),
    noHeaders: ctx.flags.bool('no-headers'),
    withNamespace,
    withKind,
  };
  const labelColumns = ctx.flags.strings('label-columns');
  if (labelColumns.length) opts.labelColumns = labelColumns;
  const crd = info && definitionOf(ctx.target, info);
  if (crd) opts.customResourceDefinition = crd;
  return opts;
}

function run(ctx: CommandContext): void {
  const { flags, out } = ctx;
  const format: OutputFormat = parseOutputFormat(flags.string('output'));
  if (ctx.args.length === 0) {
    out.stderr += 'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n';
    throw usageError(
      ctx.path,
      'Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).',
    );
  }
  const allNamespaces = flags.bool('all-namespaces');
  const parsed = parseResourceArgs(ctx.target, ctx.args, 'get');
  if (parsed.named && (flags.string('selector') || flags.string('field-selector'))) throw new CmdError('error: name cannot be provided when a selector is specified');
  if (parsed.named && allNamespaces) throw new CmdError('error: a resource cannot be retrieved by name across all namespaces');
  const namespace = allNamespaces ? undefined : ctx.namespace;
  const watching = flags.bool('watch') || flags.bool('watch-only');
  if (watching) {
    if (parsed.requests.length !== 1) throw new CmdError('error: you may only specify a single resource type');
    const req = parsed.requests[0]!;
    if (req.names.length > 1) throw new CmdError('error: watch is only supported on individual resources and resource collections, but 2 resources were found');
    if (format.kind !== 'table' && format.kind !== 'name' && format.kind !== 'yaml' && format.kind !== 'json') {
      throw new CmdError('error: watch in this console prints tables, names, YAML or JSON');
    }
  }
  const errors: string[] = [];
  const fetched = fetch(ctx, parsed.requests, namespace, errors);
  const sortBy = flags.string('sort-by');
  if (sortBy && !watching) {
    // kubectl sorts what it fetched (get.go's sorter), and refuses a field it cannot sort by.
    for (const f of fetched) {
      const sorted = sortObjects(f.objects, sortBy);
      if ('error' in sorted) throw new CmdError(`error: ${sorted.error}`);
      f.objects = sorted;
    }
  }
  const single = parsed.named && parsed.requests.length === 1 && parsed.requests[0]!.names.length === 1;
  const withNamespace = allNamespaces;
  if (watching) {
    const req = parsed.requests[0]!;
    const watch = new GetWatch({
      info: req.info,
      namespace: req.info.namespaced ? namespace : undefined,
      name: req.names[0],
      selectors: { labelSelector: flags.string('selector') || undefined, fieldSelector: flags.string('field-selector') || undefined },
      format,
      showManagedFields: flags.bool('show-managed-fields'),
      table: tableOptions(ctx, format.kind === 'table' && format.wide, withNamespace, false, req.info),
    });
    const initial = fetched[0]?.objects ?? [];
    if (!flags.bool('watch-only')) out.print(watch.start(initial));
    else watch.start(initial, false);
    for (const e of errors) out.fail(e);
    if (!errors.length) out.watch = watch;
    return;
  }
  if (format.kind === 'table') {
    let printed = 0;
    for (const f of fetched) {
      if (f.objects.length === 0) continue;
      if (printed > 0 && !flags.bool('no-headers')) out.print('\n');
      out.print(printTable(f.info, f.objects, tableOptions(ctx, format.wide, withNamespace, parsed.multipleTypes || flags.bool('show-kind'), f.info)));
      printed++;
    }
    if (printed === 0 && errors.length === 0 && !flags.bool('ignore-not-found')) {
      const allNamespaced = !allNamespaces && parsed.requests.every((r) => r.info.namespaced);
      out.error(allNamespaced ? `No resources found in ${ctx.namespace} namespace.` : 'No resources found');
    }
  } else {
    const showManaged = flags.bool('show-managed-fields');
    const infoOf = new Map<KubeObject, ResourceInfo>();
    const objects: KubeObject[] = [];
    for (const f of fetched) {
      for (const o of f.objects) {
        const shown = showManaged ? o : withoutManagedFields(o);
        infoOf.set(shown, f.info);
        objects.push(shown);
      }
    }
    if (!(single && objects.length === 0)) out.write(printNonTable(format, objects, single, (o) => infoOf.get(o), flags.bool('no-headers')));
  }
  for (const e of errors) out.fail(e);
}

export const getCommand: Command = {
  name: 'get',
  short: 'Display one or many resources',
  long: `Display one or many resources.

 Prints a table of the most important information about the specified resources. You can filter the list using a label selector and the --selector flag. If the desired resource type is namespaced you will only see results in the current namespace unless you pass --all-namespaces.

 By specifying the output as 'template' and providing a Go template as the value of the --template flag, you can filter the attributes of the fetched resources.

Use "kubectl api-resources" for a complete list of supported resources.`,
  examples: `  # List all pods in ps output format
  kubectl get pods

  # List all pods in ps output format with more information (such as node name)
  kubectl get pods -o wide

  # List a single deployment with specified NAME in ps output format
  kubectl get deployment web

  # List deployments and services together
  kubectl get deployments,services

  # List a single pod in JSON output format
  kubectl get -o json pod web-pod-13je7

  # Return only the phase value of the specified pod
  kubectl get -o template pod/web-pod-13je7 --template={{.status.phase}}

  # List resource information in custom columns
  kubectl get pod test-pod -o custom-columns=CONTAINER:.spec.containers[0].name,IMAGE:.spec.containers[0].image

  # List all pods existing in all namespaces
  kubectl get pods --all-namespaces

  # Watch pods as they change
  kubectl get pods -w`,
  usage:
    'kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]',
  flags: COMMON_GET_FLAGS,
  run,
};
