/**
 * A metrics-server stand-in: what `kubectl top pods` and the HPA's resource metrics client read. Usage is sampled,
 * not instantaneous: metrics-server scrapes the kubelets every 15 s (`--metric-resolution`) and serves the last
 * scrape, with the scrape's timestamp and the window the CPU rate was measured over.
 *
 * At each scrape instant T (a multiple of 15 s), every pod of a workload that was Running and Ready at T shares the
 * workload's demand at T ({@link LoadModel}) with a small per-pod jitter that sums to zero, so that the total is
 * exactly the demand; a pod's CPU is capped by its CPU limit when every container has one.
 *
 * @remarks Computed on demand from the pods the caller lists, not kept by a scraping loop: a sample is a pure
 * function of (load history, pods, T), so two readers of one scrape agree and a checkpoint needs nothing extra.
 * A pod's readiness at T is read from its Ready condition's lastTransitionTime; pods deleted since T are not
 * counted. Pods that were not ready at T (starting, or added after the scrape) have no sample, as a pod
 * metrics-server has not scraped yet; the HPA's missing-metrics and CPU-initialization rules then apply.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { milliValue, parseQuantity } from '../api/quantity.ts';
import { parseTime } from '../engine/clock.ts';
import { hashString } from '../engine/rng.ts';
import type { LoadModel } from './load-model.ts';

/** metrics-server's `--metric-resolution` default. */
export const METRIC_RESOLUTION_MS = 15_000;
/** Each pod's share of its workload's demand is scaled by 1 ± up to this fraction (the shares still sum to the demand). */
export const USAGE_JITTER = 0.04;

/** One pod's `metrics.k8s.io/v1beta1` PodMetrics, summed over its containers. */
export interface PodMetricSample {
  namespace: string;
  name: string;
  /** The scrape instant (virtual ms). */
  timestamp: number;
  /** The interval the CPU rate was measured over (ms). */
  window: number;
  cpuMillis: number;
  memoryBytes: number;
}

/** The instant of the last scrape at or before `now`. */
export function lastScrapeTime(now: number): number {
  return Math.floor(now / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
}

/**
 * The workload (Deployment name) a pod serves: its ReplicaSet owner's name without the `-<pod-template-hash>`
 * suffix; a ReplicaSet not made by a Deployment, or another owner, is its own workload; an unowned pod is itself.
 */
export function workloadOfPod(pod: Pod): string {
  const owner = pod.metadata?.ownerReferences?.find((r) => r.controller) ?? pod.metadata?.ownerReferences?.[0];
  if (!owner) return pod.metadata?.name ?? '';
  const hash = pod.metadata?.labels?.['pod-template-hash'];
  if (owner.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`)) return owner.name.slice(0, -hash.length - 1);
  return owner.name;
}

/** Running and Ready at `t`, and not being deleted by then. */
export function wasReadyAt(pod: Pod, t: number): boolean {
  if (pod.status?.phase !== 'Running') return false;
  const deleted = pod.metadata?.deletionTimestamp;
  if (deleted && parseTime(deleted) <= t) return false;
  const ready = pod.status.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status !== 'True') return false;
  return ready.lastTransitionTime === undefined || parseTime(ready.lastTransitionTime) <= t;
}

/** The pod's CPU limit in millicores when every container has one, else undefined (no cap). */
export function podCpuLimitMillis(pod: Pod): number | undefined {
  let sum = 0;
  for (const c of pod.spec?.containers ?? []) {
    const l = milliValue(c.resources?.limits?.['cpu']);
    if (l === undefined) return undefined;
    sum += l;
  }
  return sum;
}

/** Splits `total` (an integer) over `weights` so that the parts are integers summing to `total` (largest remainder). */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    parts[o.i]! += 1;
    left--;
  }
  return parts;
}

/** A pod's jitter weight for one scrape: deterministic in (salt, pod, scrape time). */
function jitterWeight(salt: number, pod: Pod, t: number): number {
  const u = hashString(`${salt}/${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}/${t}`) / 0x1_0000_0000;
  return 1 + USAGE_JITTER * (2 * u - 1);
}

/**
 * The PodMetrics metrics-server serves at `now` for `pods` (the pods of one namespace, or more): the last scrape's
 * sample for every pod that was ready at that scrape, keyed by pod name. `salt` varies the jitter between runs
 * (draw it once from the simulation's random source).
 */
export function samplePodMetrics(model: LoadModel, pods: readonly Pod[], now: number, salt: number): Map<string, PodMetricSample> {
  const t = lastScrapeTime(now);
  const byWorkload = new Map<string, Pod[]>();
  for (const pod of pods) {
    if (!wasReadyAt(pod, t)) continue;
    const key = `${pod.metadata?.namespace ?? ''}/${workloadOfPod(pod)}`;
    const list = byWorkload.get(key) ?? [];
    list.push(pod);
    byWorkload.set(key, list);
  }
  const out = new Map<string, PodMetricSample>();
  for (const key of [...byWorkload.keys()].sort()) {
    const members = byWorkload.get(key)!.slice().sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
    const namespace = members[0]!.metadata?.namespace ?? '';
    const demand = model.demandAt(namespace, key.slice(namespace.length + 1), t);
    const weights = members.map((p) => jitterWeight(salt, p, t));
    const cpu = splitByWeight(Math.round(demand.cpuMillis), weights);
    const memory = splitByWeight(Math.round(demand.memoryBytes), weights);
    members.forEach((pod, i) => {
      const limit = podCpuLimitMillis(pod);
      out.set(pod.metadata?.name ?? '', {
        namespace,
        name: pod.metadata?.name ?? '',
        timestamp: t,
        window: METRIC_RESOLUTION_MS,
        cpuMillis: limit === undefined ? cpu[i]! : Math.min(cpu[i]!, limit),
        memoryBytes: memory[i]!,
      });
    });
  }
  return out;
}

/** Parses a `set-load` quantity: CPU to millicores, memory to bytes; undefined when invalid or negative. */
export function parseLoadQuantity(q: string, resource: 'cpu' | 'memory'): number | undefined {
  const v = resource === 'cpu' ? milliValue(q) : parseQuantity(q);
  if (v === undefined || v < 0) return undefined;
  return resource === 'cpu' ? v : Math.round(v);
}
