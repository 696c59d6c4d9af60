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

  /** `AssumePod`: count `pod` on `nodeName` from now on. */
  assumePod(pod: Pod, nodeName: string): void {
    this.assumed.set(podKey(pod), { ...pod, spec: { ...pod.spec!, nodeName } });
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
    for (const o of pods) {
      const p = o as unknown as Pod;
      if (!p.spec?.nodeName || !isNonTerminal(p)) continue;
      seen.add(podKey(p));
      put(p);
    }
    for (const [key, p] of this.assumed) if (!seen.has(key)) put(p);
    return [...nodes]
      .map((n) => n as unknown as Node)
      .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : (a.metadata?.name ?? '') > (b.metadata?.name ?? '') ? 1 : 0))
      .map((node) => ({ node, podsOnNode: byNode.get(node.metadata?.name ?? '') ?? [] }));
  }
}
