/**
 * Monitors for custom resources: when a CustomResourceDefinition appears, the garbage collector learns its kind's
 * scope and starts watching the kind (its preferred version), so that ownerReferences from and to custom resources
 * are collected like any other.
 *
 * Ported from kubernetes `pkg/controller/garbagecollector/garbagecollector.go` (`Sync`: discovery every 30 s,
 * `resyncMonitors`) and `graph_builder.go` (`syncMonitors`, `controllerFor`).
 *
 * @remarks Upstream notices new kinds at its next 30 s discovery resync; here a kind is monitored as soon as its CRD
 * is seen. A deleted CRD's kind is unmapped at once, but its informer stays (the shared informer factory cannot drop
 * one): its lists fail and are retried with the reflector's backoff until the CRD comes back, where upstream stops
 * the monitor at the next resync.
 */
import { apiVersionOf } from '../../api/resources.ts';
import type { KubeObject } from '../../api/object.ts';
import type { SharedInformerFactory } from '../../client/shared-informer-factory.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { MonitorEventHandler } from './graph-builder.ts';
import { preferredResource, type RestMapper } from './rest-mapper.ts';

/** The CustomResourceDefinition informer's second handler (the first is the graph's own monitor). */
export class CustomResourceMonitors implements ResourceEventHandler {
  /** "apiVersion|kind" of the custom kinds monitored. */
  private readonly monitored = new Set<string>();

  constructor(
    private readonly informers: SharedInformerFactory,
    private readonly mapper: RestMapper,
    private readonly handler: MonitorEventHandler,
  ) {}

  onAdd(obj: KubeObject): void {
    this.sync(obj);
  }

  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.sync(newObj);
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const crd = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (crd) this.mapper.forget(crd);
  }

  /** The kinds monitored so far, as "apiVersion kind". */
  monitoredKinds(): string[] {
    return [...this.monitored].map((k) => k.replace('|', ' '));
  }

  /** `syncMonitors` for one CRD: map its kind and watch its preferred version. */
  private sync(crd: KubeObject): void {
    const preferred = preferredResource(this.mapper.learn(crd));
    if (!preferred) return;
    const apiVersion = apiVersionOf(preferred);
    const id = `${apiVersion}|${preferred.kind}`;
    if (this.monitored.has(id)) return;
    this.monitored.add(id);
    this.informers.informerFor(apiVersion, preferred.kind).addEventHandler(this.handler);
  }
}
