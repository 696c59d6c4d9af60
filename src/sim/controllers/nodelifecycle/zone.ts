/**
 * Zones and their health: the node lifecycle controller keeps one NoExecute tainter per zone and slows or stops
 * tainting when a zone looks disrupted (more likely a network partition than dead nodes).
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (ZoneState, ComputeZoneState,
 * HealthyQPSFunc, ReducedQPSFunc) and `k8s.io/component-helpers/node/topology/helpers.go` (GetZoneKey).
 */
import type { Node, NodeCondition } from 'kubernetes-types/core/v1';

export type ZoneState = 'Initial' | 'Normal' | 'FullDisruption' | 'PartialDisruption';

/**
 * `--node-eviction-rate`: nodes per second tainted NoExecute in a healthy zone (0.1, and 0.01 for the secondary rate,
 * as registered in `cmd/kube-controller-manager/app/options/nodelifecyclecontroller.go`).
 */
export const NODE_EVICTION_RATE = 0.1;
/** `--secondary-node-eviction-rate`: the rate in a partially disrupted zone of a large cluster. */
export const SECONDARY_NODE_EVICTION_RATE = 0.01;
/** `--large-cluster-size-threshold`. */
export const LARGE_CLUSTER_SIZE_THRESHOLD = 50;
/** `--unhealthy-zone-threshold`: the share of not-ready nodes (at least 3) that makes a zone partially disrupted. */
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;

/**
 * `GetZoneKey`: "<region>:\x00:<zone>" from the topology labels (the stable ones first, then the deprecated
 * failure-domain ones); "" when the node has neither.
 */
export function getZoneKey(node: Node): string {
  const labels = node.metadata?.labels ?? {};
  const zone = labels['topology.kubernetes.io/zone'] ?? labels['failure-domain.beta.kubernetes.io/zone'] ?? '';
  const region = labels['topology.kubernetes.io/region'] ?? labels['failure-domain.beta.kubernetes.io/region'] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\x00:${zone}`;
}

/**
 * `ComputeZoneState`: FullDisruption when no node is Ready, PartialDisruption when more than 2 nodes and at least
 * `unhealthyThreshold` of them are not Ready, else Normal. Returns the not-ready count too.
 */
export function computeZoneState(readyConditions: readonly (NodeCondition | undefined)[], unhealthyThreshold = UNHEALTHY_ZONE_THRESHOLD): { notReady: number; state: ZoneState } {
  let ready = 0;
  let notReady = 0;
  for (const c of readyConditions) {
    if (c?.status === 'True') ready++;
    else notReady++;
  }
  if (ready === 0 && notReady > 0) return { notReady, state: 'FullDisruption' };
  if (notReady > 2 && notReady / (notReady + ready) >= unhealthyThreshold) return { notReady, state: 'PartialDisruption' };
  return { notReady, state: 'Normal' };
}

/**
 * `setLimiterInZone`'s rate for a zone of `zoneSize` nodes: Normal → the eviction rate; PartialDisruption →
 * `ReducedQPSFunc` (the secondary rate above the large-cluster threshold, else 0: stop); FullDisruption →
 * `HealthyQPSFunc` (the eviction rate; the all-zones case is handled by the caller).
 */
export function zoneEvictionQPS(state: ZoneState, zoneSize: number, evictionRate = NODE_EVICTION_RATE, secondaryRate = SECONDARY_NODE_EVICTION_RATE, largeClusterThreshold = LARGE_CLUSTER_SIZE_THRESHOLD): number {
  if (state === 'PartialDisruption') return zoneSize > largeClusterThreshold ? secondaryRate : 0;
  return evictionRate;
}
