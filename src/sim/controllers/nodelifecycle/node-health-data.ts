/**
 * What the node lifecycle controller remembers about each node between passes: when it last saw a sign of life
 * (a new Ready heartbeat or a renewed Lease), measured on the controller's own clock.
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (nodeHealthData and the
 * bookkeeping half of tryUpdateNodeHealth, up to the grace-period check).
 */
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node, NodeCondition, NodeStatus } from 'kubernetes-types/core/v1';
import { parseTime } from '../../engine/clock.ts';
import { NODE_MONITOR_GRACE_PERIOD_MS, NODE_STARTUP_GRACE_PERIOD_MS } from './node-health.ts';

/** `nodeHealthData`. Times are virtual ms of the controller's clock ("to avoid time skew across the cluster"). */
export interface NodeHealthData {
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  status: NodeStatus | undefined;
  /** The Lease last seen renewed. */
  lease: Lease | undefined;
}

/** `GetNodeCondition(status, Ready)`. */
export function readyConditionOf(status: NodeStatus | undefined): NodeCondition | undefined {
  return status?.conditions?.find((c) => c.type === 'Ready');
}

/** What {@link observeNodeHealth} found. */
export interface NodeHealthObservation {
  health: NodeHealthData;
  /** The startup grace period while the node has never posted Ready, else the monitor grace period. */
  gracePeriod: number;
  /** The Ready condition as the node posted it (a fake Unknown one dated at creation when it never did). */
  observedReadyCondition: NodeCondition;
  currentReadyCondition: NodeCondition | undefined;
}

function timeOf(s: string | undefined): number {
  return s ? parseTime(s) : 0;
}

/**
 * `tryUpdateNodeHealth` up to the grace-period check: updates the node's health record from what the caches show
 * now. The probe timestamp moves to `now` when the Ready condition's heartbeat changed (the kubelet posted status)
 * or the Lease's renewTime moved forward; the transition timestamp moves when the Ready condition transitioned.
 */
export function observeNodeHealth(
  saved: NodeHealthData | undefined,
  node: Node,
  lease: Lease | undefined,
  now: number,
  gracePeriods: { monitor: number; startup: number } = { monitor: NODE_MONITOR_GRACE_PERIOD_MS, startup: NODE_STARTUP_GRACE_PERIOD_MS },
): NodeHealthObservation {
  let nodeHealth: NodeHealthData | undefined = saved ? { ...saved } : undefined;
  let gracePeriod: number;
  let observedReadyCondition: NodeCondition;
  const currentReadyCondition = readyConditionOf(node.status);
  const created = node.metadata?.creationTimestamp;
  if (!currentReadyCondition) {
    // The kubelet never posted status: a fake condition dated at the node's creation.
    observedReadyCondition = { type: 'Ready', status: 'Unknown', ...(created ? { lastHeartbeatTime: created, lastTransitionTime: created } : {}) };
    gracePeriod = gracePeriods.startup;
    if (nodeHealth) nodeHealth.status = node.status;
    else nodeHealth = { status: node.status, probeTimestamp: timeOf(created), readyTransitionTimestamp: timeOf(created), lease: undefined };
  } else {
    observedReadyCondition = { ...currentReadyCondition };
    gracePeriod = gracePeriods.monitor;
  }
  const savedCondition = saved ? readyConditionOf(saved.status) : undefined;
  const savedLease = saved?.lease;
  if (!nodeHealth) {
    nodeHealth = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now, lease: undefined };
  } else if (!savedCondition && currentReadyCondition) {
    nodeHealth = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now, lease: undefined };
  } else if (savedCondition && !currentReadyCondition) {
    nodeHealth = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now, lease: undefined };
  } else if (savedCondition && currentReadyCondition && savedCondition.lastHeartbeatTime !== currentReadyCondition.lastHeartbeatTime) {
    const transitionTime = savedCondition.lastTransitionTime !== currentReadyCondition.lastTransitionTime ? now : nodeHealth.readyTransitionTimestamp;
    nodeHealth = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: transitionTime, lease: undefined };
  }
  // Always update the probe time when the Lease is renewed: a kubelet that renews its Lease but never posts
  // status is taken as healthy.
  if (lease && (!savedLease || timeOf(savedLease.spec?.renewTime) < timeOf(lease.spec?.renewTime))) {
    nodeHealth.lease = lease;
    nodeHealth.probeTimestamp = now;
  }
  return { health: nodeHealth, gracePeriod, observedReadyCondition, currentReadyCondition };
}
