/**
 * The pod phase the kubelet reports, derived from its container statuses.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet_pods.go` (getPhase) and `pkg/kubelet/container/helpers.go`
 * (HasAnyRegularContainerStarted), `pkg/kubelet/types/pod_update.go` (IsRestartableInitContainer).
 */
import type { Container, ContainerStatus, Pod } from 'kubernetes-types/core/v1';

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

/** A sidecar: an init container with restartPolicy Always. */
export function isRestartableInitContainer(c: Container): boolean {
  return c.restartPolicy === 'Always';
}

function statusOf(info: readonly ContainerStatus[], name: string): ContainerStatus | undefined {
  return info.find((s) => s.name === name);
}

/** `HasAnyRegularContainerStarted`: some regular container is running, or has terminated, or waits after a run. */
export function hasAnyRegularContainerStarted(pod: Pod, info: readonly ContainerStatus[]): boolean {
  return (pod.spec?.containers ?? []).some((c) => {
    const s = statusOf(info, c.name);
    if (!s) return false;
    return !!s.state?.running || !!s.state?.terminated || (!!s.state?.waiting && !!s.lastState?.terminated);
  });
}

/**
 * `getPhase`: init containers first (a failed one under restartPolicy Never fails the pod; pending ones keep it
 * Pending until a regular container has started); then any regular container waiting without a previous run ⇒
 * Pending; all started with one running ⇒ Running; all stopped ⇒ Succeeded/Failed when `podIsTerminal`, else by
 * restartPolicy (Always ⇒ Running, all exit 0 ⇒ Succeeded, Never ⇒ Failed, OnFailure ⇒ Running).
 * A container Waiting with a lastState.terminated (CrashLoopBackOff) counts as stopped, so a crash-looping pod under
 * restartPolicy Always is Running (and not Ready).
 * `info` holds both container and init container statuses.
 */
export function getPhase(pod: Pod, info: readonly ContainerStatus[], podIsTerminal = false): PodPhase {
  const spec = pod.spec;
  const restartPolicy = spec?.restartPolicy ?? 'Always';
  let pendingInitialization = 0;
  let failedInitialization = 0;
  for (const c of spec?.initContainers ?? []) {
    if (isRestartableInitContainer(c)) continue;
    const s = statusOf(info, c.name);
    if (!s) {
      pendingInitialization++;
    } else if (s.state?.running) {
      pendingInitialization++;
    } else if (s.state?.terminated) {
      if (s.state.terminated.exitCode !== 0) failedInitialization++;
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) {
        if (s.lastState.terminated.exitCode !== 0) failedInitialization++;
      } else {
        pendingInitialization++;
      }
    } else {
      pendingInitialization++;
    }
  }

  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const c of spec?.initContainers ?? []) {
    if (!isRestartableInitContainer(c)) continue;
    const s = statusOf(info, c.name);
    if (!s) {
      unknown++;
    } else if (s.state?.running) {
      if (!s.started) pendingInitialization++;
      running++;
    } else if (s.state?.terminated) {
      // Terminated sidecars do not count toward the phase.
    } else if (s.state?.waiting) {
      if (!s.lastState?.terminated) {
        pendingInitialization++;
        waiting++;
      }
    } else {
      pendingInitialization++;
      unknown++;
    }
  }
  for (const c of spec?.containers ?? []) {
    const s = statusOf(info, c.name);
    if (!s) {
      unknown++;
    } else if (s.state?.running) {
      running++;
    } else if (s.state?.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state?.waiting) {
      if (s.lastState?.terminated) stopped++;
      else waiting++;
    } else {
      unknown++;
    }
  }

  if (failedInitialization > 0 && restartPolicy === 'Never') return 'Failed';
  if ((pendingInitialization > 0 && !hasAnyRegularContainerStarted(pod, info)) || waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}
