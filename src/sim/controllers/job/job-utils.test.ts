import type { Job } from 'kubernetes-types/batch/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import { getNewFinishedPods, isPodFailed, JOB_TRACKING_FINALIZER, pastActiveDeadline, pastBackoffLimitOnFailure, uncountedOf, wantActivePods } from './job-utils.ts';

type Spec = Partial<NonNullable<Job['spec']>>;
const job = (spec: Spec, status: Job['status'] = {}): Job => ({ metadata: { name: 'j' }, spec: { template: {}, ...spec }, status });
const pod = (uid: string, phase: string, opts: { finalizer?: boolean; deleting?: boolean; restarts?: number } = {}): Pod => ({
  metadata: { name: uid, uid, ...(opts.finalizer !== false ? { finalizers: [JOB_TRACKING_FINALIZER] } : {}), ...(opts.deleting ? { deletionTimestamp: rfc3339(1000) } : {}) },
  status: { phase, containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: false, restartCount: opts.restarts ?? 0 }] },
});

describe('wantActivePods (manageJob)', () => {
  const cases: Array<[string, Spec, number, number, number]> = [
    ['no completions: parallelism until one succeeds', { parallelism: 2 }, 0, 0, 2],
    ['no completions: after a success only the active ones', { parallelism: 3 }, 1, 1, 1],
    ['completions: the remaining ones, at most parallelism', { completions: 5, parallelism: 2 }, 2, 1, 2],
    ['completions: the last one', { completions: 5, parallelism: 2 }, 1, 4, 1],
    ['completions reached: none', { completions: 5, parallelism: 2 }, 0, 5, 0],
    ['more succeeded than completions: none, never negative', { completions: 1, parallelism: 1 }, 0, 2, 0],
    ['suspended: none', { completions: 5, parallelism: 2, suspend: true }, 2, 0, 0],
  ];
  for (const [name, spec, active, succeeded, want] of cases) it(name, () => expect(wantActivePods(job(spec), active, succeeded)).toBe(want));
});

describe('pastBackoffLimitOnFailure', () => {
  const onFailure = (limit: number): Job => job({ backoffLimit: limit, template: { spec: { restartPolicy: 'OnFailure', containers: [] } } });
  it('restarts of running and pending pods add up to the limit', () => {
    expect(pastBackoffLimitOnFailure(onFailure(2), [pod('a', 'Running', { restarts: 1 }), pod('b', 'Pending', { restarts: 1 })])).toBe(true);
    expect(pastBackoffLimitOnFailure(onFailure(3), [pod('a', 'Running', { restarts: 1 }), pod('b', 'Pending', { restarts: 1 })])).toBe(false);
  });
  it('finished pods do not count', () => {
    expect(pastBackoffLimitOnFailure(onFailure(1), [pod('a', 'Failed', { restarts: 5 })])).toBe(false);
  });
  it('a limit of 0 fails on the first restart', () => {
    expect(pastBackoffLimitOnFailure(onFailure(0), [pod('a', 'Running', { restarts: 1 })])).toBe(true);
    expect(pastBackoffLimitOnFailure(onFailure(0), [pod('a', 'Running')])).toBe(false);
  });
  it('only under restartPolicy OnFailure', () => {
    expect(pastBackoffLimitOnFailure(job({ backoffLimit: 1, template: { spec: { restartPolicy: 'Never', containers: [] } } }), [pod('a', 'Running', { restarts: 3 })])).toBe(false);
  });
});

describe('isPodFailed and getNewFinishedPods', () => {
  it('a pod being deleted that has not succeeded counts as failed, unless podReplacementPolicy is Failed', () => {
    expect(isPodFailed(pod('a', 'Running', { deleting: true }), job({}))).toBe(true);
    expect(isPodFailed(pod('a', 'Succeeded', { deleting: true }), job({}))).toBe(false);
    expect(isPodFailed(pod('a', 'Running', { deleting: true }), job({ podReplacementPolicy: 'Failed' }))).toBe(false);
  });
  it('only pods with the finalizer, not already uncounted nor awaiting finalizer removal, are new', () => {
    const j = job({}, { uncountedTerminatedPods: { succeeded: ['s2'] } });
    const pods = [pod('s1', 'Succeeded'), pod('s2', 'Succeeded'), pod('s3', 'Succeeded', { finalizer: false }), pod('s4', 'Succeeded'), pod('f1', 'Failed'), pod('r1', 'Running')];
    const got = getNewFinishedPods(j, pods, uncountedOf(j), new Set(['s4']));
    expect(got.newSucceededPods.map((p) => p.metadata!.uid)).toEqual(['s1']);
    expect(got.newFailedPods.map((p) => p.metadata!.uid)).toEqual(['f1']);
  });
});

describe('pastActiveDeadline', () => {
  it('activeDeadlineSeconds counted from status.startTime', () => {
    const j = job({ activeDeadlineSeconds: 10 }, { startTime: rfc3339(5000) });
    expect(pastActiveDeadline(j, 14_999)).toBe(false);
    expect(pastActiveDeadline(j, 15_000)).toBe(true);
    expect(pastActiveDeadline(job({ activeDeadlineSeconds: 10, suspend: true }, { startTime: rfc3339(0) }), 60_000)).toBe(false);
  });
});
