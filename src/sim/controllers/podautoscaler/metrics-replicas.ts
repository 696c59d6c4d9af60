/**
 * From an HPA's metric specs to one replica proposal: each metric proposes a count, the largest wins, and a metric
 * that fails is skipped unless all fail (or skipping it would let the HPA scale down).
 *
 * Ported from kubernetes `pkg/controller/podautoscaler/horizontal.go` (computeReplicasForMetrics,
 * computeReplicasForMetric, computeStatusForResourceMetric, computeStatusForResourceMetricGeneric,
 * validateAndParseSelector, getUnableComputeReplicaCountCondition) and `metrics/client.go`
 * (resourceMetricsClient.GetResourceMetric). Messages are upstream's.
 *
 * @remarks Only `Resource` metrics have a source (the simulated metrics-server); the other types fail with the
 * condition upstream sets when their metrics API does not answer.
 */
import type { MetricSpec, MetricStatus } from 'kubernetes-types/autoscaling/v2';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { milliValue, parseQuantity } from '../../api/quantity.ts';
import { parseLabelSelector, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { LoadModel } from '../../metrics/load-model.ts';
import { samplePodMetrics } from '../../metrics/pod-metrics.ts';
import { type HPAObject, setCondition } from './conditions.ts';
import { getRawResourceReplicas, getResourceReplicas, type PodGrouping, type PodMetricsInfo, type Tolerances } from './replica-calculator.ts';

/** What the metric computations read. */
export interface MetricsSource {
  /** The namespace's pods that match a selector (upstream: the pod lister). */
  pods(selector: ParsedLabelSelector): Pod[];
  /** Every pod of the namespace: what metrics-server scraped. */
  allPods: readonly Pod[];
  model: LoadModel | undefined;
  now: number;
  grouping: PodGrouping;
  defaultTolerance: number;
}

/** The result of `computeReplicasForMetrics`: replicas -1 means no proposal (the error says why). */
export interface MetricsProposal {
  replicas: number;
  metric: string;
  statuses: Array<MetricStatus | undefined>;
  timestamp: number;
  error?: Error;
}

interface Failure {
  reason: string;
  message: string;
  type: 'ScalingActive';
}

class MetricError extends Error {
  constructor(
    message: string,
    readonly condition: Failure,
  ) {
    super(message);
  }
}

/** `getUnableComputeReplicaCountCondition`: a Warning event with the reason, and ScalingActive=False. */
function unableToCompute(hpa: HPAObject, recorder: EventRecorder, reason: string, err: string): Failure {
  recorder.event(hpa as KubeObject, 'Warning', reason, err);
  return { type: 'ScalingActive', reason, message: `the HPA was unable to compute the replica count: ${err}` };
}

/** `validateAndParseSelector`. */
function validateAndParseSelector(hpa: HPAObject, selector: string, recorder: EventRecorder, now: number): ParsedLabelSelector {
  if (selector === '') {
    const errMsg = 'selector is required';
    recorder.event(hpa as KubeObject, 'Warning', 'SelectorRequired', errMsg);
    setCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector", now);
    throw new Error(errMsg);
  }
  try {
    return parseLabelSelector(selector);
  } catch (err) {
    const errMsg = `couldn't convert selector into a corresponding internal selector object: ${(err as Error).message}`;
    recorder.event(hpa as KubeObject, 'Warning', 'InvalidSelector', errMsg);
    setCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', `the HPA target's scale has an invalid selector: ${errMsg}`, now);
    throw new Error(errMsg);
  }
}

/** `GetResourceMetric`: the selected pods' samples for one resource (milli-units), or upstream's error. */
function getResourceMetric(source: MetricsSource, resource: string, pods: readonly Pod[], salt: number): PodMetricsInfo {
  if (!source.model) throw new Error('no metrics returned from resource metrics API');
  const samples = samplePodMetrics(source.model, source.allPods, source.now, salt);
  const out: PodMetricsInfo = new Map();
  for (const pod of pods) {
    const s = samples.get(pod.metadata?.name ?? '');
    if (!s) continue;
    out.set(s.name, { timestamp: s.timestamp, window: s.window, value: resource === 'cpu' ? s.cpuMillis : s.memoryBytes * 1000 });
  }
  if (out.size === 0) throw new Error('no metrics returned from resource metrics API');
  return out;
}

/** A milli-value as a quantity: "700m" for CPU, bytes for memory. */
function formatMilli(resource: string, milli: number): string {
  if (resource === 'cpu') return `${milli}m`;
  return milli % 1000 === 0 ? `${milli / 1000}` : `${milli}m`;
}

/** The per-direction tolerances: `behavior.scaleUp/scaleDown.tolerance` (HPAConfigurableTolerance), else the flag. */
export function tolerancesOf(hpa: HPAObject, fallback: number): Tolerances {
  const t = (q: unknown): number => {
    const v = q === undefined || q === null ? undefined : parseQuantity(q);
    return v === undefined ? fallback : v;
  };
  const b = hpa.spec.behavior as { scaleUp?: { tolerance?: unknown }; scaleDown?: { tolerance?: unknown } } | undefined;
  return { scaleUp: t(b?.scaleUp?.tolerance), scaleDown: t(b?.scaleDown?.tolerance) };
}

/** `computeStatusForResourceMetric`: one Resource metric's proposal and status. */
function computeResourceMetric(
  hpa: HPAObject,
  spec: MetricSpec,
  currentReplicas: number,
  selector: ParsedLabelSelector,
  source: MetricsSource,
  recorder: EventRecorder,
): { replicas: number; metric: string; timestamp: number; status: MetricStatus } {
  const r = spec.resource!;
  const name = r.name;
  const fail = (msg: string): never => {
    const full = `failed to get ${name} resource metric value: ${msg}`;
    throw new MetricError(full, unableToCompute(hpa, recorder, 'FailedGetResourceMetric', msg));
  };
  const pods = source.pods(selector);
  const salt = source.model?.salt() ?? 0;
  const common = { currentReplicas, resource: name, tolerances: tolerancesOf(hpa, source.defaultTolerance), pods, ...source.grouping };
  let metrics: PodMetricsInfo;
  try {
    metrics = getResourceMetric(source, name, pods, salt);
  } catch (err) {
    return fail(`unable to get metrics for resource ${name}: ${(err as Error).message}`);
  }
  if (r.target.averageValue !== undefined) {
    const targetValue = milliValue(r.target.averageValue) ?? 0;
    try {
      const p = getRawResourceReplicas({ ...common, metrics, targetAverageValue: targetValue });
      return { replicas: p.replicaCount, metric: `${name} resource`, timestamp: p.timestamp, status: { type: 'Resource', resource: { name, current: { averageValue: formatMilli(name, p.rawUtilization) } } } };
    } catch (err) {
      return fail(`failed to get ${name} usage: ${(err as Error).message}`);
    }
  }
  if (r.target.averageUtilization === undefined) {
    return fail('invalid resource metric source: neither an average utilization target nor an average value (usage) target was set');
  }
  try {
    const p = getResourceReplicas({ ...common, metrics, targetUtilization: r.target.averageUtilization });
    return {
      replicas: p.replicaCount,
      metric: `${name} resource utilization (percentage of request)`,
      timestamp: p.timestamp,
      status: { type: 'Resource', resource: { name, current: { averageUtilization: p.utilization, averageValue: formatMilli(name, p.rawUtilization) } } },
    };
  } catch (err) {
    return fail(`failed to get ${name} utilization: ${(err as Error).message}`);
  }
}

/** `computeReplicasForMetric`: dispatch by metric type. */
function computeReplicasForMetric(
  hpa: HPAObject,
  spec: MetricSpec,
  currentReplicas: number,
  selector: ParsedLabelSelector,
  source: MetricsSource,
  recorder: EventRecorder,
): { replicas: number; metric: string; timestamp: number; status: MetricStatus } {
  switch (spec.type) {
    case 'Resource':
      return computeResourceMetric(hpa, spec, currentReplicas, selector, source, recorder);
    case 'Pods':
    case 'Object':
    case 'External':
    case 'ContainerResource': {
      const reason = `FailedGet${spec.type}Metric`;
      const metricName = spec.pods?.metric.name ?? spec.object?.metric.name ?? spec.external?.metric.name ?? spec.containerResource?.name ?? '';
      const api = spec.type === 'External' ? 'external.metrics.k8s.io' : spec.type === 'ContainerResource' ? 'metrics.k8s.io (container metrics)' : 'custom.metrics.k8s.io';
      const msg = `unable to get metric ${metricName}: the server could not find the requested resource (${api} is not served in this simulation)`;
      throw new MetricError(`failed to get ${spec.type.toLowerCase()} metric value: ${msg}`, unableToCompute(hpa, recorder, reason, msg));
    }
    default: {
      const msg = `unknown metric source type "${String(spec.type)}"`;
      throw new MetricError(msg, unableToCompute(hpa, recorder, 'InvalidMetricSourceType', msg));
    }
  }
}

/** `computeReplicasForMetrics`: the largest proposal; ScalingActive=True ValidMetricFound, or the first failure's condition. */
export function computeReplicasForMetrics(
  hpa: HPAObject,
  specReplicas: number,
  _statusReplicas: number,
  scaleSelector: string,
  source: MetricsSource,
  recorder: EventRecorder,
  now: number,
): MetricsProposal {
  let selector: ParsedLabelSelector;
  try {
    selector = validateAndParseSelector(hpa, scaleSelector, recorder, now);
  } catch (err) {
    return { replicas: -1, metric: '', statuses: [], timestamp: 0, error: err as Error };
  }
  const specs = hpa.spec.metrics ?? [];
  const statuses: Array<MetricStatus | undefined> = specs.map(() => undefined);
  let replicas = 0;
  let metric = '';
  let timestamp = 0;
  let invalidMetricsCount = 0;
  let invalidMetricError: Error | undefined;
  let invalidMetricCondition: Failure | undefined;
  specs.forEach((spec, i) => {
    try {
      const p = computeReplicasForMetric(hpa, spec, specReplicas, selector, source, recorder);
      statuses[i] = p.status;
      if (replicas === 0 || p.replicas > replicas) {
        timestamp = p.timestamp;
        replicas = p.replicas;
        metric = p.metric;
      }
    } catch (err) {
      if (invalidMetricsCount <= 0) {
        invalidMetricCondition = err instanceof MetricError ? err.condition : undefined;
        invalidMetricError = err as Error;
      }
      invalidMetricsCount++;
    }
  });
  let error: Error | undefined;
  if (invalidMetricError) error = new Error(`invalid metrics (${invalidMetricsCount} invalid out of ${specs.length}), first error is: ${invalidMetricError.message}`);
  // All metrics failed, or some failed and the rest would scale down: no proposal.
  if (invalidMetricsCount >= specs.length || (invalidMetricsCount > 0 && replicas < specReplicas)) {
    if (invalidMetricCondition) setCondition(hpa, invalidMetricCondition.type, 'False', invalidMetricCondition.reason, invalidMetricCondition.message, now);
    return { replicas: -1, metric: '', statuses, timestamp: 0, error: error ?? new Error('no metrics to compute a replica count from') };
  }
  setCondition(hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`, now);
  const result: MetricsProposal = { replicas, metric, statuses, timestamp };
  if (error) result.error = error;
  return result;
}
