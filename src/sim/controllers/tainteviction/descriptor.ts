/**
 * How kube-controller-manager starts the taint eviction controller: shared Pod (indexed by node) and Node
 * informers, the handlers, 8 workers, writes as "kube-controller-manager", events as "taint-eviction-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/core.go` (startTaintEvictionController) and
 * `pkg/controller/tainteviction/taint_eviction.go` (New, Run).
 */
import { Client } from '../../client/client.ts';
import { NODE_NAME_INDEX } from '../../client/index-funcs.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../nodelifecycle/descriptor.ts';
import { NodeEventHandler, PodEventHandler } from './event-handlers.ts';
import { TAINT_EVICTION_CONTROLLER, TaintEvictionController, UPDATE_WORKER_SIZE } from './taint-eviction-controller.ts';

export const taintEvictionControllerDescriptor: ControllerDescriptor = {
  name: TAINT_EVICTION_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const nodeInformer = host.informers.informerFor('v1', 'Node');
    podInformer.addIndexers([NODE_NAME_INDEX]);
    const tc = new TaintEvictionController(host.ctx, podInformer, nodeInformer, host.eventRecorder(TAINT_EVICTION_CONTROLLER));
    podInformer.addEventHandler(new PodEventHandler(tc));
    nodeInformer.addEventHandler(new NodeEventHandler(tc));
    const controller = new Controller(host.ctx, {
      name: TAINT_EVICTION_CONTROLLER,
      reconciler: tc,
      workers: UPDATE_WORKER_SIZE,
      transport: host.transport,
      client: new Client(TAINT_EVICTION_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    tc.runner = controller;
    host.addRunnable(`${TAINT_EVICTION_CONTROLLER}/timed-workers`, tc);
    return controller;
  },
};
