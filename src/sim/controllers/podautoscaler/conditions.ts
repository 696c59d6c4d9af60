/**
 * The HPA's status conditions — AbleToScale, ScalingActive, ScalingLimited — and its status as the controller
 * writes it.
 *
 * Ported from kubernetes `pkg/controller/podautoscaler/horizontal.go` (setCondition, setConditionInList,
 * setStatus).
 */
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerSpec, MetricStatus } from 'kubernetes-types/autoscaling/v2';
import { rfc3339 } from '../../engine/clock.ts';

/** An HPA as the api-server stores it: spec is always there. */
export type HPAObject = HorizontalPodAutoscaler & { spec: HorizontalPodAutoscalerSpec };

export type HPAConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';

/** `setCondition`: sets one condition in place; lastTransitionTime moves only when the status changes. */
export function setCondition(hpa: HorizontalPodAutoscaler, type: HPAConditionType, status: 'True' | 'False', reason: string, message: string, now: number): void {
  hpa.status ??= { desiredReplicas: 0 };
  const list = (hpa.status.conditions ??= []);
  let existing: HorizontalPodAutoscalerCondition | undefined = list.find((c) => c.type === type);
  if (!existing) {
    existing = { type, status };
    list.push(existing);
    existing.lastTransitionTime = rfc3339(now);
  } else if (existing.status !== status) {
    existing.lastTransitionTime = rfc3339(now);
  }
  existing.status = status;
  existing.reason = reason;
  existing.message = message;
}

/** A condition's status, reason and message (undefined when not set). */
export function getCondition(hpa: HorizontalPodAutoscaler, type: HPAConditionType): HorizontalPodAutoscalerCondition | undefined {
  return hpa.status?.conditions?.find((c) => c.type === type);
}

/**
 * `setStatus`: the replica counts and metrics the controller last saw; lastScaleTime moves when it rescaled.
 * Metrics that could not be computed are left out. As upstream, the status is rebuilt from these fields only.
 */
export function setStatus(hpa: HorizontalPodAutoscaler, currentReplicas: number, desiredReplicas: number, metricStatuses: ReadonlyArray<MetricStatus | undefined>, rescale: boolean, now: number): void {
  const status: NonNullable<HorizontalPodAutoscaler['status']> = {
    currentReplicas,
    desiredReplicas,
  };
  const lastScaleTime = rescale ? rfc3339(now) : hpa.status?.lastScaleTime;
  if (lastScaleTime) status.lastScaleTime = lastScaleTime;
  const metrics = metricStatuses.filter((m): m is MetricStatus => m !== undefined);
  if (metrics.length) status.currentMetrics = metrics;
  if (hpa.status?.conditions) status.conditions = hpa.status.conditions;
  hpa.status = status;
}

/** A status as canonical JSON (keys sorted), for `updateStatusIfNeeded`'s semantic comparison. */
export function canonicalStatus(status: unknown): string {
  return JSON.stringify(status ?? {}, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
