/** The CronJob controller's logic, made on demand (cluster/on-demand-controller.ts): the controller and its handlers. */
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { CronJobController } from './cronjob-controller.ts';
import { CronJobEventHandler, CronJobJobEventHandler } from './event-handlers.ts';

export function cronJobLogic({ ctx, informers: [jobInformer, cronJobInformer], recorder, runner }: LogicInputs): ControllerLogic {
  const jm = new CronJobController({ jobInformer: jobInformer!, cronJobInformer: cronJobInformer!, recorder: recorder! });
  jm.runner = runner;
  return { reconciler: jm, handlers: [new CronJobJobEventHandler(jm), new CronJobEventHandler(jm, ctx)] };
}
