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
    this.kubelet.podChanged(newObj as KubeObject & Pod);
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) {
      this.queue?.enqueue(keyOf(newObj), 'resync');
      return;
    }
    const { status: _oldStatus, metadata: oldMeta, ...oldRest } = oldObj as KubeObject & Pod;
    const { status: _newStatus, metadata: newMeta, ...newRest } = newObj as KubeObject & Pod;
    const metaOf = (m: KubeObject['metadata']) => JSON.stringify({ ...m, resourceVersion: undefined, managedFields: undefined });
    // A status write keeps the stored spec object (and metadata's other fields): the same objects need no
    // serialising to compare.
    const sameMeta = sameShallow(oldMeta, newMeta, VOLATILE_METADATA) || metaOf(oldMeta) === metaOf(newMeta);
    const onlyStatus = sameMeta && (sameShallow(oldRest, newRest) || JSON.stringify(oldRest) === JSON.stringify(newRest));
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
const VOLATILE_METADATA: ReadonlySet<string> = new Set(['resourceVersion', 'managedFields']);

/** Same keys, in the same order, with the same values (by identity), except the values of keys in `ignore`. */
function sameShallow(a: object, b: object, ignore?: ReadonlySet<string>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    if (ignore?.has(k)) continue;
    if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}
