/**
 * How kube-controller-manager starts the namespace controller: the shared Namespace informer, 10 workers
 * (`--concurrent-namespace-syncs`), writes as "kube-controller-manager".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/core.go` (startNamespaceController) and
 * `pkg/controller/namespace/namespace_controller.go` (NewNamespaceController).
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { NAMESPACE_CONTROLLER, NamespaceController } from './namespace-controller.ts';

export const namespaceControllerDescriptor: ControllerDescriptor = {
  name: NAMESPACE_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const nsInformer = host.informers.informerFor('v1', 'Namespace');
    const nc = new NamespaceController(nsInformer);
    nsInformer.addEventHandler(nc);
    const controller = new Controller(host.ctx, {
      name: NAMESPACE_CONTROLLER,
      reconciler: nc,
      workers: DEFAULT_WORKERS['namespace']!,
      transport: host.transport,
      client: new Client(NAMESPACE_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    nc.runner = controller;
    return controller;
  },
};
