/**
 * How kube-controller-manager starts the pod garbage collector: the shared Pod (indexed by node name) and Node
 * informers, the 20 s look for orphaned pods, one worker, writes as "kube-controller-manager".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/core.go` (startPodGCController) and
 * `pkg/controller/podgc/gc_controller.go` (NewPodGC).
 */
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { POD_GC_CONTROLLER, PodGCController } from './pod-gc-controller.ts';

export const podGCControllerDescriptor: ControllerDescriptor = {
  name: POD_GC_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const nodeInformer = host.informers.informerFor('v1', 'Node');
    podInformer.addIndexers([NODE_NAME_INDEX]);
    const gcc = new PodGCController(host.ctx, podInformer, nodeInformer);
    host.addRunnable(`${POD_GC_CONTROLLER}/gc`, gcc);
    const controller = new Controller(host.ctx, {
      name: POD_GC_CONTROLLER,
      reconciler: gcc,
      workers: 1,
      transport: host.transport,
      client: new Client(POD_GC_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    gcc.runner = controller;
    return controller;
  },
};
