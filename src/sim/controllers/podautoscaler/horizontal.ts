/**
 * The HorizontalPodAutoscaler controller: every 15 s, per HPA, read the target's /scale, compute a replica count
 * from each metric, stabilize and rate-limit it, write /scale when it changed (event SuccessfulRescale), and write
 * the HPA's status (currentReplicas, desiredReplicas, currentMetrics, lastScaleTime, conditions).
 *
 * Ported from kubernetes `pkg/controller/podautoscaler/horizontal.go` (reconcileKey, reconcileAutoscaler,
 * computeReplicasForMetrics, computeReplicasForMetric, computeStatusForResourceMetric(Generic),
 * validateAndParseSelector, normalizeDesiredReplicas(WithBehaviors), recordInitialRecommendation,
 * updateStatusIfNeeded). Event reasons, condition reasons and messages are upstream's.
 *
 * @remarks Resource metrics are read from the simulated metrics pipeline (src/sim/metrics) directly; upstream goes
 * through the aggregated `metrics.k8s.io` API (metrics-server), which the simulated api-server does not serve.
 * Only `Resource` metrics are computed; Pods, Object, External and ContainerResource metrics fail as they would
 * with no custom/external metrics adapter installed. Overlapping HPAs (AmbiguousSelector) are not detected. A
 * failed reconcile is retried at the next 15 s sync, as upstream's fixed-interval queue does.
 */
import type { MetricStatus } from 'kubernetes-types/autoscaling/v2';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ApiRequest, ApiResponse } from '../../apiserver/api-request.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import type { LoadModel } from '../../metrics/load-model.ts';
import { refOf } from '../../trace/trace-event.ts';
import { canonicalStatus, type HPAObject, setCondition, setStatus } from './conditions.ts';
import { computeReplicasForMetrics, type MetricsSource } from './metrics-replicas.ts';
import {
  convertDesiredReplicasWithBehaviorRate,
  convertDesiredReplicasWithRules,
  stabilizeRecommendation,
  stabilizeRecommendationWithBehaviors,
  storeScaleEvent,
  type TimestampedRecommendation,
  type TimestampedScaleEvent,
} from './normalize.ts';
import { DEFAULT_CPU_INITIALIZATION_PERIOD_MS, DEFAULT_INITIAL_READINESS_DELAY_MS, DEFAULT_TOLERANCE } from './replica-calculator.ts';

/** The controller's name in the trace; events report as upstream's "horizontal-pod-autoscaler". */
export { HPA_CONTROLLER, HPA_EVENT_SOURCE } from './descriptor.ts';
/** `--horizontal-pod-autoscaler-sync-period`. */
export const HPA_SYNC_PERIOD_MS = 15_000;
/** `--horizontal-pod-autoscaler-downscale-stabilization`. */
export const DOWNSCALE_STABILIZATION_WINDOW_MS = 5 * 60_000;

export interface HorizontalControllerOptions {
  hpaInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  recorder: EventRecorder;
  /** The cluster's load model (undefined: no metrics pipeline, every resource metric fails). */
  loadModel: LoadModel | undefined;
}

/** `HorizontalController`. */
export class HorizontalController implements Reconciler {
  readonly hpaInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  readonly loadModel: LoadModel | undefined;
  runner: Controller | null = null;
  readonly tolerance = DEFAULT_TOLERANCE;
  readonly cpuInitializationPeriod = DEFAULT_CPU_INITIALIZATION_PERIOD_MS;
  readonly delayOfInitialReadinessStatus = DEFAULT_INITIAL_READINESS_DELAY_MS;
  readonly downscaleStabilisationWindow = DOWNSCALE_STABILIZATION_WINDOW_MS;
  /** Recent recommendations by HPA key (lost when the process restarts, as upstream's). */
  readonly recommendations = new Map<string, TimestampedRecommendation[]>();
  readonly scaleUpEvents = new Map<string, TimestampedScaleEvent[]>();
  readonly scaleDownEvents = new Map<string, TimestampedScaleEvent[]>();

  constructor(options: HorizontalControllerOptions) {
    this.hpaInformer = options.hpaInformer;
    this.podInformer = options.podInformer;
    this.recorder = options.recorder;
    this.loadModel = options.loadModel;
  }

  /** `processNextWorkItem` + `reconcileKey`: every HPA is looked at again one sync period later, error or not. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace ? `${request.namespace}/${request.name}` : request.name;
    const shared = this.hpaInformer.get(request.namespace, request.name) as HPAObject | undefined;
    if (!shared) {
      ctx.observe(`Horizontal Pod Autoscaler ${request.name} has been deleted in ${request.namespace ?? ''}`);
      this.recommendations.delete(key);
      this.scaleUpEvents.delete(key);
      this.scaleDownEvents.delete(key);
      return {};
    }
    try {
      yield* this.reconcileAutoscaler(ctx, shared, key);
    } catch (err) {
      ctx.status(`error: ${(err as Error).message}`);
    }
    return { requeueAfter: HPA_SYNC_PERIOD_MS };
  }

  /** One GET or PUT on a subresource, failing as client-go does. */
  private *call(ctx: ReconcileContext, r: Omit<ApiRequest, 'user'>): ClientOp<KubeObject> {
    const res = (yield { type: 'api', request: ctx.client.request(r) }) as ApiResponse;
    if (!res.ok) throw new StatusError(res.status);
    if (!('object' in res)) throw new Error('expected an object in the response');
    return res.object;
  }

  /** `reconcileAutoscaler`. */
  private *reconcileAutoscaler(ctx: ReconcileContext, hpaShared: HPAObject, key: string): ClientOp<void> {
    const now = ctx.now;
    const hpa = structuredClone(hpaShared) as HPAObject;
    const hpaStatusOriginal = canonicalStatus(hpaShared.status);
    const namespace = hpa.metadata?.namespace ?? '';
    const target = hpa.spec.scaleTargetRef;
    const reference = `${target.kind}/${namespace}/${target.name}`;
    ctx.observe(`HPA ${key} (rv ${hpa.metadata?.resourceVersion}) targets ${reference}`, [{ ...refOf(hpa as KubeObject), rv: hpa.metadata?.resourceVersion }]);

    let scale: KubeObject;
    try {
      scale = yield* this.call(ctx, { verb: 'get', apiVersion: target.apiVersion ?? '', kind: target.kind, namespace, name: target.name, subresource: 'scale' });
    } catch (err) {
      const msg = (err as Error).message;
      this.recorder.event(hpa as KubeObject, 'Warning', 'FailedGetScale', msg);
      setCondition(hpa, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${msg}`, now);
      yield* this.updateStatusIfNeeded(ctx, hpaStatusOriginal, hpa);
      throw new Error(`failed to query scale subresource for ${reference}: ${msg}`);
    }
    setCondition(hpa, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale", now);
    const scaleSpec = scale.spec as { replicas?: number };
    const scaleStatus = scale.status as { replicas?: number; selector?: string };
    const currentReplicas = scaleSpec.replicas ?? 0;
    this.recordInitialRecommendation(currentReplicas, key, now);

    let metricStatuses: Array<MetricStatus | undefined> = [];
    let desiredReplicas = 0;
    let rescaleReason = '';
    const minReplicas = hpa.spec.minReplicas ?? 1;
    let rescale = true;
    let retErr: Error | undefined;

    if (currentReplicas === 0 && minReplicas !== 0) {
      // Autoscaling is disabled for this resource.
      desiredReplicas = 0;
      rescale = false;
      setCondition(hpa, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', now);
      ctx.diff(`${reference} has 0 replicas: scaling is disabled`, true);
    } else if (currentReplicas > hpa.spec.maxReplicas) {
      rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
      desiredReplicas = hpa.spec.maxReplicas;
      ctx.diff(`have ${currentReplicas} replicas, above maxReplicas ${desiredReplicas}`, false);
    } else if (currentReplicas < minReplicas) {
      rescaleReason = 'Current number of replicas below Spec.MinReplicas';
      desiredReplicas = minReplicas;
      ctx.diff(`have ${currentReplicas} replicas, below minReplicas ${desiredReplicas}`, false);
    } else {
      const source: MetricsSource = this.metricsSource(namespace, now);
      const computed = computeReplicasForMetrics(hpa, scaleSpec.replicas ?? 0, scaleStatus.replicas ?? 0, scaleStatus.selector ?? '', source, this.recorder, now);
      metricStatuses = computed.statuses;
      ctx.diff(
        `metrics: ${computed.statuses.map((s) => describeMetricStatus(s)).join(', ') || 'none'} → ${computed.replicas === -1 ? 'no proposal' : `${computed.replicas} replica(s)`} (have ${currentReplicas})`,
        computed.replicas === currentReplicas,
      );
      if (computed.error && computed.replicas === -1) {
        setStatus(hpa, currentReplicas, hpa.status?.desiredReplicas ?? 0, metricStatuses, false, now);
        yield* this.updateStatusIfNeeded(ctx, hpaStatusOriginal, hpa);
        this.recorder.event(hpa as KubeObject, 'Warning', 'FailedComputeMetricsReplicas', computed.error.message);
        throw new Error(`failed to compute desired number of replicas based on listed metrics for ${reference}: ${computed.error.message}`);
      }
      // Some metrics failed but the others still propose a scale-up: go on, and report the error at the end.
      retErr = computed.error;
      let rescaleMetric = '';
      if (computed.replicas > desiredReplicas) {
        desiredReplicas = computed.replicas;
        rescaleMetric = computed.metric;
      }
      if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
      if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
      desiredReplicas = hpa.spec.behavior
        ? this.normalizeDesiredReplicasWithBehaviors(hpa, key, currentReplicas, desiredReplicas, minReplicas, now)
        : this.normalizeDesiredReplicas(hpa, key, currentReplicas, desiredReplicas, minReplicas, now);
      rescale = desiredReplicas !== currentReplicas;
    }

    if (rescale) {
      const newScale = { ...scale, spec: { ...scaleSpec, replicas: desiredReplicas } } as KubeObject;
      ctx.act(`scale ${reference} from ${currentReplicas} to ${desiredReplicas}: ${rescaleReason}`);
      try {
        yield* this.call(ctx, { verb: 'update', apiVersion: target.apiVersion ?? '', kind: target.kind, namespace, name: target.name, subresource: 'scale', body: newScale });
      } catch (err) {
        const msg = (err as Error).message;
        this.recorder.event(hpa as KubeObject, 'Warning', 'FailedRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: ${msg}`);
        setCondition(hpa, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${msg}`, now);
        setStatus(hpa, currentReplicas, hpa.status?.desiredReplicas ?? 0, metricStatuses, false, now);
        yield* this.updateStatusIfNeeded(ctx, hpaStatusOriginal, hpa);
        throw new Error(`failed to rescale ${reference}: ${msg}`);
      }
      setCondition(hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desiredReplicas}`, now);
      this.recorder.event(hpa as KubeObject, 'Normal', 'SuccessfulRescale', `New size: ${desiredReplicas}; reason: ${rescaleReason}`);
      this.storeScaleEvent(hpa, key, currentReplicas, desiredReplicas, now);
    } else {
      desiredReplicas = currentReplicas;
    }
    setStatus(hpa, currentReplicas, desiredReplicas, metricStatuses, rescale, now);
    yield* this.updateStatusIfNeeded(ctx, hpaStatusOriginal, hpa);
    if (retErr) throw retErr;
  }

  /** The pods and samples the replica calculator reads, for one namespace at `now`. */
  private metricsSource(namespace: string, now: number): MetricsSource {
    const pods = this.podInformer.list(undefined, namespace) as Pod[];
    return {
      pods: (selector: ParsedLabelSelector) => pods.filter((p) => matchesLabels(selector, p.metadata?.labels)),
      model: this.loadModel,
      allPods: pods,
      now,
      grouping: { cpuInitializationPeriod: this.cpuInitializationPeriod, delayOfInitialReadinessStatus: this.delayOfInitialReadinessStatus, now },
      defaultTolerance: this.tolerance,
    };
  }

  /** `recordInitialRecommendation`. */
  private recordInitialRecommendation(currentReplicas: number, key: string, now: number): void {
    if (!this.recommendations.has(key)) this.recommendations.set(key, [{ recommendation: currentReplicas, timestamp: now }]);
  }

  /** `normalizeDesiredReplicas`: the legacy rules (no `spec.behavior`). */
  private normalizeDesiredReplicas(hpa: HPAObject, key: string, currentReplicas: number, prenormalized: number, minReplicas: number, now: number): number {
    const recs = this.recommendations.get(key) ?? [];
    this.recommendations.set(key, recs);
    const stabilized = stabilizeRecommendation(recs, prenormalized, now, this.downscaleStabilisationWindow);
    if (stabilized !== prenormalized) {
      setCondition(hpa, 'AbleToScale', 'True', 'ScaleDownStabilized', 'recent recommendations were higher than current one, applying the highest recent recommendation', now);
    } else {
      setCondition(hpa, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size', now);
    }
    const limited = convertDesiredReplicasWithRules(currentReplicas, stabilized, minReplicas, hpa.spec.maxReplicas);
    setCondition(hpa, 'ScalingLimited', limited.desiredReplicas === stabilized ? 'False' : 'True', limited.reason, limited.message, now);
    return limited.desiredReplicas;
  }

  /** `normalizeDesiredReplicasWithBehaviors` (with `maybeInitScaleDownStabilizationWindow`). */
  private normalizeDesiredReplicasWithBehaviors(hpa: HPAObject, key: string, currentReplicas: number, prenormalized: number, minReplicas: number, now: number): number {
    const behavior = hpa.spec.behavior!;
    const scaleDown = { ...(behavior.scaleDown ?? {}) };
    scaleDown.stabilizationWindowSeconds ??= this.downscaleStabilisationWindow / 1000;
    const args = { scaleUpBehavior: behavior.scaleUp ?? {}, scaleDownBehavior: scaleDown, minReplicas, maxReplicas: hpa.spec.maxReplicas, currentReplicas, desiredReplicas: prenormalized };
    const recs = this.recommendations.get(key) ?? [];
    this.recommendations.set(key, recs);
    const stabilized = stabilizeRecommendationWithBehaviors(args, recs, now);
    args.desiredReplicas = stabilized.desiredReplicas;
    if (stabilized.desiredReplicas !== prenormalized) setCondition(hpa, 'AbleToScale', 'True', stabilized.reason, stabilized.message, now);
    else setCondition(hpa, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size', now);
    const limited = convertDesiredReplicasWithBehaviorRate(args, this.scaleUpEvents.get(key) ?? [], this.scaleDownEvents.get(key) ?? [], now);
    setCondition(hpa, 'ScalingLimited', limited.desiredReplicas === stabilized.desiredReplicas ? 'False' : 'True', limited.reason, limited.message, now);
    return limited.desiredReplicas;
  }

  private storeScaleEvent(hpa: HPAObject, key: string, prev: number, next: number, now: number): void {
    const up = this.scaleUpEvents.get(key) ?? [];
    const down = this.scaleDownEvents.get(key) ?? [];
    storeScaleEvent(hpa.spec.behavior, up, down, prev, next, now);
    if (hpa.spec.behavior) {
      this.scaleUpEvents.set(key, up);
      this.scaleDownEvents.set(key, down);
    }
  }

  /** `updateStatusIfNeeded`: PUT /status only when the status changed. */
  private *updateStatusIfNeeded(ctx: ReconcileContext, oldStatus: string, hpa: HPAObject): ClientOp<void> {
    if (canonicalStatus(hpa.status) === oldStatus) {
      ctx.status(`status unchanged: ${hpa.status?.currentReplicas ?? 0} current, ${hpa.status?.desiredReplicas ?? 0} desired`);
      return;
    }
    try {
      yield* ctx.client.updateStatus(hpa as KubeObject);
    } catch (err) {
      this.recorder.event(hpa as KubeObject, 'Warning', 'FailedUpdateStatus', (err as Error).message);
      throw new Error(`failed to update status for ${hpa.metadata?.name ?? ''}: ${(err as Error).message}`);
    }
    ctx.status(`status written: ${hpa.status?.currentReplicas ?? 0} current, ${hpa.status?.desiredReplicas ?? 0} desired`);
  }
}

/** "cpu 140% (700m)" for the loop's diff line. */
function describeMetricStatus(s: MetricStatus | undefined): string {
  if (!s?.resource) return '?';
  const c = s.resource.current;
  return `${s.resource.name} ${c.averageUtilization !== undefined ? `${c.averageUtilization}% ` : ''}(${c.averageValue ?? '?'})`;
}
