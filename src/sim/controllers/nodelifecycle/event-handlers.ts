/**
 * What wakes the node lifecycle controller besides its timers: node adds and updates (the NoSchedule pass) and pods
 * newly bound to a node (the pod pass).
 *
 * Ported from kubernetes `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (the handlers registered in
 * NewNodeLifecycleController, podUpdated).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { NodeLifecycleController } from './node-lifecycle-controller.ts';

/** The node informer's handler: `nodeUpdateQueue.Add(name)`; a deleted node needs no retry. */
export class NodeEventHandler implements ResourceEventHandler {
  constructor(private readonly nc: NodeLifecycleController) {}

  onAdd(obj: KubeObject): void {
    this.nc.enqueue(obj.metadata.name!, 'add');
  }

  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.nc.enqueue(newObj.metadata.name!, 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const node = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (node) this.nc.nodesToRetry.delete(node.metadata.name!);
  }
}

/** The pod informer's handler: `podUpdated` — a pod bound to a node for the first time (or moved) is processed. */
export class PodEventHandler implements ResourceEventHandler {
  constructor(private readonly nc: NodeLifecycleController) {}

  onAdd(obj: KubeObject): void {
    this.podUpdated(undefined, obj as KubeObject & Pod);
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.podUpdated(oldObj as KubeObject & Pod, newObj as KubeObject & Pod);
  }

  onDelete(): void {}

  private podUpdated(oldPod: (KubeObject & Pod) | undefined, newPod: KubeObject & Pod): void {
    const nodeName = newPod.spec?.nodeName;
    if (nodeName && (!oldPod || oldPod.spec?.nodeName !== nodeName)) this.nc.enqueue(keyOf(newPod), oldPod ? 'update' : 'add');
  }
}
