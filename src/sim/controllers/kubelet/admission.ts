/**
 * The kubelet's own admission: a pod bound to the node (by the scheduler, or by hand with spec.nodeName) is
 * rejected when it does not fit next to the pods already admitted: the pod fails at once with reason
 * `OutOf<resource>` and a Warning event.
 *
 * Ported from kubernetes `pkg/kubelet/lifecycle/predicate.go` (predicateAdmitHandler.Admit, generalFilter,
 * InsufficientResourceError: "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d") and
 * `pkg/kubelet/kubelet.go` (rejectPod: Failed, "Pod was rejected: " + message), with the resource order of
 * `pkg/scheduler/framework/plugins/noderesources/fit.go` (fitsRequest: pods, cpu, memory, ephemeral-storage,
 * extended resources).
 *
 * @remarks Node selector, affinity, taints and host ports are not checked again here (the scheduler's filters);
 * only resources are.
 */
import type { Pod, PodStatus } from 'kubernetes-types/core/v1';
import { hasAnyKey } from '../../apiserver/admission/json-shape.ts';
import type { NodeSpec } from '../../cluster/cluster-options.ts';
import { nodeAllocatable, nodeRequested, podRequests, type Resource } from '../scheduler/pod-resources.ts';
import { initialNode } from './node-status.ts';
import { getPodQOS } from './pod-status.ts';

export type AdmitResult = { admit: true } | { admit: false; reason: string; message: string };

/** The node's active pods as admission reads them: how many, and what they request in all (`NodeInfo.Requested`). */
export interface AdmittedPods {
  readonly count: number;
  /** Asked only when the pod requests a resource. */
  requested(): Resource;
}

/** {@link AdmittedPods} of a list of pods (their requests added up in order, when asked). */
export function admittedPods(pods: readonly Pod[]): AdmittedPods {
  return { count: pods.length, requested: () => nodeRequested(pods) };
}

/** `Admit`: does `pod` fit on the node next to `admitted` (the node's active pods)? */
export function canAdmitPod(node: NodeSpec, pod: Pod, admitted: AdmittedPods): AdmitResult {
  const { resource: allocatable, allowedPodNumber } = allocatableOf(node);
  const want = podRequests(pod);
  if (admitted.count + 1 > allowedPodNumber) return insufficient('pods', 1, admitted.count, allowedPodNumber);
  // What the admitted pods use matters only for a resource the pod requests: summed only when one does.
  if (!(want.milliCPU > 0 || want.memory > 0 || want.ephemeralStorage > 0 || hasAnyKey(want.scalar))) return { admit: true };
  const used = admitted.requested();
  if (want.milliCPU > 0 && want.milliCPU > allocatable.milliCPU - used.milliCPU) return insufficient('cpu', want.milliCPU, used.milliCPU, allocatable.milliCPU);
  if (want.memory > 0 && want.memory > allocatable.memory - used.memory) return insufficient('memory', want.memory, used.memory, allocatable.memory);
  if (want.ephemeralStorage > 0 && want.ephemeralStorage > allocatable.ephemeralStorage - used.ephemeralStorage) {
    return insufficient('ephemeral-storage', want.ephemeralStorage, used.ephemeralStorage, allocatable.ephemeralStorage);
  }
  for (const name of Object.keys(want.scalar).sort()) {
    const capacity = allocatable.scalar[name] ?? 0;
    const usedNow = used.scalar[name] ?? 0;
    if (want.scalar[name]! > capacity - usedNow) return insufficient(name, want.scalar[name]!, usedNow, capacity);
  }
  return { admit: true };
}

/** `InsufficientResourceError` as the rejection's reason and message. */
function insufficient(name: string, requested: number, usedNow: number, capacity: number): AdmitResult {
  return {
    admit: false,
    reason: `OutOf${name}`,
    message: `Node didn't have enough resource: ${name}, requested: ${requested}, used: ${usedNow}, capacity: ${capacity}`,
  };
}

/** `rejectPod`'s status: Failed with the reason and "Pod was rejected: <message>". */
export function rejectedPodStatus(pod: Pod, reason: string, message: string): PodStatus {
  return { ...(pod.status ?? {}), phase: 'Failed', reason, message: `Pod was rejected: ${message}`, qosClass: getPodQOS(pod) };
}

/**
 * The node's allocatable resources and pod count, as its Node object reports them; memoised by the node's spec (a
 * pure function of it, computed again identically if lost), since every admission asks.
 */
function allocatableOf(node: NodeSpec): ReturnType<typeof nodeAllocatable> {
  const key = JSON.stringify(node);
  let known = allocatableBySpec.get(key);
  if (!known) {
    if (allocatableBySpec.size >= 4096) allocatableBySpec.clear();
    allocatableBySpec.set(key, (known = nodeAllocatable(initialNode(node, 0, ''))));
  }
  return known;
}

const allocatableBySpec = new Map<string, ReturnType<typeof nodeAllocatable>>();
