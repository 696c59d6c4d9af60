/**
 * How kube-controller-manager starts the HPA controller: shared HPA and Pod informers, every HPA enqueued one sync
 * period (15 s) after any change, 5 workers (`--concurrent-horizontal-pod-autoscaler-syncs`), writes as
 * "kube-controller-manager", events as "horizontal-pod-autoscaler".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/autoscaling.go` (startHPAControllerWithMetricsClient)
 * and `pkg/controller/podautoscaler/horizontal.go` (NewHorizontalController, enqueueHPA, updateHPA, deleteHPA).
 *
 * @remarks Upstream's queue uses a fixed-interval rate limiter (`NewDefaultHPARateLimiter`): every add waits one
 * sync period, and a key already waiting is not added again. `enqueueAfter` with the sync period does the same.
 */
import { keyOf, type KubeObject } from '../../api/object.ts';
import { Client } from '../../client/client.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { loadModelOf } from '../../metrics/load-model.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { HorizontalController, HPA_CONTROLLER, HPA_EVENT_SOURCE, HPA_SYNC_PERIOD_MS } from './horizontal.ts';

/** The HPA informer's handler: `enqueueHPA` on add and update; a deleted HPA is synced once to forget it. */
export class HPAEventHandler implements ResourceEventHandler {
  constructor(private readonly hc: HorizontalController) {}

  onAdd(obj: KubeObject): void {
    this.hc.runner?.enqueueAfter(keyOf(obj), HPA_SYNC_PERIOD_MS, 'add');
  }

  onUpdate(_oldObj: KubeObject, newObj: KubeObject): void {
    this.hc.runner?.enqueueAfter(keyOf(newObj), HPA_SYNC_PERIOD_MS, 'update');
  }

  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void {
    const hpa = isDeletedFinalStateUnknown(obj) ? obj.obj : obj;
    if (hpa) this.hc.runner?.enqueue(keyOf(hpa), 'delete');
  }
}

export const horizontalPodAutoscalerControllerDescriptor: ControllerDescriptor = {
  name: HPA_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const hpaInformer = host.informers.informerFor('autoscaling/v2', 'HorizontalPodAutoscaler');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const hc = new HorizontalController({ hpaInformer, podInformer, recorder: host.eventRecorder(HPA_EVENT_SOURCE), loadModel: loadModelOf(host.runtime) });
    hpaInformer.addEventHandler(new HPAEventHandler(hc));
    const controller = new Controller(host.ctx, {
      name: HPA_CONTROLLER,
      reconciler: hc,
      workers: DEFAULT_WORKERS['horizontalpodautoscaling']!,
      transport: host.transport,
      client: new Client(HPA_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    hc.runner = controller;
    return controller;
  },
};
