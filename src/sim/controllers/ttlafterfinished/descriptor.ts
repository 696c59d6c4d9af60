/**
 * How kube-controller-manager starts the TTL-after-finished controller: the shared Job informer, 5 workers
 * (`--concurrent-ttl-after-finished-syncs`), writes as "kube-controller-manager".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startTTLAfterFinishedController) and
 * `pkg/controller/ttlafterfinished/ttlafterfinished_controller.go` (New).
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { TTL_AFTER_FINISHED_CONTROLLER, TTLAfterFinishedController } from './ttl-after-finished-controller.ts';

export const ttlAfterFinishedControllerDescriptor: ControllerDescriptor = {
  name: TTL_AFTER_FINISHED_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const jobInformer = host.informers.informerFor('batch/v1', 'Job');
    const tc = new TTLAfterFinishedController(jobInformer);
    jobInformer.addEventHandler(tc);
    const controller = new Controller(host.ctx, {
      name: TTL_AFTER_FINISHED_CONTROLLER,
      reconciler: tc,
      workers: DEFAULT_WORKERS['ttl-after-finished']!,
      transport: host.transport,
      client: new Client(TTL_AFTER_FINISHED_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    tc.runner = controller;
    return controller;
  },
};
