/**
 * The Deployment controller's informer event handlers: which Deployment keys to enqueue when a Deployment, a
 * ReplicaSet or a Pod changes. ReplicaSets lead to their controller (by controllerRef) or, for orphans, to every
 * Deployment whose selector matches them (they may adopt it). A deleted pod matters only to a Recreate Deployment
 * that has no pods left.
 *
 * Ported from kubernetes `pkg/controller/deployment/deployment_controller.go` (addDeployment, updateDeployment,
 * deleteDeployment, addReplicaSet, updateReplicaSet, deleteReplicaSet, deletePod, resolveControllerRef,
 * getDeploymentsForReplicaSet, getDeploymentForPod) and `util/deployment_util.go` (GetDeploymentsForReplicaSet).
 *
 * @remarks `deletePod` lists the Deployment's ReplicaSets from the cache (owned by its UID) where upstream issues
 * a LIST to the api-server from inside the handler.
 */
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import { controllerOf, keyOf, type KubeObject } from '../../api/object.ts';
import { labelSelectorFromObject, matchesLabels } from '../../apiserver/selectors/label-selector.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import type { DeletedFinalStateUnknown } from '../../client/store.ts';
import { isDeletedFinalStateUnknown } from '../../client/store.ts';
import type { DeploymentController } from './deployment-controller.ts';
import { selectsEverything } from './deployment-controller.ts';
import type { DeploymentObject, PodObject, ReplicaSetObject } from './controller-ref.ts';
import { getPodMapForDeployment } from './controller-ref.ts';

function unwrap(obj: KubeObject | DeletedFinalStateUnknown): KubeObject | undefined {
  return isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
}

/** `resolveControllerRef`: the Deployment a controllerRef names, if it is in the cache with that UID. */
export function resolveControllerRef(dc: DeploymentController, namespace: string | undefined, ref: OwnerReference): DeploymentObject | undefined {
  // We can't look up by UID, so look up by Name and then verify UID.
  if (ref.kind !== 'Deployment') return undefined;
  const d = dc.dInformer.get(namespace, ref.name);
  if (!d || d.metadata.uid !== ref.uid) return undefined;
  return d as DeploymentObject;
}

/** `getDeploymentsForReplicaSet`: Deployments of the RS's namespace whose (non-empty) selector matches its labels. */
export function getDeploymentsForReplicaSet(dc: DeploymentController, rs: KubeObject): DeploymentObject[] {
  if (Object.keys(rs.metadata.labels ?? {}).length === 0) return [];
  const out: DeploymentObject[] = [];
  for (const obj of dc.dInformer.list(undefined, rs.metadata.namespace)) {
    const d = obj as DeploymentObject;
    // A deployment with a nil or empty selector should match nothing, not everything.
    if (!d.spec?.selector || selectsEverything(d)) continue;
    try {
      if (matchesLabels(labelSelectorFromObject(d.spec.selector), rs.metadata.labels)) out.push(d);
    } catch {
      // an invalid selector matches nothing
    }
  }
  return out;
}

/** Deployment events: every change enqueues the Deployment. */
export class DeploymentEventHandler implements ResourceEventHandler {
  constructor(private readonly dc: DeploymentController) {}
  onAdd(obj: KubeObject): void {
    this.dc.enqueue(obj, 'add');
  }
  onUpdate(_old: KubeObject, cur: KubeObject): void {
    this.dc.enqueue(cur, 'update');
  }
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const d = unwrap(obj);
    if (d) this.dc.enqueue(d, 'delete');
  }
}

/** ReplicaSet events. */
export class ReplicaSetEventHandler implements ResourceEventHandler {
  constructor(private readonly dc: DeploymentController) {}

  /** `addReplicaSet`: enqueue its controller, or every Deployment that may adopt the orphan. */
  onAdd(rs: KubeObject): void {
    if (rs.metadata.deletionTimestamp) {
      // On a restart of the controller manager, a new ReplicaSet may show up in a state that is already pending deletion.
      this.onDelete(rs);
      return;
    }
    const ref = controllerOf(rs);
    if (ref) {
      const d = resolveControllerRef(this.dc, rs.metadata.namespace, ref);
      if (d) this.dc.enqueue(d, 'add');
      return;
    }
    for (const d of getDeploymentsForReplicaSet(this.dc, rs)) this.dc.enqueue(d, 'add');
  }

  /** `updateReplicaSet`: the old and new controllers; for an orphan whose labels or owner changed, possible adopters. */
  onUpdate(old: KubeObject, cur: KubeObject): void {
    // Periodic resync will send update events for all known replica sets; two versions always differ in RV.
    if (cur.metadata.resourceVersion === old.metadata.resourceVersion) return;
    const curRef = controllerOf(cur);
    const oldRef = controllerOf(old);
    const controllerRefChanged = JSON.stringify(curRef ?? null) !== JSON.stringify(oldRef ?? null);
    if (controllerRefChanged && oldRef) {
      const d = resolveControllerRef(this.dc, old.metadata.namespace, oldRef);
      if (d) this.dc.enqueue(d, 'update');
    }
    if (curRef) {
      const d = resolveControllerRef(this.dc, cur.metadata.namespace, curRef);
      if (d) this.dc.enqueue(d, 'update');
      return;
    }
    const labelChanged = JSON.stringify(cur.metadata.labels ?? {}) !== JSON.stringify(old.metadata.labels ?? {});
    if (labelChanged || controllerRefChanged) {
      for (const d of getDeploymentsForReplicaSet(this.dc, cur)) this.dc.enqueue(d, 'update');
    }
  }

  /** `deleteReplicaSet`: enqueue its controller (orphans do not matter). */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const rs = unwrap(obj);
    if (!rs) return;
    this.dc.tallies.forget(rs.metadata.uid);
    const ref = controllerOf(rs);
    if (!ref) return;
    const d = resolveControllerRef(this.dc, rs.metadata.namespace, ref);
    if (d) this.dc.enqueue(d, 'delete');
  }
}

/**
 * Pod events: upstream's handler has only deletions, for Recreate Deployments left without pods. Every event also
 * moves the controller's pod tallies (the pod counts of its observe events).
 */
export class PodEventHandler implements ResourceEventHandler {
  constructor(private readonly dc: DeploymentController) {}

  onAdd(obj: KubeObject): void {
    this.dc.tallies.observe(keyOf(obj), obj as PodObject);
  }

  onUpdate(_old: KubeObject, cur: KubeObject): void {
    this.dc.tallies.observe(keyOf(cur), cur as PodObject);
  }

  /** `deletePod`. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    this.dc.tallies.observe(isDeletedFinalStateUnknown(obj) ? obj.key : keyOf(obj), undefined);
    const pod = unwrap(obj) as PodObject | undefined;
    if (!pod) return;
    const d = this.getDeploymentForPod(pod);
    if (!d || d.spec?.strategy?.type !== 'Recreate') return;
    // Sync if this Deployment now has no more Pods.
    const rsList = (this.dc.rsInformer.list(undefined, d.metadata.namespace) as ReplicaSetObject[]).filter((rs) => controllerOf(rs)?.uid === d.metadata.uid);
    const podMap = getPodMapForDeployment(d, rsList, this.dc.podInformer.list(undefined, d.metadata.namespace) as PodObject[]);
    let numPods = 0;
    for (const pods of podMap.values()) numPods += pods.length;
    if (numPods === 0) this.dc.enqueue(d, 'delete');
  }

  /** `getDeploymentForPod`: pod → its ReplicaSet (by controllerRef, UID checked) → that RS's Deployment. */
  private getDeploymentForPod(pod: PodObject): DeploymentObject | undefined {
    const podRef = controllerOf(pod);
    if (!podRef || podRef.kind !== 'ReplicaSet') return undefined;
    const rs = this.dc.rsInformer.get(pod.metadata.namespace, podRef.name);
    if (!rs || rs.metadata.uid !== podRef.uid) return undefined;
    const rsRef = controllerOf(rs);
    return rsRef ? resolveControllerRef(this.dc, rs.metadata.namespace, rsRef) : undefined;
  }
}
