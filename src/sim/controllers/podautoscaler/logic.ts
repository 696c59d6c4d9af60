/** The HPA controller's logic, made on demand (cluster/on-demand-controller.ts): the controller and its handler. */
import { keyOf, type KubeObject } from '../../api/object.ts';
import type { ResourceEventHandler } from '../../client/shared-index-informer.ts';
import { isDeletedFinalStateUnknown, type DeletedFinalStateUnknown } from '../../client/store.ts';
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { loadModelOf } from '../../metrics/load-model.ts';
import { HorizontalController, HPA_SYNC_PERIOD_MS } from './horizontal.ts';

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

export function horizontalPodAutoscalerLogic({ informers: [hpaInformer, podInformer], recorder, runner, runtime }: LogicInputs): ControllerLogic {
  // The load model is installed with the cluster (cluster.ts), before any process: the same object now as at build.
  const hc = new HorizontalController({ hpaInformer: hpaInformer!, podInformer: podInformer!, recorder: recorder!, loadModel: loadModelOf(runtime) });
  hc.runner = runner;
  return { reconciler: hc, handlers: [new HPAEventHandler(hc)] };
}
