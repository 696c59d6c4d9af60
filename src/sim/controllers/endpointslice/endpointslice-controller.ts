/**
 * The EndpointSlice controller: keeps, for every Service with a selector, EndpointSlices listing the pods it
 * selects, with their addresses, ports and readiness.
 *
 * Ported from kubernetes `pkg/controller/endpointslice/endpointslice_controller.go` (Controller, syncService,
 * queueServiceForEndpointSlice, dropEndpointSlicesPendingDeletion) and
 * `staging/src/k8s.io/endpointslice/util/controller_utils.go` (GetPodServiceMemberships). The steps of one sync, in
 * upstream's order: the Service from the cache (gone → forget it; ExternalName or no selector → nothing to do); the
 * pods its selector matches; its slices managed by this controller, minus those being deleted; a stale slice cache
 * (the controller's own writes not seen yet) is an error, retried; the last change's trigger time; then the
 * reconciler. A reconcile error is a
 * `FailedToUpdateEndpointSlices` Warning event on the Service, and a retry (at most 15).
 *
 * @remarks Until the informers have synced, a sync waits 100 ms (upstream: the workers start after
 * `WaitForNamedCacheSync`). The `ServiceSelectorCache` is not kept: selectors are parsed from the cached Services.
 * `endpointUpdatesBatchPeriod` is 0 (the default), so pod changes enqueue at once.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { splitKey, type KubeObject } from '../../api/object.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { Controller } from '../../controller/controller.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from '../../controller/reconciler.ts';
import { refOf, type QueueReason } from '../../trace/trace-event.ts';
import { EndpointSliceTracker } from './endpoint-slice-tracker.ts';
import {
  LABEL_MANAGED_BY,
  LABEL_SERVICE_NAME,
  serviceControllerKey,
  type EndpointSliceObject,
  type PodObject,
  type ServiceObject,
} from './endpoint-utils.ts';
import { DEFAULT_MAX_ENDPOINTS_PER_SLICE } from './reconcile-plan.ts';
import { reconcileService } from './reconciler.ts';
import { TriggerTimeTracker } from './trigger-time-tracker.ts';

/** The controller's name (`--controllers`): its queue, its client's user and the trace actor. */
export const ENDPOINTSLICE_CONTROLLER = 'endpointslice-controller';
/** The events' source component, as upstream's recorder spells it (with dashes, unlike the controller's name). */
export const ENDPOINTSLICE_EVENT_SOURCE = 'endpoint-slice-controller';
/** `cache.WaitForCacheSync`'s poll period. */
export const SYNCED_POLL_PERIOD_MS = 100;
/** `endpointSliceChangeMinSyncDelay`: a slice change wakes its Service no sooner than this. */
export const ENDPOINT_SLICE_CHANGE_MIN_SYNC_DELAY_MS = 1000;
/** `defaultSyncBackOff`: the Service queue's first retry delay (the default limiter's is 5 ms). */
export const DEFAULT_SYNC_BACKOFF_MS = 1000;
/** `maxSyncBackOff`: the Service queue's longest retry delay. */
export const MAX_SYNC_BACKOFF_MS = 1000_000;

/** What `NewController` is given: the shared informers, the recorder and the managed-by name. */
export interface EndpointSliceControllerOptions {
  serviceInformer: SharedIndexInformer;
  podInformer: SharedIndexInformer;
  endpointSliceInformer: SharedIndexInformer;
  nodeInformer: SharedIndexInformer;
  recorder: EventRecorder;
  /** The managed-by label value (`endpointslice-controller.k8s.io`). */
  controllerName: string;
  maxEndpointsPerSlice?: number;
}

/** A Service's selector as labels (`labels.Set(service.Spec.Selector)`); undefined when it has none. */
export function serviceSelector(svc: ServiceObject): Record<string, string> | undefined {
  return svc.spec?.selector ?? undefined;
}

/** `labels.Set(selector).AsSelectorPreValidated().Matches(podLabels)`: every key equal (an empty set matches all). */
export function selectorMatches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** `Controller`: the state one controller-manager keeps for EndpointSlices (tracker, caches) and its sync. */
export class EndpointSliceController implements Reconciler {
  readonly serviceInformer: SharedIndexInformer;
  readonly podInformer: SharedIndexInformer;
  readonly endpointSliceInformer: SharedIndexInformer;
  readonly nodeInformer: SharedIndexInformer;
  readonly recorder: EventRecorder;
  readonly controllerName: string;
  readonly maxEndpointsPerSlice: number;
  readonly endpointSliceTracker = new EndpointSliceTracker();
  readonly triggerTimeTracker = new TriggerTimeTracker();
  /** The runner whose queue the informer handlers feed; set by the descriptor once it is built. */
  runner: Controller | null = null;

  constructor(options: EndpointSliceControllerOptions) {
    this.serviceInformer = options.serviceInformer;
    this.podInformer = options.podInformer;
    this.endpointSliceInformer = options.endpointSliceInformer;
    this.nodeInformer = options.nodeInformer;
    this.recorder = options.recorder;
    this.controllerName = options.controllerName;
    this.maxEndpointsPerSlice = options.maxEndpointsPerSlice ?? DEFAULT_MAX_ENDPOINTS_PER_SLICE;
  }

  enqueue(key: string, reason: QueueReason): void {
    this.runner?.enqueue(key, reason);
  }

  /** `queueServiceForEndpointSlice`: the slice's Service, after `endpointSliceChangeMinSyncDelay`. */
  queueServiceForEndpointSlice(slice: KubeObject): void {
    const key = serviceControllerKey(slice);
    if (!key) return;
    this.runner?.enqueueAfter(key, ENDPOINT_SLICE_CHANGE_MIN_SYNC_DELAY_MS, 'after');
  }

  /** `GetPodServiceMemberships`: the keys of the Services of the pod's namespace whose selector matches it. */
  getPodServiceMemberships(pod: Pod): Set<string> {
    const out = new Set<string>();
    const ns = pod.metadata?.namespace ?? '';
    for (const svc of this.serviceInformer.list(undefined, ns) as ServiceObject[]) {
      const selector = serviceSelector(svc);
      // A nil selector matches nothing, not everything.
      if (!selector) continue;
      if (selectorMatches(selector, pod.metadata?.labels)) out.add(`${ns}/${svc.metadata.name}`);
    }
    return out;
  }

  /** `syncService`. */
  *reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator {
    const key = request.namespace !== undefined ? `${request.namespace}/${request.name}` : request.name;
    const informers = [this.serviceInformer, this.podInformer, this.endpointSliceInformer, this.nodeInformer];
    if (!informers.every((i) => i.hasSynced())) {
      ctx.observe('caches not synced yet (WaitForCacheSync)');
      return { requeueAfter: SYNCED_POLL_PERIOD_MS };
    }
    const { namespace = '', name } = splitKey(key);
    const service = this.serviceInformer.get(namespace, name) as ServiceObject | undefined;
    if (!service) {
      ctx.observe(`Service ${key} not found: deleted`);
      this.triggerTimeTracker.deleteService(namespace, name);
      this.endpointSliceTracker.deleteService(namespace, name);
      return {};
    }
    if (service.spec?.type === 'ExternalName') {
      // No endpoints for ExternalName Services; their old slices are left to the garbage collector.
      ctx.observe(`Service ${key} is of type ExternalName: no endpoints`);
      return {};
    }
    const selector = serviceSelector(service);
    if (!selector) {
      // Services without a selector get slices created out-of-band, not from this controller.
      ctx.observe(`Service ${key} has no selector`);
      return {};
    }
    const pods = (this.podInformer.list(undefined, namespace) as PodObject[])
      .filter((p) => selectorMatches(selector, p.metadata.labels))
      .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
    let endpointSlices = (this.endpointSliceInformer.list(undefined, namespace) as EndpointSliceObject[]).filter(
      (s) => s.metadata.labels?.[LABEL_SERVICE_NAME] === name && s.metadata.labels?.[LABEL_MANAGED_BY] === this.controllerName,
    );
    // Slices marked for deletion are dropped, so that the controller does not get stuck on them.
    endpointSlices = endpointSlices.filter((s) => !s.metadata.deletionTimestamp).sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
    ctx.observe(`Service ${key} (rv ${service.metadata.resourceVersion}): ${pods.length} pods selected, ${endpointSlices.length} EndpointSlices`, [
      { ...refOf(service), rv: service.metadata.resourceVersion },
      ...endpointSlices.map((s) => ({ ...refOf(s), rv: s.metadata.resourceVersion })),
    ]);
    if (this.endpointSliceTracker.staleSlices(service, endpointSlices)) {
      throw new Error('EndpointSlice informer cache is out of date');
    }
    // Computed even when the sync writes nothing, so that the tracker's state moves on.
    const lastChangeTriggerTime = this.triggerTimeTracker.computeEndpointLastChangeTriggerTime(namespace, service, pods);
    try {
      yield* reconcileService(
        ctx.client,
        ctx,
        { tracker: this.endpointSliceTracker, maxEndpointsPerSlice: this.maxEndpointsPerSlice, controllerName: this.controllerName },
        service,
        pods,
        endpointSlices,
        (nodeName) => this.nodeInformer.get(undefined, nodeName),
        lastChangeTriggerTime,
      );
    } catch (e) {
      this.recorder.event(service, 'Warning', 'FailedToUpdateEndpointSlices', `Error updating Endpoint Slices for Service ${namespace}/${name}: ${(e as Error).message}`);
      throw e;
    }
    return {};
  }
}
