/**
 * What wakes the EndpointSlice controller: Service, pod and EndpointSlice events, turned into Service keys.
 *
 * Ported from kubernetes `pkg/controller/endpointslice/endpointslice_controller.go` (onServiceUpdate,
 * onServiceDelete, addPod, updatePod, deletePod, onEndpointSliceAdd, onEndpointSliceUpdate, onEndpointSliceDelete)
 * and `staging/src/k8s.io/endpointslice/util/controller_utils.go` (GetServicesToUpdateOnPodChange,
 * podEndpointsChanged, determineNeededServiceUpdates).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import { isPodReady } from '../replicaset/pod-util.ts';
import { LABEL_SERVICE_NAME } from './endpoint-utils.ts';
import type { EndpointSliceController } from './endpointslice-controller.ts';
import { managedByChanged, managedByController } from './reconciler.ts';

function unwrap(obj: KubeObject | DeletedFinalStateUnknown): KubeObject | undefined {
  return isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
}

/** The Service informer's handler: every add, update and delete queues the Service. */
export class ServiceEventHandler implements ResourceEventHandler {
  constructor(private readonly c: EndpointSliceController) {}

  /** `onServiceUpdate`. */
  onAdd(obj: KubeObject): void {
    this.c.enqueue(keyOf(obj), 'add');
  }

  /** `onServiceUpdate`. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.c.enqueue(keyOf(newObj), oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion ? 'resync' : 'update');
  }

  /** `onServiceDelete`. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const svc = unwrap(obj);
    if (svc) this.c.enqueue(keyOf(svc), 'delete');
  }
}

/**
 * `podEndpointsChanged`: [podChanged, labelsChanged]. A pod changed for its endpoints when its deletionTimestamp,
 * readiness or IPs changed; its labels (or hostname/subdomain) decide which Services it belongs to.
 */
export function podEndpointsChanged(oldPod: Pod, newPod: Pod): [boolean, boolean] {
  const labelsChanged =
    JSON.stringify(sortedEntries(oldPod.metadata?.labels)) !== JSON.stringify(sortedEntries(newPod.metadata?.labels)) ||
    (oldPod.spec?.hostname ?? '') !== (newPod.spec?.hostname ?? '') ||
    (oldPod.spec?.subdomain ?? '') !== (newPod.spec?.subdomain ?? '');
  if ((newPod.metadata?.deletionTimestamp ?? null) !== (oldPod.metadata?.deletionTimestamp ?? null)) return [true, labelsChanged];
  if (isPodReady(oldPod) !== isPodReady(newPod)) return [true, labelsChanged];
  const oldIPs = (oldPod.status?.podIPs ?? []).map((p) => p.ip);
  const newIPs = (newPod.status?.podIPs ?? []).map((p) => p.ip);
  if (oldIPs.length !== newIPs.length || oldIPs.some((ip, i) => ip !== newIPs[i])) return [true, labelsChanged];
  // Kept in step with podIPs by the api-server upstream; the simulated kubelet may set only podIP.
  if ((oldPod.status?.podIP ?? '') !== (newPod.status?.podIP ?? '')) return [true, labelsChanged];
  return [false, labelsChanged];
}

function sortedEntries(m: Record<string, string> | undefined): Array<[string, string]> {
  return Object.entries(m ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `determineNeededServiceUpdates`: all of both sets when the pod changed, else only the Services it joined or left. */
export function determineNeededServiceUpdates(oldServices: Set<string>, services: Set<string>, podChanged: boolean): Set<string> {
  if (podChanged) return new Set([...services, ...oldServices]);
  const out = new Set<string>();
  for (const s of services) if (!oldServices.has(s)) out.add(s);
  for (const s of oldServices) if (!services.has(s)) out.add(s);
  return out;
}

/** The pod informer's handler. */
export class PodEventHandler implements ResourceEventHandler {
  constructor(private readonly c: EndpointSliceController) {}

  /** `addPod`: every Service selecting the pod. */
  onAdd(obj: KubeObject): void {
    for (const key of [...this.c.getPodServiceMemberships(obj as Pod)].sort()) this.c.enqueue(key, 'add');
  }

  /** `updatePod` (`GetServicesToUpdateOnPodChange`). */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    // A resync: two versions of a pod always differ in resourceVersion.
    if (oldObj.metadata.resourceVersion === newObj.metadata.resourceVersion) return;
    const [podChanged, labelsChanged] = podEndpointsChanged(oldObj as Pod, newObj as Pod);
    if (!podChanged && !labelsChanged) return;
    let services = this.c.getPodServiceMemberships(newObj as Pod);
    if (labelsChanged) services = determineNeededServiceUpdates(this.c.getPodServiceMemberships(oldObj as Pod), services, podChanged);
    for (const key of [...services].sort()) this.c.enqueue(key, 'update');
  }

  /** `deletePod`: as an add (the Services that selected it). */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const pod = unwrap(obj);
    if (!pod) return;
    for (const key of [...this.c.getPodServiceMemberships(pod as Pod)].sort()) this.c.enqueue(key, 'delete');
  }
}

/** The EndpointSlice informer's handler: changes this controller did not make wake the Service. */
export class EndpointSliceEventHandler implements ResourceEventHandler {
  constructor(private readonly c: EndpointSliceController) {}

  /** `onEndpointSliceAdd`. */
  onAdd(obj: KubeObject): void {
    if (managedByController(obj, this.c.controllerName) && this.c.endpointSliceTracker.shouldSync(obj)) this.c.queueServiceForEndpointSlice(obj);
  }

  /** `onEndpointSliceUpdate`: a changed service-name label wakes both Services. */
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    const svcName = newObj.metadata.labels?.[LABEL_SERVICE_NAME];
    const prevSvcName = oldObj.metadata.labels?.[LABEL_SERVICE_NAME];
    if (svcName !== prevSvcName) {
      this.c.queueServiceForEndpointSlice(newObj);
      this.c.queueServiceForEndpointSlice(oldObj);
      return;
    }
    if (
      managedByChanged(oldObj, newObj, this.c.controllerName) ||
      (managedByController(newObj, this.c.controllerName) && this.c.endpointSliceTracker.shouldSync(newObj))
    ) {
      this.c.queueServiceForEndpointSlice(newObj);
    }
  }

  /** `onEndpointSliceDelete`: a deletion this controller did not expect wakes the Service. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const slice = unwrap(obj);
    if (!slice || !managedByController(slice, this.c.controllerName) || !this.c.endpointSliceTracker.has(slice)) return;
    if (!this.c.endpointSliceTracker.handleDeletion(slice)) this.c.queueServiceForEndpointSlice(slice);
  }
}
