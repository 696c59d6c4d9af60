/**
 * `kubectl set image` (kubectl `pkg/cmd/set/set_image.go`): `CONTAINER=IMAGE` pairs (`*=IMAGE` for every
 * container) on a workload's pod template (or a Pod), sent as a strategic merge patch of the containers by name, as
 * manager `kubectl-set`; "image updated". The other `set` subcommands are not in this console.
 */
import type { PatchAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { groupResource, kindName, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, usageError } from '../command.ts';
import { act, checkNameOutput, dryRunSuffix, printDone } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG, SELECTOR_FLAG } from './common-flags.ts';

interface Container {
  name?: string;
  image?: string;
}

/** Where the pod spec is: a Pod's spec, a CronJob's job template's, or a workload's template's. */
function podSpecPath(kind: string): string[] | undefined {
  switch (kind) {
    case 'Pod':
      return ['spec'];
    case 'CronJob':
      return ['spec', 'jobTemplate', 'spec', 'template', 'spec'];
    case 'Deployment':
    case 'ReplicaSet':
    case 'Job':
    case 'DaemonSet':
    case 'StatefulSet':
    case 'ReplicationController':
      return ['spec', 'template', 'spec'];
    default:
      return undefined;
  }
}

function at(obj: unknown, path: string[]): unknown {
  let v = obj;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

function nest(path: string[], leaf: unknown): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>((acc, p) => ({ [p]: acc }), leaf as Record<string, unknown>);
}

function runImage(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  checkNameOutput(ctx);
  const pairs: Array<[string, string]> = [];
  const resources: string[] = [];
  for (const a of ctx.args) {
    const eq = a.indexOf('=');
    if (eq > 0) pairs.push([a.slice(0, eq), a.slice(eq + 1)]);
    else resources.push(a);
  }
  if (resources.length === 0 || pairs.length === 0) throw usageError(ctx.path, resources.length === 0 ? 'one or more resources must be specified as <resource> <name> or <resource>/<name>' : 'at least one image update is required');
  const parsed = parseResourceArgs(target, resources, 'set image');
  const objects: KubeObject[] = [];
  const infos = new Map<KubeObject, (typeof parsed.requests)[number]['info']>();
  for (const { info, names } of parsed.requests) {
    const namespace = info.namespaced ? ctx.namespace : undefined;
    const found: KubeObject[] = [];
    if (names.length) {
      for (const name of names) {
        const o = target.get(info, namespace, name);
        if (o) found.push(o);
        else out.fail(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
      }
    } else {
      const selector = flags.string('selector');
      if (!selector && !flags.bool('all')) throw new CmdError('error: resource(s) were provided, but no name was specified');
      const listed = target.select(info, namespace, { labelSelector: selector || undefined });
      if ('status' in listed) throw new CmdError(`Error from server (${listed.status.reason}): ${listed.status.message}`);
      found.push(...listed);
    }
    for (const o of found) {
      objects.push(o);
      infos.set(o, info);
    }
  }
  for (const obj of objects) {
    const info = infos.get(obj)!;
    const name = obj.metadata.name ?? '';
    const path = podSpecPath(info.kind);
    if (!path) {
      out.fail(`error: ${kindName(info, name)} the object is not a pod or does not have a pod template: ${info.kind}`);
      continue;
    }
    const containers = (at(obj, [...path, 'containers']) as Container[] | undefined) ?? [];
    const initContainers = (at(obj, [...path, 'initContainers']) as Container[] | undefined) ?? [];
    const patchContainers: Container[] = [];
    const patchInit: Container[] = [];
    let missing: string | undefined;
    for (const [container, image] of pairs) {
      let matched = false;
      for (const [list, into] of [[containers, patchContainers], [initContainers, patchInit]] as const) {
        for (const c of list) {
          if (container === '*' || c.name === container) {
            matched = true;
            const prev = into.find((p) => p.name === c.name);
            if (prev) prev.image = image;
            else into.push({ image, name: c.name });
          }
        }
      }
      if (!matched && container !== '*') missing = container;
    }
    if (missing) {
      out.fail(`error: unable to find container named "${missing}"`);
      continue;
    }
    const changed = [...patchContainers.filter((p) => containers.find((c) => c.name === p.name)?.image !== p.image), ...patchInit.filter((p) => initContainers.find((c) => c.name === p.name)?.image !== p.image)];
    if (changed.length === 0) continue;
    if (dryRun !== 'client') {
      const spec: Record<string, unknown> = {};
      if (patchContainers.length) spec.containers = patchContainers;
      if (patchInit.length) spec.initContainers = patchInit;
      const action: PatchAction = { type: 'patch', resource: `${info.resource}${info.group ? `.${info.group}` : ''}`, name, patchType: 'strategic', patch: nest(path, spec), fieldManager: flags.string('field-manager') || 'kubectl-set' };
      if (obj.metadata.namespace) action.namespace = obj.metadata.namespace;
      if (dryRun === 'server') action.dryRun = true;
      if (!act(ctx, action).ok) continue;
    }
    printDone(ctx, kindName(info, name), `image updated${dryRunSuffix(dryRun)}`);
  }
}

const setImage: Command = {
  name: 'image',
  short: 'Update the image of a pod template',
  long: `Update existing container image(s) of resources.

 Possible resources include (case insensitive):

        pod (po), replicationcontroller (rc), deployment (deploy), daemonset (ds), statefulset (sts), cronjob (cj), replicaset (rs)`,
  examples: `  # Set a deployment's nginx container image to 'nginx:1.9.1', and its busybox container image to 'busybox'
  kubectl set image deployment/nginx busybox=busybox nginx=nginx:1.9.1

  # Update all deployments' and rc's nginx container's image to 'nginx:1.9.1'
  kubectl set image deployments,rc nginx=nginx:1.9.1 --all

  # Update image of all containers of daemonset abc to 'nginx:1.9.1'
  kubectl set image daemonset abc *=nginx:1.9.1`,
  usage: 'kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N [options]',
  flags: [
    { name: 'all', kind: 'bool', usage: "Select all resources, in the namespace of the specified resource types" },
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-set'),
    OBJECT_OUTPUT_FLAG,
    SELECTOR_FLAG,
  ],
  run: runImage,
};

export const setCommand: Command = {
  name: 'set',
  short: 'Set specific features on objects',
  long: `Configure application resources.

 These commands help you make changes to existing application resources.`,
  usage: 'kubectl set SUBCOMMAND [options]',
  notSupported: 'set env, set resources, set selector, set serviceaccount, set subject',
  flags: [],
  subcommands: [setImage],
};
