/** The Job controller's logic, made on demand (cluster/on-demand-controller.ts): the controller and its handlers. */
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { JobEventHandler, JobPodEventHandler } from './event-handlers.ts';
import { JobController } from './job-controller.ts';

export function jobLogic({ informers: [jobInformer, podInformer], recorder, runner }: LogicInputs): ControllerLogic {
  const jm = new JobController({ jobInformer: jobInformer!, podInformer: podInformer!, recorder: recorder! });
  jm.runner = runner;
  return { reconciler: jm, handlers: [new JobEventHandler(jm), new JobPodEventHandler(jm)] };
}
