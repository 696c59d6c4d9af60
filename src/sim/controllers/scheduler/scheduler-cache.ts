/**
 * The scheduler's cache: the nodes and the pods on them as the scheduler believes them to be, including pods it
 * has *assumed* onto a node before the api-server's binding reaches its informer. Without the assumption, the next
 * scheduling cycle would see the node as still empty and overcommit it.
 *
 * Ported from kubernetes `pkg/scheduler/backend/cache/cache.go` (AssumePod, ForgetPod, AddPod confirming an assumed
 * pod, UpdatePod, RemovePod, IsAssumedPod, UpdateSnapshot with its per-node generation numbers).
 *
 * As upstream, the cache is incremental: the pod informer's handlers (event-handlers.ts: addPodToCache,
 * updatePodInCache, deletePodFromCache) tell it each bound pod's arrival, change and departure, and every change to a
 * node's pods (bound or assumed) that a cycle could see bumps that node's generation. `updateSnapshot` rebuilds the
 * pod list of the nodes whose generation moved since the previous snapshot and hands back the previous (frozen) list
 * of the others. As upstream's (which walks its node list, most recently changed first, down to the snapshot's
 * generation), it looks only at the nodes changed since: they are remembered by name as they are touched, so while
 * the node list stays the same a scheduling cycle costs O(changed nodes and their pods), not O(nodes) or O(all pods). Unlike upstream's
 * UpdatePod, a status write that keeps the pod's spec and whether it is finished moves no generation: a cycle reads
 * nothing else of a node's pods, so the node's list stays as it is, with the same sums: only the pod's object in it
 * is swapped for the new one (a copy of the list, frozen, as cheap as the list is short), so the snapshot holds the
 * pods the informer holds and no older version of any of them (upstream's snapshot, refreshed from the cache's
 * NodeInfos, holds the current pods too).
 *
 * Each node also keeps the sums of its pods' requests (upstream's NodeInfo.Requested and NonZeroRequested), added to
 * as pods arrive; the snapshot hands them to the node's new list (pod-resources.ts `setNodeRequested`), so the
 * filters and scores do not add the node's pods up again. A pod leaving, finishing or changing its spec makes the
 * next snapshot add them up afresh (a subtraction could round differently from the sum it undoes).
 *
 * @remarks Assumed pods never expire (upstream's default since the binding TTL was removed): they leave when the
 * informer sees them bound, when the binding fails (ForgetPod), or when the pod is deleted.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { NodeView } from './fit-error';
import { addPodRequested, setNodeRequested, shareNodeRequested, sumNodeRequested, type NodeRequested } from './pod-resources.ts';

export function podKey(pod: { metadata?: { namespace?: string; name?: string } }): string {
  return `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
}

/** Whether a pod still holds resources on its node (not Succeeded or Failed). */
export function isNonTerminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed';
}

/** One node's entry: the bound pods the informer shows on it (by key, in arrival order) and its generation. */
interface NodeInfo {
  pods: Map<string, Pod>;
  generation: number;
  /**
   * `Requested` / `NonZeroRequested` over the non-terminal pods of `pods`, in order: moved on as pods arrive, and
   * recomputed (undefined until then) after a pod left, finished or changed its spec.
   */
  requested?: NodeRequested;
}

export class SchedulerCache {
  /** Assumed pods by key: copies with spec.nodeName set to the chosen node. */
  private readonly assumed = new Map<string, Pod>();
  /** Bound pods the informer shows, by node name (`cache.nodes[name].info.Pods`). */
  private readonly nodeInfos = new Map<string, NodeInfo>();
  /** The node each bound pod is on, by pod key (`podStates`). */
  private readonly podNodes = new Map<string, string>();
  /** Bumped at every change; a node's generation takes the next value (upstream's `nextGeneration`). */
  private generation = 0;
  /** The previous snapshot's frozen pod list per node, with the node generation it was built at. */
  private previousLists = new Map<string, { generation: number; pods: readonly Pod[] }>();
  /** The node list last seen from the informer and its sorted copy (re-sorted only when a node changed). */
  private previousNodes: readonly KubeObject[] = [];
  private sortedNodes: readonly Node[] = [];
  /** The last snapshot, and each node's place in it. */
  private views: NodeView[] = [];
  /** Whether `views` was handed out (a caller may hold it): the next change to it is made on a copy. */
  private viewsHandedOut = false;
  private viewIndex = new Map<string, number>();
  /** Nodes touched since the last snapshot (upstream: the nodes ahead of the snapshot's generation in its list). */
  private readonly changed = new Set<string>();

  /** `AssumePod`: count `pod` on `nodeName` from now on. */
  assumePod(pod: Pod, nodeName: string): void {
    const key = podKey(pod);
    this.touchAssumed(key);
    this.assumed.set(key, Object.freeze({ ...pod, spec: Object.freeze({ ...pod.spec!, nodeName }) }));
    this.touch(nodeName);
  }

  /** `ForgetPod`: the binding failed; the node no longer counts it. */
  forgetPod(key: string): void {
    this.touchAssumed(key);
    this.assumed.delete(key);
  }

  /** A bound pod seen (or gone) confirms or ends the assumption. */
  confirmOrRemove(key: string): void {
    this.touchAssumed(key);
    this.assumed.delete(key);
  }

  /** `AddPod` (addPodToCache): the informer shows `pod` bound to its node. */
  addPod(pod: Pod): void {
    this.setPod(podKey(pod), pod);
  }

  /** `UpdatePod` (updatePodInCache): a bound pod changed (or was bound: `oldPod` had no node). */
  updatePod(oldPod: Pod, newPod: Pod): void {
    const oldKey = podKey(oldPod);
    const newKey = podKey(newPod);
    if (oldKey !== newKey) this.removeKey(oldKey);
    this.setPod(newKey, newPod);
  }

  /** `RemovePod` (deletePodFromCache): the pod is gone, or no longer bound. */
  removePod(pod: Pod): void {
    this.removeKey(podKey(pod));
  }

  isAssumedPod(key: string): boolean {
    return this.assumed.has(key);
  }

  /** Assumed pod keys with their nodes, sorted (for the page and tests). */
  assumedPods(): Array<{ key: string; node: string }> {
    return [...this.assumed.entries()].map(([key, p]) => ({ key, node: p.spec?.nodeName ?? '' })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * `UpdateSnapshot`: every node (sorted by name) with its non-terminal bound pods plus the assumed pods the
   * informer does not show bound yet. A node whose generation did not move keeps its previous frozen list.
   */
  updateSnapshot(nodes: readonly KubeObject[]): readonly NodeView[] {
    if (sameItems(this.previousNodes, nodes)) {
      // The same nodes: only those touched since the last snapshot can differ from it.
      if (this.changed.size === 0) return this.handOut(this.views);
      const views = this.ownViews();
      for (const name of this.changed) {
        const i = this.viewIndex.get(name);
        if (i === undefined) continue; // pods on a node the informer does not list
        const entry = this.listFor(name, this.previousLists.get(name));
        this.previousLists.set(name, entry);
        views[i] = { node: views[i]!.node, podsOnNode: entry.pods };
      }
      this.changed.clear();
      return this.handOut(views);
    }
    this.previousNodes = [...nodes];
    this.sortedNodes = [...nodes]
      .map((n) => n as unknown as Node)
      .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : (a.metadata?.name ?? '') > (b.metadata?.name ?? '') ? 1 : 0));
    const lists = new Map<string, { generation: number; pods: readonly Pod[] }>();
    this.viewIndex = new Map();
    const views = this.sortedNodes.map((node, i) => {
      const name = node.metadata?.name ?? '';
      const entry = this.listFor(name, this.previousLists.get(name));
      lists.set(name, entry);
      this.viewIndex.set(name, i);
      return { node, podsOnNode: entry.pods };
    });
    this.previousLists = lists;
    this.changed.clear();
    return this.handOut(views);
  }

  private handOut(views: NodeView[]): readonly NodeView[] {
    this.viewsHandedOut = true;
    return (this.views = views);
  }

  /** `views`, to change: a copy if it was handed out, so what a caller holds does not change under it. */
  private ownViews(): NodeView[] {
    if (this.viewsHandedOut) {
      this.views = this.views.slice();
      this.viewsHandedOut = false;
    }
    return this.views;
  }

  /**
   * A pod's status write that leaves its node's list as it was (same spec, still running): the node's current list,
   * if the snapshot has it, gets the new object in the old one's place, with the same sums (they read only the spec).
   * A list older than the node's generation is rebuilt from the current pods by the next snapshot anyway.
   */
  private replaceInSnapshot(nodeName: string, generation: number, old: Pod, pod: Pod): void {
    const entry = this.previousLists.get(nodeName);
    if (!entry || entry.generation !== generation) return;
    const at = entry.pods.indexOf(old);
    if (at < 0) return;
    // Spread, not slice(): V8 (Node 20) slices a frozen array element by element on its slow path, ~50x slower.
    const copy = [...entry.pods];
    copy[at] = pod;
    const pods = Object.freeze(copy);
    shareNodeRequested(entry.pods, pods);
    this.previousLists.set(nodeName, { generation, pods });
    const i = this.viewIndex.get(nodeName);
    if (i === undefined || this.views[i]?.podsOnNode !== entry.pods) return;
    const views = this.ownViews();
    views[i] = { node: views[i]!.node, podsOnNode: pods };
  }

  /** A node's list at its current generation: `previous` if that is still it, else rebuilt (the same frozen list if equal). */
  private listFor(name: string, previous: { generation: number; pods: readonly Pod[] } | undefined): { generation: number; pods: readonly Pod[] } {
    const generation = this.nodeInfos.get(name)?.generation ?? 0;
    if (previous && previous.generation === generation) return previous;
    const { pods: fresh, requested } = this.podsOn(name);
    const pods = previous && sameItems(previous.pods, fresh) ? previous.pods : Object.freeze(fresh);
    if (!previous || pods !== previous.pods) setNodeRequested(pods, requested);
    return { generation, pods };
  }

  /**
   * The node's non-terminal bound pods, then its assumed pods the informer does not show bound (and running), with
   * the sums of their requests in that order.
   */
  private podsOn(nodeName: string): { pods: Pod[]; requested: NodeRequested } {
    const pods: Pod[] = [];
    const info = this.nodeInfos.get(nodeName);
    if (info) for (const p of info.pods.values()) if (isNonTerminal(p)) pods.push(p);
    let requested = info ? (info.requested ??= sumNodeRequested(pods)) : sumNodeRequested([]);
    for (const [key, p] of this.assumed) {
      if (p.spec?.nodeName !== nodeName) continue;
      const bound = this.boundPod(key);
      if (bound && isNonTerminal(bound)) continue;
      pods.push(p);
      requested = addPodRequested(requested, p);
    }
    return { pods, requested };
  }

  private boundPod(key: string): Pod | undefined {
    const node = this.podNodes.get(key);
    return node === undefined ? undefined : this.nodeInfos.get(node)?.pods.get(key);
  }

  private setPod(key: string, pod: Pod): void {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) {
      this.removeKey(key);
      return;
    }
    const current = this.podNodes.get(key);
    if (current !== undefined && current !== nodeName) this.removeKey(key);
    let info = this.nodeInfos.get(nodeName);
    if (!info) this.nodeInfos.set(nodeName, (info = { pods: new Map(), generation: 0 }));
    const old = info.pods.get(key);
    info.pods.set(key, pod);
    if (info.requested) {
      if (!old) {
        if (isNonTerminal(pod)) info.requested = addPodRequested(info.requested, pod); // the list's new last pod
      } else if (isNonTerminal(old) !== isNonTerminal(pod) || (isNonTerminal(pod) && old.spec !== pod.spec)) {
        info.requested = undefined;
      }
    }
    this.podNodes.set(key, nodeName);
    // What a cycle reads of a node's pods is their spec and whether they are finished: a status write that keeps
    // both (most kubelet writes) changes nothing it could see, so the node keeps its list (and its generation).
    if (old && old.spec === pod.spec && isNonTerminal(old) === isNonTerminal(pod)) {
      if (isNonTerminal(pod)) this.replaceInSnapshot(nodeName, info.generation, old, pod);
      return;
    }
    this.touch(nodeName);
    this.touchAssumed(key);
  }

  private removeKey(key: string): void {
    const nodeName = this.podNodes.get(key);
    if (nodeName === undefined) return;
    this.podNodes.delete(key);
    const info = this.nodeInfos.get(nodeName);
    if (info) {
      info.pods.delete(key);
      info.requested = undefined;
    }
    this.touch(nodeName);
    this.touchAssumed(key);
  }

  /** A change on `nodeName`: its next snapshot rebuilds its list. */
  private touch(nodeName: string): void {
    let info = this.nodeInfos.get(nodeName);
    if (!info) this.nodeInfos.set(nodeName, (info = { pods: new Map(), generation: 0 }));
    info.generation = ++this.generation;
    this.changed.add(nodeName);
  }

  /** Whether an assumed pod counts depends on its bound twin: a change of either touches the assumed pod's node. */
  private touchAssumed(key: string): void {
    const nodeName = this.assumed.get(key)?.spec?.nodeName;
    if (nodeName) this.touch(nodeName);
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
