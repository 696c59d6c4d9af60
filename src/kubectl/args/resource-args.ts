/**
 * Resource arguments as kubectl's resource builder takes them (cli-runtime `resource/builder.go`
 * ResourceTypeOrNameArgs, SplitResourceArgument; `all` is the discovery category): `pods`, `po`, `pods,services`,
 * `deployments.apps`, `deploy web api`, `pod/web-1 svc/web`, `all`.
 */
import type { ResourceInfo } from '../../sim/api/resources.ts';
import { CmdError } from '../command.ts';
import type { KubectlTarget } from '../target.ts';

/** One kind and the names asked of it (none: every object, filtered by selectors). */
export interface ResourceRequest {
  info: ResourceInfo;
  names: string[];
}

export interface ResourceArgs {
  requests: ResourceRequest[];
  /** Several kinds were asked (`a,b`, `all`, or `a/x b/y`): names print as `kind/name` (cobra's printWithKind). */
  multipleTypes: boolean;
  /** Names were given (as `type name` or `type/name`). */
  named: boolean;
}

/** The `all` category, in discovery order (core, apps, autoscaling, batch), as kube-apiserver marks them. */
const ALL = ['pods', 'replicationcontrollers', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets', 'horizontalpodautoscalers', 'cronjobs', 'jobs'];

/** `error: the server doesn't have a resource type "podz"`. */
export function unknownType(word: string): CmdError {
  return new CmdError(`error: the server doesn't have a resource type "${word}"`);
}

/** One type word ("po", "deployments.apps", "Deployment") → its kind; `all` → the category. */
export function resolveTypes(target: KubectlTarget, word: string): ResourceInfo[] {
  if (word === 'all') return ALL.map((r) => target.resolve(r)).filter((i): i is ResourceInfo => i !== undefined);
  const info = target.resolve(word);
  if (!info) throw unknownType(word);
  return [info];
}

/** Parses `args` into kinds and names; `cmd` names the command in kubectl's messages ("get"). */
export function parseResourceArgs(target: KubectlTarget, args: readonly string[], cmd: string): ResourceArgs {
  if (args.some((a) => a.includes('/'))) {
    if (!args[0]!.includes('/')) {
      throw new CmdError(
        `error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl ${cmd} resource/<resource_name>' instead of 'kubectl ${cmd} resource resource/<resource_name>'`,
      );
    }
    const byKind = new Map<string, ResourceRequest>();
    for (const a of args) {
      const parts = a.split('/');
      if (parts.length !== 2 || !parts[0] || !parts[1]) throw new CmdError('error: arguments in resource/name form must have a single resource and name');
      const infos = resolveTypes(target, parts[0]);
      if (infos.length !== 1 || parts[0] === 'all') throw unknownType(parts[0]);
      const info = infos[0]!;
      const key = `${info.group}/${info.kind}`;
      const req = byKind.get(key) ?? { info, names: [] };
      req.names.push(parts[1]);
      byKind.set(key, req);
    }
    return { requests: [...byKind.values()], multipleTypes: byKind.size > 1, named: true };
  }
  if (args.length === 0) return { requests: [], multipleTypes: false, named: false };
  const words = args[0]!.split(',').filter((w) => w !== '');
  if (words.length === 0) throw unknownType(args[0]!);
  const infos: ResourceInfo[] = [];
  for (const w of words) for (const info of resolveTypes(target, w)) if (!infos.includes(info)) infos.push(info);
  const names = args.slice(1);
  if (names.length && (infos.length > 1 || words.includes('all'))) throw new CmdError('error: you must specify only one resource');
  return {
    requests: infos.map((info) => ({ info, names: [...names] })),
    multipleTypes: infos.length > 1 || words.includes('all'),
    named: names.length > 0,
  };
}

/** kubectl's `<resource>.<group>/<name>`: "deployment.apps/web", "pod/web-1". */
export function kindName(info: ResourceInfo, name: string): string {
  return `${info.singular}${info.group ? `.${info.group}` : ''}/${name}`;
}

/** kubectl's `<resource>.<group>` of NotFound messages: `deployments.apps "x" not found`. */
export function groupResource(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}
