import { describe, expect, it } from 'vitest';
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { Backoff, doBackOff, getStableKey, goDuration } from './crashloop-backoff';

const pod: Pod = { metadata: { name: 'web', namespace: 'default', uid: 'u1' }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
const container: Container = { name: 'app', image: 'nginx' };

/** Crash instantly on every start; return the delays between a crash and the restart the kubelet allows. */
function restartDelays(crashes: number): number[] {
  const backoff = new Backoff();
  const delays: number[] = [];
  let now = 0;
  for (let i = 0; i < crashes; i++) {
    const finishedAt = now;
    // The kubelet re-syncs every second; find the first sync at which the restart is allowed.
    while (doBackOff(backoff, pod, container, finishedAt, now).backOff) now += 1000;
    delays.push(now - finishedAt);
  }
  return delays;
}

describe('CrashLoopBackOff (flowcontrol.Backoff + kuberuntime doBackOff)', () => {
  it('restarts at once the first time, then after 10s, 20s, 40s, 80s, 160s, and 300s thereafter', () => {
    expect(restartDelays(9)).toEqual([0, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });
  it('reports the waiting message and the BackOff event text', () => {
    const backoff = new Backoff();
    doBackOff(backoff, pod, container, 0, 0);
    const d = doBackOff(backoff, pod, container, 1000, 2000);
    expect(d).toEqual({
      backOff: true,
      message: 'back-off 10s restarting failed container=app pod=web_default(u1)',
      eventMessage: 'Back-off restarting failed container app in pod web_default(u1)',
      retryAt: 11_000,
    });
  });
  it('forgets the backoff once the container ran for more than 2 × max (600s) since the last back-off', () => {
    const backoff = new Backoff();
    const key = getStableKey(pod, container);
    backoff.next(key, 0, 0);
    backoff.next(key, 0, 0);
    expect(backoff.get(key)).toBe(20_000);
    backoff.next(key, 600_001, 600_001);
    expect(backoff.get(key)).toBe(10_000);
    backoff.gc(600_001 + 600_001);
    expect(backoff.get(key)).toBe(0);
  });
  it('editing the container spec changes the key, so a fresh backoff starts', () => {
    expect(getStableKey(pod, container)).toMatch(/^web_default_u1_app_[0-9a-f]+$/);
    expect(getStableKey(pod, { ...container, image: 'nginx:2' })).not.toBe(getStableKey(pod, container));
  });
  it('formats durations as Go does', () => {
    expect([10_000, 80_000, 160_000, 300_000, 500].map(goDuration)).toEqual(['10s', '1m20s', '2m40s', '5m0s', '500ms']);
  });
});
