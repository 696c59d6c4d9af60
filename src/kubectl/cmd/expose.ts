/**
 * `kubectl expose` (kubectl `pkg/cmd/expose/expose.go`): a Service for a Deployment, ReplicaSet, Pod or Service,
 * named after it (`--name`), selecting what it selects (its matchLabels; a pod's labels), labelled as it is, with
 * `--port` (or the containers' ports), `--target-port` (default: the port), `--protocol` (TCP), `--type`; sent as a
 * create as manager `kubectl-expose`; "service/web exposed".
 */
import type { ApplyAction } from '../../sim/actions/user-action.ts';
import type { KubeObject } from '../../sim/api/object.ts';
import { groupResource, parseResourceArgs } from '../args/resource-args.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { parseOutputFormat, printNonTable } from '../output-format.ts';
import { act, dryRunSuffix } from './act.ts';
import { DRY_RUN_FLAG, dryRunStrategy, FIELD_MANAGER, OBJECT_OUTPUT_FLAG } from './common-flags.ts';

function selectorOf(obj: KubeObject): Record<string, string> | string {
  const spec = (obj.spec ?? {}) as { selector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] } | Record<string, string> };
  if (obj.kind === 'Pod') return { ...(obj.metadata.labels ?? {}) };
  if (obj.kind === 'Service') return { ...((spec.selector as Record<string, string> | undefined) ?? {}) };
  const sel = spec.selector as { matchLabels?: Record<string, string>; matchExpressions?: unknown[] } | undefined;
  if (sel?.matchExpressions?.length) return `couldn't convert expressions - "${JSON.stringify(sel.matchExpressions)}" to map-based selector format`;
  return { ...(sel?.matchLabels ?? {}) };
}

function containerPorts(obj: KubeObject): Array<{ port: number; protocol: string }> {
  const podSpec = (obj.kind === 'Pod' ? obj.spec : (obj.spec as { template?: { spec?: unknown } } | undefined)?.template?.spec) as
    | { containers?: Array<{ ports?: Array<{ containerPort?: number; protocol?: string }> }> }
    | undefined;
  if (obj.kind === 'Service') {
    return ((obj.spec as { ports?: Array<{ port?: number; protocol?: string }> } | undefined)?.ports ?? []).map((p) => ({ port: p.port ?? 0, protocol: p.protocol ?? 'TCP' }));
  }
  return (podSpec?.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => ({ port: p.containerPort ?? 0, protocol: p.protocol ?? 'TCP' })));
}

function run(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (ctx.args.length === 0) throw usageError(ctx.path, 'You must provide one or more resources by argument or filename.');
  const parsed = parseResourceArgs(target, ctx.args, 'expose');
  const req = parsed.requests[0]!;
  if (parsed.requests.length > 1 || req.names.length !== 1) throw new CmdError('error: the console exposes one object at a time: TYPE NAME');
  const info = req.info;
  const name = req.names[0]!;
  if (!['Deployment', 'ReplicaSet', 'Pod', 'Service'].includes(info.kind)) throw new CmdError(`error: cannot expose a ${info.kind}`);
  const obj = target.get(info, ctx.namespace, name);
  if (!obj) throw new CmdError(`Error from server (NotFound): ${groupResource(info)} "${name}" not found`);
  let selector: Record<string, string> | string = flags.string('selector') ? Object.fromEntries(flags.string('selector').split(',').map((kv) => kv.split('=') as [string, string])) : selectorOf(obj);
  if (typeof selector === 'string') throw new CmdError(`error: couldn't retrieve selectors via --selector flag or introspection: ${selector}`);
  if (Object.keys(selector).length === 0) throw new CmdError("error: couldn't retrieve selectors via --selector flag or introspection: the object has no selector");
  selector = Object.fromEntries(Object.keys(selector).sort().map((k) => [k, (selector as Record<string, string>)[k]!]));
  const protocol = flags.string('protocol');
  let ports: Array<{ port: number; protocol: string }>;
  if (flags.has('port')) {
    const list = flags.string('port').split(',');
    ports = list.map((p) => {
      const n = Number(p);
      if (!Number.isInteger(n)) throw new CmdError(`error: strconv.Atoi: parsing ${JSON.stringify(p)}: invalid syntax`);
      return { port: n, protocol: protocol || 'TCP' };
    });
  } else {
    ports = containerPorts(obj).map((p) => ({ port: p.port, protocol: protocol || p.protocol }));
    if (ports.length === 0) throw new CmdError("error: couldn't find port via --port flag or introspection\nSee 'kubectl expose -h' for help and examples");
  }
  const targetPort = flags.string('target-port');
  const servicePorts = ports.map((p, i) => {
    const sp: Record<string, unknown> = {};
    if (ports.length > 1) sp.name = `port-${i + 1}`;
    sp.port = p.port;
    sp.protocol = p.protocol;
    sp.targetPort = targetPort ? (/^\d+$/.test(targetPort) ? Number(targetPort) : targetPort) : p.port;
    return sp;
  });
  const svcName = flags.string('name') || name;
  const labels = flags.string('labels') ? Object.fromEntries(flags.string('labels').split(',').map((kv) => kv.split('=') as [string, string])) : obj.metadata.labels;
  const spec: Record<string, unknown> = { ports: servicePorts, selector };
  if (flags.string('type')) spec.type = flags.string('type');
  const service: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { creationTimestamp: null, ...(labels && Object.keys(labels).length ? { labels } : {}), name: svcName } as unknown as KubeObject['metadata'],
    spec,
    status: { loadBalancer: {} },
  };
  const dryRun = dryRunStrategy(flags.string('dry-run', 'none'));
  const format = parseOutputFormat(flags.string('output'), 'objects');
  const svcInfo = target.resolve('services')!;
  let shown = service;
  if (dryRun !== 'client') {
    const action: ApplyAction = { type: 'create', manifests: [{ ...service, metadata: { ...service.metadata, namespace: ctx.namespace } }], fieldManager: flags.string('field-manager') || 'kubectl-expose' };
    if (dryRun === 'server') action.dryRun = true;
    const r = act(ctx, action, false);
    if (r.status) throw new CmdError(statusText(r.status));
    if (!r.ok) throw new CmdError(r.result.messages.join('\n'));
    if (dryRun === 'none') shown = target.get(svcInfo, ctx.namespace, svcName) ?? service;
  }
  if (format.kind === 'table') out.print(`service/${svcName} exposed${dryRunSuffix(dryRun)}`);
  else out.write(printNonTable(format, [shown], true, () => svcInfo));
}

export const exposeCommand: Command = {
  name: 'expose',
  short: 'Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service',
  long: `Expose a resource as a new Kubernetes service.

 Looks up a deployment, service, replica set, replication controller or pod by name and uses the selector for that resource as the selector for a new service on the specified port. A deployment or replica set will be exposed as a service only if its selector is convertible to a selector that service supports, i.e. when the selector contains only the matchLabels component. Note that if no port is specified via --port and the exposed resource has multiple ports, all will be re-used by the new service. Also if no labels are specified, the new service will re-use the labels from the resource it exposes.

 Possible resources include (case insensitive):

 pod (po), service (svc), replicationcontroller (rc), deployment (deploy), replicaset (rs)`,
  examples: `  # Create a service for an nginx deployment, which serves on port 80 and connects to the containers on port 8000
  kubectl expose deployment nginx --port=80 --target-port=8000`,
  usage: 'kubectl expose (-f FILENAME | TYPE NAME) [--port=port] [--protocol=TCP|UDP|SCTP] [--target-port=number-or-name] [--name=name] [--external-ip=external-ip-of-service] [--type=type] [options]',
  notSupported: '-f, --external-ip, --load-balancer-ip, --session-affinity, --cluster-ip: Services are objects here; nothing routes traffic',
  flags: [
    DRY_RUN_FLAG,
    FIELD_MANAGER('kubectl-expose'),
    { name: 'labels', short: 'l', kind: 'string', usage: 'Labels to apply to the service created by this call.' },
    { name: 'name', kind: 'string', usage: 'The name for the newly created object.' },
    OBJECT_OUTPUT_FLAG,
    { name: 'port', kind: 'string', usage: 'The port that the service should serve on. Copied from the resource being exposed, if unspecified' },
    { name: 'protocol', kind: 'string', usage: 'The network protocol for the service to be created. Default is \'TCP\'.' },
    { name: 'selector', kind: 'string', usage: 'A label selector to use for this service. Only equality-based selector requirements are supported. If empty (the default) infer the selector from the replication controller or replica set.)' },
    { name: 'target-port', kind: 'string', usage: 'Name or number for the port on the container that the service should direct traffic to. Optional.' },
    { name: 'type', kind: 'string', usage: "Type for this service: ClusterIP, NodePort, LoadBalancer, or ExternalName. Default is 'ClusterIP'." },
  ],
  run,
};
