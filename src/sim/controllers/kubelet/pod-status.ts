/**
 * The pod status the kubelet reports: container statuses from its runtime, the phase, the kubelet-owned conditions,
 * IPs, startTime and QoS class.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet_pods.go` (generateAPIPodStatus, convertToAPIContainerStatuses),
 * `pkg/kubelet/status/generate.go` (GeneratePodReadyToStartContainersCondition and the others in pod-conditions.ts),
 * `pkg/apis/core/v1/helper/qos/qos.go` (GetPodQOS) and `pkg/kubelet/status/status_manager.go`
 * (updateLastTransitionTime, a terminal phase never goes back).
 *
 * @remarks `lastProbeTime: null` is omitted from conditions; resources are compared as written (no
 * quantity normalisation) for the QoS class. Upstream restarts a changed container inside one blocking sync, so no
 * status shows it between its kill and its new start; here the pull takes virtual time, and the pod stays Running
 * meanwhile instead of getPhase counting the waiting container as stopped.
 */
import type { ContainerState, ContainerStatus, Pod, PodCondition, PodStatus } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock.ts';
import { canonicalJson } from '../../api/canonical-json.ts';
import { generatePodInitializedCondition, generatePodReadyCondition, generateContainersReadyCondition, withLastTransitionTime } from './pod-conditions.ts';
import { getPhase, isRestartableInitContainer, type PodPhase } from './pod-phase.ts';
import type { RuntimeContainer, RuntimePod, RuntimeTermination } from './runtime-state.ts';

/** The conditions the kubelet owns; others in the old status (DisruptionTarget...) are kept before them. */
const KUBELET_CONDITIONS = new Set(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);

export const CONTAINER_CREATING = 'ContainerCreating';
export const POD_INITIALIZING = 'PodInitializing';

function terminatedState(t: RuntimeTermination): NonNullable<ContainerState['terminated']> {
  return {
    exitCode: t.exitCode,
    reason: t.reason,
    ...(t.message ? { message: t.message } : {}),
    startedAt: rfc3339(t.startedAt),
    finishedAt: rfc3339(t.finishedAt),
    containerID: t.containerID,
  };
}

/** `convertToAPIContainerStatuses` for one container of the spec. */
export function containerStatusOf(name: string, image: string, rc: RuntimeContainer | undefined, podIsTerminal: boolean, defaultWaiting = CONTAINER_CREATING): ContainerStatus {
  const base = { name, image, imageID: rc?.imageID ?? '', restartCount: rc?.attempt ?? 0 };
  const lastState: ContainerState = rc?.last ? { terminated: terminatedState(rc.last) } : {};
  if (!rc) {
    if (podIsTerminal) {
      // A container that never ran in a pod that is done: upstream reports it as lost.
      return {
        ...base,
        state: { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated' } },
        lastState,
        ready: false,
        started: false,
      };
    }
    return { ...base, state: { waiting: { reason: defaultWaiting } }, lastState, ready: false, started: false };
  }
  const withID = rc.containerID ? { containerID: rc.containerID } : {};
  if (rc.state === 'running') {
    return { ...base, ...withID, state: { running: { startedAt: rfc3339(rc.startedAt ?? 0) } }, lastState, ready: rc.ready, started: true };
  }
  if (rc.state === 'exited' && rc.terminated) {
    if (rc.waiting && !podIsTerminal) {
      return { ...base, ...withID, state: { waiting: { ...rc.waiting } }, lastState: { terminated: terminatedState(rc.terminated) }, ready: false, started: false };
    }
    return { ...base, ...withID, state: { terminated: terminatedState(rc.terminated) }, lastState, ready: false, started: false };
  }
  return { ...base, state: { waiting: { reason: CONTAINER_CREATING } }, lastState, ready: false, started: false };
}

/** `GeneratePodReadyToStartContainersCondition`: True once the sandbox exists with networking. */
export function generatePodReadyToStartContainersCondition(sandboxReady: boolean): PodCondition {
  return sandboxReady ? { type: 'PodReadyToStartContainers', status: 'True' } : { type: 'PodReadyToStartContainers', status: 'False' };
}

type ResourceList = Record<string, string | number>;

/** `GetPodQOS`: BestEffort without cpu/memory requests or limits; Guaranteed when every container limits both and requests equal limits; else Burstable. */
export function getPodQOS(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const requests = (c.resources?.requests ?? {}) as ResourceList;
    const limits = (c.resources?.limits ?? {}) as ResourceList;
    for (const r of ['cpu', 'memory']) {
      if (requests[r] !== undefined || limits[r] !== undefined) any = true;
      if (limits[r] === undefined) guaranteed = false;
      else if (requests[r] !== undefined && String(requests[r]) !== String(limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** `PodStatus` with `observedGeneration` (1.33; newer than the bundled types). */
export type KubeletPodStatus = PodStatus & { observedGeneration?: number };

export interface PodStatusInputs {
  hostIP: string;
  now: number;
  /** The pod is being deleted and none of its containers runs any more (`podIsTerminal`). */
  podIsTerminal: boolean;
}

/**
 * `generateAPIPodStatus`: the status the status manager will write for `pod` given the runtime's view `rp`.
 * Conditions keep their lastTransitionTime while unchanged; a phase already terminal stays.
 */
export function generateAPIPodStatus(pod: Pod, rp: RuntimePod, inputs: PodStatusInputs): KubeletPodStatus {
  const old = pod.status ?? {};
  const inits = pod.spec?.initContainers ?? [];
  // `convertToAPIContainerStatuses`: with init containers, containers not created yet wait in PodInitializing.
  const defaultWaiting = inits.length ? POD_INITIALIZING : CONTAINER_CREATING;
  const statusOf = (c: { name: string; image?: string }): ContainerStatus =>
    containerStatusOf(c.name, c.image ?? '', rp.containers.find((x) => x.name === c.name), inputs.podIsTerminal, defaultWaiting);
  const containerStatuses = (pod.spec?.containers ?? []).map(statusOf);
  const initContainerStatuses = inits.map((c) => {
    const s = statusOf(c);
    // The prober: a regular init container is ready once it has succeeded.
    if (!isRestartableInitContainer(c)) s.ready = s.state?.terminated?.exitCode === 0;
    return s;
  });
  const all = [...initContainerStatuses, ...containerStatuses];
  let phase: PodPhase = getPhase(pod, all, inputs.podIsTerminal);
  // A container being started again (its spec changed) waits with its last exit: not a reason to end the pod.
  if ((phase === 'Succeeded' || phase === 'Failed') && !inputs.podIsTerminal && rp.containers.some((c) => c.state !== 'exited')) phase = 'Running';
  if (old.phase === 'Succeeded' || old.phase === 'Failed') phase = old.phase;
  const others = (old.conditions ?? []).filter((c) => !KUBELET_CONDITIONS.has(c.type));
  const owned: PodCondition[] = [generatePodReadyToStartContainersCondition(!inputs.podIsTerminal)];
  owned.push(generatePodInitializedCondition(pod, all, phase));
  owned.push(generatePodReadyCondition(pod, [...others, ...owned], all, phase));
  owned.push(generateContainersReadyCondition(pod, all, phase));
  const scheduled = (old.conditions ?? []).find((c) => c.type === 'PodScheduled');
  owned.push(scheduled ? { ...scheduled, status: 'True' } : { type: 'PodScheduled', status: 'True' });
  const conditions = [...others, ...owned].map((c) => withLastTransitionTime(old.conditions, c, inputs.now));
  const status: KubeletPodStatus = {
    observedGeneration: pod.metadata?.generation,
    phase,
    conditions,
    hostIP: inputs.hostIP,
    hostIPs: [{ ip: inputs.hostIP }],
    podIP: rp.podIP,
    podIPs: [{ ip: rp.podIP }],
    startTime: old.startTime ?? rfc3339(rp.startTime),
    containerStatuses,
    qosClass: getPodQOS(pod),
  };
  if (initContainerStatuses.length) status.initContainerStatuses = initContainerStatuses;
  if (status.observedGeneration === undefined) delete status.observedGeneration;
  return status;
}

/** True when two statuses say the same (what the status manager's `needsUpdate` compares). */
export function podStatusEqual(a: PodStatus | undefined, b: PodStatus | undefined): boolean {
  return canonicalJson(a ?? {}) === canonicalJson(b ?? {});
}
