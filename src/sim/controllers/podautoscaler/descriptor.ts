/**
 * How kube-controller-manager starts the HPA controller: shared HPA and Pod informers, every HPA enqueued one sync
 * period (15 s) after any change, 5 workers (`--concurrent-horizontal-pod-autoscaler-syncs`), writes as
 * "kube-controller-manager", events as "horizontal-pod-autoscaler".
 *
 * Ported from kubernetes `cmd/kube-controller-manager/app/autoscaling.go` (startHPAControllerWithMetricsClient)
 * and `pkg/controller/podautoscaler/horizontal.go` (NewHorizontalController, enqueueHPA, updateHPA, deleteHPA).
 *
 * @remarks Upstream's queue uses a fixed-interval rate limiter (`NewDefaultHPARateLimiter`): every add waits one
 * sync period, and a key already waiting is not added again. `enqueueAfter` with the sync period does the same.
 *
 * The logic (horizontal.ts and its handler, logic.ts) is loaded on demand: see cluster/on-demand-controller.ts.
 */
import { onDemandController } from '../../cluster/on-demand-controller.ts';
import { DEFAULT_WORKERS } from '../../controller/concurrent-syncs.ts';
import { KUBE_CONTROLLER_MANAGER_FIELD_MANAGER } from '../replicaset/descriptor.ts';

export const HPA_CONTROLLER = 'horizontal-pod-autoscaler-controller';
export const HPA_EVENT_SOURCE = 'horizontal-pod-autoscaler';

export const horizontalPodAutoscalerControllerDescriptor = onDemandController({
  name: HPA_CONTROLLER,
  process: 'kube-controller-manager',
  workers: DEFAULT_WORKERS['horizontalpodautoscaling']!,
  fieldManager: KUBE_CONTROLLER_MANAGER_FIELD_MANAGER,
  informers: [
    { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler' },
    { apiVersion: 'v1', kind: 'Pod' },
  ],
  recorder: HPA_EVENT_SOURCE,
  handled: [0],
  primaryKind: 'HorizontalPodAutoscaler',
  logic: 'horizontalPodAutoscaler',
});
