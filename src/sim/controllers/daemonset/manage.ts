/**
 * `manage`'s plan, pure: for each node, whether the DaemonSet needs a pod there and which of its pods must go
 * (`podsShouldBeOnNode`), plus the unscheduled pods meant for nodes that no longer exist.
 *
 * Ported from kubernetes `pkg/controller/daemon/daemon_controller.go` (manage, podsShouldBeOnNode,
 * getUnscheduledPodsWithoutNode). A failed pod is killed at most once per back-off window of its node
 * (failed-pods-backoff.ts); inside the window the DaemonSet is looked at again when it ends. A succeeded pod is
 * deleted (and replaced). Upstream's FailedPlacement reason is defined but no longer emitted there: placement is
 * the scheduler's, through the pod's node affinity.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { isPodAvailable, isPodReady } from '../replicaset/pod-util.ts';
import { allowsSurge, byCreationTimestampAndPhase, CONTROLLER_REVISION_HASH_LABEL, nodeShouldRunDaemonPod, type DaemonSetObject } from './daemonset-util.ts';
import { failedPodsBackoffKey, type FailedPodsBackoff } from './failed-pods-backoff.ts';

/** `FailedDaemonPodReason`. */
export const FAILED_DAEMON_POD_REASON = 'FailedDaemonPod';
/** `SucceededDaemonPodReason`. */
export const SUCCEEDED_DAEMON_POD_REASON = 'SucceededDaemonPod';

export interface ManagePlan {
  /** Nodes that need a daemon pod (`nodesNeedingDaemonPods`), in node order. */
  nodesNeedingDaemonPods: string[];
  /** Names of the pods to delete (`podsToDelete`). */
  podsToDelete: string[];
  /** Warning events to record: a failed daemon pod found. */
  failedPodMessages: string[];
  /** Normal events to record: a succeeded daemon pod found. */
  succeededPodMessages: string[];
  /** The shortest back-off still running: the DaemonSet should be looked at again after it. */
  requeueAfter?: number;
}

/** `podsShouldBeOnNode` for every node, then `getUnscheduledPodsWithoutNode`. */
export function planManage(ds: DaemonSetObject, nodes: readonly Node[], nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>, hash: string, backoff: FailedPodsBackoff, now: number): ManagePlan {
  const plan: ManagePlan = { nodesNeedingDaemonPods: [], podsToDelete: [], failedPodMessages: [], succeededPodMessages: [] };
  for (const node of nodes) podsShouldBeOnNode(plan, node, nodeToDaemonPods, ds, hash, backoff, now);
  plan.podsToDelete.push(...getUnscheduledPodsWithoutNode(nodes, nodeToDaemonPods));
  return plan;
}

function podsShouldBeOnNode(plan: ManagePlan, node: Node, nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>, ds: DaemonSetObject, hash: string, backoff: FailedPodsBackoff, now: number): void {
  const nodeName = node.metadata?.name ?? '';
  const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
  const daemonPods = nodeToDaemonPods.get(nodeName);
  if (shouldRun && !daemonPods) {
    // If the daemon pod is supposed to be running on this node but isn't, create it.
    plan.nodesNeedingDaemonPods.push(nodeName);
    return;
  }
  if (shouldContinueRunning) {
    const running: Pod[] = [];
    for (const pod of daemonPods ?? []) {
      if (pod.metadata?.deletionTimestamp) continue;
      if (pod.status?.phase === 'Failed') {
        // A kubelet rejecting the pod and this controller re-creating it would fight in a hot loop: back off.
        const key = failedPodsBackoffKey(ds, nodeName);
        if (backoff.isInBackOffSinceUpdate(key, now)) {
          const delay = backoff.get(key);
          plan.requeueAfter = plan.requeueAfter === undefined ? delay : Math.min(plan.requeueAfter, delay);
          continue;
        }
        backoff.next(key, now);
        plan.failedPodMessages.push(`Found failed daemon pod ${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''} on node ${nodeName}, will try to kill it`);
        plan.podsToDelete.push(pod.metadata?.name ?? '');
      } else if (pod.status?.phase === 'Succeeded') {
        plan.succeededPodMessages.push(`Found succeeded daemon pod ${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''} on node ${nodeName}, will try to delete it`);
        plan.podsToDelete.push(pod.metadata?.name ?? '');
      } else {
        running.push(pod);
      }
    }
    running.sort(byCreationTimestampAndPhase);
    if (!allowsSurge(ds)) {
      // Without surge, more than one running pod on a node: keep the oldest.
      for (const pod of running.slice(1)) plan.podsToDelete.push(pod.metadata?.name ?? '');
      return;
    }
    if (running.length <= 1) {
      // Surging: the node needs at least one pod that is not being deleted.
      if (running.length === 0 && shouldRun) plan.nodesNeedingDaemonPods.push(nodeName);
      return;
    }
    // With surge, two pods are allowed only while the oldest of the current hash is becoming available.
    let oldestNewPod: Pod | undefined;
    let oldestOldPod: Pod | undefined;
    for (const pod of running) {
      if (pod.metadata?.labels?.[CONTROLLER_REVISION_HASH_LABEL] === hash) {
        if (!oldestNewPod) {
          oldestNewPod = pod;
          continue;
        }
      } else if (!oldestOldPod) {
        oldestOldPod = pod;
        continue;
      }
      plan.podsToDelete.push(pod.metadata?.name ?? '');
    }
    if (oldestNewPod && oldestOldPod) {
      if (!isPodReady(oldestOldPod) || isPodAvailable(oldestNewPod, ds.spec?.minReadySeconds ?? 0, now)) plan.podsToDelete.push(oldestOldPod.metadata?.name ?? '');
    }
    return;
  }
  if (daemonPods) {
    // The node no longer fits: its daemon pods go.
    for (const pod of daemonPods) if (!pod.metadata?.deletionTimestamp) plan.podsToDelete.push(pod.metadata?.name ?? '');
  }
}

/** `getUnscheduledPodsWithoutNode`: pods not yet bound whose target node is not in the list. */
export function getUnscheduledPodsWithoutNode(nodes: readonly Node[], nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>): string[] {
  const running = new Set(nodes.map((n) => n.metadata?.name ?? ''));
  const out: string[] = [];
  for (const [nodeName, pods] of nodeToDaemonPods) {
    if (running.has(nodeName)) continue;
    for (const pod of pods) if (!pod.spec?.nodeName) out.push(pod.metadata?.name ?? '');
  }
  return out;
}
