/**
 * The kubelet-owned pod conditions: Initialized, ContainersReady and Ready (with readiness gates), their reasons and
 * messages.
 *
 * Ported from kubernetes `pkg/kubelet/status/generate.go` (GeneratePodInitializedCondition,
 * GenerateContainersReadyCondition, GeneratePodReadyCondition) and `pkg/kubelet/status/status_manager.go` (updateLastTransitionTime).
 */
import type { ContainerStatus, Pod, PodCondition } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { intern } from '../../engine/intern.ts';
import { hasAnyRegularContainerStarted, isRestartableInitContainer, type PodPhase } from './pod-phase';

export const UNKNOWN_CONTAINER_STATUSES = 'UnknownContainerStatuses';
export const POD_COMPLETED = 'PodCompleted';
export const POD_FAILED = 'PodFailed';
export const CONTAINERS_NOT_READY = 'ContainersNotReady';
export const CONTAINERS_NOT_INITIALIZED = 'ContainersNotInitialized';
export const READINESS_GATES_NOT_READY = 'ReadinessGatesNotReady';

/** Go's `%s` of a []string: "[a b]". */
const goList = (xs: string[]): string => `[${xs.join(' ')}]`;

/**
 * `GenerateContainersReadyCondition`: True when every container (and sidecar) reports ready; otherwise False with
 * ContainersNotReady and "containers with unknown status: [..], containers with unready status: [..]";
 * False/PodCompleted or False/PodFailed in a terminal phase.
 */
export function generateContainersReadyCondition(pod: Pod, statuses: readonly ContainerStatus[] | undefined, phase: PodPhase): PodCondition {
  if (statuses === undefined) return { type: 'ContainersReady', status: 'False', reason: UNKNOWN_CONTAINER_STATUSES };
  const unknown: string[] = [];
  const unready: string[] = [];
  for (const c of pod.spec?.initContainers ?? []) if (isRestartableInitContainer(c)) checkReady(statuses, c.name, unknown, unready);
  for (const c of pod.spec?.containers ?? []) checkReady(statuses, c.name, unknown, unready);
  if (phase === 'Succeeded' && unknown.length === 0) return { type: 'ContainersReady', status: 'False', reason: POD_COMPLETED };
  if (phase === 'Failed') return { type: 'ContainersReady', status: 'False', reason: POD_FAILED };
  const messages: string[] = [];
  if (unknown.length) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (unready.length) messages.push(`containers with unready status: ${goList(unready)}`);
  // Every pod of a Deployment says the same: one copy of the text (`intern`), not one per condition per pod.
  if (messages.length) return { type: 'ContainersReady', status: 'False', reason: CONTAINERS_NOT_READY, message: intern(messages.join(', ')) };
  return { type: 'ContainersReady', status: 'True' };
}

/** Notes container `name` as unknown (no status) or unready. */
function checkReady(statuses: readonly ContainerStatus[], name: string, unknown: string[], unready: string[]): void {
  const s = statuses.find((x) => x.name === name);
  if (!s) unknown.push(name);
  else if (!s.ready) unready.push(name);
}

/**
 * `GeneratePodReadyCondition`: ContainersReady's status, reason and message when not True; otherwise True unless a
 * readiness gate's condition (in `conditions`) is missing or not True (ReadinessGatesNotReady). `cr` is the
 * ContainersReady condition of the same inputs, when the caller has it already.
 */
export function generatePodReadyCondition(
  pod: Pod,
  conditions: readonly PodCondition[],
  statuses: readonly ContainerStatus[] | undefined,
  phase: PodPhase,
  cr: PodCondition = generateContainersReadyCondition(pod, statuses, phase),
): PodCondition {
  if (cr.status !== 'True') return { type: 'Ready', status: cr.status, ...(cr.reason ? { reason: cr.reason } : {}), ...(cr.message ? { message: cr.message } : {}) };
  const messages: string[] = [];
  for (const rg of pod.spec?.readinessGates ?? []) {
    const c = conditions.find((x) => x.type === rg.conditionType);
    if (!c) messages.push(`corresponding condition of pod readiness gate ${JSON.stringify(rg.conditionType)} does not exist.`);
    else if (c.status !== 'True') messages.push(`the status of pod readiness gate ${JSON.stringify(rg.conditionType)} is not "True", but ${c.status}`);
  }
  if (messages.length) return { type: 'Ready', status: 'False', reason: READINESS_GATES_NOT_READY, message: intern(messages.join(', ')) };
  return { type: 'Ready', status: 'True' };
}

/**
 * `GeneratePodInitializedCondition`: True without init containers, once every init container succeeded (sidecars:
 * started), or once any regular container has started; otherwise False/ContainersNotInitialized naming the unknown
 * and incomplete ones.
 */
export function generatePodInitializedCondition(pod: Pod, statuses: readonly ContainerStatus[] | undefined, phase: PodPhase): PodCondition {
  const inits = pod.spec?.initContainers ?? [];
  if (inits.length === 0) return { type: 'Initialized', status: 'True' };
  if (statuses === undefined) return { type: 'Initialized', status: 'False', reason: UNKNOWN_CONTAINER_STATUSES };
  const unknown: string[] = [];
  const incomplete: string[] = [];
  for (const c of inits) {
    const s = statuses.find((x) => x.name === c.name);
    if (!s) {
      unknown.push(c.name);
    } else if (isRestartableInitContainer(c)) {
      if (!s.started) incomplete.push(c.name);
    } else if (!s.state?.terminated || s.state.terminated.exitCode !== 0) {
      incomplete.push(c.name);
    }
  }
  if (phase === 'Succeeded' && unknown.length === 0) return { type: 'Initialized', status: 'True', reason: POD_COMPLETED };
  if (hasAnyRegularContainerStarted(pod, statuses)) return { type: 'Initialized', status: 'True' };
  const messages: string[] = [];
  if (unknown.length) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (incomplete.length) messages.push(`containers with incomplete status: ${goList(incomplete)}`);
  if (messages.length) return { type: 'Initialized', status: 'False', reason: CONTAINERS_NOT_INITIALIZED, message: messages.join(', ') };
  return { type: 'Initialized', status: 'True' };
}

/**
 * The status manager's `updateLastTransitionTime`: the condition keeps the old lastTransitionTime while its status
 * is unchanged, and takes `now` when it changes (or is new).
 */
export function withLastTransitionTime(oldConditions: readonly PodCondition[] | undefined, condition: PodCondition, now: number): PodCondition {
  const old = oldConditions?.find((c) => c.type === condition.type);
  const lastTransitionTime = old && old.status === condition.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now);
  return withTime(condition, lastTransitionTime);
}

/**
 * `{ ...c, lastTransitionTime }`. The conditions generated above (type, status, then reason and message when set,
 * in that order) are built directly: a spread of objects of varying shapes goes the slow way, and every status the
 * kubelet generates stamps five. Any other shape is spread. (Conditions are plain data: no symbol keys.)
 */
export function withTime(c: PodCondition, lastTransitionTime: string): PodCondition {
  let next = 0; // 0: type, 1: status, 2: reason or message, 3: message, 4: nothing more
  let reason = false;
  for (const k in c) {
    if (next === 0 && k === 'type') next = 1;
    else if (next === 1 && k === 'status') next = 2;
    else if (next === 2 && k === 'reason') {
      next = 3;
      reason = true;
    }
    else if ((next === 2 || next === 3) && k === 'message') next = 4;
    else return { ...c, lastTransitionTime };
  }
  const { type, status } = c;
  if (next < 2) return { ...c, lastTransitionTime };
  if (next === 2) return { type, status, lastTransitionTime };
  if (next === 3) return { type, status, reason: c.reason, lastTransitionTime };
  return reason ? { type, status, reason: c.reason, message: c.message, lastTransitionTime } : { type, status, message: c.message, lastTransitionTime };
}
