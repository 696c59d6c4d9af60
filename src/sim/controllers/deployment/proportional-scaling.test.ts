import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION } from './annotations';
import { maxSurge } from './fenceposts';
import { getReplicaSetFraction, roundHalfAwayFromZero, scale } from './proportional-scaling';
import { newDeployment, rs } from './test-fixtures';

const HOUR = 3_600_000;
const newTs = 2 * HOUR;
const oldTs = 1 * HOUR;
const olderTs = 0;

interface ScaleCase {
  name: string;
  deployment: Deployment;
  oldDeployment: Deployment;
  newRS?: [string, number, number];
  oldRSs: [string, number, number][];
  expectedNew?: number;
  expectedOld: number[];
  desiredReplicasAnnotations?: Record<string, number>;
  newRSAvailable?: number;
}

const d = (replicas: number, surge?: number, unavailable?: number): Deployment => newDeployment('foo', replicas, surge, unavailable);
const updatedTemplate = (replicas: number): Deployment => {
  const base = d(replicas);
  return { ...base, spec: { ...base.spec!, template: { ...base.spec!.template, metadata: { labels: { foo: 'bar', another: 'label' } } } } };
};

// upstream TestScale (pkg/controller/deployment/sync_test.go). "wasntUpdated" cases are covered by the result
// listing only the replica sets whose size changes.
const cases: ScaleCase[] = [
  { name: 'normal scaling event: 10 -> 12', deployment: d(12), oldDeployment: d(10), newRS: ['foo-v1', 10, newTs], oldRSs: [], expectedNew: 12, expectedOld: [] },
  { name: 'normal scaling event: 10 -> 5', deployment: d(5), oldDeployment: d(10), newRS: ['foo-v1', 10, newTs], oldRSs: [], expectedNew: 5, expectedOld: [] },
  { name: 'proportional scaling: 5 -> 10', deployment: d(10), oldDeployment: d(5), newRS: ['foo-v2', 2, newTs], oldRSs: [['foo-v1', 3, oldTs]], expectedNew: 4, expectedOld: [6] },
  { name: 'proportional scaling: 5 -> 3', deployment: d(3), oldDeployment: d(5), newRS: ['foo-v2', 2, newTs], oldRSs: [['foo-v1', 3, oldTs]], expectedNew: 1, expectedOld: [2] },
  { name: 'proportional scaling: 9 -> 4', deployment: d(4), oldDeployment: d(9), newRS: ['foo-v2', 8, newTs], oldRSs: [['foo-v1', 1, oldTs]], expectedNew: 4, expectedOld: [0] },
  { name: 'proportional scaling: 7 -> 10', deployment: d(10), oldDeployment: d(7), newRS: ['foo-v3', 2, newTs], oldRSs: [['foo-v2', 3, oldTs], ['foo-v1', 2, olderTs]], expectedNew: 3, expectedOld: [4, 3] },
  { name: 'proportional scaling: 13 -> 8', deployment: d(8), oldDeployment: d(13), newRS: ['foo-v3', 2, newTs], oldRSs: [['foo-v2', 8, oldTs], ['foo-v1', 3, olderTs]], expectedNew: 1, expectedOld: [5, 2] },
  { name: 'leftover distribution: 3 -> 4 (scales up the new replica set)', deployment: d(4), oldDeployment: d(3), newRS: ['foo-v3', 1, newTs], oldRSs: [['foo-v2', 1, oldTs], ['foo-v1', 1, olderTs]], expectedNew: 2, expectedOld: [1, 1] },
  { name: 'leftover distribution: 3 -> 2 (scales down the older replica set)', deployment: d(2), oldDeployment: d(3), newRS: ['foo-v3', 1, newTs], oldRSs: [['foo-v2', 1, oldTs], ['foo-v1', 1, olderTs]], expectedNew: 1, expectedOld: [1, 0] },
  { name: 'proportional scaling (no new rs): 4 -> 5', deployment: d(5), oldDeployment: d(4), oldRSs: [['foo-v2', 2, oldTs], ['foo-v1', 2, olderTs]], expectedOld: [3, 2] },
  { name: 'proportional scaling: 6 -> 0', deployment: d(0), oldDeployment: d(6), newRS: ['foo-v3', 3, newTs], oldRSs: [['foo-v2', 2, oldTs], ['foo-v1', 1, olderTs]], expectedNew: 0, expectedOld: [0, 0] },
  { name: 'proportional scaling: 0 -> 6', deployment: d(6), oldDeployment: d(6), newRS: ['foo-v3', 0, newTs], oldRSs: [['foo-v2', 0, oldTs], ['foo-v1', 0, olderTs]], expectedNew: 6, expectedOld: [0, 0] },
  { name: 'failed rs update', deployment: d(5), oldDeployment: d(5), newRS: ['foo-v3', 2, newTs], oldRSs: [['foo-v2', 1, oldTs], ['foo-v1', 1, olderTs]], expectedNew: 2, expectedOld: [2, 1], desiredReplicasAnnotations: { 'foo-v2': 3 } },
  { name: 'deployment with surge pods', deployment: d(20, 2), oldDeployment: d(10, 2), newRS: ['foo-v2', 6, newTs], oldRSs: [['foo-v1', 6, oldTs]], expectedNew: 11, expectedOld: [11] },
  { name: 'change both surge and size', deployment: d(50, 6), oldDeployment: d(10, 3), newRS: ['foo-v2', 5, newTs], oldRSs: [['foo-v1', 8, oldTs]], expectedNew: 22, expectedOld: [34] },
  { name: 'change both size and template', deployment: updatedTemplate(14), oldDeployment: d(10), oldRSs: [['foo-v2', 7, newTs], ['foo-v1', 3, oldTs]], expectedOld: [10, 4] },
  { name: 'saturated but broken new replica set does not affect old pods', deployment: d(2, 1, 1), oldDeployment: d(2, 1, 1), newRS: ['foo-v2', 2, newTs], newRSAvailable: 0, oldRSs: [['foo-v1', 1, oldTs]], expectedNew: 2, expectedOld: [1] },
];

describe('scale (upstream TestScale)', () => {
  it.each(cases)('$name', (c) => {
    const annotate = (name: string, replicas: number, created: number, available = 0): ReplicaSet => {
      const desired = c.desiredReplicasAnnotations?.[name] ?? c.oldDeployment.spec!.replicas!;
      return rs(name, replicas, created, available, {
        [DESIRED_REPLICAS_ANNOTATION]: String(desired),
        [MAX_REPLICAS_ANNOTATION]: String(desired + maxSurge(c.oldDeployment)),
      });
    };
    const newRS = c.newRS ? annotate(c.newRS[0], c.newRS[1], c.newRS[2], c.newRSAvailable ?? 0) : undefined;
    const oldRSs = c.oldRSs.map(([n, r, t]) => annotate(n, r, t));
    const sizes = new Map([...(newRS ? [newRS] : []), ...oldRSs].map((x) => [x.metadata!.name!, x.spec!.replicas!]));
    for (const step of scale(c.deployment, newRS, oldRSs)) sizes.set(step.rs.metadata!.name!, step.replicas);
    if (newRS) expect(sizes.get(newRS.metadata!.name!)).toBe(c.expectedNew);
    expect(oldRSs.map((x) => sizes.get(x.metadata!.name!))).toEqual(c.expectedOld);
  });
});

describe('getReplicaSetFraction (upstream TestGetReplicaSetFraction)', () => {
  it.each([
    ['empty deployment always scales to 0', 0, 0, 0, 10, undefined, -10],
    ['unsynced deployment does not scale when max-replicas annotation is missing', 10, 0, 0, 5, undefined, 0],
    ['unsynced deployment does not scale when max-replicas annotation is 0', 10, 0, 0, 5, '0', 0],
    ['scale up by 1/5 when max-replicas annotation is missing', 120, 100, 0, 50, undefined, 10],
    ['scale up by 1/5 when max-replicas annotation is 0', 120, 100, 0, 50, '0', 10],
    ['scale up by 1/5 should increase RS replicas by 1/5', 120, 0, 0, 50, '100', 10],
    ['scale up with maxSurge by 1/5 increases RS replicas approximately by 1/5', 120, 0, 10, 50, '110', 9],
    ['scale down by 1/6 should decrease RS replicas by 1/6', 10, 0, 0, 6, '12', -1],
    ['scale down with maxSurge by 1/6 decreases RS replicas approximately by 1/6', 100, 0, 10, 50, '130', -8],
  ] as const)('%s', (_name, replicas, statusReplicas, surge, rsReplicas, maxAnnotation, expected) => {
    const dep = { ...newDeployment('nginx', replicas, surge, 1), status: { replicas: statusReplicas } };
    const r = rs('nginx-rs', rsReplicas, 0, 0, maxAnnotation === undefined ? undefined : { [MAX_REPLICAS_ANNOTATION]: maxAnnotation });
    expect(getReplicaSetFraction(r, dep)).toBe(expected);
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero like Go math.Round', () => {
    expect([2.5, -2.5, 1.4, -1.6, 0.5, -0.5].map(roundHalfAwayFromZero)).toEqual([3, -3, 1, -2, 1, -1]);
  });
});
