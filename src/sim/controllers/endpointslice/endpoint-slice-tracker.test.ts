/** After upstream's `endpointslice_tracker_test.go` (TestEndpointSliceTrackerUpdate, TestEndpointSliceTrackerStaleSlices, TestEndpointSliceTrackerDeletion). */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { EndpointSliceTracker } from './endpoint-slice-tracker.ts';

function slice(uid: string, generation: number, service = 'svc1'): KubeObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${service}-${uid}`, namespace: 'ns1', uid, generation, labels: { 'kubernetes.io/service-name': service } },
  };
}
const svc: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc1', namespace: 'ns1' } };

describe('EndpointSliceTracker', () => {
  it('should sync a slice it never wrote, or a newer generation than it wrote, but not its own write', () => {
    const t = new EndpointSliceTracker();
    expect(t.shouldSync(slice('a', 1))).toBe(true);
    t.update(slice('a', 1));
    expect(t.shouldSync(slice('a', 1))).toBe(false);
    expect(t.shouldSync(slice('a', 2))).toBe(true);
    expect(t.has(slice('a', 1))).toBe(true);
    expect(t.has(slice('b', 1))).toBe(false);
  });

  it('slices are stale when the cache is older than what was written, expected to be gone, or missing', () => {
    const t = new EndpointSliceTracker();
    expect(t.staleSlices(svc, [slice('a', 1)])).toBe(false);
    t.update(slice('a', 2));
    expect(t.staleSlices(svc, [slice('a', 1)])).toBe(true);
    expect(t.staleSlices(svc, [slice('a', 2)])).toBe(false);
    expect(t.staleSlices(svc, [slice('a', 3)])).toBe(false);
    expect(t.staleSlices(svc, [])).toBe(true);
    t.expectDeletion(slice('a', 2));
    expect(t.staleSlices(svc, [slice('a', 2)])).toBe(true);
    expect(t.staleSlices(svc, [])).toBe(false);
  });

  it('an expected deletion is handled quietly; an unexpected one asks for a sync', () => {
    const t = new EndpointSliceTracker();
    t.update(slice('a', 1));
    t.update(slice('b', 1));
    t.expectDeletion(slice('a', 1));
    expect(t.handleDeletion(slice('a', 1))).toBe(true);
    expect(t.handleDeletion(slice('b', 1))).toBe(false);
    expect(t.has(slice('b', 1))).toBe(false);
  });

  it('without a generation, the resourceVersion stands in for it', () => {
    const t = new EndpointSliceTracker();
    const s = (rv: string): KubeObject => ({ ...slice('a', 0), metadata: { ...slice('a', 0).metadata, generation: undefined, resourceVersion: rv } });
    t.update(s('10'));
    expect(t.shouldSync(s('10'))).toBe(false);
    expect(t.shouldSync(s('12'))).toBe(true);
    expect(t.staleSlices(svc, [s('9')])).toBe(true);
  });

  it('deleting the Service forgets its slices', () => {
    const t = new EndpointSliceTracker();
    t.update(slice('a', 1));
    t.deleteService('ns1', 'svc1');
    expect(t.has(slice('a', 1))).toBe(false);
    expect(t.staleSlices(svc, [])).toBe(false);
  });
});
