import { describe, expect, it } from 'vitest';
import type { Deployment } from 'kubernetes-types/apps/v1';
import {
  cleanupUnhealthyReplicas,
  newRSNewReplicas,
  reconcileNewReplicaSet,
  reconcileOldReplicaSets,
  scaleDownOldReplicaSetsForRollingUpdate,
} from './rolling-math';
import { newDeployment, rs } from './test-fixtures';

describe('newRSNewReplicas (upstream TestNewRSNewReplicas)', () => {
  const withStrategy = (type: 'RollingUpdate' | 'Recreate', replicas: number, surge: number): Deployment => {
    const d = newDeployment('nginx', replicas, surge, 1);
    return { ...d, spec: { ...d.spec!, strategy: { type, rollingUpdate: { maxSurge: surge, maxUnavailable: 1 } } } };
  };
  it.each([
    ['can not scale up - to newRSReplicas', 'RollingUpdate', 1, 5, 1, 5],
    ['scale up - to depReplicas', 'RollingUpdate', 6, 2, 10, 6],
    ['recreate - to depReplicas', 'Recreate', 3, 1, 1, 3],
  ] as const)('%s', (_name, type, depReplicas, newRSReplicas, surge, expected) => {
    const rs5 = rs('rs5', 5);
    expect(newRSNewReplicas(withStrategy(type, depReplicas, surge), [rs5], rs('new', newRSReplicas))).toBe(expected);
  });
});

describe('reconcileNewReplicaSet (upstream TestDeploymentController_reconcileNewReplicaSet)', () => {
  it.each([
    ['should not scale up', 10, 0, 10, 0, undefined],
    ['surge 2 over 10 old', 10, 2, 10, 0, 2],
    ['surge 2 over 5 old', 10, 2, 5, 0, 7],
    ['already at surge', 10, 2, 10, 2, undefined],
    ['should scale down', 10, 2, 2, 11, 10],
  ] as const)('%s', (_name, deploymentReplicas, surge, oldReplicas, newReplicas, expected) => {
    const newRS = rs('foo-v2', newReplicas);
    const oldRS = rs('foo-v1', oldReplicas);
    const d = newDeployment('foo', deploymentReplicas, surge, 0);
    expect(reconcileNewReplicaSet(d, [newRS, oldRS], newRS)?.replicas).toBe(expected);
  });
});

describe('reconcileOldReplicaSets (upstream TestDeploymentController_reconcileOldReplicaSets)', () => {
  it.each([
    ['maxUnavailable 0 removes one', 10, 0, 10, 0, 10, 0, 9],
    ['maxUnavailable 2 removes two', 10, 2, 10, 0, 10, 0, 8],
    ['unhealthy old replicas are cleaned up', 10, 2, 10, 0, 8, 0, 8],
    ['one unhealthy cleaned up and one ready scaled down', 10, 2, 10, 0, 9, 0, 8],
    ['unavailable new pods do not let old ones go', 10, 2, 8, 2, 8, 0, undefined],
  ] as const)('%s', (_name, replicas, maxUnavail, oldReplicas, newReplicas, readyOld, readyNew, expectedOld) => {
    const newRS = rs('foo-new', newReplicas, 10_000, readyNew);
    const oldRS = rs('foo-old', oldReplicas, 0, readyOld);
    const d = newDeployment('foo', replicas, 0, maxUnavail);
    const { steps, scaledDown } = reconcileOldReplicaSets(d, [oldRS, newRS], [oldRS], newRS);
    expect(steps.at(-1)?.replicas).toBe(expectedOld);
    expect(scaledDown > 0).toBe(expectedOld !== undefined);
  });
});

describe('cleanupUnhealthyReplicas (upstream TestDeploymentController_cleanupUnhealthyReplicas)', () => {
  it.each([
    [10, 8, 1, 1],
    [10, 8, 3, 2],
    [10, 8, 0, 0],
    [10, 10, 3, 0],
  ])('%i old with %i ready and budget %i cleans up %i', (oldReplicas, ready, maxCleanup, expected) => {
    const result = cleanupUnhealthyReplicas([rs('foo-v2', oldReplicas, 0, ready)], maxCleanup);
    expect(result.cleanupCount).toBe(expected);
    expect(result.oldRSs[0]?.spec?.replicas).toBe(oldReplicas - expected);
  });
  it('refuses to scale an old replica set up when its status counts more available pods than its spec (issue 15, item 1)', () => {
    // Just scaled 3 -> 2, its status still says 3 available: upstream errors instead of writing 2 -> 3.
    const result = cleanupUnhealthyReplicas([rs('web-old', 2, 0, 3)], 5);
    expect(result.steps).toEqual([]);
    expect(result.cleanupCount).toBe(0);
    expect(result.invalid).toBe('when cleaning up unhealthy replicas, got invalid request to scale down default/web-old 2 -> 3');
  });
  it('keeps the writes made before the invalid one, as upstream writes them one by one', () => {
    const result = cleanupUnhealthyReplicas([rs('a-older', 3, 0, 1), rs('b-newer', 2, 1000, 3)], 5);
    expect(result.steps.map((s) => [s.rs.metadata?.name, s.replicas])).toEqual([['a-older', 1]]);
    expect(result.invalid).toMatch(/b-newer 2 -> 3$/);
  });
  it('reconcileOldReplicaSets never plans a scale up of an old replica set', () => {
    const d = newDeployment('web', 10);
    const old = rs('web-old', 2, 0, 3);
    const neu = rs('web-new', 10, 1000, 7);
    const { steps } = reconcileOldReplicaSets(d, [old, neu], [old], neu);
    for (const s of steps) expect(s.replicas).toBeLessThanOrEqual(s.rs.spec?.replicas ?? 1);
  });
  it('cleans the oldest replica set first', () => {
    const older = rs('a-older', 3, 0, 1);
    const newer = rs('b-newer', 3, 5_000, 1);
    const result = cleanupUnhealthyReplicas([newer, older], 2);
    expect(result.steps.map((s) => [s.rs.metadata?.name, s.replicas])).toEqual([['a-older', 1]]);
  });
});

describe('scaleDownOldReplicaSetsForRollingUpdate (upstream TestDeploymentController_scaleDownOldReplicaSetsForRollingUpdate)', () => {
  it.each([
    [10, 0, 10, 10, 9],
    [10, 2, 10, 10, 8],
    [10, 2, 8, 10, undefined],
    [10, 2, 10, 0, undefined],
    [10, 2, 1, 10, undefined],
  ] as const)('replicas %i, maxUnavailable %i, ready %i, old %i → %s', (replicas, maxUnavail, ready, oldReplicas, expected) => {
    const oldRS = rs('foo-v2', oldReplicas, 0, ready);
    const d = newDeployment('foo', replicas, 0, maxUnavail);
    const { steps, scaledDown } = scaleDownOldReplicaSetsForRollingUpdate(d, [oldRS], [oldRS]);
    expect(steps[0]?.replicas).toBe(expected);
    expect(scaledDown > 0).toBe(expected !== undefined);
  });
});

/**
 * A whole rollout driven by the pure functions, with pods becoming available the instant they exist: each step is
 * one rolloutRolling pass (scale up and return, otherwise scale down).
 */
function simulate(replicas: number, surge: number, unavailable: number): [number, number][] {
  const d = newDeployment('foo', replicas, surge, unavailable);
  let oldRS = rs('foo-old', replicas, 0, replicas);
  let newRS = rs('foo-new', 0, 1000, 0);
  const seen: [number, number][] = [];
  for (let i = 0; i < 20; i++) {
    const up = reconcileNewReplicaSet(d, [oldRS, newRS], newRS);
    if (up) {
      newRS = rs('foo-new', up.replicas, 1000, up.replicas);
    } else {
      const old = oldRS.spec?.replicas ?? 0;
      const { steps } = reconcileOldReplicaSets(d, [oldRS, newRS], old > 0 ? [oldRS] : [], newRS);
      const last = steps.at(-1);
      if (!last) break;
      oldRS = rs('foo-old', last.replicas, 0, last.replicas);
    }
    seen.push([oldRS.spec?.replicas ?? 0, newRS.spec?.replicas ?? 0]);
  }
  return seen;
}

describe('a rolling update end to end (k8s-behavior.md §1)', () => {
  it('3 replicas with maxSurge 1 / maxUnavailable 0 go (3,1)→(2,1)→(2,2)→(1,2)→(1,3)→(0,3)', () => {
    expect(simulate(3, 1, 0)).toEqual([[3, 1], [2, 1], [2, 2], [1, 2], [1, 3], [0, 3]]);
  });
  it('3 replicas with maxSurge 0 / maxUnavailable 1 go (2,0)→(2,1)→(1,1)→(1,2)→(0,2)→(0,3)', () => {
    expect(simulate(3, 0, 1)).toEqual([[2, 0], [2, 1], [1, 1], [1, 2], [0, 2], [0, 3]]);
  });
});
