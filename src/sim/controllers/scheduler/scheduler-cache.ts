/**
 * The scheduler's cache: the nodes and the pods on them as the scheduler believes them to be, including pods it
 * has *assumed* onto a node before the api-server's binding reaches its informer. Without the assumption, the next
 * scheduling cycle would see the node as still empty and overcommit it.
 *
 * Ported from kubernetes `pkg/scheduler/backend/cache/cache.go` (AssumePod, ForgetPod, AddPod confirming an assumed
 * pod, RemovePod, IsAssumedPod) and `UpdateSnapshot` (the per-cycle NodeInfo list).
 *
 * @remarks Nodes and bound pods are read from the process's informer caches at each cycle instead of being kept in
 * a separate incrementally-updated cache; only the assumed pods are this object's own state. Assumed pods never
 * expire (upstream's default since the binding TTL was removed): they leave when the informer sees them bound,
 * when the binding fails (ForgetPod), or when the pod is deleted.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { NodeView } from './fit-error';
import { carryRequested } from './pod-resources.ts';

export function podKey(pod: { metadata?: { namespace?: string; name?: string } }): string {
  return `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
}

/** Whether a pod still holds resources on its node (not Succeeded or Failed). */
export function isNonTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

export class SchedulerCache {
  /** Assumed pods by key: copies with spec.nodeName set to the chosen node. */
  private readonly assumed = new Map<string, Pod>();
  /**
   * The previous snapshot's pod list per node, frozen. A node whose pods are the same objects gets the same list
   * back, so sums memoized on it (pod-resources.ts `nodeRequested`) are not redone every cycle — upstream keeps
   * NodeInfo.Requested up to date incrementally for the same reason.
   */
  private previousLists = new Map<string, readonly Pod[]>();
  /** The node list last seen from the informer and its sorted copy (re-sorted only when a node changed). */
  private previousNodes: readonly KubeObject[] = [];
  private sortedNodes: readonly Node[] = [];

  /** `AssumePod`: count `pod` on `nodeName` from now on. */
  assumePod(pod: Pod, nodeName: string): void {
    this.assumed.set(podKey(pod), Object.freeze({ ...pod, spec: Object.freeze({ ...pod.spec!, nodeName }) }));
  }

  /** `ForgetPod`: the binding failed; the node no longer counts it. */
  forgetPod(key: string): void {
    this.assumed.delete(key);
  }

  /** `AddPod` / `RemovePod` from the informer: a bound pod seen (or gone) confirms or ends the assumption. */
  confirmOrRemove(key: string): void {
    this.assumed.delete(key);
  }

  isAssumedPod(key: string): boolean {
    return this.assumed.has(key);
  }

  /** Assumed pod keys with their nodes, sorted (for the page and tests). */
  assumedPods(): Array<{ key: string; node: string }> {
    return [...this.assumed.entries()].map(([key, p]) => ({ key, node: p.spec?.nodeName ?? '' })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * `UpdateSnapshot`: every node (sorted by name) with its non-terminal bound pods from the informer plus the
   * assumed pods the informer does not show bound yet.
   */
  snapshot(nodes: readonly KubeObject[], pods: readonly KubeObject[]): NodeView[] {
    const byNode = new Map<string, Pod[]>();
    const seen = new Set<string>();
    const put = (p: Pod) => {
      const n = p.spec?.nodeName;
      if (!n) return;
      let list = byNode.get(n);
      if (!list) byNode.set(n, (list = []));
      list.push(p);
    };
    const assumedNames = new Set<string>();
    for (const p of this.assumed.values()) assumedNames.add(p.metadata?.name ?? '');
    for (const o of pods) {
      const p = o as unknown as Pod;
      if (!p.spec?.nodeName || !isNonTerminal(p)) continue;
      if (assumedNames.has(p.metadata?.name ?? '')) seen.add(podKey(p));
      put(p);
    }
    for (const [key, p] of this.assumed) if (!seen.has(key)) put(p);
    const lists = new Map<string, readonly Pod[]>();
    if (!sameItems(this.previousNodes, nodes)) {
      this.previousNodes = [...nodes];
      this.sortedNodes = [...nodes]
        .map((n) => n as unknown as Node)
        .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : (a.metadata?.name ?? '') > (b.metadata?.name ?? '') ? 1 : 0));
    }
    const views = this.sortedNodes.map((node) => {
      const name = node.metadata?.name ?? '';
      const fresh = byNode.get(name) ?? [];
      const previous = this.previousLists.get(name);
      const podsOnNode = previous && sameItems(previous, fresh) ? previous : Object.freeze(fresh);
      if (previous && podsOnNode !== previous) carryRequested(previous, podsOnNode);
      lists.set(name, podsOnNode);
      return { node, podsOnNode };
    });
    this.previousLists = lists;
    return views;
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
