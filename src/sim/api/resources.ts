/**
 * The kinds the simulated api-server serves out of the box (its discovery document), and how each maps to a REST
 * resource. Custom resources are added at run time from CustomResourceDefinitions (see apiserver/crd).
 */
export interface ScaleSubresource {
  /** JSON path of the desired replicas, e.g. ".spec.replicas". */
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface ResourceInfo {
  group: string;
  version: string;
  kind: string;
  /** Plural REST name: "deployments". */
  resource: string;
  /** Lower-case singular used by kubectl: "deployment". */
  singular: string;
  namespaced: boolean;
  shortNames: readonly string[];
  /** Has a /status subresource (status writes go there; the main resource ignores status). */
  status: boolean;
  scale?: ScaleSubresource;
  /**
   * What the generation counts: `spec` (bumps on spec change: RS, Job, CronJob…), `spec+annotations` (Deployment),
   * `all-but-meta-status` (CRDs with a status subresource: any change outside metadata and status), `none`.
   */
  generation: 'spec' | 'spec+annotations' | 'all-but-meta-status' | 'none';
}

const SCALE_REPLICAS: ScaleSubresource = {
  specReplicasPath: '.spec.replicas',
  statusReplicasPath: '.status.replicas',
  labelSelectorPath: '.status.selector',
};

function r(info: Omit<ResourceInfo, 'shortNames' | 'status' | 'generation'> & Partial<ResourceInfo>): ResourceInfo {
  return Object.freeze({ shortNames: [], status: true, generation: 'spec', ...info }) as ResourceInfo;
}

/** The built-in kinds, as served by a v1.35 api-server (the subset the simulation implements). */
export const BUILTIN_RESOURCES: readonly ResourceInfo[] = Object.freeze([
  r({ group: '', version: 'v1', kind: 'Namespace', resource: 'namespaces', singular: 'namespace', namespaced: false, shortNames: ['ns'], generation: 'none' }),
  r({ group: '', version: 'v1', kind: 'Node', resource: 'nodes', singular: 'node', namespaced: false, shortNames: ['no'], generation: 'none' }),
  // PodObservedGenerationTracking (GA 1.35): pods carry metadata.generation, bumped on spec change.
  r({ group: '', version: 'v1', kind: 'Pod', resource: 'pods', singular: 'pod', namespaced: true, shortNames: ['po'] }),
  r({ group: '', version: 'v1', kind: 'Service', resource: 'services', singular: 'service', namespaced: true, shortNames: ['svc'], generation: 'none' }),
  r({ group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps', singular: 'configmap', namespaced: true, shortNames: ['cm'], status: false, generation: 'none' }),
  r({ group: '', version: 'v1', kind: 'Event', resource: 'events', singular: 'event', namespaced: true, shortNames: ['ev'], status: false, generation: 'none' }),
  // No storage provisioner runs: a claim stays as created (phase Pending); see controllers/statefulset/README.md.
  r({ group: '', version: 'v1', kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', singular: 'persistentvolumeclaim', namespaced: true, shortNames: ['pvc'], generation: 'none' }),
  r({ group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', singular: 'deployment', namespaced: true, shortNames: ['deploy'], scale: SCALE_REPLICAS, generation: 'spec+annotations' }),
  r({ group: 'apps', version: 'v1', kind: 'ReplicaSet', resource: 'replicasets', singular: 'replicaset', namespaced: true, shortNames: ['rs'], scale: SCALE_REPLICAS }),
  r({ group: 'apps', version: 'v1', kind: 'DaemonSet', resource: 'daemonsets', singular: 'daemonset', namespaced: true, shortNames: ['ds'] }),
  r({ group: 'apps', version: 'v1', kind: 'StatefulSet', resource: 'statefulsets', singular: 'statefulset', namespaced: true, shortNames: ['sts'], scale: SCALE_REPLICAS }),
  // A ControllerRevision has no spec or status: `data` (the template's patch) and `revision` (apps/v1 types.go).
  r({ group: 'apps', version: 'v1', kind: 'ControllerRevision', resource: 'controllerrevisions', singular: 'controllerrevision', namespaced: true, status: false, generation: 'none' }),
  r({ group: 'batch', version: 'v1', kind: 'Job', resource: 'jobs', singular: 'job', namespaced: true }),
  r({ group: 'batch', version: 'v1', kind: 'CronJob', resource: 'cronjobs', singular: 'cronjob', namespaced: true, shortNames: ['cj'] }),
  r({ group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', resource: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler', namespaced: true, shortNames: ['hpa'], generation: 'spec' }),
  r({ group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', resource: 'leases', singular: 'lease', namespaced: true, status: false, generation: 'none' }),
  r({ group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice', resource: 'endpointslices', singular: 'endpointslice', namespaced: true, status: false, generation: 'all-but-meta-status' }),
  // Webhook configurations: metadata.generation counts changes of `webhooks` (no spec, no status).
  r({ group: 'admissionregistration.k8s.io', version: 'v1', kind: 'MutatingWebhookConfiguration', resource: 'mutatingwebhookconfigurations', singular: 'mutatingwebhookconfiguration', namespaced: false, status: false, generation: 'all-but-meta-status' }),
  r({ group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration', resource: 'validatingwebhookconfigurations', singular: 'validatingwebhookconfiguration', namespaced: false, status: false, generation: 'all-but-meta-status' }),
  r({ group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition', resource: 'customresourcedefinitions', singular: 'customresourcedefinition', namespaced: false, shortNames: ['crd', 'crds'] }),
]);

export function apiVersionOf(info: Pick<ResourceInfo, 'group' | 'version'>): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}
