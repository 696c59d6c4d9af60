/** The DaemonSet controller's logic, made on demand (cluster/on-demand-controller.ts): the controller and its handlers. */
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { DaemonSetController } from './daemonset-controller.ts';
import { DaemonSetEventHandler, DaemonSetNodeEventHandler, DaemonSetPodEventHandler, HistoryEventHandler } from './event-handlers.ts';

export function daemonSetLogic({ informers: [dsInformer, historyInformer, podInformer, nodeInformer], recorder, runner }: LogicInputs): ControllerLogic {
  const dsc = new DaemonSetController({ dsInformer: dsInformer!, podInformer: podInformer!, nodeInformer: nodeInformer!, historyInformer: historyInformer!, recorder: recorder! });
  dsc.runner = runner;
  return { reconciler: dsc, handlers: [new DaemonSetEventHandler(dsc), new HistoryEventHandler(dsc), new DaemonSetPodEventHandler(dsc), new DaemonSetNodeEventHandler(dsc)] };
}
