/**
 * How kube-controller-manager starts the CronJob controller: shared Job and CronJob informers, the handlers, 5
 * workers (`--concurrent-cron-job-syncs`), writes as "kube-controller-manager", events as "cronjob-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startCronJobController) and
 * `pkg/controller/cronjob/cronjob_controllerv2.go` (NewControllerV2).
 *
 * The logic (cronjob-controller.ts and its handlers) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const CRONJOB_CONTROLLER = 'cronjob-controller';

export const cronJobControllerDescriptor = onDemandController({
  name: CRONJOB_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['cronjob']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [
    { apiVersion: 'batch/v1', kind: 'Job' },
    { apiVersion: 'batch/v1', kind: 'CronJob' },
  ],
  recorder: CRONJOB_CONTROLLER,
  handled: [0, 1],
  primaryKind: 'CronJob',
  logic: 'cronjob',
});
