/**
 * `kubectl top pod` and `kubectl top node` (kubectl `pkg/cmd/top/top.go`, `top_pod.go`, `top_node.go`,
 * `pkg/metricsutil/metrics_printer.go`, `metrics_sorter.go`, `metrics_resource_adder.go`): the usage the simulated
 * metrics-server reports at its last scrape (src/sim/metrics/metrics-api.ts, the numbers the HPA reads), as
 * `NAME  CPU(cores)  MEMORY(bytes)` (`--containers`: per container; `--sum`: a total row) and, for nodes, with
 * `CPU(%)` and `MEMORY(%)` of the node's allocatable (`--show-capacity`: of its capacity). CPU prints as
 * millicores rounded up ("250m"), memory as whole MiB rounded down ("12Mi"), percentages truncated, as upstream.
 *
 * Errors are upstream's: `Metrics API not available`, `metrics not available yet` (no pod has a sample yet, or
 * `Metrics not available for pod NS/NAME, age: …` for a pod older than 2 minutes), metrics-server's NotFound
 * (`pods "x" not found`, `podmetrics.metrics.k8s.io "NS/x" not found`, `nodemetrics.metrics.k8s.io "x" not found`),
 * `--sort-by accepts only cpu or memory`, `only one of NAME or selector can be provided`.
 *
 * @remarks Sorting is stable (upstream's sort.Sort is not, but is an insertion sort, so stable, below 12 items).
 * `--use-protocol-buffers` is accepted and changes nothing here. A bad `-l` is reported with the api-server's
 * message (upstream parses it in the client first, with the same parser's words).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { milliValue } from '../../sim/api/quantity.ts';
import { notFound } from '../../sim/api/status.ts';
import { parseTime } from '../../sim/engine/clock.ts';
import { goDuration } from '../../sim/controllers/kubelet/crashloop-backoff.ts';
import { nodeUsages, podTotal, podUsages, type ContainerUsage, type NodeUsage, type PodUsage } from '../../sim/metrics/metrics-api.ts';
import { type Command, type CommandContext, CmdError, statusText, usageError } from '../command.ts';
import { goTabwriter } from '../printers/text-tabwriter.ts';
import { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG } from './common-flags.ts';
import type { KubectlTarget, SelectOptions } from '../target.ts';

/** top_pod.go metricsCreationDelay. */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

/** printers.GetNewTabWriter: minwidth 6, tabwidth 4, padding 3, ' '. */
function tabbed(text: string): string {
  return goTabwriter(text, { minwidth: 6, padding: 3, padchar: ' ' });
}

/** printSingleResourceUsage: CPU in millicores (rounded up: they are whole here), memory in whole MiB. */
function cpuText(milli: number): string {
  return `${milli}m`;
}
function memoryText(bytes: number): string {
  return `${Math.floor(bytes / (1024 * 1024))}Mi`;
}

function validateSortBy(sortBy: string): void {
  if (sortBy !== '' && sortBy !== 'cpu' && sortBy !== 'memory') throw new CmdError('error: --sort-by accepts only cpu or memory');
}

/** Stable sort by upstream's Less. */
function sorted<T>(items: readonly T[], less: (a: T, b: T) => boolean): T[] {
  return items
    .map((v, i) => ({ v, i }))
    .sort((a, b) => (less(a.v, b.v) ? -1 : less(b.v, a.v) ? 1 : a.i - b.i))
    .map((x) => x.v);
}

function podsOf(target: KubectlTarget, namespace: string | undefined, options: SelectOptions): Pod[] {
  const info = target.resolve('pods')!;
  const res = target.select(info, namespace, options);
  if ('status' in res) throw new CmdError(`error: ${res.status.message}`);
  return res as unknown as Pod[];
}

function modelOf(target: KubectlTarget) {
  const model = target.loadModel?.();
  if (!model) throw new CmdError('error: Metrics API not available');
  return model;
}

/** What the metrics API answers for `top pod`: a Get by name, or a List (label selector) in a namespace or all. */
function podMetrics(ctx: CommandContext, name: string, namespace: string | undefined, labelSelector: string): PodUsage[] {
  const { target } = ctx;
  const model = modelOf(target);
  const allPods = target.list(target.resolve('pods')!, undefined) as unknown as Pod[];
  const usages = podUsages(model, allPods, target.now);
  if (name) {
    const pod = allPods.find((p) => p.metadata?.name === name && p.metadata?.namespace === namespace);
    if (!pod) throw new CmdError(statusText(notFound({ group: '', resource: 'pods' }, name)));
    const u = usages.get(`${namespace ?? ''}/${name}`);
    if (!u) throw new CmdError(statusText(notFound({ group: 'metrics.k8s.io', resource: 'podmetrics' }, `${namespace ?? ''}/${name}`)));
    return [u];
  }
  const selected = labelSelector ? podsOf(target, namespace, { labelSelector }) : allPods.filter((p) => namespace === undefined || p.metadata?.namespace === namespace);
  return selected.map((p) => usages.get(`${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`)).filter((u): u is PodUsage => u !== undefined);
}

/** checkPodAge. */
function checkPodAge(now: number, pod: Pod): void {
  const created = pod.metadata?.creationTimestamp;
  const age = now - (created ? parseTime(created) : now);
  if (age > METRICS_CREATION_DELAY_MS) throw new CmdError(`error: Metrics not available for pod ${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}, age: ${goDuration(age)}`);
}

function runTopPod(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (ctx.args.length > 1) throw usageError(ctx.path, 'pod [NAME | -l label]');
  const name = ctx.args[0] ?? '';
  const labelSelector = flags.string('selector');
  const fieldSelector = flags.string('field-selector');
  const sortBy = flags.string('sort-by');
  validateSortBy(sortBy);
  if (name && (labelSelector || fieldSelector)) throw new CmdError('error: only one of NAME or selector can be provided');
  const all = flags.bool('all-namespaces');
  const ns = all ? undefined : ctx.namespace;
  let metrics = podMetrics(ctx, name, ns, labelSelector);
  if (metrics.length && fieldSelector) {
    const keep = new Set(podsOf(target, ns, { labelSelector, fieldSelector }).map((p) => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`));
    metrics = metrics.filter((m) => keep.has(`${m.namespace}/${m.name}`));
  }
  if (metrics.length === 0) {
    // verifyEmptyMetrics: upstream lists the context's namespace even with -A.
    let pods: Pod[];
    if (name) {
      const pod = target.get(target.resolve('pods')!, ctx.namespace, name) as Pod | undefined;
      if (!pod) throw new CmdError(statusText(notFound({ group: '', resource: 'pods' }, name)));
      pods = [pod];
    } else {
      pods = podsOf(target, ctx.namespace, { labelSelector, fieldSelector });
    }
    if (name || pods.length) {
      for (const pod of pods) checkPodAge(target.now, pod);
      throw new CmdError('error: metrics not available yet');
    }
    out.error(all ? 'No resources found' : `No resources found in ${ctx.namespace} namespace.`);
    return;
  }
  out.write(printPodMetrics(metrics, flags.bool('containers'), all, flags.bool('no-headers'), sortBy, flags.bool('sum')));
}

/** metricsutil.PrintPodMetrics. */
export function printPodMetrics(metrics: readonly PodUsage[], containers: boolean, withNamespace: boolean, noHeaders: boolean, sortBy: string, sum: boolean): string {
  if (metrics.length === 0) return '';
  let text = '';
  const cell = (v: string) => (text += `${v}\t`);
  const usage = (cpu: number, memory: number) => {
    cell(cpuText(cpu));
    cell(memoryText(memory));
    text += '\n';
  };
  let columnWidth = 3;
  if (!noHeaders) {
    if (withNamespace) {
      cell('NAMESPACE');
      columnWidth++;
    }
    if (containers) {
      cell('POD');
      columnWidth++;
    }
    for (const c of ['NAME', 'CPU(cores)', 'MEMORY(bytes)']) cell(c);
    text += '\n';
  }
  const totals = new Map(metrics.map((m) => [m, podTotal(m)]));
  const ordered = sorted(metrics, (a, b) => {
    if (sortBy === 'cpu') return totals.get(a)!.cpuMillis > totals.get(b)!.cpuMillis;
    if (sortBy === 'memory') return totals.get(a)!.memoryBytes > totals.get(b)!.memoryBytes;
    if (withNamespace && a.namespace !== b.namespace) return a.namespace < b.namespace;
    return a.name < b.name;
  });
  for (const m of ordered) {
    if (containers) {
      const cs = sorted<ContainerUsage>(m.containers, (a, b) => (sortBy === 'cpu' ? a.cpuMillis > b.cpuMillis : sortBy === 'memory' ? a.memoryBytes > b.memoryBytes : a.name < b.name));
      for (const c of cs) {
        if (withNamespace) cell(m.namespace);
        cell(m.name);
        cell(c.name);
        usage(c.cpuMillis, c.memoryBytes);
      }
    } else {
      const t = totals.get(m)!;
      if (withNamespace) cell(m.namespace);
      cell(m.name);
      usage(t.cpuMillis, t.memoryBytes);
    }
  }
  if (sum) {
    let cpu = 0;
    let memory = 0;
    for (const t of totals.values()) {
      cpu += t.cpuMillis;
      memory += t.memoryBytes;
    }
    for (let i = 0; i < columnWidth - 2; i++) cell('');
    cell('________');
    cell('________');
    text += '\n';
    for (let i = 0; i < columnWidth - 3; i++) cell('');
    cell('');
    usage(cpu, memory);
  }
  return tabbed(text);
}

function runTopNode(ctx: CommandContext): void {
  const { flags, out, target } = ctx;
  if (ctx.args.length > 1) throw usageError(ctx.path, 'node [NAME | -l label]');
  const name = ctx.args[0] ?? '';
  const selector = flags.string('selector');
  const sortBy = flags.string('sort-by');
  validateSortBy(sortBy);
  if (name && selector) throw new CmdError('error: only one of NAME or --selector can be provided');
  const model = modelOf(target);
  const nodeInfo = target.resolve('nodes')!;
  let nodes: Node[];
  if (name) {
    const node = target.get(nodeInfo, undefined, name) as Node | undefined;
    if (!node) throw new CmdError(statusText(notFound({ group: '', resource: 'nodes' }, name)));
    nodes = [node];
  } else {
    const res = target.select(nodeInfo, undefined, selector ? { labelSelector: selector } : {});
    if ('status' in res) throw new CmdError(`error: ${res.status.message}`);
    nodes = res as unknown as Node[];
  }
  const allPods = target.list(target.resolve('pods')!, undefined) as unknown as Pod[];
  const usages = nodeUsages(model, nodes, allPods, target.now);
  if (name && !usages.has(name)) throw new CmdError(statusText(notFound({ group: 'metrics.k8s.io', resource: 'nodemetrics' }, name)));
  const metrics = [...usages.values()];
  if (metrics.length === 0) throw new CmdError('error: metrics not available yet');
  out.write(printNodeMetrics(metrics, nodes, flags.bool('no-headers'), sortBy, flags.bool('show-capacity')));
}

/** metricsutil.PrintNodeMetrics: each node's usage and its share of allocatable (or capacity); `<unknown>` rows for listed nodes without metrics. */
export function printNodeMetrics(metrics: readonly NodeUsage[], nodes: readonly Node[], noHeaders: boolean, sortBy: string, showCapacity: boolean): string {
  if (metrics.length === 0) return '';
  const available = new Map<string, Record<string, unknown>>();
  for (const n of nodes) available.set(n.metadata?.name ?? '', ((showCapacity ? n.status?.capacity : n.status?.allocatable) ?? {}) as Record<string, unknown>);
  let text = '';
  const cell = (v: string) => (text += `${v}\t`);
  if (!noHeaders) {
    for (const c of ['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)']) cell(c);
    text += '\n';
  }
  const ordered = sorted(metrics, (a, b) => (sortBy === 'cpu' ? a.cpuMillis > b.cpuMillis : sortBy === 'memory' ? a.memoryBytes > b.memoryBytes : a.name < b.name));
  const percent = (usedMilli: number, q: unknown) => {
    const avail = milliValue(q as string) ?? 0;
    cell(`${avail === 0 ? 0 : Math.trunc((usedMilli / avail) * 100)}%`);
  };
  for (const m of ordered) {
    const avail = available.get(m.name) ?? {};
    cell(m.name);
    cell(cpuText(m.cpuMillis));
    if (avail['cpu'] !== undefined) percent(m.cpuMillis, avail['cpu']);
    cell(memoryText(m.memoryBytes));
    if (avail['memory'] !== undefined) percent(m.memoryBytes * 1000, avail['memory']);
    text += '\n';
    available.delete(m.name);
  }
  for (const nodeName of [...available.keys()].sort()) {
    cell(nodeName);
    for (let i = 0; i < 4; i++) cell('<unknown>');
    text += '\n';
  }
  return tabbed(text);
}

const topPod: Command = {
  name: 'pod',
  aliases: ['pods', 'po'],
  short: 'Display resource (CPU/memory) usage of pods',
  long: `Display resource (CPU/memory) usage of pods.

 The 'top pod' command allows you to see the resource consumption of pods.

 Due to the metrics pipeline delay, they may be unavailable for a few minutes since pod creation.`,
  examples: `  # Show metrics for all pods in the default namespace
  kubectl top pod
  
  # Show metrics for all pods in the given namespace
  kubectl top pod --namespace=NAMESPACE
  
  # Show metrics for a given pod and its containers
  kubectl top pod POD_NAME --containers
  
  # Show metrics for the pods defined by label name=myLabel
  kubectl top pod -l name=myLabel`,
  usage: 'kubectl top pod [NAME | -l label] [options]',
  flags: [
    ALL_NAMESPACES_FLAG,
    { name: 'containers', kind: 'bool', usage: 'If present, print usage of containers within a pod.' },
    FIELD_SELECTOR_FLAG,
    { name: 'no-headers', kind: 'bool', usage: 'If present, print output without headers.' },
    SELECTOR_FLAG,
    { name: 'sort-by', kind: 'string', usage: "If non-empty, sort pods list using specified field. The field can be either 'cpu' or 'memory'." },
    { name: 'sum', kind: 'bool', usage: 'Print the sum of the resource usage' },
    { name: 'use-protocol-buffers', kind: 'bool', def: 'true', usage: 'Enables using protocol-buffers to access Metrics API.', unsupported: 'the console reads the metrics in-process' },
  ],
  run: runTopPod,
};

const topNode: Command = {
  name: 'node',
  aliases: ['nodes', 'no'],
  short: 'Display resource (CPU/memory) usage of nodes',
  long: `Display resource (CPU/memory) usage of nodes.

 The top-node command allows you to see the resource consumption of nodes.`,
  examples: `  # Show metrics for all nodes
  kubectl top node
  
  # Show metrics for a given node
  kubectl top node NODE_NAME`,
  usage: 'kubectl top node [NAME | -l label] [options]',
  flags: [
    { name: 'no-headers', kind: 'bool', usage: 'If present, print output without headers' },
    SELECTOR_FLAG,
    { name: 'show-capacity', kind: 'bool', usage: 'Print node resources based on Capacity instead of Allocatable(default) of the nodes.' },
    { name: 'sort-by', kind: 'string', usage: "If non-empty, sort nodes list using specified field. The field can be either 'cpu' or 'memory'." },
    { name: 'use-protocol-buffers', kind: 'bool', def: 'true', usage: 'Enables using protocol-buffers to access Metrics API.', unsupported: 'the console reads the metrics in-process' },
  ],
  run: runTopNode,
};

export const topCommand: Command = {
  name: 'top',
  short: 'Display resource (CPU/memory) usage',
  long: `Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.`,
  usage: 'kubectl top [flags] [options]',
  flags: [],
  subcommands: [topNode, topPod],
};
