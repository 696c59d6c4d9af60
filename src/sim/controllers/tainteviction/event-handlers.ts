/**
 * What wakes the taint eviction controller: a node whose NoExecute taints changed, a pod whose tolerations or node
 * changed, a pod or node deleted.
 *
 * Ported from kubernetes `pkg/controller/tainteviction/taint_eviction.go` (PodUpdated, NodeUpdated and the handlers
 * registered in New).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { getNoExecuteTaints } from '../nodelifecycle/eviction-timing.ts';
import type { TaintEvictionController } from './taint-eviction-controller.ts';

/** `PodUpdated`: updates that change neither the tolerations nor the node are ignored. */
export class PodEventHandler implements ResourceEventHandler {
  constructor(private readonly tc: TaintEvictionController) {}

  onAdd(obj: KubeObject): void {
    this.tc.enqueue(keyOf(obj), 'add');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const o = oldObj as KubeObject & Pod;
    const n = newObj as KubeObject & Pod;
    if (JSON.stringify(o.spec?.tolerations ?? []) === JSON.stringify(n.spec?.tolerations ?? []) && o.spec?.nodeName === n.spec?.nodeName) return;
    this.tc.enqueue(keyOf(n), 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (pod) this.tc.enqueue(keyOf(pod), 'delete');
  }
}

/** `NodeUpdated`: updates that leave the NoExecute taints as they were are ignored. */
export class NodeEventHandler implements ResourceEventHandler {
  constructor(private readonly tc: TaintEvictionController) {}

  onAdd(obj: KubeObject): void {
    this.tc.enqueue(obj.metadata.name!, 'add');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const o = getNoExecuteTaints((oldObj as KubeObject & Node).spec?.taints);
    const n = getNoExecuteTaints((newObj as KubeObject & Node).spec?.taints);
    if (JSON.stringify(o) === JSON.stringify(n)) return;
    this.tc.enqueue(newObj.metadata.name!, 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const node = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (node) this.tc.enqueue(node.metadata.name!, 'delete');
  }
}
