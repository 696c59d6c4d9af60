/**
 * The default scheduler's Filter plugins, as pure functions of a pod, a node and the pods already on that node,
 * run in the default profile's order; the first failing plugin decides the node's status.
 *
 * Ported from kubernetes `pkg/scheduler/framework/plugins/{nodeunschedulable,nodename,tainttoleration,nodeaffinity,
 * noderesources/fit.go}` and `pkg/scheduler/apis/config/v1/default_plugins.go` (order).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { requiredNodeAffinityMatches } from './node-affinity';
import { nodeAllocatable, nodeRequested, podRequests, type Resource } from './pod-resources';
import { findMatchingUntoleratedTaint, tolerationsTolerateTaint } from './taint-toleration';

/** Framework status codes that matter to filtering and preemption. */
export type Code = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';

/** A plugin's verdict on one node: `reasons` are what FailedScheduling counts. */
export interface FilterStatus {
  code: Code;
  reasons: string[];
  plugin?: string;
}

export const SUCCESS: FilterStatus = Object.freeze({ code: 'Success', reasons: [] }) as FilterStatus;

export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
export const ERR_REASON_NODE_NAME = "node(s) didn't match the requested node name";
export const ERR_REASON_POD_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

const fail = (code: Code, plugin: string, ...reasons: string[]): FilterStatus => ({ code, reasons, plugin });

/** NodeUnschedulable: spec.unschedulable nodes only take pods tolerating `node.kubernetes.io/unschedulable:NoSchedule`. */
export function nodeUnschedulableFilter(pod: Pod, node: Node): FilterStatus {
  if (!node.spec?.unschedulable) return SUCCESS;
  if (tolerationsTolerateTaint(pod.spec?.tolerations, { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' })) return SUCCESS;
  return fail('UnschedulableAndUnresolvable', 'NodeUnschedulable', ERR_REASON_UNSCHEDULABLE);
}

/** NodeName: a pod with spec.nodeName fits only that node. */
export function nodeNameFilter(pod: Pod, node: Node): FilterStatus {
  const want = pod.spec?.nodeName;
  if (!want || want === node.metadata?.name) return SUCCESS;
  return fail('UnschedulableAndUnresolvable', 'NodeName', ERR_REASON_NODE_NAME);
}

/** TaintToleration: every NoSchedule and NoExecute taint must be tolerated ("node(s) had untolerated taint {k: v}"). */
export function taintTolerationFilter(pod: Pod, node: Node): FilterStatus {
  const taint = findMatchingUntoleratedTaint(node.spec?.taints, pod.spec?.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
  if (!taint) return SUCCESS;
  return fail('UnschedulableAndUnresolvable', 'TaintToleration', `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`);
}

/** NodeAffinity: spec.nodeSelector and required node affinity. */
export function nodeAffinityFilter(pod: Pod, node: Node): FilterStatus {
  return requiredNodeAffinityMatches(pod, node) ? SUCCESS : fail('UnschedulableAndUnresolvable', 'NodeAffinity', ERR_REASON_POD_AFFINITY);
}

/**
 * NodeResourcesFit (`fitsRequest`): "Too many pods" when the node is at its pod count; then each requested
 * resource above allocatable − requested gives "Insufficient <name>" (cpu, memory, ephemeral-storage, extended).
 * Unschedulable (not unresolvable): preemption might help.
 */
export function nodeResourcesFitFilter(pod: Pod, node: Node, podsOnNode: readonly Pod[], pre: PreFilterState = preFilter(pod)): FilterStatus {
  const { resource: alloc, allowedPodNumber } = nodeAllocatable(node);
  const tooMany = podsOnNode.length + 1 > allowedPodNumber;
  const { requests: req, scalarNames } = pre;
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalarNames.length === 0) {
    return tooMany ? fail('Unschedulable', 'NodeResourcesFit', 'Too many pods') : SUCCESS;
  }
  const used = nodeRequested(podsOnNode);
  // The list of reasons is made only for a pod that does not fit (the common case builds nothing).
  let reasons: string[] | undefined = tooMany ? ['Too many pods'] : undefined;
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - used.milliCPU) (reasons ??= []).push('Insufficient cpu');
  if (req.memory > 0 && req.memory > alloc.memory - used.memory) (reasons ??= []).push('Insufficient memory');
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage) (reasons ??= []).push('Insufficient ephemeral-storage');
  for (const name of scalarNames) {
    const want = req.scalar[name] ?? 0;
    if (want > 0 && want > (alloc.scalar[name] ?? 0) - (used.scalar[name] ?? 0)) (reasons ??= []).push(`Insufficient ${name}`);
  }
  return reasons ? fail('Unschedulable', 'NodeResourcesFit', ...reasons) : SUCCESS;
}

/** What NodeResourcesFit's PreFilter computes once per scheduling cycle: the pod's requests, extended ones by name. */
export interface PreFilterState {
  requests: Resource;
  scalarNames: readonly string[];
}

/** NodeResourcesFit's PreFilter (`computePodResourceRequest`), kept for every node the cycle filters. */
export function preFilter(pod: Pod): PreFilterState {
  const requests = podRequests(pod);
  return { requests, scalarNames: Object.keys(requests.scalar).sort() };
}

/**
 * RunFilterPlugins with the default profile's order (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity,
 * NodeResourcesFit): the first non-success status, or success. `podsOnNode` are the pods bound to the node that
 * are not Succeeded/Failed (the scheduler's pod informer excludes those); terminating pods still count. `pre`: the
 * cycle's {@link preFilter} of the pod (computed here when not given).
 * @remarks NodePorts, volume, PodTopologySpread and InterPodAffinity filters are not modelled.
 */
export function runFilterPlugins(pod: Pod, node: Node, podsOnNode: readonly Pod[], pre?: PreFilterState): FilterStatus {
  let s = nodeUnschedulableFilter(pod, node);
  if (s.code !== 'Success') return s;
  s = nodeNameFilter(pod, node);
  if (s.code !== 'Success') return s;
  s = taintTolerationFilter(pod, node);
  if (s.code !== 'Success') return s;
  s = nodeAffinityFilter(pod, node);
  if (s.code !== 'Success') return s;
  return nodeResourcesFitFilter(pod, node, podsOnNode, pre);
}
