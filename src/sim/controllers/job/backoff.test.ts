/**
 * Back-off tables in the shape of kubernetes `pkg/controller/job/backoff_utils_test.go` (TestNewBackoffRecord,
 * TestGetRemainingBackoffTime), plus the 10 s → 10 min sequence of the Job docs.
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../engine/clock.ts';
import { BackoffStore, getFinishedTime, getRemainingTime, type BackoffRecord } from './backoff.ts';

const S = 1000;
const pod = (name: string, finishedAt: number): Pod => ({
  metadata: { name, creationTimestamp: rfc3339(0) },
  status: { containerStatuses: [{ name: 'c', image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, finishedAt: rfc3339(finishedAt) } } }] },
});

describe('getRemainingTime (TestGetRemainingBackoffTime)', () => {
  const cases: Array<[string, number, number | undefined, number, number, number, number]> = [
    // name, failures, lastFailure, now, default, max, want
    ['no failures', 0, undefined, 10 * S, 5 * S, 15 * S, 0],
    ['one failure; current time and failure time are same', 1, 100 * S, 100 * S, 5 * S, 15 * S, 5 * S],
    ['one failure; current time == 1 second + failure time', 1, 100 * S, 101 * S, 5 * S, 15 * S, 4 * S],
    ['one failure; current time == expected backoff time', 1, 100 * S, 105 * S, 5 * S, 15 * S, 0],
    ['one failure; current time == expected backoff time + 1 Second', 1, 100 * S, 106 * S, 5 * S, 15 * S, 0],
    ['multiple failures; current time == 1 second + failure time', 3, 100 * S, 101 * S, 5 * S, 15 * S, 14 * S],
    ['multiple failures; current time == backoff time + 1 Second', 3, 100 * S, 116 * S, 5 * S, 15 * S, 0],
  ];
  for (const [name, failures, last, now, def, max, want] of cases) {
    it(name, () => {
      const r: BackoffRecord = { key: 'ns/job', failuresAfterLastSuccess: failures, ...(last !== undefined ? { lastFailureTime: last } : {}) };
      expect(getRemainingTime(r, now, def, max)).toBe(want);
    });
  }
  it('the pod failure back-off doubles from 10 s and stops at 10 minutes', () => {
    const seq = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => getRemainingTime({ key: 'k', failuresAfterLastSuccess: n, lastFailureTime: 0 }, 0));
    expect(seq).toEqual([10, 20, 40, 80, 160, 320, 600, 600].map((s) => s * S));
  });
});

describe('newBackoffRecord (TestNewBackoffRecord)', () => {
  it('no new pods keeps the stored record', () => {
    const store = new BackoffStore();
    store.updateBackoffRecord({ key: 'k', failuresAfterLastSuccess: 2, lastFailureTime: 5 * S });
    expect(store.newBackoffRecord('k', [], [])).toEqual({ key: 'k', failuresAfterLastSuccess: 2, lastFailureTime: 5 * S });
  });
  it('new failures add to the count; the latest failure time is kept', () => {
    const store = new BackoffStore();
    store.updateBackoffRecord({ key: 'k', failuresAfterLastSuccess: 1, lastFailureTime: 5 * S });
    expect(store.newBackoffRecord('k', [], [pod('b', 20 * S), pod('a', 10 * S)])).toEqual({ key: 'k', failuresAfterLastSuccess: 3, lastFailureTime: 20 * S });
  });
  it('a success resets the count', () => {
    const store = new BackoffStore();
    store.updateBackoffRecord({ key: 'k', failuresAfterLastSuccess: 4, lastFailureTime: 5 * S });
    expect(store.newBackoffRecord('k', [pod('s', 30 * S)], [])).toEqual({ key: 'k', failuresAfterLastSuccess: 0 });
  });
  it('only failures after the last success count', () => {
    const store = new BackoffStore();
    const got = store.newBackoffRecord('k', [pod('s', 30 * S)], [pod('f1', 10 * S), pod('f2', 40 * S), pod('f3', 50 * S)]);
    expect(got).toEqual({ key: 'k', failuresAfterLastSuccess: 2, lastFailureTime: 50 * S });
  });
  it('failures all before the success leave no back-off', () => {
    const store = new BackoffStore();
    expect(store.newBackoffRecord('k', [pod('s', 30 * S)], [pod('f1', 10 * S)])).toEqual({ key: 'k', failuresAfterLastSuccess: 0 });
  });
});

describe('getFinishedTime', () => {
  it('falls back to the Ready=False transition, then the deletion (less the grace period), then creation', () => {
    expect(getFinishedTime({ metadata: { creationTimestamp: rfc3339(1 * S) }, status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: rfc3339(7 * S) }] } })).toBe(7 * S);
    expect(getFinishedTime({ metadata: { creationTimestamp: rfc3339(1 * S), deletionTimestamp: rfc3339(40 * S), deletionGracePeriodSeconds: 30 } })).toBe(10 * S);
    expect(getFinishedTime({ metadata: { creationTimestamp: rfc3339(1 * S) } })).toBe(1 * S);
  });
});
