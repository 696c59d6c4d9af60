/**
 * What the node lifecycle controller writes to pods and records about nodes: the pods of a node that stopped being
 * Ready are marked not ready, and the node's status change is an Event.
 *
 * Ported from kubernetes `pkg/controller/util/node/controller_utils.go` (MarkPodsNotReady, RecordNodeEvent,
 * RecordNodeStatusChange).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import { podConditionsMarkedNotReady } from './node-health.ts';

/** The reason of the Node's status-change event and of the pod event MarkPodsNotReady records. */
export const NODE_NOT_READY = 'NodeNotReady';
/** The message of the pod event MarkPodsNotReady records. */
export const NODE_NOT_READY_POD_MESSAGE = 'Node is not ready';

/**
 * `MarkPodsNotReady`: each pod of `nodeName` whose Ready condition is not already False gets it set False (PUT
 * /status), then a Warning `NodeNotReady` "Node is not ready" event. A pod already gone is skipped; other failures
 * are collected and thrown together at the end (the event is recorded all the same, as upstream does).
 */
export function* markPodsNotReady(client: Client, recorder: EventRecorder, pods: readonly (KubeObject & Pod)[], nodeName: string, now: number): ClientOp<number> {
  const errs: StatusError[] = [];
  let marked = 0;
  for (const p of pods) {
    if (p.spec?.nodeName !== nodeName) continue;
    const conditions = podConditionsMarkedNotReady(p, now);
    if (!conditions) continue;
    const pod = structuredClone(p) as KubeObject & Pod;
    pod.status = { ...(pod.status ?? {}), conditions };
    try {
      yield* client.updateStatus(pod);
      marked++;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.code === 404) continue;
      errs.push(e);
    }
    recorder.event(pod, 'Warning', NODE_NOT_READY, NODE_NOT_READY_POD_MESSAGE);
  }
  if (errs.length > 0) throw errs[0];
  return marked;
}

/** `RecordNodeStatusChange`: a Normal event `<status>` "Node <name> status is now: <status>" on the Node. */
export function recordNodeStatusChange(recorder: EventRecorder, node: KubeObject, newStatus: string): void {
  recorder.event(node, 'Normal', newStatus, `Node ${node.metadata.name} status is now: ${newStatus}`);
}

/** `RecordNodeEvent`: a event on the Node, its message "Node <name> event: <event>". */
export function recordNodeEvent(recorder: EventRecorder, node: KubeObject, type: 'Normal' | 'Warning', reason: string, event: string): void {
  recorder.event(node, type, reason, `Node ${node.metadata.name} event: ${event}`);
}
