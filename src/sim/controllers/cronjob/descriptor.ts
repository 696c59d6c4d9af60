/**
 * How kube-controller-manager starts the CronJob controller: shared Job and CronJob informers, the handlers, 5
 * workers (`--concurrent-cron-job-syncs`), writes as "kube-controller-manager", events as "cronjob-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startCronJobController) and
 * `pkg/controller/cronjob/cronjob_controllerv2.go` (NewControllerV2).
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { CRONJOB_CONTROLLER, CronJobController } from './cronjob-controller.ts';
import { CronJobEventHandler, CronJobJobEventHandler } from './event-handlers.ts';

export const cronJobControllerDescriptor: ControllerDescriptor = {
  name: CRONJOB_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const jobInformer = host.informers.informerFor('batch/v1', 'Job');
    const cronJobInformer = host.informers.informerFor('batch/v1', 'CronJob');
    const jm = new CronJobController({ jobInformer, cronJobInformer, recorder: host.eventRecorder(CRONJOB_CONTROLLER) });
    jobInformer.addEventHandler(new CronJobJobEventHandler(jm));
    cronJobInformer.addEventHandler(new CronJobEventHandler(jm, host.ctx));
    const controller = new Controller(host.ctx, {
      name: CRONJOB_CONTROLLER,
      reconciler: jm,
      workers: DEFAULT_WORKERS['cronjob']!,
      transport: host.transport,
      client: new Client(CRONJOB_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    jm.runner = controller;
    return controller;
  },
};
