/**
 * The HPA's replica arithmetic for resource metrics: how many replicas would bring the pods' average usage to the
 * target, with the tolerance, the rules for pods that are pending, unready (CPU initialization) or missing metrics,
 * and the guards against a change of direction.
 *
 * Ported from kubernetes `pkg/controller/podautoscaler/replica_calculator.go` (GetResourceReplicas,
 * GetRawResourceReplicas, calcPlainMetricReplicas, groupPods, calculatePodRequests, removeMetricsForPods, the
 * Tolerances of HPAConfigurableTolerance) and `metrics/utilization.go` (GetResourceUtilizationRatio,
 * GetMetricUsageRatio). Error messages are upstream's.
 *
 * @remarks Pure functions: the caller lists the pods (upstream: the pod lister, by selector) and passes the
 * metrics (upstream: the metrics client). Container-level (`ContainerResource`) metrics and pod-level resources
 * are not modelled: requests are the sum over containers and restartable init containers.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { milliValue } from '../../api/quantity.ts';
import { parseTime } from '../../engine/clock.ts';

/** `--horizontal-pod-autoscaler-tolerance`. */
export const DEFAULT_TOLERANCE = 0.1;
/** `--horizontal-pod-autoscaler-cpu-initialization-period`. */
export const DEFAULT_CPU_INITIALIZATION_PERIOD_MS = 5 * 60_000;
/** `--horizontal-pod-autoscaler-initial-readiness-delay`. */
export const DEFAULT_INITIAL_READINESS_DELAY_MS = 30_000;

/** `PodMetric`: one pod's sample (value in milli-units: millicores, or bytes × 1000). */
export interface PodMetric {
  timestamp: number;
  window: number;
  value: number;
}

/** `PodMetricsInfo`: samples by pod name. */
export type PodMetricsInfo = Map<string, PodMetric>;

/** `Tolerances`: how far below and above 1 a usage ratio may be before the replica count changes. */
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** `isWithin`: `1 - scaleDown <= ratio <= 1 + scaleUp`. */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}

/** How pods are judged: the controller's flags and the current time. */
export interface PodGrouping {
  cpuInitializationPeriod: number;
  delayOfInitialReadinessStatus: number;
  now: number;
}

/** `groupPods`: ready pods counted; pending and (for CPU) unready pods ignored; pods without a sample missing. */
export function groupPods(
  pods: readonly Pod[],
  metrics: PodMetricsInfo,
  resource: string,
  g: PodGrouping,
): { readyPodCount: number; ignoredPods: Set<string>; missingPods: Set<string> } {
  const ignoredPods = new Set<string>();
  const missingPods = new Set<string>();
  let readyPodCount = 0;
  for (const pod of pods) {
    const name = pod.metadata?.name ?? '';
    if (pod.metadata?.deletionTimestamp || pod.status?.phase === 'Failed') continue;
    if (pod.status?.phase === 'Pending') {
      ignoredPods.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      missingPods.add(name);
      continue;
    }
    if (resource === 'cpu') {
      let ignorePod: boolean;
      const condition = pod.status?.conditions?.find((c) => c.type === 'Ready');
      const startTime = pod.status?.startTime;
      if (!condition || !startTime) {
        ignorePod = true;
      } else {
        const start = parseTime(startTime);
        const transition = condition.lastTransitionTime ? parseTime(condition.lastTransitionTime) : 0;
        if (start + g.cpuInitializationPeriod > g.now) {
          // Within the initialization period: ignore an unready pod, or a sample not covering a full window since the transition.
          ignorePod = condition.status === 'False' || metric.timestamp < transition + metric.window;
        } else {
          // After it: ignore a pod that is unready and never became ready.
          ignorePod = condition.status === 'False' && start + g.delayOfInitialReadinessStatus > transition;
        }
      }
      if (ignorePod) {
        ignoredPods.add(name);
        continue;
      }
    }
    readyPodCount++;
  }
  return { readyPodCount, ignoredPods, missingPods };
}

/** `calculatePodRequests`: each pod's request (milli-units), summed over its containers and sidecars. */
export function calculatePodRequests(pods: readonly Pod[], resource: string): Map<string, number> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    let podSum = 0;
    const containers = [...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always'), ...(pod.spec?.containers ?? [])];
    for (const container of containers) {
      const request = milliValue(container.resources?.requests?.[resource]);
      if (request === undefined) {
        throw new Error(`missing request for ${resource} in container ${container.name} of Pod ${pod.metadata?.name ?? ''}`);
      }
      podSum += request;
    }
    requests.set(pod.metadata?.name ?? '', podSum);
  }
  return requests;
}

/**
 * `GetResourceUtilizationRatio`: Σusage×100 / Σrequests over pods with both (an integer percentage, truncated), its
 * ratio to the target, and the raw average usage per pod.
 */
export function getResourceUtilizationRatio(
  metrics: PodMetricsInfo,
  requests: ReadonlyMap<string, number>,
  targetUtilization: number,
): { usageRatio: number; utilization: number; rawAverageValue: number } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let numEntries = 0;
  for (const [podName, metric] of metrics) {
    const request = requests.get(podName);
    if (request === undefined) continue;
    metricsTotal += metric.value;
    requestsTotal += request;
    numEntries++;
  }
  // Go's error for "no usable requests" is upstream's; an all-missing map reaches it too.
  if (requestsTotal === 0) throw new Error('no metrics returned matched known pods');
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { usageRatio: utilization / targetUtilization, utilization, rawAverageValue: Math.trunc(metricsTotal / numEntries) };
}

/** `GetMetricUsageRatio`: the average over pods, and its ratio to the target average. */
export function getMetricUsageRatio(metrics: PodMetricsInfo, targetUsage: number): { usageRatio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const usage = Math.trunc(total / metrics.size);
  return { usageRatio: usage / targetUsage, usage };
}

/** What the resource calculations read. */
export interface ResourceReplicasInput extends PodGrouping {
  currentReplicas: number;
  resource: string;
  tolerances: Tolerances;
  /** The pods the selector matches (upstream: `podLister.Pods(namespace).List(selector)`). */
  pods: readonly Pod[];
  /** The metrics of those pods (a copy is changed, never this map). */
  metrics: PodMetricsInfo;
}

/** The proposal of one resource metric. */
export interface ResourceProposal {
  replicaCount: number;
  /** The utilization in percent of request (utilization targets), or the average usage (value targets, milli-units). */
  utilization: number;
  /** The average usage per pod (milli-units). */
  rawUtilization: number;
  /** The samples' timestamp. */
  timestamp: number;
}

function firstTimestamp(metrics: PodMetricsInfo): number {
  for (const m of metrics.values()) return m.timestamp;
  return 0;
}

/**
 * `GetResourceReplicas`: the replica count for a target utilization (percent of request). Throws upstream's
 * errors ("no pods returned by selector while calculating replica count", "did not receive metrics for any
 * ready pods", "missing request for …").
 */
export function getResourceReplicas(input: ResourceReplicasInput & { targetUtilization: number }): ResourceProposal {
  const metrics: PodMetricsInfo = new Map(input.metrics);
  if (metrics.size === 0) throw new Error(`unable to get metrics for resource ${input.resource}: no metrics returned from resource metrics API`);
  const timestamp = firstTimestamp(metrics);
  if (input.pods.length === 0) throw new Error('no pods returned by selector while calculating replica count');
  const { readyPodCount, ignoredPods, missingPods } = groupPods(input.pods, metrics, input.resource, input);
  for (const p of ignoredPods) metrics.delete(p);
  const requests = calculatePodRequests(input.pods, input.resource);
  if (metrics.size === 0) throw new Error('did not receive metrics for any ready pods');
  const { usageRatio, utilization, rawAverageValue } = getResourceUtilizationRatio(metrics, requests, input.targetUtilization);
  const t = input.tolerances;
  const current = input.currentReplicas;

  const rebalanceIgnored = ignoredPods.size > 0 && usageRatio > 1.0;
  if (!rebalanceIgnored && missingPods.size === 0) {
    if (isWithin(t, usageRatio)) return { replicaCount: current, utilization, rawUtilization: rawAverageValue, timestamp };
    return { replicaCount: Math.ceil(usageRatio * readyPodCount), utilization, rawUtilization: rawAverageValue, timestamp };
  }
  if (missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // On a scale-down, a missing pod counts as using the target (at least 100% of its request).
      const fallback = Math.max(100, input.targetUtilization);
      for (const p of missingPods) metrics.set(p, { timestamp: 0, window: 0, value: Math.trunc(((requests.get(p) ?? 0) * fallback) / 100) });
    } else if (usageRatio > 1.0) {
      // On a scale-up, a missing pod counts as using nothing.
      for (const p of missingPods) metrics.set(p, { timestamp: 0, window: 0, value: 0 });
    }
  }
  if (rebalanceIgnored) {
    // On a scale-up, an unready pod counts as using nothing.
    for (const p of ignoredPods) metrics.set(p, { timestamp: 0, window: 0, value: 0 });
  }
  const newUsageRatio = getResourceUtilizationRatio(metrics, requests, input.targetUtilization).usageRatio;
  if (isWithin(t, newUsageRatio) || (usageRatio < 1.0 && newUsageRatio > 1.0) || (usageRatio > 1.0 && newUsageRatio < 1.0)) {
    // Too small a change, or the new ratio would flip the direction of the scale.
    return { replicaCount: current, utilization, rawUtilization: rawAverageValue, timestamp };
  }
  const newReplicas = Math.ceil(newUsageRatio * metrics.size);
  if ((newUsageRatio < 1.0 && newReplicas > current) || (newUsageRatio > 1.0 && newReplicas < current)) {
    return { replicaCount: current, utilization, rawUtilization: rawAverageValue, timestamp };
  }
  return { replicaCount: newReplicas, utilization, rawUtilization: rawAverageValue, timestamp };
}

/** `GetRawResourceReplicas` / `calcPlainMetricReplicas`: the replica count for a target average value (milli-units). */
export function getRawResourceReplicas(input: ResourceReplicasInput & { targetAverageValue: number }): ResourceProposal {
  const metrics: PodMetricsInfo = new Map(input.metrics);
  if (metrics.size === 0) throw new Error(`unable to get metrics for resource ${input.resource}: no metrics returned from resource metrics API`);
  const timestamp = firstTimestamp(metrics);
  if (input.pods.length === 0) throw new Error('no pods returned by selector while calculating replica count');
  const { readyPodCount, ignoredPods, missingPods } = groupPods(input.pods, metrics, input.resource, input);
  for (const p of ignoredPods) metrics.delete(p);
  if (metrics.size === 0) throw new Error('did not receive metrics for any ready pods');
  const { usageRatio, usage } = getMetricUsageRatio(metrics, input.targetAverageValue);
  const t = input.tolerances;
  const current = input.currentReplicas;
  const rebalanceIgnored = ignoredPods.size > 0 && usageRatio > 1.0;
  if (!rebalanceIgnored && missingPods.size === 0) {
    if (isWithin(t, usageRatio)) return { replicaCount: current, utilization: usage, rawUtilization: usage, timestamp };
    return { replicaCount: Math.ceil(usageRatio * readyPodCount), utilization: usage, rawUtilization: usage, timestamp };
  }
  if (missingPods.size > 0) {
    const value = usageRatio < 1.0 ? input.targetAverageValue : 0;
    for (const p of missingPods) metrics.set(p, { timestamp: 0, window: 0, value });
  }
  if (rebalanceIgnored) for (const p of ignoredPods) metrics.set(p, { timestamp: 0, window: 0, value: 0 });
  const newUsageRatio = getMetricUsageRatio(metrics, input.targetAverageValue).usageRatio;
  if (isWithin(t, newUsageRatio) || (usageRatio < 1.0 && newUsageRatio > 1.0) || (usageRatio > 1.0 && newUsageRatio < 1.0)) {
    return { replicaCount: current, utilization: usage, rawUtilization: usage, timestamp };
  }
  const newReplicas = Math.ceil(newUsageRatio * metrics.size);
  if ((newUsageRatio < 1.0 && newReplicas > current) || (newUsageRatio > 1.0 && newReplicas < current)) {
    return { replicaCount: current, utilization: usage, rawUtilization: usage, timestamp };
  }
  return { replicaCount: newReplicas, utilization: usage, rawUtilization: usage, timestamp };
}
