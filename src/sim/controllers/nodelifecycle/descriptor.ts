/**
 * How kube-controller-manager starts the node lifecycle controller: Lease, Node and Pod informers (pods indexed by
 * node), the handlers, the periodic loops as a runnable of the process, writes as "kube-controller-manager", events
 * as "node-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/core.go` (startNodeLifecycleController) and
 * `pkg/controller/nodelifecycle/node_lifecycle_controller.go` (NewNodeLifecycleController, Run).
 */
import { Client } from '../../client/client.ts';
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { Controller } from '../../controller/controller.ts';
import { NodeEventHandler, PodEventHandler } from './event-handlers.ts';
import { NAMESPACE_NODE_LEASE, NODE_CONTROLLER_COMPONENT, NODE_LIFECYCLE_CONTROLLER, NODE_UPDATE_WORKER_SIZE, NodeLifecycleController } from './node-lifecycle-controller.ts';

/** The binary whose field manager the controller's writes carry. */
export const KUBE_CONTROLLER_MANAGER_FIELD_MANAGER = 'kube-controller-manager';

export const nodeLifecycleControllerDescriptor: ControllerDescriptor = {
  name: NODE_LIFECYCLE_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const leaseInformer = host.informers.informerFor('coordination.k8s.io/v1', 'Lease', { namespace: NAMESPACE_NODE_LEASE });
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const nodeInformer = host.informers.informerFor('v1', 'Node');
    podInformer.addIndexers([NODE_NAME_INDEX]);
    const nc = new NodeLifecycleController(host.ctx, {
      nodeInformer,
      podInformer,
      leaseInformer,
      recorder: host.eventRecorder(NODE_CONTROLLER_COMPONENT),
    });
    podInformer.addEventHandler(new PodEventHandler(nc));
    nodeInformer.addEventHandler(new NodeEventHandler(nc));
    const controller = new Controller(host.ctx, {
      name: NODE_LIFECYCLE_CONTROLLER,
      reconciler: nc,
      workers: NODE_UPDATE_WORKER_SIZE,
      transport: host.transport,
      client: new Client(NODE_LIFECYCLE_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    nc.runner = controller;
    host.addRunnable(`${NODE_LIFECYCLE_CONTROLLER}/monitor`, nc);
    return controller;
  },
};
