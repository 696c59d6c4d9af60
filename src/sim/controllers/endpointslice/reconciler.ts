/**
 * The EndpointSlice reconciler: plans each address type's slices (reconcile-plan.ts) and writes them.
 *
 * Ported from kubernetes `staging/src/k8s.io/endpointslice/reconciler.go` (Reconcile, reconcileByAddressType's
 * call to `finalize`, finalize, ManagedByController, ManagedByChanged). `finalize` turns creates into updates of
 * slices that would otherwise be deleted, creates nothing for a Service being deleted, then creates, updates and
 * deletes one slice at a time, stopping at the first failure; every write is recorded in the tracker.
 *
 * @remarks A create refused because the namespace is terminating is dropped, as upstream (`NamespaceTerminatingCause`).
 */
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { Client } from '../../client/client.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileSteps } from '../../controller/reconciler.ts';
import type { EndpointSliceTracker } from './endpoint-slice-tracker.ts';
import {
  LABEL_MANAGED_BY,
  getAddressTypesForService,
  ownedBy,
  type EndpointSliceObject,
  type NodeObject,
  type PodObject,
  type ServiceObject,
} from './endpoint-utils.ts';
import { planByAddressType } from './reconcile-plan.ts';
import { addTriggerTimeAnnotation } from './trigger-time-tracker.ts';

const SLICE_TYPE = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' };

/** The `Reconciler`'s state: its tracker, `maxEndpointsPerSlice` and the managed-by name. */
export interface ReconcilerOptions {
  tracker: EndpointSliceTracker;
  maxEndpointsPerSlice: number;
  controllerName: string;
}

/** `ManagedByController`. */
export function managedByController(slice: KubeObject, controllerName: string): boolean {
  return slice.metadata.labels?.[LABEL_MANAGED_BY] === controllerName;
}

/** `ManagedByChanged`. */
export function managedByChanged(a: KubeObject, b: KubeObject, controllerName: string): boolean {
  return managedByController(a, controllerName) !== managedByController(b, controllerName);
}

/** `utilerrors.NewAggregate(errs).Error()`. */
export function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

function isNamespaceTerminating(e: unknown): boolean {
  return e instanceof StatusError && (e.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
}

/**
 * `Reconcile`: every address type the Service supports is reconciled; slices of address types it no longer
 * supports are deleted. Throws the aggregate of every error.
 */
export function* reconcileService(
  client: Client,
  steps: ReconcileSteps,
  opts: ReconcilerOptions,
  service: ServiceObject,
  pods: readonly PodObject[],
  existingSlices: readonly EndpointSliceObject[],
  getNode: (name: string) => NodeObject | undefined,
  triggerTime?: number,
): ClientOp<void> {
  const errs: string[] = [];
  const supported = getAddressTypesForService(service);
  const slicesToDelete: EndpointSliceObject[] = [];
  const byAddressType = new Map<string, EndpointSliceObject[]>();
  for (const s of existingSlices) {
    if (!supported.includes(s.addressType as 'IPv4' | 'IPv6')) {
      slicesToDelete.push(s);
      continue;
    }
    byAddressType.set(s.addressType, [...(byAddressType.get(s.addressType) ?? []), s]);
  }
  for (const addressType of supported) {
    const plan = planByAddressType({
      service,
      pods,
      existingSlices: byAddressType.get(addressType) ?? [],
      addressType,
      getNode,
      maxEndpointsPerSlice: opts.maxEndpointsPerSlice,
      controllerName: opts.controllerName,
    });
    const inSync = plan.slicesToCreate.length + plan.slicesToUpdate.length + plan.slicesToDelete.length === 0;
    steps.diff(
      `${addressType}: ${plan.added} endpoints to add, ${plan.removed} to remove; slices: ${plan.slicesToCreate.length} to create, ${plan.slicesToUpdate.length} to update, ${plan.slicesToDelete.length} to delete`,
      inSync,
    );
    errs.push(...plan.errors);
    try {
      yield* finalize(client, steps, opts.tracker, service, plan.slicesToCreate, plan.slicesToUpdate, plan.slicesToDelete, triggerTime);
      const { total, ready, terminating } = plan.endpoints;
      steps.status(`${addressType}: ${total} endpoints: ${ready} ready, ${total - ready - terminating} not ready, ${terminating} terminating`);
    } catch (e) {
      errs.push((e as Error).message);
    }
  }
  for (const s of slicesToDelete) {
    try {
      steps.act(`delete EndpointSlice ${s.metadata.name} (address type ${s.addressType} no longer supported)`);
      yield* client.delete(SLICE_TYPE, service.metadata.namespace, s.metadata.name ?? '');
      opts.tracker.expectDeletion(s);
    } catch (e) {
      errs.push(`error deleting ${s.metadata.name} EndpointSlice for Service ${service.metadata.namespace}/${service.metadata.name}: ${(e as Error).message}`);
    }
  }
  if (errs.length) throw new Error(aggregate(errs));
}

/** `finalize`. */
export function* finalize(
  client: Client,
  steps: ReconcileSteps,
  tracker: EndpointSliceTracker,
  service: ServiceObject,
  slicesToCreateIn: readonly EndpointSliceObject[],
  slicesToUpdateIn: readonly EndpointSliceObject[],
  slicesToDeleteIn: readonly EndpointSliceObject[],
  triggerTime?: number,
): ClientOp<void> {
  const slicesToCreate = [...slicesToCreateIn];
  const slicesToUpdate = [...slicesToUpdateIn];
  const slicesToDelete = [...slicesToDeleteIn];
  // Creates become updates of slices that would otherwise be deleted (owned by this Service, same address type).
  for (let i = 0; i < slicesToDelete.length; ) {
    if (slicesToCreate.length === 0) break;
    const sliceToDelete = slicesToDelete[i]!;
    const slice = slicesToCreate[slicesToCreate.length - 1]!;
    if (sliceToDelete.addressType === slice.addressType && ownedBy(sliceToDelete, service)) {
      const recycled = structuredClone(slice) as EndpointSliceObject;
      recycled.metadata.name = sliceToDelete.metadata.name;
      slicesToCreate.pop();
      slicesToUpdate.push(recycled);
      slicesToDelete.splice(i, 1);
    } else {
      i++;
    }
  }
  const ns = service.metadata.namespace;
  const svc = `${ns}/${service.metadata.name}`;
  // No new slices for a Service being deleted: the garbage collector is removing them.
  if (!service.metadata.deletionTimestamp) {
    for (const slice of slicesToCreate) {
      addTriggerTimeAnnotation(slice, triggerTime);
      steps.act(`create EndpointSlice ${slice.metadata.generateName}… (${(slice.endpoints ?? []).length} endpoints)`);
      let created: KubeObject;
      try {
        created = yield* client.create(slice);
      } catch (e) {
        if (isNamespaceTerminating(e)) return;
        throw new Error(`failed to create EndpointSlice for Service ${svc}: ${(e as Error).message}`);
      }
      tracker.update(created);
    }
  }
  for (const slice of slicesToUpdate) {
    addTriggerTimeAnnotation(slice, triggerTime);
    steps.act(`update EndpointSlice ${slice.metadata.name} (${(slice.endpoints ?? []).length} endpoints)`);
    let updated: KubeObject;
    try {
      updated = yield* client.update(slice);
    } catch (e) {
      throw new Error(`failed to update ${slice.metadata.name} EndpointSlice for Service ${svc}: ${(e as Error).message}`);
    }
    tracker.update(updated);
  }
  for (const slice of slicesToDelete) {
    steps.act(`delete EndpointSlice ${slice.metadata.name}`);
    try {
      yield* client.delete(SLICE_TYPE, ns, slice.metadata.name ?? '');
    } catch (e) {
      throw new Error(`failed to delete ${slice.metadata.name} EndpointSlice for Service ${svc}: ${(e as Error).message}`);
    }
    tracker.expectDeletion(slice);
  }
}
