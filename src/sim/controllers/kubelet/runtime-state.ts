/**
 * The node's runtime state as plain data: each pod's sandbox and containers, and how finished runs ended. The
 * runtime (pod-runtime.ts) advances it; the pod workers read it to decide and to report status.
 *
 * Shapes follow the CRI's view (`pkg/kubelet/container/runtime.go`: PodStatus, Status of a container) in virtual ms.
 */
import type { Pod } from 'kubernetes-types/core/v1';

/** How a finished run ended: a `ContainerStateTerminated` in virtual ms. */
export interface RuntimeTermination {
  exitCode: number;
  reason: string;
  message?: string;
  startedAt: number;
  finishedAt: number;
  containerID: string;
}

/** One container of a pod, in the runtime. Plain data. */
export interface RuntimeContainer {
  name: string;
  image: string;
  /** The run number: the container's restartCount. */
  attempt: number;
  /** `creating` covers pulling, created-not-started; `exited` a finished run. */
  state: 'creating' | 'running' | 'exited';
  pulling: boolean;
  containerID: string;
  imageID: string;
  startedAt?: number;
  ready: boolean;
  /** A stop was requested (pod deletion, or a changed spec). */
  killing: boolean;
  /** Killed because its spec changed: restarted whatever the restart policy. */
  specChanged?: boolean;
  /** The current run's end, when `state` is exited. */
  terminated?: RuntimeTermination;
  /** The previous run's end (lastState.terminated). */
  last?: RuntimeTermination;
  /** A waiting reason the pod worker set (CrashLoopBackOff) while it holds a restart back. */
  waiting?: { reason: string; message: string };
}

/** One pod's sandbox and containers on the node. Plain data. */
export interface RuntimePod {
  uid: string;
  key: string;
  /** The pod as last synced (a frozen cache object), for events. */
  pod: Pod;
  podIP: string;
  startTime: number;
  containers: RuntimeContainer[];
}
