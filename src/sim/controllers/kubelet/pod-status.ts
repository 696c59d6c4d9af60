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
  const { exitCode, reason, message, containerID } = t;
  const startedAt = rfc3339(t.startedAt);
  const finishedAt = rfc3339(t.finishedAt);
  return message ? { exitCode, reason, message, startedAt, finishedAt, containerID } : { exitCode, reason, startedAt, finishedAt, containerID };
}

/**
 * One container status, its fields in this order (containerID only when set). Built whole rather than spread from
 * parts: spreading several objects into one goes the slow way, and every status the kubelet generates passes here.
 */
function containerStatus(
  name: string,
  image: string,
  imageID: string,
  restartCount: number,
  containerID: string,
  state: ContainerState,
  lastState: ContainerState,
  ready: boolean,
  started: boolean,
): ContainerStatus {
  return containerID ? { name, image, imageID, restartCount, containerID, state, lastState, ready, started } : { name, image, imageID, restartCount, state, lastState, ready, started };
}

/** `convertToAPIContainerStatuses` for one container of the spec. */
export function containerStatusOf(name: string, image: string, rc: RuntimeContainer | undefined, podIsTerminal: boolean, defaultWaiting = CONTAINER_CREATING): ContainerStatus {
  const imageID = rc?.imageID ?? '';
  const restartCount = rc?.attempt ?? 0;
  const lastState: ContainerState = rc?.last ? { terminated: terminatedState(rc.last) } : {};
  if (!rc) {
    if (podIsTerminal) {
      // A container that never ran in a pod that is done: upstream reports it as lost.
      const lost = { terminated: { exitCode: 137, reason: 'ContainerStatusUnknown', message: 'The container could not be located when the pod was terminated' } };
      return containerStatus(name, image, imageID, restartCount, '', lost, lastState, false, false);
    }
    return containerStatus(name, image, imageID, restartCount, '', { waiting: { reason: defaultWaiting } }, lastState, false, false);
  }
  const id = rc.containerID;
  if (rc.state === 'running') {
    return containerStatus(name, image, imageID, restartCount, id, { running: { startedAt: rfc3339(rc.startedAt ?? 0) } }, lastState, rc.ready, true);
  }
  if (rc.state === 'exited' && rc.terminated) {
    if (rc.waiting && !podIsTerminal) {
      return containerStatus(name, image, imageID, restartCount, id, { waiting: { ...rc.waiting } }, { terminated: terminatedState(rc.terminated) }, false, false);
    }
    return containerStatus(name, image, imageID, restartCount, id, { terminated: terminatedState(rc.terminated) }, lastState, false, false);
  }
  return containerStatus(name, image, imageID, restartCount, '', { waiting: { reason: CONTAINER_CREATING } }, lastState, false, false);
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
  const containerStatuses = (pod.spec?.containers ?? []).map((c) => containerStatusIn(rp, c, inputs.podIsTerminal, defaultWaiting));
  const initContainerStatuses = inits.map((c) => {
    const s = containerStatusIn(rp, c, inputs.podIsTerminal, defaultWaiting);
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
  const containersReady = generateContainersReadyCondition(pod, all, phase);
  owned.push(generatePodReadyCondition(pod, [...others, ...owned], all, phase, containersReady));
  owned.push(containersReady);
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

/** The status of the spec's container `c` from what the runtime has of it. */
function containerStatusIn(rp: RuntimePod, c: { name: string; image?: string }, podIsTerminal: boolean, defaultWaiting: string): ContainerStatus {
  return containerStatusOf(c.name, c.image ?? '', rp.containers.find((x) => x.name === c.name), podIsTerminal, defaultWaiting);
}

/** True when two statuses say the same (what the status manager's `needsUpdate` compares). */
export function podStatusEqual(a: PodStatus | undefined, b: PodStatus | undefined): boolean {
  return canonicalJson(a ?? {}) === canonicalJson(b ?? {});
}
