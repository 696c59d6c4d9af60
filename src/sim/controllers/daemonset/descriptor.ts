/**
 * How kube-controller-manager starts the DaemonSet controller: shared DaemonSet, ControllerRevision, Pod (indexed by
 * controller UID) and Node informers, the handlers, 2 workers (`--concurrent-daemonset-syncs`), a key dropped after 15 failed syncs (`maxRetries`), writes as
 * "kube-controller-manager", events as "daemonset-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/apps.go` (startDaemonSetController) and
 * `pkg/controller/daemon/daemon_controller.go` (NewDaemonSetsController).
 */
import { POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { DAEMONSET_CONTROLLER, DaemonSetController } from './daemonset-controller.ts';
import { DaemonSetEventHandler, DaemonSetNodeEventHandler, DaemonSetPodEventHandler, HistoryEventHandler } from './event-handlers.ts';

export const daemonSetControllerDescriptor: ControllerDescriptor = {
  name: DAEMONSET_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const dsInformer = host.informers.informerFor('apps/v1', 'DaemonSet');
    const historyInformer = host.informers.informerFor('apps/v1', 'ControllerRevision');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const nodeInformer = host.informers.informerFor('v1', 'Node');
    podInformer.addIndexers([POD_CONTROLLER_UID_INDEX]);
    const dsc = new DaemonSetController({ dsInformer, podInformer, nodeInformer, historyInformer, recorder: host.eventRecorder(DAEMONSET_CONTROLLER) });
    dsInformer.addEventHandler(new DaemonSetEventHandler(dsc));
    historyInformer.addEventHandler(new HistoryEventHandler(dsc));
    podInformer.addEventHandler(new DaemonSetPodEventHandler(dsc));
    nodeInformer.addEventHandler(new DaemonSetNodeEventHandler(dsc));
    const controller = new Controller(host.ctx, {
      name: DAEMONSET_CONTROLLER,
      reconciler: dsc,
      workers: DEFAULT_WORKERS['daemonset']!,
      maxRetries: DEFAULT_MAX_RETRIES['daemonset']!,
      transport: host.transport,
      client: new Client(DAEMONSET_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    dsc.runner = controller;
    return controller;
  },
};
