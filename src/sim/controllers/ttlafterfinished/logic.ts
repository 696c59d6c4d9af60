/** The TTL-after-finished controller's logic, made on demand (cluster/on-demand-controller.ts): it is its own handler. */
import type { ControllerLogic, LogicInputs } from '../../cluster/on-demand-controller.ts';
import { TTLAfterFinishedController } from './ttl-after-finished-controller.ts';

export function ttlAfterFinishedLogic({ informers: [jobInformer], runner }: LogicInputs): ControllerLogic {
  const tc = new TTLAfterFinishedController(jobInformer!);
  tc.runner = runner;
  return { reconciler: tc, handlers: [tc] };
}
