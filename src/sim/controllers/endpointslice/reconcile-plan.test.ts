/**
 * The EndpointSlice reconciler's arithmetic, after upstream's `reconciler_test.go` (TestReconcileEmpty,
 * TestReconcile1Pod, TestReconcileManyPods, TestReconcileEndpointSlicesSomePreexisting…, the placeholder cases).
 */
import { describe, expect, it } from 'vitest';
import type { Endpoint } from 'kubernetes-types/discovery/v1';
import { ENDPOINTSLICE_CONTROLLER_NAME, newEndpointSlice, podToEndpoint, type EndpointSliceObject, type NodeObject, type PodObject, type ServiceObject } from './endpoint-utils.ts';
import { planByAddressType, type PlanInput } from './reconcile-plan.ts';

const svc: ServiceObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'foo', namespace: 'default', uid: 'svc-uid', labels: { team: 'a' } },
  spec: { selector: { app: 'foo' }, ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }], clusterIP: '10.96.0.10' },
};
const node: NodeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { 'topology.kubernetes.io/zone': 'z1' } } };

function pod(i: number, opts: { ready?: boolean; ip?: boolean; deleting?: boolean; phase?: string; restartPolicy?: string } = {}): PodObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `pod-${i}`,
      namespace: 'default',
      uid: `uid-${i}`,
      labels: { app: 'foo' },
      ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: { nodeName: 'node-1', containers: [{ name: 'c' }], ...(opts.restartPolicy ? { restartPolicy: opts.restartPolicy } : {}) },
    status: {
      phase: opts.phase ?? 'Running',
      ...(opts.ip === false ? {} : { podIP: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`, podIPs: [{ ip: `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` }] }),
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }],
    },
  } as PodObject;
}

function pods(n: number, from = 0): PodObject[] {
  return Array.from({ length: n }, (_, i) => pod(from + i));
}

let sliceSeq = 0;
/** An existing slice as the api-server stores it: named, with the given pods' endpoints. */
function existing(ps: PodObject[], over: Partial<EndpointSliceObject['metadata']> = {}): EndpointSliceObject {
  const s = newEndpointSlice(svc, [{ name: 'http', port: 8080, protocol: 'TCP' }], 'IPv4', ENDPOINTSLICE_CONTROLLER_NAME);
  s.metadata = { ...s.metadata, name: `foo-${sliceSeq++}`, uid: `slice-${sliceSeq}`, resourceVersion: '5', ...over };
  s.endpoints = ps.map((p) => podToEndpoint(p, node, svc, 'IPv4'));
  return s;
}

function plan(ps: PodObject[], slices: EndpointSliceObject[] = [], over: Partial<PlanInput> = {}) {
  return planByAddressType({
    service: svc,
    pods: ps,
    existingSlices: slices,
    addressType: 'IPv4',
    getNode: (n) => (n === 'node-1' ? node : undefined),
    maxEndpointsPerSlice: 100,
    controllerName: ENDPOINTSLICE_CONTROLLER_NAME,
    ...over,
  });
}

const sizes = (ss: EndpointSliceObject[]) => ss.map((s) => (s.endpoints ?? []).length);

describe('planByAddressType', () => {
  it('a Service without pods gets one placeholder slice: no ports, no endpoints', () => {
    const p = plan([]);
    expect(p.slicesToCreate).toHaveLength(1);
    expect(p.slicesToCreate[0]!.ports).toEqual([]);
    expect(p.slicesToCreate[0]!.endpoints).toEqual([]);
    expect(p.slicesToCreate[0]!.addressType).toBe('IPv4');
    expect(p.slicesToCreate[0]!.metadata.generateName).toBe('foo-');
  });

  it('an existing placeholder is kept rather than deleted and created again', () => {
    const placeholder = newEndpointSlice(svc, [], 'IPv4', ENDPOINTSLICE_CONTROLLER_NAME);
    placeholder.metadata.name = 'foo-abcde';
    const p = plan([], [placeholder]);
    expect(p.slicesToCreate).toEqual([]);
    expect(p.slicesToDelete).toEqual([]);
    expect(p.slicesToUpdate).toEqual([]);
  });

  it('one pod: one slice with its endpoint, the Service labels and a controller reference', () => {
    const p = plan([pod(1)]);
    expect(p.slicesToCreate).toHaveLength(1);
    const s = p.slicesToCreate[0]!;
    expect(s.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(s.metadata.labels).toEqual({ team: 'a', 'kubernetes.io/service-name': 'foo', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    expect(s.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'foo', uid: 'svc-uid', controller: true, blockOwnerDeletion: true }]);
    expect(s.endpoints).toEqual([
      {
        addresses: ['10.0.0.2'],
        conditions: { ready: true, serving: true, terminating: false },
        nodeName: 'node-1',
        zone: 'z1',
        targetRef: { kind: 'Pod', namespace: 'default', name: 'pod-1', uid: 'uid-1' },
      },
    ]);
  });

  it('250 pods are packed into slices of 100, 100 and 50', () => {
    expect(sizes(plan(pods(250)).slicesToCreate)).toEqual([100, 100, 50]);
  });

  it('pods without an IP, and finished pods that will not restart, are left out; terminating pods stay, not ready', () => {
    const p = plan([pod(1, { ip: false }), pod(2, { phase: 'Succeeded', restartPolicy: 'Never' }), pod(3, { phase: 'Failed', restartPolicy: 'OnFailure' }), pod(4, { deleting: true })]);
    const eps = p.slicesToCreate.flatMap((s) => s.endpoints ?? []);
    expect(eps.map((e) => e.targetRef?.name)).toEqual(['pod-3', 'pod-4']);
    expect(eps.find((e) => e.targetRef?.name === 'pod-4')?.conditions).toEqual({ ready: false, serving: true, terminating: true });
  });

  it('publishNotReadyAddresses makes every endpoint ready', () => {
    const p = plan([pod(1, { ready: false })], [], { service: { ...svc, spec: { ...svc.spec, publishNotReadyAddresses: true } } });
    expect(p.slicesToCreate[0]!.endpoints![0]!.conditions).toEqual({ ready: true, serving: false, terminating: false });
  });

  it('slices already in sync are left alone', () => {
    const ps = pods(3);
    const p = plan(ps, [existing(ps)]);
    expect([p.slicesToCreate, p.slicesToUpdate, p.slicesToDelete]).toEqual([[], [], []]);
  });

  it('a changed endpoint (readiness) updates its slice in place', () => {
    const ps = pods(3);
    const s = existing(ps);
    const p = plan([ps[0]!, ps[1]!, pod(2, { ready: false })], [s]);
    expect(p.slicesToUpdate.map((x) => x.metadata.name)).toEqual([s.metadata.name]);
    expect(p.slicesToUpdate[0]!.endpoints!.find((e: Endpoint) => e.targetRef?.name === 'pod-2')?.conditions?.ready).toBe(false);
    expect(p.slicesToCreate).toEqual([]);
  });

  it('new endpoints go into the unchanged slice closest to full when they fit', () => {
    const a = existing(pods(60));
    const b = existing(pods(90, 100));
    const p = plan([...pods(60), ...pods(90, 100), ...pods(5, 500)], [a, b]);
    expect(p.slicesToCreate).toEqual([]);
    expect(p.slicesToUpdate.map((x) => [x.metadata.name, (x.endpoints ?? []).length])).toEqual([[b.metadata.name, 95]]);
  });

  it('new endpoints that fit in no unchanged slice get a new one', () => {
    const a = existing(pods(99));
    const p = plan([...pods(99), ...pods(2, 500)], [a]);
    expect(p.slicesToUpdate).toEqual([]);
    expect(sizes(p.slicesToCreate)).toEqual([2]);
  });

  it('a slice being updated anyway is filled first', () => {
    const a = existing(pods(50));
    const b = existing(pods(50, 100));
    // One endpoint of b goes: b is updated, and takes the three new endpoints.
    const p = plan([...pods(50), ...pods(49, 100), ...pods(3, 500)], [a, b]);
    expect(p.slicesToUpdate.map((x) => [x.metadata.name, (x.endpoints ?? []).length])).toEqual([[b.metadata.name, 52]]);
    expect(p.slicesToCreate).toEqual([]);
    expect(p.removed).toBe(1);
    expect(p.added).toBe(3);
  });

  it('a slice left with no endpoints is deleted, and one whose Service labels changed is updated', () => {
    const a = existing(pods(2));
    const b = existing(pods(2, 100));
    const relabelled = { ...svc, metadata: { ...svc.metadata, labels: { team: 'b' } } };
    const p = plan(pods(2), [a, b], { service: relabelled });
    expect(p.slicesToDelete.map((x) => x.metadata.name)).toEqual([b.metadata.name]);
    expect(p.slicesToUpdate.map((x) => x.metadata.labels?.team)).toEqual(['b']);
  });

  it('a slice not owned by this Service (an old Service of the same name) is deleted', () => {
    const stale = existing(pods(1), { ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'foo', uid: 'old-uid' }] });
    const p = plan(pods(1), [stale]);
    expect(p.slicesToDelete.map((x) => x.metadata.name)).toEqual([stale.metadata.name]);
    expect(sizes(p.slicesToCreate)).toEqual([1]);
  });

  it('a pod whose node is not known is skipped with an error, unless addresses are published not-ready', () => {
    const lost = { ...pod(1), spec: { ...pod(1).spec, nodeName: 'node-9' } } as PodObject;
    const p = plan([lost, pod(2)]);
    expect(p.errors).toEqual(['skipping Pod pod-1 for Service default/foo: Node node-9 Not Found']);
    expect(p.slicesToCreate.flatMap((s) => s.endpoints ?? []).map((e) => e.targetRef?.name)).toEqual(['pod-2']);
    const q = plan([lost], [], { service: { ...svc, spec: { ...svc.spec, publishNotReadyAddresses: true } } });
    expect(q.errors).toEqual([]);
    expect(q.slicesToCreate[0]!.endpoints![0]!.nodeName).toBe('node-9');
  });

  it('pods whose ports differ (a named targetPort resolved per pod) go into separate slices', () => {
    const named = { ...svc, spec: { ...svc.spec, ports: [{ name: 'http', port: 80, targetPort: 'web', protocol: 'TCP' }] } } as ServiceObject;
    const withPort = (i: number, port: number) => ({ ...pod(i), spec: { ...pod(i).spec, containers: [{ name: 'c', ports: [{ name: 'web', containerPort: port }] }] } }) as PodObject;
    const p = plan([withPort(1, 8080), withPort(2, 9090), withPort(3, 8080)], [], { service: named });
    expect(p.slicesToCreate.map((s) => [s.ports?.[0]?.port, (s.endpoints ?? []).length])).toEqual([
      [8080, 2],
      [9090, 1],
    ]);
  });
});
