/**
 * One scheduling decision, as a pure function of a pod and a snapshot of the nodes with the pods on them: filter,
 * score, select the host — or the FitError message when no node fits.
 *
 * Ported from kubernetes `pkg/scheduler/schedule_one.go` (schedulePod, findNodesThatFitPod,
 * findNodesThatPassFilters, numFeasibleNodesToFind, prioritizeNodes, selectHost; ErrNoNodesAvailable) and
 * `pkg/scheduler/framework/types.go` (FitError). The plugins themselves are in filters.ts and scores.ts.
 *
 * @remarks Nodes are visited in the snapshot's order (the caller sorts them by name; upstream's node tree
 * interleaves zones). The nominated node of a preempting pod is not tried first (preemption is not modelled).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { preFilter, runFilterPlugins, type FilterStatus } from './filters';
import { failedSchedulingMessage, type NodeView } from './fit-error';
import { prioritizeNodes, selectHost, type NodeScore } from './scores';

/** `ErrNoNodesAvailable`. */
export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods';

/** `minFeasibleNodesToFind`. */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
/** `minFeasibleNodesPercentageToFind`. */
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * `numFeasibleNodesToFind` with the default (adaptive) percentageOfNodesToScore: every node below 100 nodes;
 * above, 50% minus 1% per 125 nodes, at least 5%, at least 100 nodes.
 */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = 50 - Math.trunc(numAllNodes / 125);
  if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return numNodes < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : numNodes;
}

export type ScheduleResult =
  | {
      kind: 'scheduled';
      /** `SuggestedHost`. */
      node: string;
      evaluatedNodes: number;
      feasibleNodes: number;
      /** The total score of every feasible node (empty when only one node was feasible: upstream skips scoring). */
      scores: NodeScore[];
      /** Where the next cycle starts looking (`nextStartNodeIndex`). */
      nextStartNodeIndex: number;
    }
  | { kind: 'unschedulable'; message: string; statuses: FilterStatus[]; nextStartNodeIndex: number }
  | { kind: 'no-nodes'; message: string };

/**
 * `schedulePod`: no nodes is ErrNoNodesAvailable; otherwise filter nodes from `nextStartNodeIndex` (wrapping) until
 * `numFeasibleNodesToFind` fit; none → the FitError message ("0/3 nodes are available: ..." with preemption's
 * verdict); one → it; several → prioritizeNodes and selectHost (ties: `randomIndex(n)`, a seeded draw).
 */
export function schedulePod(pod: Pod, nodes: readonly NodeView[], nextStartNodeIndex: number, randomIndex: (n: number) => number): ScheduleResult {
  const all = nodes.length;
  if (all === 0) return { kind: 'no-nodes', message: NO_NODES_AVAILABLE };
  const want = numFeasibleNodesToFind(all);
  const feasible: NodeView[] = [];
  // Each node's status, by its place in `nodes`, for the FitError: needed only while no node fits (once one does,
  // the pod is scheduled and they are not read), so kept only until then, and made at the first failure.
  let statuses: FilterStatus[] | undefined;
  const start = ((nextStartNodeIndex % all) + all) % all;
  let processed = 0;
  const pre = preFilter(pod);
  for (let i = 0; i < all && feasible.length < want; i++) {
    const index = (start + i) % all;
    const view = nodes[index]!;
    const status = runFilterPlugins(pod, view.node, view.podsOnNode, pre);
    processed++;
    if (status.code === 'Success') feasible.push(view);
    else if (feasible.length === 0) (statuses ??= new Array<FilterStatus>(all))[index] = status;
  }
  const next = (start + processed) % all;
  if (feasible.length === 0) {
    // No node fit, so every node was filtered and failed: `statuses` has them all.
    const rejected = statuses!;
    return { kind: 'unschedulable', message: failedSchedulingMessage(pod, nodes, rejected), statuses: rejected, nextStartNodeIndex: next };
  }
  if (feasible.length === 1) {
    return { kind: 'scheduled', node: feasible[0]!.node.metadata?.name ?? '', evaluatedNodes: processed, feasibleNodes: 1, scores: [], nextStartNodeIndex: next };
  }
  const scores = prioritizeNodes(pod, feasible);
  const node = selectHost(scores, randomIndex) ?? '';
  return { kind: 'scheduled', node, evaluatedNodes: processed, feasibleNodes: feasible.length, scores, nextStartNodeIndex: next };
}
