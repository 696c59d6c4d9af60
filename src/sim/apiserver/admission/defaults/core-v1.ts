/**
 * Defaults of the core/v1 kinds, ported from kubernetes `pkg/apis/core/v1/defaults.go` (`SetDefaults_Pod`,
 * `SetDefaults_PodSpec`, `SetDefaults_Container`, `SetDefaults_Probe`, `SetDefaults_Service`, `SetDefaults_Namespace`,
 * `SetDefaults_NodeSpec`…), plus `SetObjectDefaults_*` walking into nested structs.
 *
 * @remarks Only the fields the simulation reads or a learner would notice in `kubectl get -o yaml` are defaulted:
 * volumes' sources, ephemeral containers, host-network ports and the kube-api-access volume are left as given.
 */
import { isObject, ensureObject, objectsIn, setDefault, type JsonObject } from '../json-shape.ts';

/** `SetDefaults_Probe`. */
export function defaultProbe(probe: JsonObject): void {
  setDefault(probe, 'timeoutSeconds', 1);
  setDefault(probe, 'periodSeconds', 10);
  setDefault(probe, 'successThreshold', 1);
  setDefault(probe, 'failureThreshold', 3);
  const httpGet = probe['httpGet'];
  if (isObject(httpGet)) {
    setDefault(httpGet, 'path', '/');
    setDefault(httpGet, 'scheme', 'HTTP');
  }
}

/** Whether an image reference names no tag or `:latest` (and no digest): the `imagePullPolicy: Always` case. */
export function pullsLatest(image: string): boolean {
  if (image.includes('@')) return false;
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  return colon < 0 || image.slice(colon + 1) === 'latest';
}

/** `SetDefaults_Container` plus its probes, ports and lifecycle handlers. */
export function defaultContainer(c: JsonObject): void {
  if (c['imagePullPolicy'] === undefined && typeof c['image'] === 'string') {
    c['imagePullPolicy'] = pullsLatest(c['image']) ? 'Always' : 'IfNotPresent';
  }
  setDefault(c, 'terminationMessagePath', '/dev/termination-log');
  setDefault(c, 'terminationMessagePolicy', 'File');
  for (const port of objectsIn(c, 'ports')) setDefault(port, 'protocol', 'TCP');
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const probe = c[key];
    if (isObject(probe)) defaultProbe(probe);
  }
}

/** `SetDefaults_Pod`'s resource rule: a limit without a request makes the request equal to the limit. */
function defaultRequestsFromLimits(c: JsonObject): void {
  const resources = c['resources'];
  if (!isObject(resources)) return;
  const limits = resources['limits'];
  if (!isObject(limits)) return;
  const requests = ensureObject(resources, 'requests');
  if (requests) for (const [k, v] of Object.entries(limits)) if (!(k in requests)) requests[k] = v;
}

/** `SetDefaults_PodSpec` and the containers under it. */
export function defaultPodSpec(spec: JsonObject): void {
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'restartPolicy', 'Always');
  setDefault(spec, 'terminationGracePeriodSeconds', 30);
  setDefault(spec, 'securityContext', {});
  setDefault(spec, 'schedulerName', 'default-scheduler');
  for (const c of objectsIn(spec, 'initContainers')) defaultContainer(c);
  for (const c of objectsIn(spec, 'containers')) defaultContainer(c);
}

/** `SetDefaults_PodTemplateSpec` as reached from workload templates: only the pod spec gets defaults. */
export function defaultPodTemplate(template: JsonObject): void {
  const spec = template['spec'];
  if (isObject(spec)) defaultPodSpec(spec);
}

/**
 * `SetDefaults_Pod` plus the pod spec. Only pods (not pod templates) get requests copied from limits and
 * `enableServiceLinks: true`, as upstream keeps those out of `SetDefaults_PodSpec` on purpose.
 */
export function defaultPod(obj: JsonObject): void {
  const spec = obj['spec'];
  if (!isObject(spec)) return;
  defaultPodSpec(spec);
  for (const c of [...objectsIn(spec, 'initContainers'), ...objectsIn(spec, 'containers')]) defaultRequestsFromLimits(c);
  setDefault(spec, 'enableServiceLinks', true);
}

/** `SetDefaults_Service`, `SetDefaults_ServiceSpec`-equivalents for ClusterIP/NodePort/LoadBalancer services. */
export function defaultService(obj: JsonObject): void {
  const spec = obj['spec'];
  if (!isObject(spec)) return;
  setDefault(spec, 'type', 'ClusterIP');
  setDefault(spec, 'sessionAffinity', 'None');
  if (spec['type'] === 'ClusterIP' || spec['type'] === 'NodePort' || spec['type'] === 'LoadBalancer') {
    setDefault(spec, 'internalTrafficPolicy', 'Cluster');
  }
  if (spec['type'] === 'NodePort' || spec['type'] === 'LoadBalancer') setDefault(spec, 'externalTrafficPolicy', 'Cluster');
  for (const port of objectsIn(spec, 'ports')) {
    setDefault(port, 'protocol', 'TCP');
    if (port['targetPort'] === undefined || port['targetPort'] === 0 || port['targetPort'] === '') port['targetPort'] = port['port'];
  }
}

/** `SetDefaults_Namespace` and `SetDefaults_NamespaceStatus`. */
export function defaultNamespace(obj: JsonObject): void {
  const spec = ensureObject(obj, 'spec');
  if (spec) setDefault(spec, 'finalizers', ['kubernetes']);
  const status = ensureObject(obj, 'status');
  if (status) setDefault(status, 'phase', 'Active');
}

/** `SetDefaults_Node` / `SetDefaults_NodeStatus`: allocatable defaults to capacity. */
export function defaultNode(obj: JsonObject): void {
  const status = obj['status'];
  if (!isObject(status)) return;
  const capacity = status['capacity'];
  if (isObject(capacity) && status['allocatable'] === undefined) status['allocatable'] = { ...capacity };
}

/**
 * core/v1 Event and ConfigMap have no `SetDefaults_*` upstream: they are stored as sent. Present so every kind has an
 * entry in the dispatch table and the absence of defaults is a decision, not an omission.
 */
export function defaultNothing(_obj: JsonObject): void {}
