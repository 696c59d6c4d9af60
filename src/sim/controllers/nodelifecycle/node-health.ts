/**
 * The node lifecycle controller's health check: a node that stops posting status (or renewing its Lease) for the
 * grace period has its conditions set to Unknown, and its pods marked not ready.
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (tryUpdateNodeHealth,
 * the default grace periods) and `pkg/controller/util/node/controller_utils.go` (MarkPodsNotReady).
 */
import type { Node, NodeCondition, Pod, PodCondition } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';

/**
 * `--node-monitor-grace-period`: 50 s in the current kube-controller-manager reference docs; the v1.28 source (and
 * `config/v1alpha1/defaults.go` of that era) has 40 s. The release that changed it is not pinned (around 1.32;
 * k8s-behavior.md §9, §10), so this is the current value.
 */
export const NODE_MONITOR_GRACE_PERIOD_MS = 50_000;
/** `--node-startup-grace-period`. */
export const NODE_STARTUP_GRACE_PERIOD_MS = 60_000;
/** `--node-monitor-period`: how often the controller checks. */
export const NODE_MONITOR_PERIOD_MS = 5_000;

export const NODE_STATUS_UNKNOWN = 'NodeStatusUnknown';
export const NODE_STATUS_UNKNOWN_MESSAGE = 'Kubelet stopped posting node status.';
export const NODE_STATUS_NEVER_UPDATED = 'NodeStatusNeverUpdated';
export const NODE_STATUS_NEVER_UPDATED_MESSAGE = 'Kubelet never posted node status.';

/** The conditions the controller sets to Unknown. */
export const MONITORED_CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;

/**
 * `tryUpdateNodeHealth`'s Unknown transition: if the last probe (status update or Lease renewal observed, virtual
 * ms) is older than the grace period (the startup grace period while the node has never posted Ready), returns the
 * node's new conditions: each monitored condition becomes Unknown with NodeStatusUnknown / "Kubelet stopped posting
 * node status." (lastTransitionTime = now; unchanged if already Unknown), and a missing one is added with
 * NodeStatusNeverUpdated. Returns undefined when the node is still healthy or nothing changes.
 */
export function nodeConditionsAfterGracePeriod(node: Node, probeTimestamp: number, now: number, gracePeriodMs = NODE_MONITOR_GRACE_PERIOD_MS, startupGracePeriodMs = NODE_STARTUP_GRACE_PERIOD_MS): NodeCondition[] | undefined {
  const conditions = node.status?.conditions ?? [];
  const everReady = conditions.some((c) => c.type === 'Ready');
  const grace = everReady ? gracePeriodMs : startupGracePeriodMs;
  if (!(now > probeTimestamp + grace)) return undefined;
  const t = rfc3339(now);
  let changed = false;
  const out: NodeCondition[] = conditions.map((c) => {
    if (!(MONITORED_CONDITION_TYPES as readonly string[]).includes(c.type) || c.status === 'Unknown') return c;
    changed = true;
    return { ...c, status: 'Unknown', reason: NODE_STATUS_UNKNOWN, message: NODE_STATUS_UNKNOWN_MESSAGE, lastTransitionTime: t };
  });
  for (const type of MONITORED_CONDITION_TYPES) {
    if (out.some((c) => c.type === type)) continue;
    changed = true;
    out.push({
      type, status: 'Unknown', reason: NODE_STATUS_NEVER_UPDATED, message: NODE_STATUS_NEVER_UPDATED_MESSAGE,
      ...(node.metadata?.creationTimestamp ? { lastHeartbeatTime: node.metadata.creationTimestamp } : {}),
      lastTransitionTime: t,
    });
  }
  return changed ? out : undefined;
}

/**
 * `MarkPodsNotReady` for one pod: its Ready condition set False (lastTransitionTime = now when it changes), or
 * undefined when there is nothing to change.
 */
export function podConditionsMarkedNotReady(pod: Pod, now: number): PodCondition[] | undefined {
  const conditions = pod.status?.conditions ?? [];
  const ready = conditions.find((c) => c.type === 'Ready');
  if (!ready || ready.status === 'False') return undefined;
  return conditions.map((c) => (c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: rfc3339(now) } : c));
}
