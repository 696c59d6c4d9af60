/**
 * The RollingUpdate strategy's plan, pure: which old pods to delete (and, with maxSurge, on which nodes to create
 * new ones) so that at most `maxUnavailable` nodes lack an available daemon pod, or at most `maxSurge` nodes run
 * two. The manage pass of the next sync creates the replacements of deleted pods.
 *
 * Ported from kubernetes `pkg/controller/daemon/update.go` (rollingUpdate, findUpdatedPodsOnNode,
 * updatedDesiredNodeCounts).
 *
 * @remarks Upstream ranges over a Go map (random order); the nodes are taken here in the order of the node list,
 * so which old pods go first is deterministic.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { isPodAvailable } from '../replicaset/pod-util.ts';
import { getTemplateGeneration, isPodUpdated, nodeShouldRunDaemonPod, surgeCount, unavailableCount, type DaemonSetObject } from './daemonset-util.ts';

export interface DesiredNodeCounts {
  maxSurge: number;
  maxUnavailable: number;
  desiredNumberScheduled: number;
}

/**
 * `updatedDesiredNodeCounts`: the nodes that should run the pod, and the surge and unavailability budgets scaled
 * to them (an impossible 0/0 falls back to maxUnavailable 1). Adds an empty entry for each wanted node without pods.
 */
export function updatedDesiredNodeCounts(ds: DaemonSetObject, nodes: readonly Node[], nodeToDaemonPods: Map<string, readonly Pod[]>): DesiredNodeCounts | { error: string } {
  let desiredNumberScheduled = 0;
  for (const node of nodes) {
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) continue;
    desiredNumberScheduled++;
    const name = node.metadata?.name ?? '';
    if (!nodeToDaemonPods.has(name)) nodeToDaemonPods.set(name, []);
  }
  const maxUnavailable = unavailableCount(ds, desiredNumberScheduled);
  if (typeof maxUnavailable !== 'number') return { error: `invalid value for MaxUnavailable: ${maxUnavailable.error}` };
  const maxSurge = surgeCount(ds, desiredNumberScheduled);
  if (typeof maxSurge !== 'number') return { error: `invalid value for MaxSurge: ${maxSurge.error}` };
  if (desiredNumberScheduled > 0 && maxUnavailable === 0 && maxSurge === 0) return { maxSurge, maxUnavailable: 1, desiredNumberScheduled };
  return { maxSurge, maxUnavailable, desiredNumberScheduled };
}

/**
 * `findUpdatedPodsOnNode`: the node's one up-to-date and one old pod (terminating ones ignored); `ok` false when
 * there are two of either, which the manage pass cleans up.
 */
export function findUpdatedPodsOnNode(ds: DaemonSetObject, podsOnNode: readonly Pod[], hash: string): { newPod?: Pod; oldPod?: Pod; ok: boolean } {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  const generation = getTemplateGeneration(ds);
  for (const pod of podsOnNode) {
    if (pod.metadata?.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

export interface RollingUpdatePlan {
  /** Old pods to delete. */
  podsToDelete: string[];
  /** Nodes to create an updated pod on (surge). */
  nodesToCreate: string[];
}

/** `rollingUpdate`'s decisions. `nodeToDaemonPods` must come from {@link updatedDesiredNodeCounts}. */
export function planRollingUpdate(ds: DaemonSetObject, nodes: readonly Node[], nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>, counts: DesiredNodeCounts, hash: string, now: number): RollingUpdatePlan {
  const minReady = ds.spec?.minReadySeconds ?? 0;
  const available = (p: Pod): boolean => isPodAvailable(p, minReady, now);
  const nodeByName = new Map(nodes.map((n) => [n.metadata?.name ?? '', n]));
  const shouldRun = (nodeName: string): boolean => {
    const node = nodeByName.get(nodeName);
    return node !== undefined && nodeShouldRunDaemonPod(node, ds).shouldRun;
  };
  const entries = orderedEntries(nodes, nodeToDaemonPods);

  if (counts.maxSurge === 0) {
    // Without surge: delete just enough old pods to stay within maxUnavailable; manage re-creates them.
    let numUnavailable = 0;
    const allowedReplacementPods: string[] = [];
    const candidatePodsToDelete: string[] = [];
    for (const [, pods] of entries) {
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, pods, hash);
      if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) {
        // The manage pass handles this node; count it as unavailable.
        numUnavailable++;
      } else if (newPod) {
        if (!available(newPod)) numUnavailable++;
      } else if (oldPod) {
        if (!available(oldPod)) allowedReplacementPods.push(oldPod.metadata?.name ?? '');
        else if (numUnavailable < counts.maxUnavailable) candidatePodsToDelete.push(oldPod.metadata?.name ?? '');
      }
    }
    const remainingUnavailable = Math.min(Math.max(0, counts.maxUnavailable - numUnavailable), candidatePodsToDelete.length);
    return { podsToDelete: [...allowedReplacementPods, ...candidatePodsToDelete.slice(0, remainingUnavailable)], nodesToCreate: [] };
  }

  // With surge: a new pod beside an old one, the old one deleted once the new is available.
  const oldPodsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: string[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  for (const [nodeName, pods] of entries) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ds, pods, hash);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (oldPod) {
      if (available(oldPod)) numAvailable++;
    } else if (newPod && available(newPod)) numAvailable++;
    if (!oldPod) continue; // the manage pass handles this node
    if (!newPod) {
      if (!available(oldPod)) {
        if (!shouldRun(nodeName)) oldPodsToDelete.push(oldPod.metadata?.name ?? '');
        else allowedNewNodes.push(nodeName);
      } else if (!shouldRun(nodeName)) {
        shouldNotRunPodsToDelete.push(oldPod.metadata?.name ?? '');
      } else if (numSurge < counts.maxSurge) {
        candidateNewNodes.push(nodeName);
      }
      continue;
    }
    if (!available(newPod)) {
      numSurge++;
      continue;
    }
    oldPodsToDelete.push(oldPod.metadata?.name ?? '');
  }
  // With maxSurge the owner expects full availability: a pod on a node leaving the set goes only once enough are available.
  const deletable = Math.min(numAvailable - counts.desiredNumberScheduled, shouldNotRunPodsToDelete.length);
  if (deletable > 0) oldPodsToDelete.push(...shouldNotRunPodsToDelete.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(0, counts.maxSurge - numSurge), candidateNewNodes.length);
  return { podsToDelete: oldPodsToDelete, nodesToCreate: [...allowedNewNodes, ...candidateNewNodes.slice(0, remainingSurge)] };
}

/** The map's entries, nodes of the list first in list order, then any other (pods on nodes that are gone). */
function orderedEntries(nodes: readonly Node[], m: ReadonlyMap<string, readonly Pod[]>): Array<[string, readonly Pod[]]> {
  const out: Array<[string, readonly Pod[]]> = [];
  const seen = new Set<string>();
  for (const n of nodes) {
    const name = n.metadata?.name ?? '';
    const pods = m.get(name);
    if (pods) {
      out.push([name, pods]);
      seen.add(name);
    }
  }
  for (const [name, pods] of m) if (!seen.has(name)) out.push([name, pods]);
  return out;
}
