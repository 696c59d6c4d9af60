/**
 * How kube-controller-manager starts the ReplicaSet controller: shared ReplicaSet and Pod informers (the
 * ReplicaSet one indexed by controller UID), the handlers, 5 workers (`--concurrent-replicaset-syncs`), writes as
 * "kube-controller-manager", events as "replicaset-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/apps.go` (startReplicaSetController) and
 * `pkg/controller/replicaset/replica_set.go` (NewReplicaSetController, NewBaseController).
 */
import { CONTROLLER_UID_INDEX, POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { PodEventHandler, ReplicaSetEventHandler } from './event-handlers.ts';
import { REPLICASET_CONTROLLER, ReplicaSetController } from './replicaset-controller.ts';
import { BURST_REPLICAS } from './slow-start.ts';

/** The binary whose field manager the controller's writes carry. */
export const KUBE_CONTROLLER_MANAGER_FIELD_MANAGER = 'kube-controller-manager';

export const replicaSetControllerDescriptor: ControllerDescriptor = {
  name: REPLICASET_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const rsInformer = host.informers.informerFor('apps/v1', 'ReplicaSet');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    rsInformer.addIndexers([CONTROLLER_UID_INDEX]);
    podInformer.addIndexers([POD_CONTROLLER_UID_INDEX]);
    const rsc = new ReplicaSetController({
      rsInformer,
      podInformer,
      recorder: host.eventRecorder(REPLICASET_CONTROLLER),
      burstReplicas: BURST_REPLICAS,
    });
    rsInformer.addEventHandler(new ReplicaSetEventHandler(rsc));
    podInformer.addEventHandler(new PodEventHandler(rsc));
    const controller = new Controller(host.ctx, {
      name: REPLICASET_CONTROLLER,
      reconciler: rsc,
      workers: DEFAULT_WORKERS['replicaset']!,
      transport: host.transport,
      client: new Client(REPLICASET_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    rsc.runner = controller;
    return controller;
  },
};
