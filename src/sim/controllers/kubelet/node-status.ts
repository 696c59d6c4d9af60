/**
 * The Node object a kubelet registers and the status it posts: capacity and allocatable from its NodeSpec, default
 * labels, taints to register with, addresses, nodeInfo, and the four conditions with their heartbeats.
 *
 * Ported from kubernetes `pkg/kubelet/kubelet_node_status.go` (initialNode, updateDefaultLabels,
 * reconcileExistingNode, nodeStatusHasChanged) and `pkg/kubelet/nodestatus/setters.go` (ReadyCondition,
 * MemoryPressureCondition, DiskPressureCondition, PIDPressureCondition: reasons, messages and the
 * "Node %s status is now: %s" events).
 *
 * @remarks A node never comes under pressure here: the three pressure conditions are always False and Ready is
 * True while the kubelet runs. spec.podCIDR is set at registration (upstream kube-controller-manager's node IPAM
 * allocates it); capacity equals allocatable (no system reservations); images are not listed in the status.
 */
import type { Node, NodeCondition, NodeStatus } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { NodeSpec } from '../../cluster/cluster-options.ts';
import { rfc3339 } from '../../engine/clock.ts';
import { canonicalJson } from '../../api/canonical-json.ts';
import { hex64, nodeIPOf, podCIDROf } from './runtime-ids.ts';

export type NodeObject = KubeObject & Node;

export const DEFAULT_NODE_CPU = '4';
export const DEFAULT_NODE_MEMORY = '16Gi';
export const DEFAULT_MAX_PODS = 110;
export const KUBELET_VERSION = 'v1.33.1';

/** The conditions the kubelet sets, in the order it sets them, with their healthy reason and message. */
export const NODE_CONDITIONS: ReadonlyArray<{ type: string; status: 'True' | 'False'; reason: string; message: string }> = [
  { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
  { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
];

/** The node event each condition's transition records ("NodeHasSufficientMemory", "NodeReady"). */
export function nodeConditionEventReason(type: string): string {
  switch (type) {
    case 'MemoryPressure':
      return 'NodeHasSufficientMemory';
    case 'DiskPressure':
      return 'NodeHasNoDiskPressure';
    case 'PIDPressure':
      return 'NodeHasSufficientPID';
    default:
      return 'NodeReady';
  }
}

/** `updateDefaultLabels`: hostname, os and arch (stable and beta), over the spec's labels. */
export function defaultLabels(spec: NodeSpec): Record<string, string> {
  return {
    ...(spec.labels ?? {}),
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': spec.name,
    'kubernetes.io/os': 'linux',
  };
}

/** `initialNode`: the object `registerWithAPIServer` creates, its status already set. */
export function initialNode(spec: NodeSpec, now: number, bootID: string): NodeObject {
  const node: NodeObject = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: spec.name,
      labels: defaultLabels(spec),
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: { podCIDR: podCIDROf(spec.name), podCIDRs: [podCIDROf(spec.name)], ...(spec.taints?.length ? { taints: spec.taints.map((t) => ({ ...t })) } : {}) },
  };
  node.status = setNodeStatus(spec, undefined, now, bootID);
  return node;
}

/**
 * `setNodeStatus`: the status the kubelet wants now, given the node's current status (conditions keep their
 * lastTransitionTime while unchanged; every heartbeat is `now`).
 */
export function setNodeStatus(spec: NodeSpec, current: NodeStatus | undefined, now: number, bootID: string): NodeStatus {
  const resources = { cpu: spec.cpu ?? DEFAULT_NODE_CPU, 'ephemeral-storage': '100Gi', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: spec.memory ?? DEFAULT_NODE_MEMORY, pods: String(spec.pods ?? DEFAULT_MAX_PODS) };
  const conditions: NodeCondition[] = NODE_CONDITIONS.map((c) => {
    const old = current?.conditions?.find((x) => x.type === c.type);
    const transition = old && old.status === c.status && old.lastTransitionTime ? old.lastTransitionTime : rfc3339(now);
    return { type: c.type, status: c.status, lastHeartbeatTime: rfc3339(now), lastTransitionTime: transition, reason: c.reason, message: c.message };
  });
  return {
    capacity: { ...resources },
    allocatable: { ...resources },
    conditions,
    addresses: [
      { type: 'InternalIP', address: nodeIPOf(spec.name) },
      { type: 'Hostname', address: spec.name },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: hex64(`machine/${spec.name}`).slice(0, 32),
      systemUUID: uuidOf(`system/${spec.name}`),
      bootID,
      kernelVersion: '6.8.0-49-generic',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      containerRuntimeVersion: 'containerd://2.1.1',
      kubeletVersion: KUBELET_VERSION,
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
  };
}

/** A UUID-shaped id derived from `seed`. */
export function uuidOf(seed: string): string {
  const h = hex64(seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * `nodeStatusHasChanged`: anything but the heartbeat times differs. A condition's transition time counts (it
 * changes only with its status).
 */
export function nodeStatusHasChanged(original: NodeStatus | undefined, status: NodeStatus): boolean {
  if (!original) return true;
  const strip = (s: NodeStatus) => canonicalJson({ ...s, conditions: (s.conditions ?? []).map((c) => ({ ...c, lastHeartbeatTime: undefined })) });
  return strip(original) !== strip(status);
}

/** The condition types whose status differs between two statuses (for the "status is now" events). */
export function transitionedConditions(original: NodeStatus | undefined, status: NodeStatus): NodeCondition[] {
  return (status.conditions ?? []).filter((c) => original?.conditions?.find((o) => o.type === c.type)?.status !== c.status);
}
