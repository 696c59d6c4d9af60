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

/** The recorder of `component` on `host`'s client: one per component and client, made on first use. */
function recorderFor(recorders: Map<string, ApiEventRecorder>, host: ControllerHost, component: string): ApiEventRecorder {
  let r = recorders.get(component);
  if (!r) {
    r = new ApiEventRecorder(host.ctx, host.transport, component, host.node?.name ?? '');
    recorders.set(component, r);
  }
  return r;
}

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
    return recorderFor(this.recorders, this, component);
  }

  addRunnable(name: string, runnable: Runnable): void {
    this.runnables.push({ name, runnable });
  }

  /**
   * The host one controller is built with. kube-controller-manager gives every controller a client of its own
   * (`ClientBuilder.ClientOrDie("replicaset-controller")`), each with its own QPS/burst bucket, so one busy controller
   * cannot starve another or the leader election; other binaries share one client.
   */
  forController(name: string, ownClient: boolean): ControllerHost {
    return ownClient ? new ControllerClientHost(this, this.network.restClient(name)) : this;
  }
}

/** A process's host for one controller with a client of its own (plain fields: checkpoints copy it). */
class ControllerClientHost implements ControllerHost {
  readonly ctx: SimContext;
  readonly process: string;
  readonly informers: SharedInformerFactory;
  readonly network: Network;
  readonly runtime: ContainerRuntime;
  readonly node: NodeSpec | undefined;
  private recorders = new Map<string, ApiEventRecorder>();

  constructor(
    private readonly parent: ProcessHost,
    readonly transport: Transport,
  ) {
    this.ctx = parent.ctx;
    this.process = parent.process;
    this.informers = parent.informers;
    this.network = parent.network;
    this.runtime = parent.runtime;
    this.node = parent.node;
  }

  eventRecorder(component: string): EventRecorder {
    return recorderFor(this.recorders, this, component);
  }

  addRunnable(name: string, runnable: Runnable): void {
    this.parent.addRunnable(name, runnable);
  }
}
