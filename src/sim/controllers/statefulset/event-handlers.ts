/**
 * What wakes the StatefulSet controller: its sets' events, and its pods' (a pod's controller is woken; an orphan
 * wakes every set that selects it; a pod that just became ready wakes its set again after minReadySeconds).
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set.go` (NewStatefulSetController's set handlers,
 * addPod, updatePod, deletePod).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { isPodReady } from '../replicaset/pod-util.ts';
import type { StatefulSetController } from './statefulset-controller.ts';

/** The StatefulSet informer's handler: every add, update and delete enqueues the set. */
export class StatefulSetEventHandler implements ResourceEventHandler {
  constructor(private readonly ssc: StatefulSetController) {}

  onAdd(obj: KubeObject): void {
    this.ssc.enqueue(obj, 'add');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.ssc.enqueue(newObj, oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const set = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (set) this.ssc.enqueue(set, 'delete');
  }
}

/** The pod informer's handler. */
export class StatefulSetPodEventHandler implements ResourceEventHandler {
  constructor(private readonly ssc: StatefulSetController) {}

  /** `addPod`: a pod being deleted is a delete; a controlled pod wakes its set; an orphan every set selecting it. */
  onAdd(obj: KubeObject): void {
    const pod = obj as KubeObject & Pod;
    if (pod.metadata.deletionTimestamp) {
      this.onDelete(pod);
      return;
    }
    const ref = controllerOf(pod);
    if (ref) {
      const set = this.ssc.resolveControllerRef(pod.metadata.namespace, ref);
      if (set) this.ssc.enqueue(set, 'add');
      return;
    }
    for (const set of this.ssc.getPodStatefulSets(pod)) this.ssc.enqueue(set, 'add');
  }

  /** `updatePod`. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldPod = oldObj as KubeObject & Pod;
    const curPod = newObj as KubeObject & Pod;
    if (curPod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
    const labelChanged = JSON.stringify(curPod.metadata.labels ?? {}) !== JSON.stringify(oldPod.metadata.labels ?? {});
    const curRef = controllerOf(curPod);
    const oldRef = controllerOf(oldPod);
    const refChanged = JSON.stringify(curRef ?? null) !== JSON.stringify(oldRef ?? null);
    if (refChanged && oldRef) {
      const old = this.ssc.resolveControllerRef(oldPod.metadata.namespace, oldRef);
      if (old) this.ssc.enqueue(old, 'update');
    }
    if (curRef) {
      const set = this.ssc.resolveControllerRef(curPod.metadata.namespace, curRef);
      if (!set) return;
      this.ssc.enqueue(set, 'update');
      const minReadySeconds = set.spec?.minReadySeconds ?? 0;
      if (!isPodReady(oldPod) && isPodReady(curPod) && minReadySeconds > 0) this.ssc.enqueueAfter(set, minReadySeconds * 1000);
      return;
    }
    if (labelChanged || refChanged) for (const set of this.ssc.getPodStatefulSets(curPod)) this.ssc.enqueue(set, 'update');
  }

  /** `deletePod`: wakes the pod's controller (a tombstone's last known state may be stale). */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!pod) return;
    const ref = controllerOf(pod);
    if (!ref) return;
    const set = this.ssc.resolveControllerRef(pod.metadata.namespace, ref);
    if (set) this.ssc.enqueue(set, 'delete');
  }
}
