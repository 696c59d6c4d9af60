/**
 * Commands that read what the cluster and the console are: `kubectl api-resources` (kubectl
 * `pkg/cmd/apiresources/apiresources.go`: NAME, SHORTNAMES, APIVERSION, NAMESPACED, KIND, sorted by group then
 * name; `-o wide` adds VERBS and CATEGORIES; `-o name`), `kubectl config view|current-context` (a kubeconfig
 * naming the in-page cluster), and `kubectl logs` (an honest message: containers here run no code, with what the
 * simulation knows of the container).
 */
import type { KubeObject } from '../../sim/api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../../sim/api/resources.ts';
import { groupResource, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, usageError } from '../command.ts';
import { formatColumns } from '../printers/tabwriter.ts';
import { logsSelectorOf, sortByLogging } from './logging-pod.ts';

/** The kinds in the `all` category (resource-args.ts's list, as the api-server marks them). */
const ALL_CATEGORY = new Set(['pods', 'replicationcontrollers', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets', 'horizontalpodautoscalers', 'cronjobs', 'jobs']);

/** What the simulated api-server serves for every kind (handlers/: no deletecollection), as kubectl 1.32 joins them. */
const VERBS = 'create,delete,get,list,patch,update,watch';

/** A discovered resource as api-resources prints it. */
type ResourceRow = Pick<ResourceInfo, 'resource' | 'shortNames' | 'group' | 'version' | 'namespaced' | 'kind'> & { verbs?: string };

/** The resource metrics API (metrics-server's `metrics.k8s.io/v1beta1`, get and list), where the target serves it (`kubectl top`). */
function metricsResources(target: CommandContext['target']): ResourceRow[] {
  if (!target.loadModel?.()) return [];
  const row = (resource: string, namespaced: boolean, kind: string): ResourceRow => ({ resource, shortNames: [], group: 'metrics.k8s.io', version: 'v1beta1', namespaced, kind, verbs: 'get,list' });
  return [row('nodes', false, 'NodeMetrics'), row('pods', true, 'PodMetrics')];
}

function apiResources(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  const output = flags.string('output');
  if (output !== '' && output !== 'wide' && output !== 'name') throw new CmdError(`error: --output ${output} is not available`);
  const group = flags.has('api-group') ? flags.string('api-group') : undefined;
  const namespaced = flags.has('namespaced') ? flags.bool('namespaced') : undefined;
  const rows: ResourceRow[] = [...target.resources(), ...metricsResources(target)]
    .filter((r) => (group === undefined || r.group === group) && (namespaced === undefined || r.namespaced === namespaced))
    .sort((a, b) => (a.group === b.group ? (a.resource < b.resource ? -1 : 1) : a.group < b.group ? -1 : 1));
  if (output === 'name') {
    for (const r of rows) out.print(r.group ? `${r.resource}.${r.group}` : r.resource);
    return;
  }
  const header = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(output === 'wide' ? ['VERBS', 'CATEGORIES'] : [])];
  const lines = rows.map((r) => [
    r.resource,
    r.shortNames.join(','),
    apiVersionOf(r),
    String(r.namespaced),
    r.kind,
    ...(output === 'wide' ? [r.verbs ?? VERBS, r.verbs === undefined && ALL_CATEGORY.has(r.resource) ? 'all' : ''] : []),
  ]);
  out.print(formatColumns(flags.bool('no-headers') ? lines : [header, ...lines]));
}

export const apiResourcesCommand: Command = {
  name: 'api-resources',
  short: 'Print the supported API resources on the server',
  long: 'Print the supported API resources on the server.',
  examples: `  # Print the supported API resources
  kubectl api-resources

  # Print the supported API resources with more information
  kubectl api-resources -o wide

  # Print the supported namespaced resources
  kubectl api-resources --namespaced=true

  # Print the supported non-namespaced resources
  kubectl api-resources --namespaced=false

  # Print the supported API resources with a specific APIGroup
  kubectl api-resources --api-group=rbac.authorization.k8s.io`,
  usage: 'kubectl api-resources [flags] [options]',
  flags: [
    { name: 'api-group', kind: 'string', usage: 'Limit to resources in the specified API group.' },
    { name: 'namespaced', kind: 'bool', def: 'true', usage: 'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.' },
    { name: 'no-headers', kind: 'bool', usage: "When using the default or custom-column output format, don't print headers (default print headers)." },
    { name: 'output', short: 'o', kind: 'string', usage: 'Output format. One of: (wide, name).' },
  ],
  run: apiResources,
};

/** `kubectl api-versions` (apiversions.go): every served group/version, sorted. */
export const apiVersionsCommand: Command = {
  name: 'api-versions',
  short: 'Print the supported API versions on the server, in the form of "group/version"',
  long: 'Print the supported API versions on the server, in the form of "group/version".',
  examples: '  # Print the supported API versions\n  kubectl api-versions',
  usage: 'kubectl api-versions [options]',
  flags: [],
  run(ctx) {
    const versions = [...new Set([...ctx.target.resources(), ...metricsResources(ctx.target)].map((r) => apiVersionOf(r)))].sort();
    for (const v of versions) ctx.out.print(v);
  },
};

export const CLUSTER_NAME = 'loopscope';
const SERVER = 'loopscope://in-page-simulation';

/** `kubectl cluster-info` (cluster-info.go): where the control plane is; there is no addon service to list. */
export const clusterInfoCommand: Command = {
  name: 'cluster-info',
  short: 'Display cluster information',
  long: `Display addresses of the control plane and services with label kubernetes.io/cluster-service=true. To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.`,
  examples: '  # Print the address of the control plane and cluster services\n  kubectl cluster-info',
  usage: 'kubectl cluster-info [flags] [options]',
  notSupported: 'cluster-info dump',
  flags: [],
  run(ctx) {
    if (ctx.args.length) throw new CmdError(`error: "kubectl cluster-info ${ctx.args[0]}" is not available in this console`);
    ctx.out.print(`Kubernetes control plane is running at ${SERVER}\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.`);
  },
};

function kubeconfig(namespace: string): string {
  return `apiVersion: v1
clusters:
- cluster:
    server: ${SERVER}
  name: ${CLUSTER_NAME}
contexts:
- context:
    cluster: ${CLUSTER_NAME}
    namespace: ${namespace}
    user: ${CLUSTER_NAME}-user
  name: ${CLUSTER_NAME}
current-context: ${CLUSTER_NAME}
kind: Config
preferences: {}
users:
- name: ${CLUSTER_NAME}-user
  user: {}
`;
}

const configView: Command = {
  name: 'view',
  short: 'Display merged kubeconfig settings or a specified kubeconfig file',
  long: 'Display merged kubeconfig settings or a specified kubeconfig file.\n\n This console has one kubeconfig: the simulated cluster in this page, with no credentials (the simulated api-server does not authenticate).',
  usage: 'kubectl config view [flags] [options]',
  flags: [
    { name: 'minify', kind: 'bool', usage: 'Remove all information not used by current-context from the output' },
    { name: 'raw', kind: 'bool', usage: 'Display raw byte data and sensitive data' },
  ],
  run: (ctx) => ctx.out.print(kubeconfig('default')),
};

const currentContext: Command = {
  name: 'current-context',
  short: 'Display the current-context',
  long: 'Display the current-context.',
  examples: '  # Display the current-context\n  kubectl config current-context',
  usage: 'kubectl config current-context [flags] [options]',
  flags: [],
  run: (ctx) => ctx.out.print(CLUSTER_NAME),
};

export const configCommand: Command = {
  name: 'config',
  short: 'Modify kubeconfig files',
  long: 'Modify kubeconfig files using subcommands like "kubectl config set current-context my-context".\n\n This console has one kubeconfig, the simulated cluster; it can be viewed, not changed.',
  usage: 'kubectl config SUBCOMMAND [options]',
  notSupported: 'every subcommand that changes the kubeconfig (set-*, use-context, delete-*, rename-context): there is one cluster and one context',
  flags: [],
  subcommands: [currentContext, configView],
};

interface ContainerStatus {
  name?: string;
  restartCount?: number;
  state?: { running?: { startedAt?: string }; waiting?: { reason?: string }; terminated?: { exitCode?: number; reason?: string; finishedAt?: string } };
}

function describeContainer(pod: KubeObject, container: string): string {
  const spec = ((pod.spec as { containers?: Array<{ name?: string; image?: string }> } | undefined)?.containers ?? []).find((c) => c.name === container);
  const statuses = ((pod.status as { containerStatuses?: ContainerStatus[] } | undefined)?.containerStatuses ?? []);
  const s = statuses.find((c) => c.name === container);
  let state = 'not started';
  if (s?.state?.running) state = `running since ${s.state.running.startedAt ?? '?'}`;
  else if (s?.state?.waiting) state = `waiting (${s.state.waiting.reason ?? 'no reason'})`;
  else if (s?.state?.terminated) state = `terminated (${s.state.terminated.reason ?? 'no reason'}, exit code ${s.state.terminated.exitCode ?? '?'}${s.state.terminated.finishedAt ? `, at ${s.state.terminated.finishedAt}` : ''})`;
  return `pod/${pod.metadata.name}, container ${container}: image ${spec?.image ?? '?'}, ${state}, restarts: ${s?.restartCount ?? 0}`;
}

function logs(ctx: CommandContext): void {
  const { out, target, flags } = ctx;
  if (ctx.args.length === 0 || ctx.args.length > 2) throw usageError(ctx.path, 'expected POD or TYPE/NAME is a required argument for the logs command');
  const podInfo = target.resolve('pods')!;
  let pod: KubeObject | undefined;
  const first = ctx.args[0]!;
  if (first.includes('/')) {
    const parsed = parseResourceArgs(target, [first], 'logs');
    const { info, names } = parsed.requests[0]!;
    const obj = target.get(info, info.namespaced ? ctx.namespace : undefined, names[0]!);
    if (!obj) throw new CmdError(`Error from server (NotFound): ${groupResource(info)} "${names[0]}" not found`);
    if (info.kind === 'Pod') pod = obj;
    else {
      // polymorphichelpers.logsForObject: the pods its selector matches, the first by podutils.ByLogging.
      const selector = logsSelectorOf(obj);
      // logsForObject's default case: `fmt.Errorf("cannot get the logs from %T", object)`.
      if (selector === undefined) throw new CmdError(`error: cannot get the logs from *${info.version}.${info.kind}`);
      const listed = target.select(podInfo, ctx.namespace, { labelSelector: selector });
      const candidates = 'status' in listed ? [] : sortByLogging(listed);
      pod = candidates[0];
      if (!pod) throw new CmdError(`error: no pods found for ${first}`);
      if (candidates.length > 1) out.error(`Found ${candidates.length} pods, using pod/${pod.metadata.name}`);
    }
  } else {
    pod = target.get(podInfo, ctx.namespace, first);
    if (!pod) throw new CmdError(`Error from server (NotFound): pods "${first}" not found`);
  }
  const containers = ((pod.spec as { containers?: Array<{ name?: string }> } | undefined)?.containers ?? []).map((c) => c.name ?? '');
  let container = flags.string('container') || ctx.args[1];
  if (container && !containers.includes(container)) {
    throw new CmdError(`error: container ${container} is not valid for pod ${pod.metadata.name}`);
  }
  if (flags.bool('all-containers')) {
    out.print('Containers in this simulation run no code, so they write no logs. What the simulation knows of them:');
    for (const c of containers) out.print(describeContainer(pod, c));
    return;
  }
  if (!container) {
    container = containers[0] ?? '';
    if (containers.length > 1) out.error(`Defaulted container "${container}" out of: ${containers.join(', ')}`);
  }
  out.print('Containers in this simulation run no code, so they write no logs. What the simulation knows of this one:');
  out.print(describeContainer(pod, container));
}

export const logsCommand: Command = {
  name: 'logs',
  short: 'Print the logs for a container in a pod',
  long: `Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.

 In this console containers run no code: there are no logs. kubectl logs says so, and shows the container's image, state and restarts as the simulation knows them.`,
  examples: `  # Return snapshot logs from pod nginx with only one container
  kubectl logs nginx

  # Return snapshot logs from container ruby of pod web-1
  kubectl logs web-1 -c ruby

  # Show logs from a pod of the deployment nginx
  kubectl logs deployment/nginx`,
  usage: 'kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]',
  notSupported: '-f, -p, --since, --tail: there is no log stream',
  flags: [
    { name: 'all-containers', kind: 'bool', usage: 'Get all containers\' logs in the pod(s).' },
    { name: 'container', short: 'c', kind: 'string', usage: 'Print the logs of this container' },
    { name: 'follow', short: 'f', kind: 'bool', usage: 'Specify if the logs should be streamed.', unsupported: 'there is no log stream' },
    { name: 'previous', short: 'p', kind: 'bool', usage: 'If true, print the logs for the previous instance of the container in a pod if it exists.', unsupported: 'there are no logs' },
    { name: 'tail', kind: 'int', def: '-1', usage: 'Lines of recent log file to display.', unsupported: 'there are no logs' },
  ],
  run: logs,
};
