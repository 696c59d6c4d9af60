/**
 * What wakes the DaemonSet controller: its DaemonSets, its ControllerRevisions, its pods (each create and delete
 * observed against the expectations), and nodes appearing or changing in a way that changes where it should run.
 *
 * Ported from kubernetes `pkg/controller/daemon/daemon_controller.go` (addDaemonset, updateDaemonset,
 * deleteDaemonset, addHistory, updateHistory, deleteHistory, addPod, updatePod, deletePod, addNode, updateNode).
 *
 * @remarks Upstream registers no node delete handler: a node's removal reaches the DaemonSet through its pod
 * going. `updateNode`'s shouldIgnoreNodeUpdate shortcut is folded into the per-DaemonSet comparison it guards
 * (the outcome is the same: a DaemonSet is woken only when the node's shouldRun or shouldContinueRunning changes).
 * Orphaned ControllerRevisions wake nobody (they are not adopted).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { controllerOf, keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { deletedFinalStateUnknown, isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { isPodReady } from '../replicaset/pod-util.ts';
import type { DaemonSetController } from './daemonset-controller.ts';
import { nodeShouldRunDaemonPod } from './daemonset-util.ts';

function unwrap(obj: KubeObject | DeletedFinalStateUnknown): KubeObject | undefined {
  return isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
}

/** The DaemonSet informer's handler. */
export class DaemonSetEventHandler implements ResourceEventHandler {
  constructor(private readonly dsc: DaemonSetController) {}

  /** `addDaemonset`. */
  onAdd(obj: KubeObject): void {
    this.dsc.enqueue(obj, 'add');
  }

  /** `updateDaemonset`: a new UID is the delete of the old DaemonSet first. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.uid !== newObj.metadata.uid) this.onDelete(deletedFinalStateUnknown(keyOf(oldObj), oldObj));
    this.dsc.enqueue(newObj, oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  /** `deleteDaemonset`: its expectations go, so a DaemonSet re-created under the name starts clean. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const ds = unwrap(obj);
    if (!ds) return;
    this.dsc.expectations.deleteExpectations(keyOf(ds));
    this.dsc.enqueue(ds, 'delete');
  }
}

/** The ControllerRevision informer's handler (addHistory, updateHistory, deleteHistory). */
export class HistoryEventHandler implements ResourceEventHandler {
  constructor(private readonly dsc: DaemonSetController) {}

  /** `addHistory`: a revision it controls changes nothing by appearing (one being deleted wakes it). */
  onAdd(obj: KubeObject): void {
    if (obj.metadata.deletionTimestamp) this.wake(obj, 'delete');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) return;
    const oldRef = controllerOf(oldObj);
    const newRef = controllerOf(newObj);
    if (oldRef && oldRef.uid !== newRef?.uid) this.wake(oldObj, 'update');
    this.wake(newObj, 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const history = unwrap(obj);
    if (history) this.wake(history, 'delete');
  }

  private wake(history: KubeObject, reason: 'add' | 'update' | 'delete'): void {
    const ref = controllerOf(history);
    const ds = ref && this.dsc.resolveControllerRef(history.metadata.namespace, ref);
    if (ds) this.dsc.enqueue(ds, reason);
  }
}

/** The pod informer's handler. */
export class DaemonSetPodEventHandler implements ResourceEventHandler {
  constructor(private readonly dsc: DaemonSetController) {}

  /** `addPod`: an observed create of its DaemonSet; an orphan wakes the DaemonSets that select it. */
  onAdd(obj: KubeObject): void {
    const pod = obj as KubeObject & Pod;
    if (pod.metadata.deletionTimestamp) {
      // On a restart of the controller manager a pod may already be pending deletion.
      this.deletePod(pod);
      return;
    }
    const ref = controllerOf(pod);
    if (ref) {
      const ds = this.dsc.resolveControllerRef(pod.metadata.namespace, ref);
      if (!ds) return;
      this.dsc.expectations.creationObserved(keyOf(ds));
      this.dsc.enqueue(ds, 'add');
      return;
    }
    for (const ds of this.dsc.getPodDaemonSets(pod)) this.dsc.enqueue(ds, 'add');
  }

  /** `updatePod`: a pod being deleted is a delete at once; a pod becoming ready is looked at again after minReadySeconds. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldPod = oldObj as KubeObject & Pod;
    const curPod = newObj as KubeObject & Pod;
    if (curPod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
    if (curPod.metadata.deletionTimestamp) {
      this.deletePod(curPod);
      return;
    }
    const curRef = controllerOf(curPod);
    const oldRef = controllerOf(oldPod);
    const refChanged = curRef?.uid !== oldRef?.uid;
    if (refChanged && oldRef) {
      const old = this.dsc.resolveControllerRef(oldPod.metadata.namespace, oldRef);
      if (old) this.dsc.enqueue(old, 'update');
    }
    if (curRef) {
      const ds = this.dsc.resolveControllerRef(curPod.metadata.namespace, curRef);
      if (!ds) return;
      this.dsc.enqueue(ds, 'update');
      const minReady = ds.spec?.minReadySeconds ?? 0;
      if (minReady > 0 && !isPodReady(oldPod) && isPodReady(curPod)) this.dsc.enqueueAfter(ds, minReady * 1000 + 1000);
      return;
    }
    const labelsChanged = JSON.stringify(curPod.metadata.labels ?? {}) !== JSON.stringify(oldPod.metadata.labels ?? {});
    if (labelsChanged || refChanged) for (const ds of this.dsc.getPodDaemonSets(curPod)) this.dsc.enqueue(ds, 'update');
  }

  /** `deletePod`. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = unwrap(obj);
    if (pod) this.deletePod(pod as KubeObject & Pod);
  }

  private deletePod(pod: KubeObject & Pod): void {
    const ref = controllerOf(pod);
    if (!ref) return;
    const ds = this.dsc.resolveControllerRef(pod.metadata.namespace, ref);
    if (!ds) return;
    this.dsc.expectations.deletionObserved(keyOf(ds));
    this.dsc.enqueue(ds, 'delete');
  }
}

/** The node informer's handler (addNode, updateNode). */
export class DaemonSetNodeEventHandler implements ResourceEventHandler {
  constructor(private readonly dsc: DaemonSetController) {}

  /** `addNode`: the DaemonSets that should run on the new node. */
  onAdd(obj: KubeObject): void {
    const node = obj as KubeObject & Node;
    for (const ds of this.dsc.daemonSets()) if (nodeShouldRunDaemonPod(node, ds).shouldRun) this.dsc.enqueue(ds, 'add');
  }

  /** `updateNode`: the DaemonSets for which the node's shouldRun or shouldContinueRunning changed. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) return;
    for (const ds of this.dsc.daemonSets()) {
      const was = nodeShouldRunDaemonPod(oldObj as Node, ds);
      const now = nodeShouldRunDaemonPod(newObj as Node, ds);
      if (was.shouldRun !== now.shouldRun || was.shouldContinueRunning !== now.shouldContinueRunning) this.dsc.enqueue(ds, 'update');
    }
  }

  onDelete(): void {}
}
