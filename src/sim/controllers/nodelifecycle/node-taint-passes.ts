/**
 * The node lifecycle controller's taint passes and its pod pass: which taints a node's conditions call for, and
 * writing them.
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (doNoScheduleTaintingPass,
 * the `Try` callback of doNoExecuteTaintingPass, processTaintBaseEviction, markNodeForTainting,
 * markNodeAsReachable, processPod).
 */
import type { Node, Pod, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext, ReconcileGenerator } from '../../controller/reconciler.ts';
import { markPodsNotReady } from './mark-pods.ts';
import { readyConditionOf } from './node-health-data.ts';
import type { NodeLifecycleController } from './node-lifecycle-controller.ts';
import { swapNodeControllerTaint, removeTaintOffNode, taintExists, matchTaint } from './node-taint-client.ts';
import { desiredNoScheduleTaints, TAINT_EFFECT_NO_EXECUTE, TAINT_EFFECT_NO_SCHEDULE, TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE } from './taints.ts';
import { getZoneKey } from './zone.ts';

type NodeObject = KubeObject & Node;

/** `UnreachableTaintTemplate`. */
export const UNREACHABLE_TAINT_TEMPLATE: Taint = Object.freeze({ key: TAINT_NODE_UNREACHABLE, effect: TAINT_EFFECT_NO_EXECUTE });
/** `NotReadyTaintTemplate`. */
export const NOT_READY_TAINT_TEMPLATE: Taint = Object.freeze({ key: TAINT_NODE_NOT_READY, effect: TAINT_EFFECT_NO_EXECUTE });

/** `taintKeyToNodeConditionMap`'s keys: the NoSchedule taints that mirror a node condition. */
const CONDITION_TAINT_KEYS = new Set([
  TAINT_NODE_NOT_READY,
  TAINT_NODE_UNREACHABLE,
  'node.kubernetes.io/network-unavailable',
  'node.kubernetes.io/memory-pressure',
  'node.kubernetes.io/disk-pressure',
  'node.kubernetes.io/pid-pressure',
]);

/**
 * `doNoScheduleTaintingPass`: the NoSchedule taints the node's conditions and `spec.unschedulable` call for, against
 * the ones it has; the difference is swapped in one go. A failure is not retried (upstream's TODO): the next update
 * of the node tries again.
 */
export function* doNoScheduleTaintingPass(nc: NodeLifecycleController, nodeName: string, ctx: ReconcileContext): ReconcileGenerator {
  const node = nc.nodeInformer.get(undefined, nodeName) as NodeObject | undefined;
  if (!node) return;
  const taints = desiredNoScheduleTaints(node);
  const nodeTaints = (node.spec?.taints ?? []).filter((t) => t.effect === TAINT_EFFECT_NO_SCHEDULE && (t.key === TAINT_NODE_UNSCHEDULABLE || CONDITION_TAINT_KEYS.has(t.key)));
  const taintsToAdd = taints.filter((t) => !nodeTaints.some((x) => matchTaint(t, x)));
  const taintsToDel = nodeTaints.filter((t) => !taints.some((x) => matchTaint(t, x)));
  ctx.observe(`${nodeName}: NoSchedule taints wanted [${taints.map((t) => t.key).join(', ')}]`, [{ apiVersion: 'v1', kind: 'Node', name: nodeName, rv: node.metadata.resourceVersion }]);
  if (taintsToAdd.length === 0 && taintsToDel.length === 0) {
    ctx.diff('NoSchedule taints match the conditions', true);
    return;
  }
  ctx.diff(`add [${taintsToAdd.map((t) => t.key).join(', ')}], remove [${taintsToDel.map((t) => t.key).join(', ')}]`, false);
  ctx.act(`swap the NoSchedule taints of ${nodeName}`);
  yield* swapNodeControllerTaint(ctx.client, taintsToAdd, taintsToDel, node, nc.ctx.now);
}

/**
 * The `Try` callback of `doNoExecuteTaintingPass` for a node its zone's limiter let through: unreachable for Ready
 * Unknown, not-ready for Ready False (the two exclude each other); a failed write goes back in the queue.
 */
export function* doNoExecuteTaint(nc: NodeLifecycleController, nodeName: string, ctx: ReconcileContext): ReconcileGenerator {
  const entry = nc.taintsInFlight.get(nodeName);
  nc.taintsInFlight.delete(nodeName);
  const node = nc.nodeInformer.get(undefined, nodeName) as NodeObject | undefined;
  const status = readyConditionOf(node?.status)?.status;
  if (!node || !status || status === 'True') return;
  const [taintToAdd, oppositeTaint] = status === 'False' ? [NOT_READY_TAINT_TEMPLATE, UNREACHABLE_TAINT_TEMPLATE] : [UNREACHABLE_TAINT_TEMPLATE, NOT_READY_TAINT_TEMPLATE];
  ctx.observe(`${nodeName}: Ready ${status}, its turn in the eviction rate limiter`, [{ apiVersion: 'v1', kind: 'Node', name: nodeName, rv: node.metadata.resourceVersion }]);
  ctx.act(`taint ${nodeName} ${taintToAdd.key}:NoExecute`);
  const ok = yield* swapNodeControllerTaint(ctx.client, [taintToAdd], [oppositeTaint], node, nc.ctx.now);
  if (!ok && entry) {
    nc.zoneNoExecuteTainter.get(entry.zone)?.retry(entry.value, nc.ctx.now, 0);
    nc.ensureTaintingPass();
  }
}

/**
 * `processTaintBaseEviction`: a not-ready or unreachable node goes into its zone's tainter (or has its NoExecute
 * taint swapped at once when it carries the opposite one); a Ready node loses both.
 */
export function* processTaintBaseEviction(nc: NodeLifecycleController, node: NodeObject, observedReadyStatus: { status: string }, ctx: ReconcileContext): ClientOp<void> {
  switch (observedReadyStatus.status) {
    case 'False':
      if (taintExists(node.spec?.taints, UNREACHABLE_TAINT_TEMPLATE)) {
        yield* swapNodeControllerTaint(ctx.client, [NOT_READY_TAINT_TEMPLATE], [UNREACHABLE_TAINT_TEMPLATE], node, nc.ctx.now);
      } else markNodeForTainting(nc, node, 'False');
      break;
    case 'Unknown':
      if (taintExists(node.spec?.taints, NOT_READY_TAINT_TEMPLATE)) {
        yield* swapNodeControllerTaint(ctx.client, [UNREACHABLE_TAINT_TEMPLATE], [NOT_READY_TAINT_TEMPLATE], node, nc.ctx.now);
      } else markNodeForTainting(nc, node, 'Unknown');
      break;
    case 'True':
      yield* markNodeAsReachable(nc, node, ctx);
      break;
  }
}

/** `markNodeForTainting`: (re)queues the node in its zone's tainter unless it already has the taint. */
export function markNodeForTainting(nc: NodeLifecycleController, node: NodeObject, status: 'False' | 'Unknown'): boolean {
  const zone = getZoneKey(node);
  nc.addPodEvictorForNewZone(zone);
  const tainter = nc.zoneNoExecuteTainter.get(zone)!;
  const name = node.metadata.name!;
  if (status === 'False' && !taintExists(node.spec?.taints, NOT_READY_TAINT_TEMPLATE)) tainter.remove(name);
  if (status === 'Unknown' && !taintExists(node.spec?.taints, UNREACHABLE_TAINT_TEMPLATE)) tainter.remove(name);
  const added = tainter.add(name, node.metadata.uid ?? '', nc.ctx.now);
  if (added) nc.ensureTaintingPass();
  return added;
}

/** `markNodeAsReachable`: removes both NoExecute taints (no request when the node has neither) and forgets the node in its tainter. */
export function* markNodeAsReachable(nc: NodeLifecycleController, node: NodeObject, ctx: ReconcileContext): ClientOp<boolean> {
  const name = node.metadata.name!;
  if (taintExists(node.spec?.taints, UNREACHABLE_TAINT_TEMPLATE) || taintExists(node.spec?.taints, NOT_READY_TAINT_TEMPLATE)) {
    ctx.act(`remove the NoExecute taints of ${name}`);
  }
  try {
    yield* removeTaintOffNode(ctx.client, name, node, [UNREACHABLE_TAINT_TEMPLATE]);
    yield* removeTaintOffNode(ctx.client, name, node, [NOT_READY_TAINT_TEMPLATE]);
  } catch (e) {
    // "Failed to remove taints from node. Will retry in next iteration"
    if (e instanceof StatusError) return false;
    throw e;
  }
  return nc.zoneNoExecuteTainter.get(getZoneKey(node))?.remove(name) ?? false;
}

/**
 * `processPod`: a pod newly bound to a node the controller knows to be not Ready is marked not ready at once
 * (pods the monitor pass missed because the cache lagged). A failure is retried rate-limited.
 */
export function* processPod(nc: NodeLifecycleController, namespace: string, name: string, ctx: ReconcileContext): ReconcileGenerator {
  const pod = nc.podInformer.get(namespace, name) as (KubeObject & Pod) | undefined;
  if (!pod) return;
  const nodeName = pod.spec?.nodeName ?? '';
  const health = nc.nodeHealthMap.get(nodeName);
  if (!health) return;
  if (!nc.nodeInformer.get(undefined, nodeName)) throw new Error(`node "${nodeName}" not found`);
  const ready = readyConditionOf(health.status);
  if (!ready || ready.status === 'True') return;
  ctx.act(`mark ${namespace}/${name} not ready: ${nodeName} is ${ready.status === 'False' ? 'not ready' : 'unreachable'}`);
  yield* markPodsNotReady(ctx.client, nc.recorder, [pod], nodeName, nc.ctx.now);
}
