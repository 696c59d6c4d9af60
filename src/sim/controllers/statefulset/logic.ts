/** The StatefulSet controller's logic, made on demand (cluster/on-demand-controller.ts): the controller and its handlers. */
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { StatefulSetEventHandler, StatefulSetPodEventHandler } from './event-handlers.ts';
import { StatefulSetController } from './statefulset-controller.ts';

export function statefulSetLogic({ informers: [setInformer, podInformer, claimInformer, revisionInformer], recorder, runner }: LogicInputs): ControllerLogic {
  const ssc = new StatefulSetController({ setInformer: setInformer!, podInformer: podInformer!, claimInformer: claimInformer!, revisionInformer: revisionInformer!, recorder: recorder! });
  ssc.runner = runner;
  return { reconciler: ssc, handlers: [new StatefulSetEventHandler(ssc), new StatefulSetPodEventHandler(ssc)] };
}
