/**
 * The garbage collector's handler on the CustomResourceDefinition informer, as the worker's first script holds it:
 * it passes each event to the custom-resource monitors (custom-resource-monitors.ts), which it makes at the first
 * event. CRDs come only from input that loads the simulation's libraries first (worker/needs-libraries.ts), so
 * without them no event ever arrives, and the monitors' logic is loaded on demand (`libraries().controllerParts`).
 *
 * The handler is registered at the garbage collector's build, where the monitors were, and the monitors do nothing
 * when made, so the run is the same whenever the code arrived. It is plain data in the simulation's graph
 * (checkpoints copy it, and the monitors once made).
 */
import type { KubeObject } from '../../api/object.ts';
import type { SharedInformerFactory } from '../../client/shared-informer-factory.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import type { DeletedFinalStateUnknown } from '../../client/store.ts';
import { libraries } from '../../libraries.ts';
import type { CustomResourceMonitors } from './custom-resource-monitors.ts';
import type { MonitorEventHandler } from './graph-builder.ts';
import type { RestMapper } from './rest-mapper.ts';

export class CustomResourceMonitorsShell implements ResourceEventHandler {
  private monitors: CustomResourceMonitors | undefined;

  constructor(
    private readonly informers: SharedInformerFactory,
    private readonly mapper: RestMapper,
    private readonly handler: MonitorEventHandler,
  ) {}

  onAdd(obj: KubeObject): void {
    this.made().onAdd(obj);
  }

  onUpdate(oldObj: KubeObject, newObj: KubeObject): void {
    this.made().onUpdate(oldObj, newObj);
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    this.made().onDelete(obj);
  }

  private made(): CustomResourceMonitors {
    return (this.monitors ??= new (libraries().controllerParts.CustomResourceMonitors)(this.informers, this.mapper, this.handler));
  }
}
