/**
 * The EndpointSlice reconciler's arithmetic: from a Service, its pods and its existing slices of one address type,
 * which slices to create, update and delete. Pure: the writes are reconciler.ts's job.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/reconciler.go` (reconcileByAddressType up to
 * `finalize`, reconcileByPortMapping, placeholderSliceCompare). The steps, in upstream's order: slices not owned by
 * the Service are deleted; desired endpoints are grouped by port set (pods without an IP or finished are left out;
 * pods on an unknown node are skipped, with an error, unless publishNotReadyAddresses); for each port set: (1) existing
 * slices keep the endpoints still desired (updated if changed), and are updated if the Service's labels changed or
 * deleted if nothing is left; (2) slices being updated are filled with the remaining endpoints, fullest first; (3)
 * what is left goes into the unchanged slice closest to full when fewer than a slice's worth remain, else into new
 * slices of at most `maxEndpointsPerSlice`. Slices of port sets no longer desired are deleted; a Service left with no
 * slice gets an empty placeholder.
 *
 * @remarks Topology hints and trafficDistribution are not modelled.
 */
import type { EndpointPort } from 'kubernetes-types/discovery/v1';
import { EndpointSet, endpointsEqualBeyondHash, portMapKey } from './endpoint-set.ts';
import {
  getEndpointPorts,
  getSliceToFill,
  newEndpointSlice,
  ownedBy,
  podToEndpoint,
  setEndpointSliceLabels,
  shouldPodBeInEndpoints,
  type AddressType,
  type EndpointSliceObject,
  type NodeObject,
  type PodObject,
  type ServiceObject,
} from './endpoint-utils.ts';

/** `--max-endpoints-per-slice` (default 100). */
export const DEFAULT_MAX_ENDPOINTS_PER_SLICE = 100;

/** What one address type's reconcile will write, and why. */
export interface ReconcilePlan {
  slicesToCreate: EndpointSliceObject[];
  slicesToUpdate: EndpointSliceObject[];
  slicesToDelete: EndpointSliceObject[];
  /** Endpoints added and removed (the sync's metrics). */
  added: number;
  removed: number;
  /** Pods skipped because their node is not in the cache ("skipping Pod ..."). */
  errors: string[];
  /** The desired endpoints by condition, for the trace. */
  endpoints: { total: number; ready: number; terminating: number };
}

/** `reconcileByAddressType`'s inputs (the node lister is a lookup function). */
export interface PlanInput {
  service: ServiceObject;
  pods: readonly PodObject[];
  existingSlices: readonly EndpointSliceObject[];
  addressType: AddressType;
  /** The node lister's `Get`. */
  getNode: (name: string) => NodeObject | undefined;
  maxEndpointsPerSlice: number;
  controllerName: string;
}

/** `reconcileByAddressType`, up to (not including) `finalize`. */
export function planByAddressType(input: PlanInput): ReconcilePlan {
  const { service, addressType } = input;
  const plan: ReconcilePlan = {
    slicesToCreate: [],
    slicesToUpdate: [],
    slicesToDelete: [],
    added: 0,
    removed: 0,
    errors: [],
    endpoints: { total: 0, ready: 0, terminating: 0 },
  };
  const existingByPortMap = new Map<string, EndpointSliceObject[]>();
  for (const s of input.existingSlices) {
    if (ownedBy(s, service)) {
      const k = portMapKey(s.ports ?? []);
      existingByPortMap.set(k, [...(existingByPortMap.get(k) ?? []), s]);
    } else {
      plan.slicesToDelete.push(s);
    }
  }

  const desiredMetaByPortMap = new Map<string, EndpointPort[]>();
  const desiredEndpointsByPortMap = new Map<string, EndpointSet>();
  for (const pod of input.pods) {
    if (!shouldPodBeInEndpoints(pod, true)) continue;
    const endpointPorts = getEndpointPorts(service, pod);
    const k = portMapKey(endpointPorts);
    if (!desiredEndpointsByPortMap.has(k)) desiredEndpointsByPortMap.set(k, new EndpointSet());
    if (!desiredMetaByPortMap.has(k)) desiredMetaByPortMap.set(k, endpointPorts);
    const nodeName = pod.spec?.nodeName ?? '';
    const node = input.getNode(nodeName);
    if (!node && !service.spec?.publishNotReadyAddresses) {
      // Requeue the Service, but update the slices without the pod whose node is gone.
      plan.errors.push(`skipping Pod ${pod.metadata.name} for Service ${service.metadata.namespace}/${service.metadata.name}: Node ${nodeName} Not Found`);
      continue;
    }
    const endpoint = podToEndpoint(pod, node, service, addressType);
    if (endpoint.addresses.length > 0) {
      desiredEndpointsByPortMap.get(k)!.insert(endpoint);
      plan.endpoints.total++;
      if (endpoint.conditions?.ready) plan.endpoints.ready++;
      if (endpoint.conditions?.terminating) plan.endpoints.terminating++;
    }
  }

  for (const [k, desired] of desiredEndpointsByPortMap) {
    const r = reconcileByPortMapping(service, existingByPortMap.get(k) ?? [], desired, desiredMetaByPortMap.get(k)!, addressType, input);
    plan.added += r.added;
    plan.removed += r.removed;
    plan.slicesToCreate.push(...r.slicesToCreate);
    plan.slicesToUpdate.push(...r.slicesToUpdate);
    plan.slicesToDelete.push(...r.slicesToDelete);
  }
  // Slices of port sets no longer desired go.
  for (const [k, slices] of existingByPortMap) if (!desiredEndpointsByPortMap.has(k)) plan.slicesToDelete.push(...slices);

  // When no slice would be left, a placeholder stands for the Service.
  if (input.existingSlices.length === plan.slicesToDelete.length && plan.slicesToCreate.length < 1) {
    const placeholder = newEndpointSlice(service, [], addressType, input.controllerName);
    if (plan.slicesToDelete.length === 1 && placeholderEqual(plan.slicesToDelete[0]!, placeholder)) plan.slicesToDelete = [];
    else plan.slicesToCreate.push(placeholder);
  }
  return plan;
}

/** `placeholderSliceCompare.DeepEqual`: namespace, labels, and the slice's content (not its name or owners). */
export function placeholderEqual(a: EndpointSliceObject, b: EndpointSliceObject): boolean {
  if ((a.metadata.namespace ?? '') !== (b.metadata.namespace ?? '')) return false;
  const la = a.metadata.labels ?? {};
  const lb = b.metadata.labels ?? {};
  if (Object.keys(la).length !== Object.keys(lb).length || Object.keys(la).some((k) => lb[k] !== la[k])) return false;
  return a.addressType === b.addressType && (a.ports ?? []).length === 0 && (b.ports ?? []).length === 0 && (a.endpoints ?? []).length === 0 && (b.endpoints ?? []).length === 0;
}

/** `reconcileByPortMapping`: steps (1) to (3) of the file comment, for one port set. */
export function reconcileByPortMapping(
  service: ServiceObject,
  existingSlices: readonly EndpointSliceObject[],
  desiredSet: EndpointSet,
  ports: EndpointPort[],
  addressType: AddressType,
  opts: { maxEndpointsPerSlice: number; controllerName: string },
): Omit<ReconcilePlan, 'errors' | 'endpoints'> {
  const max = opts.maxEndpointsPerSlice;
  const slicesByName = new Map<string, EndpointSliceObject>();
  const unchanged: string[] = [];
  const toUpdate: string[] = [];
  const toDelete: string[] = [];
  let removed = 0;

  // 1. Keep the endpoints still desired (updated where they changed); drop the others.
  for (const existing of existingSlices) {
    const name = existing.metadata.name ?? '';
    slicesByName.set(name, existing);
    const newEndpoints = [];
    let endpointUpdated = false;
    for (const endpoint of existing.endpoints ?? []) {
      const got = desiredSet.get(endpoint);
      if (!got) continue;
      newEndpoints.push(got);
      if (!endpointsEqualBeyondHash(got, endpoint)) endpointUpdated = true;
      // Placed: it needs no further handling.
      desiredSet.delete(endpoint);
    }
    const { labels, updated: labelsChanged } = setEndpointSliceLabels(existing, service, opts.controllerName);
    const oldCount = (existing.endpoints ?? []).length;
    if (endpointUpdated || oldCount !== newEndpoints.length) {
      if (oldCount > newEndpoints.length) removed += oldCount - newEndpoints.length;
      if (newEndpoints.length === 0) {
        toDelete.push(name);
      } else {
        const copy = structuredClone(existing) as EndpointSliceObject;
        copy.endpoints = newEndpoints;
        copy.metadata.labels = labels;
        slicesByName.set(name, copy);
        toUpdate.push(name);
      }
    } else if (labelsChanged) {
      const copy = structuredClone(existing) as EndpointSliceObject;
      copy.metadata.labels = labels;
      slicesByName.set(name, copy);
      toUpdate.push(name);
    } else {
      unchanged.push(name);
    }
  }

  const added = desiredSet.len;

  // 2. Fill the slices being updated anyway, fullest first.
  if (desiredSet.len > 0 && toUpdate.length > 0) {
    const slices = toUpdate.map((n) => slicesByName.get(n)!);
    slices.sort((a, b) => (b.endpoints ?? []).length - (a.endpoints ?? []).length);
    for (const slice of slices) {
      slice.endpoints ??= [];
      while (desiredSet.len > 0 && slice.endpoints.length < max) slice.endpoints.push(desiredSet.popAny()!);
    }
  }

  // 3. The rest: into the unchanged slice closest to full, or into new slices.
  const slicesToCreate: EndpointSliceObject[] = [];
  while (desiredSet.len > 0) {
    let sliceToFill: EndpointSliceObject | undefined;
    if (desiredSet.len < max && unchanged.length > 0) {
      sliceToFill = getSliceToFill(unchanged.map((n) => slicesByName.get(n)!), desiredSet.len, max);
    }
    if (!sliceToFill) {
      sliceToFill = newEndpointSlice(service, ports, addressType, opts.controllerName);
    } else {
      sliceToFill = structuredClone(sliceToFill) as EndpointSliceObject;
      slicesByName.set(sliceToFill.metadata.name ?? '', sliceToFill);
    }
    sliceToFill.endpoints ??= [];
    while (desiredSet.len > 0 && sliceToFill.endpoints.length < max) sliceToFill.endpoints.push(desiredSet.popAny()!);
    // New slices have no name yet: that tells a create from an update.
    const name = sliceToFill.metadata.name;
    if (name) {
      if (!toUpdate.includes(name)) toUpdate.push(name);
      const i = unchanged.indexOf(name);
      if (i >= 0) unchanged.splice(i, 1);
    } else {
      slicesToCreate.push(sliceToFill);
    }
  }
  return {
    slicesToCreate,
    slicesToUpdate: toUpdate.map((n) => slicesByName.get(n)!),
    slicesToDelete: toDelete.map((n) => slicesByName.get(n)!),
    added,
    removed,
  };
}
