/**
 * How kube-controller-manager starts the Job controller: shared Job and Pod informers, the handlers, 5 workers
 * (`--concurrent-job-syncs`), writes as "kube-controller-manager", events as "job-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startJobController) and
 * `pkg/controller/job/job_controller.go` (NewController: the queue's rate limiter is 1 s → 1 min,
 * DefaultJobApiBackOff / MaxJobApiBackOff).
 *
 * The logic (job-controller.ts and its handlers) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const JOB_CONTROLLER = 'job-controller';

export const jobControllerDescriptor = onDemandController({
  name: JOB_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['job']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [
    { apiVersion: 'batch/v1', kind: 'Job' },
    { apiVersion: 'v1', kind: 'Pod' },
  ],
  recorder: JOB_CONTROLLER,
  handled: [0, 1],
  primaryKind: 'Job',
  logic: 'job',
});
