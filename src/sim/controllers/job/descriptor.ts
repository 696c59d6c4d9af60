/**
 * How kube-controller-manager starts the Job controller: shared Job and Pod informers, the handlers, 5 workers
 * (`--concurrent-job-syncs`), writes as "kube-controller-manager", events as "job-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startJobController) and
 * `pkg/controller/job/job_controller.go` (NewController: the queue's rate limiter is 1 s → 1 min,
 * DefaultJobApiBackOff / MaxJobApiBackOff).
 */
import { Client } from '../../client/client.ts';
import type { ControllerDescriptor, ControllerHost } from '../../cluster/controller-host.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { Controller } from '../../controller/controller.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';
import { JobEventHandler, JobPodEventHandler } from './event-handlers.ts';
import { JOB_CONTROLLER, JobController } from './job-controller.ts';

export const jobControllerDescriptor: ControllerDescriptor = {
  name: JOB_CONTROLLER,
  process: 'kube-controller-manager',
  build(host: ControllerHost): Controller {
    const jobInformer = host.informers.informerFor('batch/v1', 'Job');
    const podInformer = host.informers.informerFor('v1', 'Pod');
    const jm = new JobController({ jobInformer, podInformer, recorder: host.eventRecorder(JOB_CONTROLLER) });
    jobInformer.addEventHandler(new JobEventHandler(jm));
    podInformer.addEventHandler(new JobPodEventHandler(jm));
    const controller = new Controller(host.ctx, {
      name: JOB_CONTROLLER,
      reconciler: jm,
      workers: DEFAULT_WORKERS['job']!,
      transport: host.transport,
      client: new Client(JOB_CONTROLLER, { fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER }),
    });
    jm.runner = controller;
    return controller;
  },
};
