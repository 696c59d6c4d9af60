/**
 * How a Service and its pods become EndpointSlice content: one endpoint per pod (addresses, conditions, node,
 * targetRef), the ports resolved from each servicePort's targetPort, and new slices with the Service's labels and
 * a controller reference to it.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/utils.go` (podToEndpoint, getEndpointPorts,
 * getEndpointAddresses, newEndpointSlice, getEndpointSlicePrefix, ownedBy, getSliceToFill, ServiceControllerKey,
 * setEndpointSliceLabels, isReservedLabelKey, getAddressTypesForService, isServiceIPSet, findPort) and
 * `util/controller_utils.go` (ShouldPodBeInEndpoints, ShouldSetHostname).
 *
 * @remarks A Service without `ipFamilies` (this api-server does not default them, nor allocate cluster IPs) gets
 * IPv4 slices, as upstream's defaulting (`ipFamilies: [IPv4]` on a single-stack cluster) would give it; upstream
 * would give a headless Service without families both IPv4 and IPv6 slices.
 */
import type { Pod, Service, ServicePort } from 'kubernetes-types/core/v1';
import type { Endpoint, EndpointPort, EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject, KubeObjectOf } from '../../api/object.ts';
import { isPodReady } from '../replicaset/pod-util.ts';

/** A Service as stored (metadata guaranteed). */
export type ServiceObject = KubeObject & KubeObjectOf<Service>;
/** A Pod as stored. */
export type PodObject = KubeObject & KubeObjectOf<Pod>;
/** An EndpointSlice as stored, or as about to be created. */
export type EndpointSliceObject = KubeObject & KubeObjectOf<EndpointSlice>;
/** A Node from the node lister (only its labels are read). */
export type NodeObject = KubeObject;

/** `discovery.LabelServiceName`. */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
/** `discovery.LabelManagedBy`. */
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
/** `v1.IsHeadlessService`. */
export const LABEL_HEADLESS_SERVICE = 'service.kubernetes.io/headless';
/** `v1.LabelTopologyZone`. */
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';
/** `ControllerName`: the managed-by label value of the slices this controller manages. */
export const ENDPOINTSLICE_CONTROLLER_NAME = 'endpointslice-controller.k8s.io';

/** `discovery.AddressType` (FQDN is not produced by this controller). */
export type AddressType = 'IPv4' | 'IPv6';

/** `ShouldPodBeInEndpoints(pod, includeTerminating)`: the pod has an IP and has not finished for good. */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (!pod.status?.podIP && (pod.status?.podIPs ?? []).length === 0) return false;
  if (!includeTerminating && pod.metadata?.deletionTimestamp) return false;
  const phase = pod.status?.phase;
  if (pod.spec?.restartPolicy === 'Never') return phase !== 'Failed' && phase !== 'Succeeded';
  if (pod.spec?.restartPolicy === 'OnFailure') return phase !== 'Succeeded';
  return true;
}

/** `ShouldSetHostname`. */
export function shouldSetHostname(pod: Pod, svc: ServiceObject): boolean {
  return !!pod.spec?.hostname && pod.spec.subdomain === svc.metadata.name && svc.metadata.namespace === pod.metadata?.namespace;
}

function isIPv6(ip: string): boolean {
  return ip.includes(':');
}

/**
 * `getEndpointAddresses`: the pod's IPs of the address type.
 * @remarks Falls back to `status.podIP` when `podIPs` is empty (the api-server keeps them in sync upstream).
 */
export function getEndpointAddresses(pod: Pod, addressType: AddressType): string[] {
  const ips = (pod.status?.podIPs ?? []).map((p) => p.ip ?? '').filter((ip) => ip !== '');
  if (ips.length === 0 && pod.status?.podIP) ips.push(pod.status.podIP);
  return ips.filter((ip) => (addressType === 'IPv6') === isIPv6(ip));
}

/** `podToEndpoint`: ready is "serving and not terminating" (or publishNotReadyAddresses). */
export function podToEndpoint(pod: PodObject, node: NodeObject | undefined, service: ServiceObject, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = pod.metadata.deletionTimestamp !== undefined && pod.metadata.deletionTimestamp !== null;
  // For compatibility, "ready" is never true for a terminating pod, unless publishNotReadyAddresses is set.
  const ready = service.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const ep: Endpoint = {
    addresses: getEndpointAddresses(pod, addressType),
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid },
  };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[LABEL_TOPOLOGY_ZONE];
  if (zone) ep.zone = zone;
  if (shouldSetHostname(pod, service)) ep.hostname = pod.spec!.hostname!;
  return ep;
}

/**
 * `findPort`: a numeric targetPort as is; a named one looked up in the pod's containers (and restartable init
 * containers) by name and protocol.
 */
export function findPort(pod: Pod, svcPort: ServicePort): number | undefined {
  const target = svcPort.targetPort ?? svcPort.port;
  const protocol = svcPort.protocol ?? 'TCP';
  if (typeof target === 'number') return target;
  const matches = (ports: ReadonlyArray<{ name?: string; protocol?: string; containerPort: number }> | undefined) =>
    (ports ?? []).find((p) => p.name === target && (p.protocol ?? 'TCP') === protocol)?.containerPort;
  for (const c of pod.spec?.containers ?? []) {
    const found = matches(c.ports);
    if (found !== undefined) return found;
  }
  for (const c of pod.spec?.initContainers ?? []) {
    if (c.restartPolicy !== 'Always') continue;
    const found = matches(c.ports);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `getEndpointPorts`: one EndpointPort per servicePort the pod has a port for (skipped otherwise). */
export function getEndpointPorts(service: ServiceObject, pod: Pod): EndpointPort[] {
  const out: EndpointPort[] = [];
  const ports = service.spec?.ports ?? [];
  if (ports.length === 0 && service.spec?.clusterIP === 'None') return out;
  for (const sp of ports) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** `isServiceIPSet`. */
export function isServiceIPSet(service: ServiceObject): boolean {
  return !!service.spec?.clusterIP && service.spec.clusterIP !== 'None';
}

function isReservedLabelKey(key: string): boolean {
  return key === LABEL_SERVICE_NAME || key === LABEL_MANAGED_BY || key === LABEL_HEADLESS_SERVICE;
}

/**
 * `setEndpointSliceLabels`: the Service's labels (reserved keys skipped), the headless label for a Service without
 * a cluster IP, and the service-name and managed-by labels. `updated` when the non-reserved labels differ.
 */
export function setEndpointSliceLabels(
  slice: { metadata?: { labels?: Record<string, string> } },
  service: ServiceObject,
  controllerName: string,
): { labels: Record<string, string>; updated: boolean } {
  const epLabels: Record<string, string> = {};
  const svcLabels: Record<string, string> = {};
  for (const [k, v] of Object.entries(slice.metadata?.labels ?? {})) if (!isReservedLabelKey(k)) epLabels[k] = v;
  for (const [k, v] of Object.entries(service.metadata.labels ?? {})) if (!isReservedLabelKey(k)) svcLabels[k] = v;
  const updated = !sameStringMap(epLabels, svcLabels);
  if (!isServiceIPSet(service)) svcLabels[LABEL_HEADLESS_SERVICE] = '';
  svcLabels[LABEL_SERVICE_NAME] = service.metadata.name ?? '';
  svcLabels[LABEL_MANAGED_BY] = controllerName;
  return { labels: svcLabels, updated };
}

function sameStringMap(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}

/** `getEndpointSlicePrefix`: "<service>-" (the service name alone if that is not a valid DNS subdomain prefix). */
export function getEndpointSlicePrefix(serviceName: string): string {
  const prefix = `${serviceName}-`;
  return prefix.length <= 253 && /^[a-z0-9]([-a-z0-9.]*)?$/.test(prefix) ? prefix : serviceName;
}

/** `newEndpointSlice`: an empty slice for the Service, generateName'd, controlled by it. */
export function newEndpointSlice(service: ServiceObject, ports: EndpointPort[], addressType: AddressType, controllerName: string): EndpointSliceObject {
  const slice: EndpointSliceObject = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      labels: {},
      generateName: getEndpointSlicePrefix(service.metadata.name ?? ''),
      namespace: service.metadata.namespace,
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Service', name: service.metadata.name ?? '', uid: service.metadata.uid ?? '', controller: true, blockOwnerDeletion: true },
      ],
    },
    ports,
    addressType,
    endpoints: [],
  };
  slice.metadata.labels = setEndpointSliceLabels(slice, service, controllerName).labels;
  return slice;
}

/** `ownedBy`: the slice has an owner reference to this Service (UID, kind Service, apiVersion v1). */
export function ownedBy(slice: EndpointSliceObject, svc: ServiceObject): boolean {
  return (slice.metadata.ownerReferences ?? []).some((o) => o.uid === svc.metadata.uid && o.kind === 'Service' && o.apiVersion === 'v1');
}

/** `getSliceToFill`: the slice that `numEndpoints` more would leave closest to full, if any fits. */
export function getSliceToFill<T extends { endpoints?: unknown[] }>(slices: readonly T[], numEndpoints: number, maxEndpoints: number): T | undefined {
  let closestDiff = maxEndpoints;
  let closest: T | undefined;
  for (const s of slices) {
    const diff = maxEndpoints - (numEndpoints + (s.endpoints ?? []).length);
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = s;
      if (diff === 0) return closest;
    }
  }
  return closest;
}

/** `ServiceControllerKey`: "<namespace>/<service>" from a slice's service-name label, or undefined without one. */
export function serviceControllerKey(slice: KubeObject): string | undefined {
  const name = slice.metadata.labels?.[LABEL_SERVICE_NAME];
  if (!name) return undefined;
  return `${slice.metadata.namespace ?? ''}/${name}`;
}

/** `getAddressTypesForService`, IPv4 only (see the file's remarks). */
export function getAddressTypesForService(service: ServiceObject): AddressType[] {
  const families = service.spec?.ipFamilies ?? [];
  if (families.length === 0) return ['IPv4'];
  const out: AddressType[] = [];
  if (families.includes('IPv4')) out.push('IPv4');
  if (families.includes('IPv6')) out.push('IPv6');
  return out;
}
