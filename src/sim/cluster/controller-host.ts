/**
 * How a controller is built inside its process. A process (kube-controller-manager, kube-scheduler, a kubelet) owns
 * one shared informer factory and one REST client; every controller it hosts is built by a
 * {@link ControllerDescriptor} from a {@link ControllerHost}. When the process crashes, it is rebuilt from the
 * descriptors: new informers (they list everything again), new queues, new in-memory state — as a restarted binary.
 *
 * Descriptors are module-level constants (their `build` functions never enter the simulation graph); only the
 * objects they build do.
 */
import type { KubeObject } from '../api/object.ts';
import type { SharedInformerFactory } from '../client/shared-informer-factory.ts';
import type { Controller } from '../controller/controller.ts';
import type { Runnable } from '../controller/controller-manager.ts';
import type { Transport } from '../controller/transport.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Network } from '../network/network.ts';
import type { ContainerRuntime } from './container-runtime.ts';
import type { NodeSpec } from './cluster-options.ts';

/** client-go's `record.EventRecorder`: records a Kubernetes Event about an object, fire-and-forget. */
export interface EventRecorder {
  /** `Eventf(object, eventtype, reason, messageFmt)`: reason verbatim from upstream ("SuccessfulCreate"). */
  event(object: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
}

/** `user-controller`: a user-written controller's own process, "user-controller/<name>" (user-controller.ts). */
export type ProcessKind = 'kube-controller-manager' | 'kube-scheduler' | 'kubelet' | 'argocd' | 'user-controller';

export interface ControllerHost {
  readonly ctx: SimContext;
  /** The process name: "kube-controller-manager", "kube-scheduler", "kubelet/node-1". */
  readonly process: string;
  /** The process's shared informers. */
  readonly informers: SharedInformerFactory;
  /** The process's REST client (rate-limited, latency-modelled): give it to `new Controller({ transport })`. */
  readonly transport: Transport;
  readonly network: Network;
  /** For a kubelet: its node. */
  readonly node?: NodeSpec;
  /** The simulated container runtime: image pull times and how each image behaves (a fault can change it). */
  readonly runtime: ContainerRuntime;
  /** An event recorder reporting as `component` ("replicaset-controller", "default-scheduler", "kubelet"). */
  eventRecorder(component: string): EventRecorder;
  /** Registers something else that must start and stop with the process (heartbeats, a second loop). */
  addRunnable(name: string, runnable: Runnable): void;
}

export interface ControllerDescriptor {
  /** "replicaset-controller": the controller's name in the trace, the graph and faults. */
  readonly name: string;
  readonly process: ProcessKind;
  /** Builds the controller: registers its informer event handlers and returns the runner. */
  build(host: ControllerHost): Controller;
}
