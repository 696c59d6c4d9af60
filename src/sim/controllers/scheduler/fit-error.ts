/**
 * The FailedScheduling message: why no node fits, counted by reason, followed by what preemption found.
 *
 * Ported from kubernetes `pkg/scheduler/framework/types.go` (FitError.Error, NoNodeAvailableMsg) and
 * `pkg/scheduler/framework/preemption/preemption.go` (nodesWherePreemptionMightHelp, SelectVictimsOnNode's
 * "No preemption victims found for incoming pod"), `plugins/defaultpreemption/default_preemption.go`
 * (PodEligibleToPreemptOthers, the "preemption: " prefix).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { runFilterPlugins, type FilterStatus } from './filters';

export const FAILED_SCHEDULING = 'FailedScheduling';
/** The pod's PodScheduled=False condition reason while no node fits. */
export const POD_REASON_UNSCHEDULABLE = 'Unschedulable';
/** The Normal event after binding. */
export const SCHEDULED = 'Scheduled';
export const scheduledMessage = (namespace: string, name: string, node: string): string => `Successfully assigned ${namespace}/${name} to ${node}`;
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';

/**
 * `FitError.Error` without the post-filter part: "0/N nodes are available: <count> <reason>, ...." with the
 * "<count> <reason>" strings sorted as strings (so by count first, as Go's sort.Strings does).
 */
export function fitErrorMessage(numAllNodes: number, statuses: readonly FilterStatus[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts = [...counts].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let msg = `0/${numAllNodes} nodes are available:`;
  if (parts.length) msg += ` ${parts.join(', ')}.`;
  return msg;
}

const priority = (p: Pod): number => p.spec?.priority ?? 0;

/** One node as the scheduler sees it. */
export interface NodeView {
  node: Node;
  podsOnNode: readonly Pod[];
}

/**
 * What DefaultPreemption reports when no node fits: undefined when some node would fit after evicting lower-priority
 * pods (preemption would go ahead); otherwise "preemption: 0/N nodes are available: ...". UnschedulableAndUnresolvable
 * nodes are "Preemption is not helpful for scheduling"; nodes with no lower-priority pods are "No preemption victims
 * found for incoming pod"; others keep the reasons they still fail with after removing every lower-priority pod.
 * @remarks PodDisruptionBudgets and the choice among candidates are not modelled.
 */
export function preemptionMessage(pod: Pod, nodes: readonly NodeView[], statuses: readonly FilterStatus[]): string | undefined {
  if (pod.spec?.preemptionPolicy === 'Never') return 'preemption: not eligible due to preemptionPolicy=Never.';
  const after: FilterStatus[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const status = statuses[i];
    const view = nodes[i]!;
    if (!status || status.code === 'UnschedulableAndUnresolvable') {
      after.push({ code: 'UnschedulableAndUnresolvable', reasons: [PREEMPTION_NOT_HELPFUL] });
      continue;
    }
    const remaining = view.podsOnNode.filter((p) => priority(p) >= priority(pod));
    if (remaining.length === view.podsOnNode.length) {
      after.push({ code: 'UnschedulableAndUnresolvable', reasons: [NO_PREEMPTION_VICTIMS] });
      continue;
    }
    const s = runFilterPlugins(pod, view.node, remaining);
    if (s.code === 'Success') return undefined;
    after.push(s);
  }
  return `preemption: ${fitErrorMessage(nodes.length, after)}`;
}

/**
 * The whole FailedScheduling message for a pod no node fits: the filter reasons, then (separated by a space) the
 * preemption verdict. `statuses[i]` is the filter status of `nodes[i]`.
 */
export function failedSchedulingMessage(pod: Pod, nodes: readonly NodeView[], statuses: readonly FilterStatus[]): string {
  const base = fitErrorMessage(nodes.length, statuses);
  const post = preemptionMessage(pod, nodes, statuses);
  return post ? `${base} ${post}` : base;
}
