/**
 * `monitorNodeHealth`: one pass of the node lifecycle controller over every node — is it still alive, and if it
 * is not, mark it Unknown, queue it for the NoExecute taint, and mark its pods not ready.
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (monitorNodeHealth,
 * classifyNodes, the per-node `updateNodeFunc`, tryUpdateNodeHealth, handleDisruption, setLimiterInZone).
 *
 * @remarks A pass lists the nodes and sends one `health:<node>` key per node to the controller's queue (upstream's
 * `ParallelizeUntil` over the listed nodes); `handleDisruption` runs when the last of them is done. The retries of
 * `tryUpdateNodeHealth` (`NodeHealthUpdateRetry`, 5) re-read the node at once, without the 20 ms sleeps.
 */
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node, NodeCondition } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext, ReconcileGenerator } from '../../controller/reconciler.ts';
import { markPodsNotReady, recordNodeEvent, recordNodeStatusChange, NODE_NOT_READY } from './mark-pods.ts';
import { nodeConditionsAfterGracePeriod } from './node-health.ts';
import { observeNodeHealth, readyConditionOf } from './node-health-data.ts';
import { HEALTH_KEY_PREFIX, NAMESPACE_NODE_LEASE, REACHABLE_KEY_PREFIX, type NodeLifecycleController } from './node-lifecycle-controller.ts';
import { markNodeAsReachable, processTaintBaseEviction } from './node-taint-passes.ts';
import { computeZoneState, getZoneKey, zoneEvictionQPS, type ZoneState } from './zone.ts';

type NodeObject = KubeObject & Node;

/** `scheduler.NodeHealthUpdateRetry`. */
const NODE_HEALTH_UPDATE_RETRY = 5;
/** `labelNodeDisruptionExclusion`. */
export const LABEL_NODE_DISRUPTION_EXCLUSION = 'node.kubernetes.io/exclude-disruption';

/** One `monitorNodeHealth` pass in progress. */
export interface MonitorPass {
  /** The nodes listed at the start, by name. */
  nodes: Map<string, NodeObject>;
  /** Nodes whose `updateNodeFunc` has not finished. */
  pending: Set<string>;
  /** `zoneToNodeConditions`: each zone's Ready conditions after the update, by node. */
  zoneToNodeConditions: Map<string, Map<string, NodeCondition | undefined>>;
}

/** Starts a pass: classify the listed nodes, then one `health:` key per node. */
export function monitorNodeHealth(nc: NodeLifecycleController): void {
  const nodes = (nc.nodeInformer.list() as NodeObject[]).slice().sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  // classifyNodes
  const names = new Set(nodes.map((n) => n.metadata.name!));
  for (const node of nodes) {
    const name = node.metadata.name!;
    if (!nc.knownNodeSet.has(name)) {
      recordNodeEvent(nc.recorder, node, 'Normal', 'RegisteredNode', `Registered Node ${name} in Controller`);
      nc.knownNodeSet.set(name, node);
      nc.newlyAdded.add(name);
    }
    nc.addPodEvictorForNewZone(getZoneKey(node));
  }
  for (const [name, node] of [...nc.knownNodeSet].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (names.has(name)) continue;
    recordNodeEvent(nc.recorder, node, 'Normal', 'RemovingNode', `Removing Node ${name} from Controller`);
    nc.knownNodeSet.delete(name);
  }
  const pass: MonitorPass = { nodes: new Map(nodes.map((n) => [n.metadata.name!, n])), pending: new Set(names), zoneToNodeConditions: new Map() };
  nc.pass = pass;
  if (nodes.length === 0) {
    handleDisruption(nc, pass);
    nc.passEnded();
    return;
  }
  for (const node of nodes) nc.enqueue(HEALTH_KEY_PREFIX + node.metadata.name, 'resync');
}

/** `updateNodeFunc` for one node of the current pass. */
export function* updateNodeHealth(nc: NodeLifecycleController, name: string, ctx: ReconcileContext): ReconcileGenerator {
  try {
    let node = nc.pass?.nodes.get(name) ?? (nc.nodeInformer.get(undefined, name) as NodeObject | undefined);
    if (!node) return;
    if (nc.newlyAdded.delete(name)) yield* markNodeAsReachable(nc, node, ctx);
    let result: { observed: NodeCondition; current: NodeCondition | undefined; node: NodeObject } | undefined;
    for (let attempt = 1; attempt <= NODE_HEALTH_UPDATE_RETRY; attempt++) {
      try {
        result = yield* tryUpdateNodeHealth(nc, node, ctx);
        break;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        try {
          node = yield* ctx.client.get<NodeObject>({ apiVersion: 'v1', kind: 'Node' }, undefined, name);
        } catch (e2) {
          if (e2 instanceof StatusError) return; // "Probably Node was deleted"
          throw e2;
        }
      }
    }
    // "Update health of Node from Controller error, Skipping - no pods will be evicted".
    if (!result) return;
    const { observed, current } = result;
    node = result.node;
    if (!node.metadata.labels?.[LABEL_NODE_DISRUPTION_EXCLUSION] && nc.pass) {
      const zone = getZoneKey(node);
      let m = nc.pass.zoneToNodeConditions.get(zone);
      if (!m) nc.pass.zoneToNodeConditions.set(zone, (m = new Map()));
      m.set(name, current);
    }
    if (!current) {
      nc.nodesToRetry.delete(name);
      return;
    }
    const pods = nc.podsOnNode(name);
    yield* processTaintBaseEviction(nc, node, observed, ctx);
    const needsRetry = nc.nodesToRetry.has(name);
    const transitioned = current.status !== 'True' && observed.status === 'True';
    if (transitioned) recordNodeStatusChange(nc.recorder, node, NODE_NOT_READY);
    if (transitioned || (needsRetry && observed.status !== 'True')) {
      ctx.act(`mark the pods of ${name} not ready`);
      try {
        yield* markPodsNotReady(ctx.client, nc.recorder, pods, name, nc.ctx.now);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        nc.nodesToRetry.add(name);
        return;
      }
    }
    nc.nodesToRetry.delete(name);
  } finally {
    nc.nodeDone(name);
  }
}

/**
 * `tryUpdateNodeHealth`: refresh the node's health record; past the grace period, set its conditions Unknown
 * (PUT /status) when its Ready condition changes. Returns the Ready condition as observed and as it is now.
 */
function* tryUpdateNodeHealth(nc: NodeLifecycleController, node: NodeObject, ctx: ReconcileContext): ClientOp<{ observed: NodeCondition; current: NodeCondition | undefined; node: NodeObject }> {
  const name = node.metadata.name!;
  const now = nc.ctx.now;
  const lease = nc.leaseInformer.get(NAMESPACE_NODE_LEASE, name) as (KubeObject & Lease) | undefined;
  const obs = observeNodeHealth(nc.nodeHealthMap.get(name), node, lease, now, { monitor: nc.nodeMonitorGracePeriod, startup: nc.nodeStartupGracePeriod });
  nc.nodeHealthMap.set(name, obs.health);
  ctx.observe(`${name}: Ready ${obs.currentReadyCondition?.status ?? 'never posted'}, last heard from ${((now - obs.health.probeTimestamp) / 1000).toFixed(1)} s ago`, [
    { apiVersion: 'v1', kind: 'Node', name, rv: node.metadata.resourceVersion },
  ]);
  let current = obs.currentReadyCondition;
  if (now > obs.health.probeTimestamp + obs.gracePeriod) {
    const conditions = nodeConditionsAfterGracePeriod(node, obs.health.probeTimestamp, now, nc.nodeMonitorGracePeriod, nc.nodeStartupGracePeriod);
    if (conditions) {
      const updated = structuredClone(node) as NodeObject;
      updated.status = { ...(updated.status ?? {}), conditions };
      const newReady = readyConditionOf(updated.status);
      if (JSON.stringify(newReady) !== JSON.stringify(obs.observedReadyCondition)) {
        ctx.diff(`${name}: no heartbeat for more than ${obs.gracePeriod / 1000} s, Ready is ${obs.observedReadyCondition.status}`, false);
        ctx.act(`set the conditions of ${name} to Unknown (NodeStatusUnknown)`);
        const written = yield* ctx.client.updateStatus<NodeObject>(updated);
        nc.nodeHealthMap.set(name, { status: written.status, probeTimestamp: obs.health.probeTimestamp, readyTransitionTimestamp: now, lease });
        return { observed: obs.observedReadyCondition, current: newReady, node: updated };
      }
      current = newReady;
    }
  }
  return { observed: obs.observedReadyCondition, current, node };
}

/**
 * `handleDisruption`: each zone's state from its nodes' Ready conditions, and the tainters' rates to match. When
 * every zone is fully disrupted (more likely the control plane lost the nodes than every node died), taints are
 * removed and tainting stops until some node is Ready again.
 */
export function handleDisruption(nc: NodeLifecycleController, pass: MonitorPass): void {
  const now = nc.ctx.now;
  const newZoneStates = new Map<string, ZoneState>();
  let allAreFullyDisrupted = true;
  for (const zone of [...pass.zoneToNodeConditions.keys()].sort()) {
    const { state } = computeZoneState([...pass.zoneToNodeConditions.get(zone)!.values()]);
    if (state !== 'FullDisruption') allAreFullyDisrupted = false;
    newZoneStates.set(zone, state);
    if (!nc.zoneStates.has(zone)) nc.zoneStates.set(zone, 'Initial');
  }
  let allWasFullyDisrupted = true;
  for (const zone of [...nc.zoneStates.keys()].sort()) {
    if (!pass.zoneToNodeConditions.has(zone)) {
      nc.zoneStates.delete(zone);
      continue;
    }
    if (nc.zoneStates.get(zone) !== 'FullDisruption') {
      allWasFullyDisrupted = false;
      break;
    }
  }
  if (allAreFullyDisrupted && allWasFullyDisrupted) return;
  const zones = [...nc.zoneStates.keys()].sort();
  const setLimiter = (zone: string, state: ZoneState): void => {
    const size = pass.zoneToNodeConditions.get(zone)?.size ?? 0;
    nc.zoneNoExecuteTainter.get(zone)?.swapLimiter(zoneEvictionQPS(state, size, nc.evictionLimiterQPS), now);
  };
  if (allAreFullyDisrupted) {
    // "Controller detected that all Nodes are not-Ready. Entering master disruption mode"
    for (const name of [...pass.nodes.keys()]) nc.enqueue(REACHABLE_KEY_PREFIX + name, 'manual');
    for (const zone of zones) nc.zoneNoExecuteTainter.get(zone)?.swapLimiter(0, now);
    for (const zone of zones) nc.zoneStates.set(zone, 'FullDisruption');
    return;
  }
  if (allWasFullyDisrupted) {
    // "Controller detected that some Nodes are Ready. Exiting master disruption mode"
    for (const name of pass.nodes.keys()) {
      const h = nc.nodeHealthMap.get(name);
      if (h) nc.nodeHealthMap.set(name, { ...h, probeTimestamp: now, readyTransitionTimestamp: now });
    }
    for (const zone of zones) {
      setLimiter(zone, newZoneStates.get(zone)!);
      nc.zoneStates.set(zone, newZoneStates.get(zone)!);
    }
    nc.ensureTaintingPass();
    return;
  }
  for (const zone of zones) {
    const newState = newZoneStates.get(zone);
    if (!newState || nc.zoneStates.get(zone) === newState) continue;
    setLimiter(zone, newState);
    nc.zoneStates.set(zone, newState);
  }
  nc.ensureTaintingPass();
}
