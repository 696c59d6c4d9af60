/**
 * What metrics-server's `metrics.k8s.io/v1beta1` API answers, read from the simulated samples
 * ({@link samplePodMetrics}): PodMetrics (per container `usage`) and NodeMetrics, each with the scrape's `timestamp`
 * and `window`. `kubectl top` reads them, in the page's console (src/kubectl/cmd/top.ts) and through
 * `loopscope serve` (src/serve/metrics.ts), so both print the same numbers at the same instant.
 *
 * Upstream: kubernetes-sigs/metrics-server `pkg/api/pod.go`, `node.go` (the NotFound errors: a missing pod or node is
 * the lister's `pods "x" not found`, one without a sample is `podmetrics.metrics.k8s.io "ns/x" not found`,
 * `nodemetrics.metrics.k8s.io "x" not found`), k8s.io/metrics `pkg/apis/metrics/v1beta1/types.go`.
 *
 * @remarks Read helpers only: nothing here changes the simulation, and everything is a pure function of (load model,
 * pods, nodes, now), like the sampler.
 *
 * Containers: a pod's sample is split evenly over its `spec.containers` (the first ones take the remainder), as the
 * load model knows workloads, not containers.
 *
 * Nodes: metrics-server reports a node's whole usage (the kubelet's cgroup root); the simulation knows only its pods'
 * usage. A node's usage here is {@link NODE_SYSTEM_BASELINE} (what an idle kind node's system daemons, kubelet and
 * container runtime use: 100m CPU, 512Mi memory) plus the samples of the pods bound to it (`spec.nodeName`) at the
 * same scrape; pods without a sample (not ready at the scrape) add nothing. A node created after the scrape has no
 * sample yet.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { parseTime, rfc3339 } from '../engine/clock.ts';
import type { LoadModel } from './load-model.ts';
import { lastScrapeTime, METRIC_RESOLUTION_MS, samplePodMetrics, splitByWeight } from './pod-metrics.ts';

/** The usage a node reports with no pods' load on it (an idle kind node's system daemons, kubelet and runtime). */
export const NODE_SYSTEM_BASELINE: Readonly<{ cpuMillis: number; memoryBytes: number }> = Object.freeze({ cpuMillis: 100, memoryBytes: 512 * 1024 * 1024 });

export interface ContainerUsage {
  name: string;
  cpuMillis: number;
  memoryBytes: number;
}

/** One pod's metrics at the last scrape. */
export interface PodUsage {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  /** Virtual ms of the scrape. */
  timestamp: number;
  window: number;
  containers: ContainerUsage[];
}

/** One node's metrics at the last scrape. */
export interface NodeUsage {
  name: string;
  labels: Record<string, string>;
  timestamp: number;
  window: number;
  cpuMillis: number;
  memoryBytes: number;
}

/**
 * The PodMetrics of every pod in `pods` that has a sample at the last scrape at or before `now`, keyed
 * "namespace/name". `allPods` must hold every pod of the cluster (a workload's demand is shared by all its ready
 * pods, whichever of them the caller asks about).
 */
export function podUsages(model: LoadModel, allPods: readonly Pod[], now: number): Map<string, PodUsage> {
  const byNamespace = new Map<string, Pod[]>();
  for (const p of allPods) {
    const ns = p.metadata?.namespace ?? '';
    const list = byNamespace.get(ns) ?? [];
    list.push(p);
    byNamespace.set(ns, list);
  }
  const out = new Map<string, PodUsage>();
  for (const [ns, pods] of [...byNamespace].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // As the HPA reads it: one namespace's pods at a time.
    const samples = samplePodMetrics(model, pods, now, model.salt());
    for (const pod of pods) {
      const s = samples.get(pod.metadata?.name ?? '');
      if (!s) continue;
      const names = (pod.spec?.containers ?? []).map((c) => c.name);
      const weights = names.map(() => 1);
      const cpu = splitByWeight(s.cpuMillis, weights);
      const memory = splitByWeight(s.memoryBytes, weights);
      out.set(`${ns}/${s.name}`, {
        namespace: ns,
        name: s.name,
        labels: { ...(pod.metadata?.labels ?? {}) },
        timestamp: s.timestamp,
        window: s.window,
        containers: names.map((name, i) => ({ name, cpuMillis: cpu[i]!, memoryBytes: memory[i]! })),
      });
    }
  }
  return out;
}

/** A pod's usage summed over its containers. */
export function podTotal(p: PodUsage): { cpuMillis: number; memoryBytes: number } {
  return p.containers.reduce((a, c) => ({ cpuMillis: a.cpuMillis + c.cpuMillis, memoryBytes: a.memoryBytes + c.memoryBytes }), { cpuMillis: 0, memoryBytes: 0 });
}

/** The NodeMetrics of `nodes` at the last scrape at or before `now` (see the header for the model), keyed by name. */
export function nodeUsages(model: LoadModel, nodes: readonly Node[], allPods: readonly Pod[], now: number): Map<string, NodeUsage> {
  const t = lastScrapeTime(now);
  const pods = podUsages(model, allPods, now);
  const onNode = new Map<string, { cpuMillis: number; memoryBytes: number }>();
  for (const pod of allPods) {
    const usage = pods.get(`${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`);
    const node = pod.spec?.nodeName;
    if (!usage || !node) continue;
    const sum = onNode.get(node) ?? { cpuMillis: 0, memoryBytes: 0 };
    const total = podTotal(usage);
    onNode.set(node, { cpuMillis: sum.cpuMillis + total.cpuMillis, memoryBytes: sum.memoryBytes + total.memoryBytes });
  }
  const out = new Map<string, NodeUsage>();
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    const created = node.metadata?.creationTimestamp;
    if (created && parseTime(created) > t) continue;
    const load = onNode.get(name) ?? { cpuMillis: 0, memoryBytes: 0 };
    out.set(name, {
      name,
      labels: { ...(node.metadata?.labels ?? {}) },
      timestamp: t,
      window: METRIC_RESOLUTION_MS,
      cpuMillis: NODE_SYSTEM_BASELINE.cpuMillis + load.cpuMillis,
      memoryBytes: NODE_SYSTEM_BASELINE.memoryBytes + load.memoryBytes,
    });
  }
  return out;
}

/** CPU as metrics-server writes it: nanocores ("250000000n"), "0" when idle. */
function cpuQuantity(milli: number): string {
  return milli === 0 ? '0' : `${milli * 1_000_000}n`;
}

/** Memory as metrics-server writes it: Ki when whole, else bytes. */
function memoryQuantity(bytes: number): string {
  if (bytes === 0) return '0';
  return bytes % 1024 === 0 ? `${bytes / 1024}Ki` : `${bytes}`;
}

/** A Go duration as metav1.Duration marshals it ("15s"). */
function windowText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** `metrics.k8s.io/v1beta1` PodMetrics. `served` is the instant of the answer (creationTimestamp, as metrics-server). */
export function podMetricsObject(p: PodUsage, served: number): Record<string, unknown> {
  return {
    kind: 'PodMetrics',
    apiVersion: 'metrics.k8s.io/v1beta1',
    metadata: { name: p.name, namespace: p.namespace, creationTimestamp: rfc3339(served), ...(Object.keys(p.labels).length ? { labels: p.labels } : {}) },
    timestamp: rfc3339(p.timestamp),
    window: windowText(p.window),
    containers: p.containers.map((c) => ({ name: c.name, usage: { cpu: cpuQuantity(c.cpuMillis), memory: memoryQuantity(c.memoryBytes) } })),
  };
}

/** `metrics.k8s.io/v1beta1` NodeMetrics. */
export function nodeMetricsObject(n: NodeUsage, served: number): Record<string, unknown> {
  return {
    kind: 'NodeMetrics',
    apiVersion: 'metrics.k8s.io/v1beta1',
    metadata: { name: n.name, creationTimestamp: rfc3339(served), ...(Object.keys(n.labels).length ? { labels: n.labels } : {}) },
    timestamp: rfc3339(n.timestamp),
    window: windowText(n.window),
    usage: { cpu: cpuQuantity(n.cpuMillis), memory: memoryQuantity(n.memoryBytes) },
  };
}
