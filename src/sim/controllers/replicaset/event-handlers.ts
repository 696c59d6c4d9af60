/**
 * What wakes the ReplicaSet controller: its informers' events, turned into queue keys and expectation
 * observations.
 *
 * Ported from kubernetes `pkg/controller/replicaset/replica_set.go` (addRS, updateRS, deleteRS, addPod, updatePod,
 * deletePod).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { deletedFinalStateUnknown, isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { isPodReady } from './pod-util.ts';
import type { ReplicaSetController } from './replicaset-controller.ts';
import type { ReplicaSetObject } from './update-status.ts';

/** The ReplicaSet informer's handler. */
export class ReplicaSetEventHandler implements ResourceEventHandler {
  constructor(private readonly rsc: ReplicaSetController) {}

  /** `addRS`. */
  onAdd(obj: KubeObject): void {
    this.rsc.enqueueRS(obj, 'add');
  }

  /**
   * `updateRS`: every update enqueues (status writes included: an unsatisfied ReplicaSet skips cheaply, and a
   * resync retries ReplicaSets whose creates failed). A changed UID is the delete of the old one first.
   */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    if (oldObj.metadata.uid !== newObj.metadata.uid) this.onDelete(deletedFinalStateUnknown(keyOf(oldObj), oldObj));
    this.rsc.enqueueRS(newObj, oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  /** `deleteRS`: forgets the expectations so a ReplicaSet re-created under the name starts clean. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const rs = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!rs) return;
    const key = keyOf(rs);
    this.rsc.expectations.deleteExpectations(key);
    this.rsc.tallies.forget(rs.metadata.uid);
    this.rsc.enqueueKey(key, 'delete');
  }
}

/** The pod informer's handler. */
export class PodEventHandler implements ResourceEventHandler {
  constructor(private readonly rsc: ReplicaSetController) {}

  /**
   * `addPod`: a pod with a controllerRef counts as an observed create of its ReplicaSet; an orphan wakes every
   * ReplicaSet that selects it (one may adopt it). A pod that arrives already being deleted is a delete.
   */
  onAdd(obj: KubeObject): void {
    const pod = obj as KubeObject & Pod;
    this.rsc.tallies.observe(keyOf(pod), pod);
    if (pod.metadata.deletionTimestamp) {
      this.podDeleted(pod);
      return;
    }
    const ref = controllerOf(pod);
    if (ref) {
      const rs = this.rsc.resolveControllerRef(pod.metadata.namespace, ref);
      if (!rs) return;
      const rsKey = keyOf(rs);
      this.rsc.expectations.creationObserved(rsKey);
      this.rsc.enqueueKey(rsKey, 'add');
      return;
    }
    // An orphan: no creation is observed, no controller waits for one.
    for (const rs of this.rsc.getPodReplicaSets(pod)) this.rsc.enqueueRS(rs, 'add');
  }

  /**
   * `updatePod`: a deletionTimestamp is a delete (the ReplicaSet replaces the pod while it terminates); a changed
   * controllerRef wakes the old owner too; a pod that just became ready wakes its ReplicaSet again after
   * minReadySeconds + 1 s; an orphan whose labels or owner changed wakes every ReplicaSet that selects it.
   */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const oldPod = oldObj as KubeObject & Pod;
    const curPod = newObj as KubeObject & Pod;
    this.rsc.tallies.observe(keyOf(curPod), curPod);
    // A resync: two versions of a pod always differ in resourceVersion.
    if (curPod.metadata.resourceVersion === oldPod.metadata.resourceVersion) return;
    const labelChanged = JSON.stringify(curPod.metadata.labels ?? {}) !== JSON.stringify(oldPod.metadata.labels ?? {});
    if (curPod.metadata.deletionTimestamp) {
      this.podDeleted(curPod);
      // The deletionTimestamp cannot be unset, so the old pod needs no check of its own.
      if (labelChanged) this.podDeleted(oldPod);
      return;
    }
    const curRef = controllerOf(curPod);
    const oldRef = controllerOf(oldPod);
    const refChanged = JSON.stringify(curRef ?? null) !== JSON.stringify(oldRef ?? null);
    if (refChanged && oldRef) {
      const old = this.rsc.resolveControllerRef(oldPod.metadata.namespace, oldRef);
      if (old) this.rsc.enqueueRS(old, 'update');
    }
    if (curRef) {
      const rs = this.rsc.resolveControllerRef(curPod.metadata.namespace, curRef);
      if (!rs) return;
      this.rsc.enqueueRS(rs, 'update');
      const minReadySeconds = (rs as ReplicaSetObject).spec?.minReadySeconds ?? 0;
      if (!isPodReady(oldPod) && isPodReady(curPod) && minReadySeconds > 0) {
        // One extra second avoids millisecond skew in AddAfter (kubernetes#39785).
        this.rsc.enqueueRSAfter(rs, minReadySeconds * 1000 + 1000);
      }
      return;
    }
    if (labelChanged || refChanged) {
      for (const rs of this.rsc.getPodReplicaSets(curPod)) this.rsc.enqueueRS(rs, 'update');
    }
  }

  /**
   * `deletePod`: counts the delete (or the deletionTimestamp) as observed for the pod's controller and wakes it.
   * A tombstone's last known state may be stale; an orphan's deletion concerns no one.
   */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    this.rsc.tallies.observe(isDeletedFinalStateUnknown(obj) ? obj.key : keyOf(obj), undefined);
    this.podDeleted(obj);
  }

  /** What `deletePod` does, also for a pod that is being deleted (an add or update with a deletionTimestamp). */
  private podDeleted(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (!pod) return;
    const ref = controllerOf(pod);
    if (!ref) return;
    const rs = this.rsc.resolveControllerRef(pod.metadata.namespace, ref);
    if (!rs) return;
    const rsKey = keyOf(rs);
    this.rsc.expectations.deletionObserved(rsKey, keyOf(pod));
    this.rsc.enqueueKey(rsKey, 'delete');
  }
}
