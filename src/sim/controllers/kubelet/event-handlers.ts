/**
 * What wakes the kubelet's pod workers: the pod informer restricted to `spec.nodeName=<node>` (the kubelet's
 * api-server pod source), turned into per-pod keys.
 *
 * Ported from kubernetes `pkg/kubelet/config/apiserver.go` (NewSourceApiserver: the field selector) and
 * `pkg/kubelet/kubelet.go` (HandlePodAdditions, HandlePodUpdates, HandlePodRemoves → UpdatePod).
 *
 * @remarks The informer echo of the kubelet's own status write does not wake a worker (upstream's config source
 * only forwards spec-relevant changes); any other change does, including status written by someone else.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { QueueReason } from '../../trace/trace-event.ts';
import type { Kubelet } from './kubelet.ts';
import { sameJsonExcept } from './same-json.ts';

/** The queue the handler feeds (the kubelet's Controller). */
export interface PodWorkQueue {
  enqueue(key: string, reason?: QueueReason): void;
}

export class KubeletPodEventHandler implements ResourceEventHandler {
  /** Set by the descriptor once the controller exists. */
  queue: PodWorkQueue | null = null;

  constructor(private readonly kubelet: Kubelet) {}

  onAdd(obj: KubeObject): void {
    this.kubelet.podChanged(obj as KubeObject & Pod);
    this.queue?.enqueue(keyOf(obj), 'add');
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    // Whether admission counts the pod depends on its UID (sandbox), phase and spec (requests): unchanged, so is it.
    const oldPod = oldObj as KubeObject & Pod;
    const newPod = newObj as KubeObject & Pod;
    if (oldPod.metadata.uid !== newPod.metadata.uid || oldPod.status?.phase !== newPod.status?.phase || oldPod.spec !== newPod.spec) this.kubelet.podChanged(newPod);
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) {
      this.queue?.enqueue(keyOf(newObj), 'resync');
      return;
    }
    // A status write keeps the stored spec object (and metadata's other fields, or equal copies): compared without
    // serialising unless they differ.
    const onlyStatus = sameJsonExcept(oldObj.metadata, newObj.metadata, VOLATILE_METADATA) && sameJsonExcept(oldObj, newObj, STATUS_AND_METADATA);
    if (onlyStatus && this.kubelet.isOwnStatusWrite(newObj as KubeObject & Pod)) return;
    this.queue?.enqueue(keyOf(newObj), 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    const key = isDeletedFinalStateUnknown(obj) ? obj.key : keyOf(obj);
    this.kubelet.podDeleted(key, pod?.metadata.uid);
    this.queue?.enqueue(key, 'delete');
  }
}

/** The metadata fields every write changes, left out of the comparison. */
const VOLATILE_METADATA: readonly string[] = ['resourceVersion', 'managedFields'];
/** The pod's other fields are compared apart from these (metadata on its own, status not at all). */
const STATUS_AND_METADATA: readonly string[] = ['status', 'metadata'];
