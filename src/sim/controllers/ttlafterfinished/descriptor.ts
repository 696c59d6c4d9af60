/**
 * How kube-controller-manager starts the TTL-after-finished controller: the shared Job informer, 5 workers
 * (`--concurrent-ttl-after-finished-syncs`), writes as "kube-controller-manager".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/batch.go` (startTTLAfterFinishedController) and
 * `pkg/controller/ttlafterfinished/ttlafterfinished_controller.go` (New).
 *
 * The logic (ttl-after-finished-controller.ts) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const TTL_AFTER_FINISHED_CONTROLLER = 'ttl-after-finished-controller';

export const ttlAfterFinishedControllerDescriptor = onDemandController({
  name: TTL_AFTER_FINISHED_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['ttl-after-finished']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [{ apiVersion: 'batch/v1', kind: 'Job' }],
  handled: [0],
  primaryKind: 'Job',
  logic: 'ttlAfterFinished',
});
