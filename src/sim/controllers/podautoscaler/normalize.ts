/**
 * From a raw recommendation to the replica count the HPA sets: stabilization over recent recommendations, then the
 * rate limits — the legacy rules (no `spec.behavior`: a 5 min scale-down window, scale up to at most
 * max(2 × current, 4)) or the `behavior` policies (per-direction windows, Pods/Percent policies over periods,
 * selectPolicy Max/Min/Disabled).
 *
 * Ported from kubernetes `pkg/controller/podautoscaler/horizontal.go` (stabilizeRecommendation,
 * convertDesiredReplicasWithRules, calculateScaleUpLimit, stabilizeRecommendationWithBehaviors,
 * convertDesiredReplicasWithBehaviorRate, calculateScaleUpLimitWithScalingRules,
 * calculateScaleDownLimitWithBehaviors, getReplicasChangePerPeriod, storeScaleEvent, markScaleEventsOutdated,
 * getLongestPolicyPeriod). Condition reasons and messages are upstream's.
 *
 * @remarks The recommendation and scale-event lists are passed in and changed in place (upstream keeps them in
 * maps on the controller, by HPA key, under locks).
 */
import type { HPAScalingRules, HorizontalPodAutoscalerBehavior } from 'kubernetes-types/autoscaling/v2';

const SCALE_UP_LIMIT_FACTOR = 2.0;
const SCALE_UP_LIMIT_MINIMUM = 4.0;
const MAX_INT32 = 2147483647;
const MIN_INT32 = -2147483648;

/** `timestampedRecommendation`. */
export interface TimestampedRecommendation {
  recommendation: number;
  timestamp: number;
}

/** `timestampedScaleEvent`. */
export interface TimestampedScaleEvent {
  replicaChange: number;
  timestamp: number;
  outdated: boolean;
}

/** A condition to set: reason and message. */
export interface Limiting {
  desiredReplicas: number;
  reason: string;
  message: string;
}

export const SCALE_DOWN_STABILIZED_MESSAGE = 'recent recommendations were higher than current one, applying the highest recent recommendation';

/** `stabilizeRecommendation` (legacy): the highest recommendation within the window; records this one. */
export function stabilizeRecommendation(recs: TimestampedRecommendation[], prenormalizedDesiredReplicas: number, now: number, downscaleStabilisationWindowMs: number): number {
  let maxRecommendation = prenormalizedDesiredReplicas;
  let foundOldSample = false;
  let oldSampleIndex = 0;
  const cutoff = now - downscaleStabilisationWindowMs;
  recs.forEach((rec, i) => {
    if (rec.timestamp < cutoff) {
      foundOldSample = true;
      oldSampleIndex = i;
    } else if (rec.recommendation > maxRecommendation) {
      maxRecommendation = rec.recommendation;
    }
  });
  const entry = { recommendation: prenormalizedDesiredReplicas, timestamp: now };
  if (foundOldSample) recs[oldSampleIndex] = entry;
  else recs.push(entry);
  return maxRecommendation;
}

/** `calculateScaleUpLimit`: max(2 × current, 4). */
export function calculateScaleUpLimit(currentReplicas: number): number {
  return Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * currentReplicas, SCALE_UP_LIMIT_MINIMUM));
}

/** `convertDesiredReplicasWithRules`: clamps to [min, min(max, scale-up limit)] and says which bound applied. */
export function convertDesiredReplicasWithRules(currentReplicas: number, desiredReplicas: number, hpaMinReplicas: number, hpaMaxReplicas: number): Limiting {
  let maximumAllowedReplicas: number;
  let possibleLimitingReason: string;
  let possibleLimitingMessage: string;
  const scaleUpLimit = calculateScaleUpLimit(currentReplicas);
  if (hpaMaxReplicas > scaleUpLimit) {
    maximumAllowedReplicas = scaleUpLimit;
    possibleLimitingReason = 'ScaleUpLimit';
    possibleLimitingMessage = 'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maximumAllowedReplicas = hpaMaxReplicas;
    possibleLimitingReason = 'TooManyReplicas';
    possibleLimitingMessage = 'the desired replica count is more than the maximum replica count';
  }
  // minReplicas as given, 0 included (horizontal.go convertDesiredReplicasWithRules: `minimumAllowedReplicas =
  // hpaMinReplicas`; the old "0 means 1" went with HPAScaleToZero), as the behavior path below does.
  const minimumAllowedReplicas = hpaMinReplicas;
  if (desiredReplicas < minimumAllowedReplicas) {
    return { desiredReplicas: minimumAllowedReplicas, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
  }
  if (desiredReplicas > maximumAllowedReplicas) {
    return { desiredReplicas: maximumAllowedReplicas, reason: possibleLimitingReason, message: possibleLimitingMessage };
  }
  return { desiredReplicas, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** `NormalizationArg`. */
export interface NormalizationArg {
  scaleUpBehavior: HPAScalingRules;
  scaleDownBehavior: HPAScalingRules;
  minReplicas: number;
  maxReplicas: number;
  currentReplicas: number;
  desiredReplicas: number;
}

/**
 * `stabilizeRecommendationWithBehaviors`: the current count raised to the lowest recommendation within the
 * scale-up window, then lowered to the highest within the scale-down window; records the raw recommendation.
 */
export function stabilizeRecommendationWithBehaviors(args: NormalizationArg, recs: TimestampedRecommendation[], now: number): Limiting {
  let foundOldSample = false;
  let oldSampleIndex = 0;
  let upRecommendation = args.desiredReplicas;
  const upDelaySeconds = args.scaleUpBehavior.stabilizationWindowSeconds ?? 0;
  const upCutoff = now - upDelaySeconds * 1000;
  let downRecommendation = args.desiredReplicas;
  const downDelaySeconds = args.scaleDownBehavior.stabilizationWindowSeconds ?? 0;
  const downCutoff = now - downDelaySeconds * 1000;
  // Recommendations older than the longest window are reused.
  const obsoleteCutoff = now - Math.max(upDelaySeconds, downDelaySeconds) * 1000;
  recs.forEach((rec, i) => {
    if (rec.timestamp > upCutoff) upRecommendation = Math.min(rec.recommendation, upRecommendation);
    if (rec.timestamp > downCutoff) downRecommendation = Math.max(rec.recommendation, downRecommendation);
    if (rec.timestamp < obsoleteCutoff) {
      foundOldSample = true;
      oldSampleIndex = i;
    }
  });
  let recommendation = args.currentReplicas;
  if (recommendation < upRecommendation) recommendation = upRecommendation;
  if (recommendation > downRecommendation) recommendation = downRecommendation;
  const entry = { recommendation: args.desiredReplicas, timestamp: now };
  if (foundOldSample) recs[oldSampleIndex] = entry;
  else recs.push(entry);
  return { desiredReplicas: recommendation, reason: 'ScaleDownStabilized', message: SCALE_DOWN_STABILIZED_MESSAGE };
}

/** `getReplicasChangePerPeriod`: the replicas added (or removed) by the events younger than the period. */
export function getReplicasChangePerPeriod(periodSeconds: number, scaleEvents: readonly TimestampedScaleEvent[], now: number): number {
  const cutoff = now - periodSeconds * 1000;
  let replicas = 0;
  for (const rec of scaleEvents) if (rec.timestamp > cutoff) replicas += rec.replicaChange;
  return replicas;
}

/** `calculateScaleUpLimitWithScalingRules`: the most replicas the policies allow now. */
export function calculateScaleUpLimitWithScalingRules(
  currentReplicas: number,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  scalingRules: HPAScalingRules,
  now: number,
): number {
  if (scalingRules.selectPolicy === 'Disabled') return currentReplicas;
  const useMin = scalingRules.selectPolicy === 'Min';
  let result = useMin ? MAX_INT32 : MIN_INT32;
  for (const policy of scalingRules.policies ?? []) {
    const replicasAddedInCurrentPeriod = getReplicasChangePerPeriod(policy.periodSeconds, scaleUpEvents, now);
    const replicasDeletedInCurrentPeriod = getReplicasChangePerPeriod(policy.periodSeconds, scaleDownEvents, now);
    const periodStartReplicas = currentReplicas - replicasAddedInCurrentPeriod + replicasDeletedInCurrentPeriod;
    let proposed = 0;
    if (policy.type === 'Pods') proposed = periodStartReplicas + policy.value;
    else if (policy.type === 'Percent') proposed = Math.trunc(Math.ceil(periodStartReplicas * (1 + policy.value / 100)));
    result = useMin ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

/** `calculateScaleDownLimitWithBehaviors`: the fewest replicas the policies allow now. */
export function calculateScaleDownLimitWithBehaviors(
  currentReplicas: number,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  scalingRules: HPAScalingRules,
  now: number,
): number {
  if (scalingRules.selectPolicy === 'Disabled') return currentReplicas;
  const useMax = scalingRules.selectPolicy === 'Min';
  let result = useMax ? MIN_INT32 : MAX_INT32;
  for (const policy of scalingRules.policies ?? []) {
    const replicasAddedInCurrentPeriod = getReplicasChangePerPeriod(policy.periodSeconds, scaleUpEvents, now);
    const replicasDeletedInCurrentPeriod = getReplicasChangePerPeriod(policy.periodSeconds, scaleDownEvents, now);
    const periodStartReplicas = currentReplicas - replicasAddedInCurrentPeriod + replicasDeletedInCurrentPeriod;
    let proposed = 0;
    if (policy.type === 'Pods') proposed = periodStartReplicas - policy.value;
    else if (policy.type === 'Percent') proposed = Math.trunc(periodStartReplicas * (1 - policy.value / 100));
    result = useMax ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

/** `convertDesiredReplicasWithBehaviorRate`: applies the scale-up or scale-down rate limit and min/max. */
export function convertDesiredReplicasWithBehaviorRate(
  args: NormalizationArg,
  scaleUpEvents: readonly TimestampedScaleEvent[],
  scaleDownEvents: readonly TimestampedScaleEvent[],
  now: number,
): Limiting {
  if (args.desiredReplicas > args.currentReplicas) {
    let scaleUpLimit = calculateScaleUpLimitWithScalingRules(args.currentReplicas, scaleUpEvents, scaleDownEvents, args.scaleUpBehavior, now);
    // The policies never force a scale-down.
    if (scaleUpLimit < args.currentReplicas) scaleUpLimit = args.currentReplicas;
    let maximumAllowedReplicas = args.maxReplicas;
    let reason: string;
    let message: string;
    if (maximumAllowedReplicas > scaleUpLimit) {
      maximumAllowedReplicas = scaleUpLimit;
      reason = 'ScaleUpLimit';
      message = 'the desired replica count is increasing faster than the maximum scale rate';
    } else {
      reason = 'TooManyReplicas';
      message = 'the desired replica count is more than the maximum replica count';
    }
    if (args.desiredReplicas > maximumAllowedReplicas) return { desiredReplicas: maximumAllowedReplicas, reason, message };
  } else if (args.desiredReplicas < args.currentReplicas) {
    let scaleDownLimit = calculateScaleDownLimitWithBehaviors(args.currentReplicas, scaleUpEvents, scaleDownEvents, args.scaleDownBehavior, now);
    // The policies never force a scale-up.
    if (scaleDownLimit > args.currentReplicas) scaleDownLimit = args.currentReplicas;
    let minimumAllowedReplicas = args.minReplicas;
    let reason: string;
    let message: string;
    if (minimumAllowedReplicas < scaleDownLimit) {
      minimumAllowedReplicas = scaleDownLimit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    } else {
      reason = 'TooFewReplicas';
      message = 'the desired replica count is less than the minimum replica count';
    }
    if (args.desiredReplicas < minimumAllowedReplicas) return { desiredReplicas: minimumAllowedReplicas, reason, message };
  }
  return { desiredReplicas: args.desiredReplicas, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** `getLongestPolicyPeriod` (seconds). */
export function getLongestPolicyPeriod(scalingRules: HPAScalingRules | undefined): number {
  let longestPolicyPeriod = 0;
  for (const policy of scalingRules?.policies ?? []) if (policy.periodSeconds > longestPolicyPeriod) longestPolicyPeriod = policy.periodSeconds;
  return longestPolicyPeriod;
}

/** `markScaleEventsOutdated`: events older than the longest policy period may be reused. */
export function markScaleEventsOutdated(scaleEvents: TimestampedScaleEvent[], longestPolicyPeriod: number, now: number): void {
  const cutoff = now - longestPolicyPeriod * 1000;
  for (const event of scaleEvents) if (event.timestamp < cutoff) event.outdated = true;
}

/** `storeScaleEvent`: remembers a rescale for the policies' periods (only when `behavior` is set). */
export function storeScaleEvent(
  behavior: HorizontalPodAutoscalerBehavior | undefined,
  scaleUpEvents: TimestampedScaleEvent[],
  scaleDownEvents: TimestampedScaleEvent[],
  prevReplicas: number,
  newReplicas: number,
  now: number,
): void {
  if (!behavior) return;
  const up = newReplicas > prevReplicas;
  const events = up ? scaleUpEvents : scaleDownEvents;
  markScaleEventsOutdated(events, getLongestPolicyPeriod(up ? behavior.scaleUp : behavior.scaleDown), now);
  const replicaChange = up ? newReplicas - prevReplicas : prevReplicas - newReplicas;
  // The last outdated slot is reused.
  let i = -1;
  events.forEach((e, idx) => {
    if (e.outdated) i = idx;
  });
  const entry = { replicaChange, timestamp: now, outdated: false };
  if (i >= 0) events[i] = entry;
  else events.push(entry);
}
