/**
 * When the change that an EndpointSlice write reflects happened: the earliest pod readiness transition (or the
 * Service's creation) not seen at the previous sync. Written on the slices as the
 * `endpoints.kubernetes.io/last-change-trigger-time` annotation, which is what end-to-end network programming
 * latency is measured from.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/util/trigger_time_tracker.go` (TriggerTimeTracker,
 * ComputeEndpointLastChangeTriggerTime, getPodTriggerTime, getServiceTriggerTime) and `utils.go`
 * (addTriggerTimeAnnotation).
 *
 * @remarks Times are virtual milliseconds parsed from the objects' RFC 3339 timestamps (whole seconds); the
 * annotation is written as RFC 3339 from them (upstream: RFC3339Nano of the same whole-second times).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { parseTime, rfc3339 } from '../../engine/clock.ts';
import { getPodReadyCondition } from '../replicaset/pod-util.ts';
import type { EndpointSliceObject, PodObject, ServiceObject } from './endpoint-utils.ts';

/** `v1.EndpointsLastChangeTriggerTime`. */
export const ENDPOINTS_LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';

interface ServiceState {
  /** Pod name → its trigger time at the last sync. */
  lastPodTriggerTimes: Map<string, number>;
  lastServiceTriggerTime: number | undefined;
}

/** `getPodTriggerTime`: the Ready condition's lastTransitionTime. */
function getPodTriggerTime(pod: Pod): number | undefined {
  const t = getPodReadyCondition(pod)?.lastTransitionTime;
  return t ? parseTime(t) : undefined;
}

/** `getServiceTriggerTime`: the Service's creationTimestamp. */
function getServiceTriggerTime(service: ServiceObject): number | undefined {
  const t = service.metadata.creationTimestamp;
  return t ? parseTime(t) : undefined;
}

function minDefined(a: number | undefined, b: number): number {
  return a === undefined ? b : Math.min(a, b);
}

export class TriggerTimeTracker {
  /** "namespace/name" → what the last sync saw. */
  private readonly serviceStates = new Map<string, ServiceState>();

  /**
   * `ComputeEndpointLastChangeTriggerTime`: for a Service seen for the first time, its creation; otherwise the
   * earliest trigger time that changed since the last sync (undefined when none did). Records the new state.
   */
  computeEndpointLastChangeTriggerTime(namespace: string, service: ServiceObject, pods: readonly PodObject[]): number | undefined {
    const key = `${namespace}/${service.metadata.name}`;
    const known = this.serviceStates.get(key);
    const state: ServiceState = known ?? { lastPodTriggerTimes: new Map(), lastServiceTriggerTime: undefined };
    let minChanged: number | undefined;
    const podTriggerTimes = new Map<string, number>();
    for (const pod of pods) {
      const t = getPodTriggerTime(pod);
      if (t === undefined) continue;
      podTriggerTimes.set(pod.metadata.name ?? '', t);
      const last = state.lastPodTriggerTimes.get(pod.metadata.name ?? '');
      if (last === undefined || t > last) minChanged = minDefined(minChanged, t);
    }
    const serviceTriggerTime = getServiceTriggerTime(service);
    if (serviceTriggerTime !== undefined && (state.lastServiceTriggerTime === undefined || serviceTriggerTime > state.lastServiceTriggerTime)) {
      minChanged = minDefined(minChanged, serviceTriggerTime);
    }
    this.serviceStates.set(key, { lastPodTriggerTimes: podTriggerTimes, lastServiceTriggerTime: serviceTriggerTime });
    // A new Service: its creation.
    if (!known) return serviceTriggerTime;
    return minChanged;
  }

  /** `DeleteService`. */
  deleteService(namespace: string, name: string): void {
    this.serviceStates.delete(`${namespace}/${name}`);
  }
}

/** `addTriggerTimeAnnotation`: sets the annotation, or clears it when there is no new trigger time. */
export function addTriggerTimeAnnotation(slice: EndpointSliceObject, triggerTime: number | undefined): void {
  const annotations = { ...(slice.metadata.annotations ?? {}) };
  if (triggerTime !== undefined) annotations[ENDPOINTS_LAST_CHANGE_TRIGGER_TIME] = rfc3339(triggerTime);
  else delete annotations[ENDPOINTS_LAST_CHANGE_TRIGGER_TIME];
  slice.metadata.annotations = annotations;
}
