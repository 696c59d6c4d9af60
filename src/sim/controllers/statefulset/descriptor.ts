/**
 * How kube-controller-manager starts the StatefulSet controller: shared StatefulSet, Pod, PersistentVolumeClaim and
 * ControllerRevision informers, the set and pod handlers, 5 workers (`--concurrent-statefulset-syncs`), writes as
 * "kube-controller-manager", events as "statefulset-controller".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/apps.go` (startStatefulSetController) and
 * `pkg/controller/statefulset/stateful_set.go` (NewStatefulSetController).
 *
 * The logic (statefulset-controller.ts and its handlers) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { POD_CONTROLLER_UID_INDEX } from '../../client/index-funcs.ts';
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const STATEFULSET_CONTROLLER = 'statefulset-controller';

export const statefulSetControllerDescriptor = onDemandController({
  name: STATEFULSET_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['statefulset']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [
    { apiVersion: 'apps/v1', kind: 'StatefulSet' },
    { apiVersion: 'v1', kind: 'Pod' },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
    { apiVersion: 'apps/v1', kind: 'ControllerRevision' },
  ],
  indexers: [[1, [POD_CONTROLLER_UID_INDEX]]],
  recorder: STATEFULSET_CONTROLLER,
  handled: [0, 1],
  primaryKind: 'StatefulSet',
  logic: 'statefulset',
});
