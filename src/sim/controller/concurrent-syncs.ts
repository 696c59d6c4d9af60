/**
 * kube-controller-manager's default worker counts per controller (the `--concurrent-*-syncs` flags, defaults from
 * `pkg/controller/apis/config/v1alpha1/defaults.go` and each controller's options) and the controllers that give
 * up on a key after a number of retries (their `maxRetries` constants).
 *
 * Keys are kube-controller-manager's controller names (`--controllers`), values the worker count.
 */
export const DEFAULT_WORKERS: Readonly<Record<string, number>> = Object.freeze({
  /** --concurrent-deployment-syncs */
  deployment: 5,
  /** --concurrent-replicaset-syncs */
  replicaset: 5,
  /** --concurrent_rc_syncs */
  replicationcontroller: 5,
  /** --concurrent-service-endpoint-syncs */
  endpointslice: 5,
  /** --concurrent-endpoint-syncs */
  endpoint: 5,
  /** --concurrent-gc-syncs */
  garbagecollector: 20,
  /** --concurrent-job-syncs */
  job: 5,
  /** --concurrent-cron-job-syncs */
  cronjob: 5,
  /** --concurrent-horizontal-pod-autoscaler-syncs */
  horizontalpodautoscaling: 5,
  /** --concurrent-daemonset-syncs */
  daemonset: 2,
  /** --concurrent-statefulset-syncs */
  statefulset: 5,
  /** --concurrent-namespace-syncs */
  namespace: 10,
  /** --concurrent-resource-quota-syncs */
  resourcequota: 5,
  /** --concurrent-serviceaccount-token-syncs */
  'serviceaccount-token': 5,
  /** --concurrent-ttl-after-finished-syncs */
  'ttl-after-finished': 5,
});

/**
 * `maxRetries` of the controllers that drop a key after repeated failures (deployment_controller.go,
 * daemon_controller.go, endpointslice_controller.go: 15). Controllers not listed retry forever.
 */
export const DEFAULT_MAX_RETRIES: Readonly<Record<string, number>> = Object.freeze({
  deployment: 15,
  daemonset: 15,
  endpointslice: 15,
});
