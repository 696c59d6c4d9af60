import { describe, expect, it } from 'vitest';
import type { Deployment, DeploymentCondition, DeploymentStatus } from 'kubernetes-types/apps/v1';
import { parseTime, rfc3339 } from '../../engine/clock';
import {
  MAX_INT32,
  NEW_RS_AVAILABLE_REASON,
  TIMED_OUT_REASON,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getDeploymentCondition,
  newDeploymentCondition,
  removeDeploymentCondition,
  requeueStuckDeployment,
  setDeploymentCondition,
} from './conditions';

const condProgressing = (): DeploymentCondition => ({ type: 'Progressing', status: 'False', reason: 'ForSomeReason' });
const condProgressing2 = (): DeploymentCondition => ({ type: 'Progressing', status: 'True', reason: 'BecauseItIs' });
const condAvailable = (): DeploymentCondition => ({ type: 'Available', status: 'True', reason: 'AwesomeController' });
const status = (): DeploymentStatus => ({ conditions: [condProgressing(), condAvailable()] });

describe('condition helpers (upstream TestGetCondition, TestSetCondition, TestRemoveCondition)', () => {
  it('gets a condition that exists and not one that does not', () => {
    expect(getDeploymentCondition(status(), 'Available')).toBeDefined();
    expect(getDeploymentCondition(status(), 'ReplicaFailure')).toBeUndefined();
  });
  it('sets for the first time, simply, and overwrites', () => {
    expect(setDeploymentCondition({}, condAvailable())).toEqual({ conditions: [condAvailable()] });
    expect(setDeploymentCondition({ conditions: [condProgressing()] }, condAvailable())).toEqual(status());
    expect(setDeploymentCondition({ conditions: [condProgressing()] }, condProgressing2())).toEqual({ conditions: [condProgressing2()] });
  });
  it('removes from empty, simply, and nothing when absent', () => {
    expect(removeDeploymentCondition({}, 'Progressing')).toEqual({});
    expect(removeDeploymentCondition({ conditions: [condProgressing()] }, 'Progressing')).toEqual({});
    expect(removeDeploymentCondition(status(), 'ReplicaFailure')).toEqual(status());
  });
  it('keeps lastTransitionTime when only the reason changes, and writes nothing when status and reason are equal', () => {
    const first = newDeploymentCondition('Available', 'True', 'A', 'm', 1000);
    const s1 = setDeploymentCondition({}, first);
    const s2 = setDeploymentCondition(s1, newDeploymentCondition('Available', 'True', 'B', 'm2', 9000));
    expect(s2.conditions?.[0]).toMatchObject({ reason: 'B', lastTransitionTime: rfc3339(1000), lastUpdateTime: rfc3339(9000) });
    expect(setDeploymentCondition(s1, newDeploymentCondition('Available', 'True', 'A', 'other', 9000))).toBe(s1);
    const s3 = setDeploymentCondition(s1, newDeploymentCondition('Available', 'False', 'A', 'm', 9000));
    expect(s3.conditions?.[0]?.lastTransitionTime).toBe(rfc3339(9000));
  });
});

describe('deploymentComplete (upstream TestDeploymentComplete)', () => {
  const dep = (desired: number, current: number, updated: number, available: number, maxUnavailable: number, maxSurge: number): Deployment => ({
    spec: { replicas: desired, selector: {}, template: {}, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge } } },
    status: { replicas: current, updatedReplicas: updated, availableReplicas: available },
  });
  it.each([
    ['not complete: min but not all pods become available', dep(5, 5, 5, 4, 1, 0), false],
    ['not complete: min availability is not honored', dep(5, 5, 5, 3, 1, 0), false],
    ['complete', dep(5, 5, 5, 5, 0, 0), true],
    ['not complete: all pods are available but not updated', dep(5, 5, 4, 5, 0, 0), false],
    ['not complete: still running old pods', dep(1, 2, 1, 1, 0, 1), false],
    ['not complete: one replica deployment never comes up', dep(1, 1, 1, 0, 1, 1), false],
  ] as const)('%s', (_name, d, expected) => {
    expect(deploymentComplete(d, d.status!)).toBe(expected);
  });
  it('is not complete until the status observes the current generation', () => {
    const d = { ...dep(1, 1, 1, 1, 0, 1), metadata: { generation: 2 } };
    expect(deploymentComplete(d, { ...d.status, observedGeneration: 1 })).toBe(false);
    expect(deploymentComplete(d, { ...d.status, observedGeneration: 2 })).toBe(true);
  });
});

describe('deploymentProgressing (upstream TestDeploymentProgressing)', () => {
  const st = (replicas: number, updatedReplicas: number, readyReplicas: number, availableReplicas: number): DeploymentStatus => ({ replicas, updatedReplicas, readyReplicas, availableReplicas });
  it.each([
    ['progressing: updated pods', st(10, 4, 4, 4), st(10, 6, 4, 4), true],
    ['not progressing', st(10, 4, 4, 4), st(10, 4, 4, 4), false],
    ['progressing: old pods removed', st(10, 4, 6, 6), st(8, 4, 6, 6), true],
    ['not progressing: less new pods', st(10, 7, 3, 3), st(10, 6, 3, 3), false],
    ['progressing: less overall but more new pods', st(10, 4, 7, 7), st(8, 8, 5, 5), true],
    ['progressing: more ready pods', st(10, 10, 9, 8), st(10, 10, 10, 8), true],
    ['progressing: more available pods', st(10, 10, 10, 9), st(10, 10, 10, 10), true],
  ] as const)('%s', (_name, old, next, expected) => {
    expect(deploymentProgressing({ status: old }, next)).toBe(expected);
  });
});

describe('deploymentTimedOut (upstream TestDeploymentTimedOut)', () => {
  const t = (min: number, sec: number): number => parseTime('2016-01-01T00:00:00Z') + (min * 60 + sec) * 1000;
  const dep = (reason: string, pds: number | undefined, from: number): Deployment => ({
    spec: { selector: {}, template: {}, progressDeadlineSeconds: pds },
    status: { conditions: [{ type: 'Progressing', status: 'True', reason, lastUpdateTime: rfc3339(from) }] },
  });
  it.each([
    ['nil progressDeadlineSeconds specified - no timeout', dep('', undefined, t(1, 9)), t(1, 20), false],
    ['infinite progressDeadlineSeconds specified - no timeout', dep('', MAX_INT32, t(1, 9)), t(1, 20), false],
    ['progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:09 => 11s', dep('', 10, t(1, 9)), t(1, 20), true],
    ['progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:11 => 9s', dep('', 10, t(1, 11)), t(1, 20), false],
    ['previous status was a complete deployment', dep(NEW_RS_AVAILABLE_REASON, undefined, 0), t(1, 20), false],
  ] as const)('%s', (_name, d, now, expected) => {
    expect(deploymentTimedOut(d, d.status!, now)).toBe(expected);
  });
  it('exactly at the deadline is not yet timed out (strictly before)', () => {
    const d = dep('', 10, t(1, 10));
    expect(deploymentTimedOut(d, d.status!, t(1, 20))).toBe(false);
    expect(deploymentTimedOut(d, d.status!, t(1, 20) + 1)).toBe(true);
  });
});

describe('requeueStuckDeployment', () => {
  const dep = (reason: string, from: number): Deployment => ({
    spec: { replicas: 3, selector: {}, template: {}, progressDeadlineSeconds: 600 },
    status: { conditions: [{ type: 'Progressing', status: 'True', reason, lastUpdateTime: rfc3339(from) }] },
  });
  const incomplete: DeploymentStatus = { replicas: 3, updatedReplicas: 1, availableReplicas: 1 };
  it('requeues after lastUpdateTime + deadline − now, plus one second', () => {
    expect(requeueStuckDeployment(dep('ReplicaSetUpdated', 0), incomplete, 180_000)).toEqual({ kind: 'after', delayMs: 421_000 });
  });
  it('is an immediate rate-limited requeue when less than a second remains', () => {
    expect(requeueStuckDeployment(dep('ReplicaSetUpdated', 0), incomplete, 599_500)).toEqual({ kind: 'rateLimited' });
  });
  it('does nothing once complete or timed out', () => {
    expect(requeueStuckDeployment(dep('ReplicaSetUpdated', 0), { replicas: 3, updatedReplicas: 3, availableReplicas: 3 }, 1000)).toEqual({ kind: 'none' });
    expect(requeueStuckDeployment(dep(TIMED_OUT_REASON, 0), incomplete, 1000)).toEqual({ kind: 'none' });
  });
});
