/**
 * How kube-controller-manager starts the DaemonSet controller: shared DaemonSet, ControllerRevision, Pod (indexed by
 * controller UID) and Node informers, the handlers, 2 workers (`--concurrent-daemonset-syncs`), a key dropped after 15 failed syncs (`maxRetries`), writes as
 * "kube-controller-manager", events as "daemonset-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/apps.go` (startDaemonSetController) and
 * `pkg/controller/daemon/daemon_controller.go` (NewDaemonSetsController).
 *
 * The logic (daemonset-controller.ts and its handlers) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const DAEMONSET_CONTROLLER = 'daemonset-controller';

export const daemonSetControllerDescriptor = onDemandController({
  name: DAEMONSET_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['daemonset']!,
  maxRetries: DEFAULT_MAX_RETRIES['daemonset']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [
    { apiVersion: 'apps/v1', kind: 'DaemonSet' },
    { apiVersion: 'apps/v1', kind: 'ControllerRevision' },
    { apiVersion: 'v1', kind: 'Pod' },
    { apiVersion: 'v1', kind: 'Node' },
  ],
  indexers: [[2, [POD_CONTROLLER_UID_INDEX]]],
  recorder: DAEMONSET_CONTROLLER,
  handled: [0, 1, 2, 3],
  primaryKind: 'DaemonSet',
  logic: 'daemonset',
});
