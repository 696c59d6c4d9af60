/**
 * kube-scheduler's informer event handlers: pending pods feed the scheduling queue, bound pods feed the cache, and
 * cluster events that may let a waiting pod fit (a node added or changed, an assigned pod gone) move the
 * unschedulable pods back.
 *
 * Ported from kubernetes `pkg/scheduler/eventhandlers.go` (addAllEventHandlers with its two filtering pod handlers,
 * addPodToSchedulingQueue, updatePodInSchedulingQueue, deletePodFromSchedulingQueue, addPodToCache,
 * deletePodFromCache, addNodeToCache, updateNodeInCache, nodeSchedulingPropertiesChange) and
 * `pkg/scheduler/internal/queue/scheduling_queue.go` (isPodUpdated).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { deepEqual } from '../../apiserver/strategy/object-diff.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { responsibleForPod } from './schedule-one';
import { podKey, type SchedulerCache } from './scheduler-cache';
import type { ClusterEvent, SchedulingQueue } from './scheduling-queue';

const assigned = (p: Pod): boolean => !!p.spec?.nodeName;
const pending = (p: Pod): boolean => !assigned(p) && responsibleForPod(p);

/** `isPodUpdated`: a change other than resourceVersion, generation, status, managedFields and finalizers. */
export function isPodUpdated(oldPod: KubeObject, newPod: KubeObject): boolean {
  const strip = (p: KubeObject) => {
    const { resourceVersion: _rv, generation: _g, managedFields: _m, finalizers: _f, ...meta } = p.metadata;
    const { status: _s, metadata: _meta, ...rest } = p;
    return { ...rest, metadata: meta };
  };
  return !deepEqual(strip(oldPod), strip(newPod));
}

/** Both pod handlers of addAllEventHandlers, as one object: the assigned-pod filter and the pending-pod filter. */
export class PodEventHandler implements ResourceEventHandler {
  constructor(
    private readonly queue: SchedulingQueue,
    private readonly cache: SchedulerCache,
  ) {}

  onAdd(obj: KubeObject): void {
    const pod = obj as unknown as Pod;
    if (assigned(pod)) {
      // addPodToCache
      this.cache.addPod(pod);
      this.cache.confirmOrRemove(podKey(pod));
    } else if (pending(pod)) this.queue.add(podKey(pod)); // addPodToSchedulingQueue
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldPod = oldObj as unknown as Pod;
    const newPod = newObj as unknown as Pod;
    const key = podKey(newPod);
    if (assigned(newPod)) {
      // addPodToCache / updatePodInCache; the pending handler sees the bound pod leave (deletePodFromSchedulingQueue).
      this.cache.updatePod(oldPod, newPod);
      this.cache.confirmOrRemove(key);
      if (pending(oldPod)) this.queue.delete(key);
      return;
    }
    if (assigned(oldPod)) this.cache.removePod(oldPod); // no longer bound (nodeName is immutable: not expected)
    if (!pending(newPod)) return;
    if (!pending(oldPod)) this.queue.add(key);
    else if (isPodUpdated(oldObj, newObj)) this.queue.update(key); // updatePodInSchedulingQueue
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const last = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!last) return;
    const pod = last as unknown as Pod;
    const key = podKey(pod);
    if (assigned(pod)) {
      // deletePodFromCache: the node has room again.
      this.cache.removePod(pod);
      this.cache.confirmOrRemove(key);
      this.queue.moveAllToActiveOrBackoffQueue('AssignedPodDelete');
      return;
    }
    // deletePodFromSchedulingQueue
    this.queue.delete(key);
    this.cache.forgetPod(key);
  }
}

/**
 * `nodeSchedulingPropertiesChange`: the events an update means for pods waiting to fit. Heartbeats (condition times)
 * change nothing; a node becoming schedulable, new allocatable, labels, taints or condition statuses do.
 */
export function nodeSchedulingPropertiesChange(newNode: Node, oldNode: Node): ClusterEvent[] {
  const events: ClusterEvent[] = [];
  if (!!newNode.spec?.unschedulable !== !!oldNode.spec?.unschedulable && !newNode.spec?.unschedulable) events.push('NodeSpecUnschedulableChange');
  if (!deepEqual(newNode.status?.allocatable ?? {}, oldNode.status?.allocatable ?? {})) events.push('NodeAllocatableChange');
  if (!deepEqual(newNode.metadata?.labels ?? {}, oldNode.metadata?.labels ?? {})) events.push('NodeLabelChange');
  if (!deepEqual(newNode.spec?.taints ?? [], oldNode.spec?.taints ?? [])) events.push('NodeTaintChange');
  const statuses = (n: Node) => Object.fromEntries((n.status?.conditions ?? []).map((c) => [c.type, c.status]));
  if (!deepEqual(statuses(newNode), statuses(oldNode))) events.push('NodeConditionChange');
  return events;
}

/** The node handler: addNodeToCache (NodeAdd), updateNodeInCache (the events above); deletes change no fit. */
export class NodeEventHandler implements ResourceEventHandler {
  constructor(private readonly queue: SchedulingQueue) {}

  onAdd(): void {
    this.queue.moveAllToActiveOrBackoffQueue('NodeAdd');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const events = nodeSchedulingPropertiesChange(newObj as unknown as Node, oldObj as unknown as Node);
    if (events.length > 0) this.queue.moveAllToActiveOrBackoffQueue(events[0]!);
  }

  onDelete(): void {}
}
