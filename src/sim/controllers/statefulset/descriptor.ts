/**
 * How kube-controller-manager starts the StatefulSet controller: shared StatefulSet, Pod, PersistentVolumeClaim and
 * ControllerRevision informers, the set and pod handlers, 5 workers (`--concurrent-statefulset-syncs`), writes as
 * "kube-controller-manager", events as "statefulset-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/apps.go` (startStatefulSetController) and
 * `pkg/controller/statefulset/stateful_set.go` (NewStatefulSetController).
 */
import { POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { StatefulSetEventHandler, StatefulSetPodEventHandler } from './event-handlers.ts';
import { STATEFULSET_CONTROLLER, StatefulSetController } from './statefulset-controller.ts';

export const statefulSetControllerDescriptor: ControllerDescriptor = {
  name: STATEFULSET_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const setInformer = host.informers.informerFor('apps/v1', 'StatefulSet');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const claimInformer = host.informers.informerFor('v1', 'PersistentVolumeClaim');
    const revisionInformer = host.informers.informerFor('apps/v1', 'ControllerRevision');
    podInformer.addIndexers([POD_CONTROLLER_UID_INDEX]);
    const ssc = new StatefulSetController({ setInformer, podInformer, claimInformer, revisionInformer, recorder: host.eventRecorder(STATEFULSET_CONTROLLER) });
    setInformer.addEventHandler(new StatefulSetEventHandler(ssc));
    podInformer.addEventHandler(new StatefulSetPodEventHandler(ssc));
    const controller = new Controller(host.ctx, {
      name: STATEFULSET_CONTROLLER,
      reconciler: ssc,
      workers: DEFAULT_WORKERS['statefulset']!,
      transport: host.transport,
      client: new Client(STATEFULSET_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    ssc.runner = controller;
    return controller;
  },
};
