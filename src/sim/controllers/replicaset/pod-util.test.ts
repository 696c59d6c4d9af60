import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { filterActivePods, isPodActive, isPodAvailable, isPodReady, isPodTerminating } from './pod-util';

const readyPod = (since: number): Pod => ({ metadata: { name: 'p' }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(since) }] } });

describe('pod readiness and availability (pkg/api/v1/pod/util.go)', () => {
  it('a pod is available once it has been ready for strictly longer than minReadySeconds', () => {
    const p = readyPod(10_000);
    expect(isPodReady(p)).toBe(true);
    expect(isPodAvailable(p, 0, 10_000)).toBe(true);
    expect(isPodAvailable(p, 5, 15_000)).toBe(false);
    expect(isPodAvailable(p, 5, 15_001)).toBe(true);
  });
  it('a pod that is not ready is never available', () => {
    const p: Pod = { status: { conditions: [{ type: 'Ready', status: 'False' }] } };
    expect(isPodReady(p)).toBe(false);
    expect(isPodAvailable(p, 0, 1e9)).toBe(false);
  });
});

describe('active pods (controller_utils.go)', () => {
  it('terminal phases and deleting pods are not active; deleting non-terminal pods are terminating', () => {
    const running: Pod = { metadata: { name: 'r' }, status: { phase: 'Running' } };
    const done: Pod = { metadata: { name: 'd' }, status: { phase: 'Succeeded' } };
    const failed: Pod = { metadata: { name: 'f' }, status: { phase: 'Failed' } };
    const deleting: Pod = { metadata: { name: 'x', deletionTimestamp: rfc3339(0) }, status: { phase: 'Running' } };
    expect(filterActivePods([running, done, failed, deleting]).map((p) => p.metadata?.name)).toEqual(['r']);
    expect(isPodActive(deleting)).toBe(false);
    expect(isPodTerminating(deleting)).toBe(true);
    expect(isPodTerminating(running)).toBe(false);
  });
});
