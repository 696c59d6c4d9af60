/** After upstream's `utils_test.go` (TestPodToEndpoint, TestServiceControllerKey, TestSetEndpointSliceLabels, TestGetEndpointPorts) and `controller_utils_test.go` (TestShouldPodBeInEndpoints, TestPodEndpointsChanged, TestDetermineNeededServiceUpdates). */
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { findPort, getEndpointPorts, getEndpointSlicePrefix, getSliceToFill, serviceControllerKey, setEndpointSliceLabels, shouldPodBeInEndpoints, type ServiceObject } from './endpoint-utils.ts';
import { determineNeededServiceUpdates, podEndpointsChanged } from './event-handlers.ts';
import { hashEndpoint, portMapKey } from './endpoint-set.ts';

const basePod: Pod = {
  metadata: { name: 'p', namespace: 'ns', labels: { app: 'a' } },
  spec: {
    containers: [{ name: 'c', ports: [{ name: 'http', containerPort: 8080 }, { name: 'dns', containerPort: 53, protocol: 'UDP' }] }],
    initContainers: [{ name: 'side', restartPolicy: 'Always', ports: [{ name: 'metrics', containerPort: 9100 }] }, { name: 'init', ports: [{ name: 'once', containerPort: 1 }] }],
  },
  status: { podIP: '10.0.0.1', podIPs: [{ ip: '10.0.0.1' }], conditions: [{ type: 'Ready', status: 'True' }] },
};
const svc = (over: Partial<NonNullable<ServiceObject['spec']>> = {}, labels?: Record<string, string>): ServiceObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'ns', uid: 'u', ...(labels ? { labels } : {}) },
  spec: { selector: { app: 'a' }, ...over },
});

describe('findPort / getEndpointPorts', () => {
  it('a numeric targetPort is used as is; a named one is looked up by name and protocol', () => {
    expect(findPort(basePod, { port: 80, targetPort: 9999 })).toBe(9999);
    expect(findPort(basePod, { port: 80, targetPort: 'http' })).toBe(8080);
    expect(findPort(basePod, { port: 53, targetPort: 'dns', protocol: 'UDP' })).toBe(53);
    expect(findPort(basePod, { port: 53, targetPort: 'dns', protocol: 'TCP' })).toBeUndefined();
  });

  it('named ports of sidecars (restartable init containers) count, those of plain init containers do not', () => {
    expect(findPort(basePod, { port: 1, targetPort: 'metrics' })).toBe(9100);
    expect(findPort(basePod, { port: 1, targetPort: 'once' })).toBeUndefined();
  });

  it('a servicePort the pod has no port for is skipped', () => {
    const ports = getEndpointPorts(svc({ ports: [{ name: 'a', port: 80, targetPort: 'http', protocol: 'TCP' }, { name: 'b', port: 81, targetPort: 'nope', protocol: 'TCP' }] }), basePod);
    expect(ports).toEqual([{ name: 'a', port: 8080, protocol: 'TCP' }]);
  });
});

describe('shouldPodBeInEndpoints', () => {
  it('needs an IP; keeps terminating pods when asked; drops pods finished for good', () => {
    expect(shouldPodBeInEndpoints({ ...basePod, status: {} }, true)).toBe(false);
    const deleting = { ...basePod, metadata: { ...basePod.metadata, deletionTimestamp: 'x' } };
    expect(shouldPodBeInEndpoints(deleting, true)).toBe(true);
    expect(shouldPodBeInEndpoints(deleting, false)).toBe(false);
    const finished = (restartPolicy: string, phase: string) => ({ ...basePod, spec: { ...basePod.spec!, restartPolicy }, status: { ...basePod.status, phase } });
    expect(shouldPodBeInEndpoints(finished('Never', 'Succeeded'), true)).toBe(false);
    expect(shouldPodBeInEndpoints(finished('Never', 'Failed'), true)).toBe(false);
    expect(shouldPodBeInEndpoints(finished('OnFailure', 'Failed'), true)).toBe(true);
    expect(shouldPodBeInEndpoints(finished('OnFailure', 'Succeeded'), true)).toBe(false);
    expect(shouldPodBeInEndpoints(finished('Always', 'Succeeded'), true)).toBe(true);
  });
});

describe('labels, names and keys', () => {
  it('slice labels are the Service labels (reserved keys skipped) plus service-name, managed-by and headless', () => {
    const r = setEndpointSliceLabels({ metadata: { labels: { old: 'x', 'kubernetes.io/service-name': 'web' } } }, svc({}, { team: 'a', 'endpointslice.kubernetes.io/managed-by': 'me' }), 'ctrl');
    expect(r).toEqual({
      labels: { team: 'a', 'service.kubernetes.io/headless': '', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'ctrl' },
      updated: true,
    });
    const same = setEndpointSliceLabels({ metadata: { labels: { team: 'a' } } }, svc({ clusterIP: '10.0.0.1' }, { team: 'a' }), 'ctrl');
    expect(same.updated).toBe(false);
    expect(same.labels['service.kubernetes.io/headless']).toBeUndefined();
  });

  it('the slice name prefix is "<service>-"; the Service key comes from the service-name label', () => {
    expect(getEndpointSlicePrefix('web')).toBe('web-');
    expect(serviceControllerKey({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { namespace: 'ns', labels: { 'kubernetes.io/service-name': 'web' } } })).toBe('ns/web');
    expect(serviceControllerKey({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { namespace: 'ns' } })).toBeUndefined();
  });

  it('getSliceToFill picks the slice that ends closest to full, and none that would overflow', () => {
    const s = (n: number) => ({ endpoints: new Array<unknown>(n).fill(0) });
    const slices = [s(10), s(80), s(95)];
    expect(getSliceToFill(slices, 5, 100)).toBe(slices[2]);
    expect(getSliceToFill(slices, 15, 100)).toBe(slices[1]);
    expect(getSliceToFill(slices, 95, 100)).toBeUndefined();
  });

  it('endpoints hash by pod and addresses, ports by their set', () => {
    const e = { addresses: ['10.0.0.2', '10.0.0.1'], targetRef: { namespace: 'ns', name: 'p' } };
    expect(hashEndpoint(e)).toBe(hashEndpoint({ ...e, addresses: ['10.0.0.1', '10.0.0.2'], conditions: { ready: false } }));
    expect(hashEndpoint(e)).not.toBe(hashEndpoint({ ...e, targetRef: { namespace: 'ns', name: 'q' } }));
    const a = { name: 'a', port: 1, protocol: 'TCP' };
    const b = { name: 'b', port: 2, protocol: 'TCP' };
    expect(portMapKey([a, b])).toBe(portMapKey([b, a]));
    expect(portMapKey([a])).not.toBe(portMapKey([b]));
  });
});

describe('pod changes', () => {
  const with_ = (over: Partial<Pod['metadata']> = {}, status: Pod['status'] = basePod.status): Pod => ({ ...basePod, metadata: { ...basePod.metadata, ...over }, status });

  it('readiness, deletion and IPs change the endpoints; labels change the memberships', () => {
    expect(podEndpointsChanged(basePod, with_())).toEqual([false, false]);
    expect(podEndpointsChanged(basePod, with_({}, { ...basePod.status, conditions: [{ type: 'Ready', status: 'False' }] }))).toEqual([true, false]);
    expect(podEndpointsChanged(basePod, with_({ deletionTimestamp: 'x' }))).toEqual([true, false]);
    expect(podEndpointsChanged(basePod, with_({}, { ...basePod.status, podIP: '10.0.0.9', podIPs: [{ ip: '10.0.0.9' }] }))).toEqual([true, false]);
    expect(podEndpointsChanged(basePod, with_({ labels: { app: 'b' } }))).toEqual([false, true]);
  });

  it('a relabelled pod wakes only the Services it joined or left, unless its endpoint changed too', () => {
    const oldS = new Set(['a', 'b']);
    const newS = new Set(['b', 'c']);
    expect([...determineNeededServiceUpdates(oldS, newS, false)].sort()).toEqual(['a', 'c']);
    expect([...determineNeededServiceUpdates(oldS, newS, true)].sort()).toEqual(['a', 'b', 'c']);
  });
});
