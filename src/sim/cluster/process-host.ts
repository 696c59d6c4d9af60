/** The {@link ControllerHost} a process hands to each descriptor it builds. */
import type { SharedInformerFactory } from '../client/shared-informer-factory.ts';
import type { Runnable } from '../controller/controller-manager.ts';
import type { Transport } from '../controller/transport.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Network } from '../network/network.ts';
import { ApiEventRecorder } from '../controllers/events/event-recorder.ts';
import type { ContainerRuntime } from './container-runtime.ts';
import type { ControllerHost, EventRecorder } from './controller-host.ts';
import type { NodeSpec } from './cluster-options.ts';

export class ProcessHost implements ControllerHost {
  readonly runnables: Array<{ name: string; runnable: Runnable }> = [];
  private recorders = new Map<string, ApiEventRecorder>();

  constructor(
    readonly ctx: SimContext,
    readonly process: string,
    readonly informers: SharedInformerFactory,
    readonly transport: Transport,
    readonly network: Network,
    readonly runtime: ContainerRuntime,
    readonly node: NodeSpec | undefined,
  ) {}

  eventRecorder(component: string): EventRecorder {
    let r = this.recorders.get(component);
    if (!r) {
      r = new ApiEventRecorder(this.ctx, this.transport, component, this.node?.name ?? '');
      this.recorders.set(component, r);
    }
    return r;
  }

  addRunnable(name: string, runnable: Runnable): void {
    this.runnables.push({ name, runnable });
  }
}
