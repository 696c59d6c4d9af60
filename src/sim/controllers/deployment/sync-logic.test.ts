import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { rfc3339 } from '../../engine/clock';
import { DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION, REVISION_ANNOTATION } from './annotations';
import { getDeploymentCondition } from './conditions';
import { computeHash } from './pod-template-hash';
import { equalIgnoreHash } from './replica-sets';
import { checkPausedConditions, isScalingEvent, newReplicaSet, oldPodsRunning, replicaSetsToCleanup } from './sync-logic';
import { newDeployment, rs } from './test-fixtures';

describe('cleanupDeployment (upstream TestDeploymentController_cleanupDeployment)', () => {
  const withStatus = (name: string, spec: number, status: number, revision: number): ReplicaSet => {
    const r = rs(name, spec, revision * 1000, 0, { [REVISION_ANNOTATION]: String(revision) });
    return { ...r, status: { replicas: status } };
  };
  const limited = (limit: number) => ({ ...newDeployment('foo', 1), spec: { ...newDeployment('foo', 1).spec!, revisionHistoryLimit: limit } });
  const alreadyDeleted = { ...withStatus('foo-1', 0, 0, 1), metadata: { ...withStatus('foo-1', 0, 0, 1).metadata, deletionTimestamp: rfc3339(0) } };
  it.each([
    ['three idle, limit 1: two go', [withStatus('foo-1', 0, 0, 1), withStatus('foo-2', 0, 0, 2), withStatus('foo-3', 0, 0, 3)], 1, ['foo-1', 'foo-2']],
    ['only the replica set with spec = status = 0 goes', [withStatus('foo-1', 0, 0, 1), withStatus('foo-2', 0, 1, 2), withStatus('foo-3', 1, 0, 3), withStatus('foo-4', 1, 1, 4)], 0, ['foo-1']],
    ['two idle, limit 0: both go', [withStatus('foo-1', 0, 0, 1), withStatus('foo-2', 0, 0, 2)], 0, ['foo-1', 'foo-2']],
    ['two busy, limit 0: none go', [withStatus('foo-1', 1, 1, 1), withStatus('foo-2', 1, 1, 2)], 0, []],
    ['already being deleted', [alreadyDeleted], 0, []],
    ['unlimited revisionHistoryLimit', [withStatus('foo-1', 0, 0, 1), withStatus('foo-2', 0, 0, 2), withStatus('foo-3', 0, 0, 3)], 2147483647, []],
  ] as [string, ReplicaSet[], number, string[]][])('%s', (_name, oldRSs, limit, expected) => {
    expect(replicaSetsToCleanup(limited(limit), oldRSs).map((r) => r.metadata?.name)).toEqual(expected);
  });
});

describe('sync decisions', () => {
  it('a scaling event is an active replica set whose desired-replicas differs from spec.replicas', () => {
    const d = newDeployment('foo', 5);
    expect(isScalingEvent(d, [rs('a', 3, 0, 0, { [DESIRED_REPLICAS_ANNOTATION]: '3' })])).toBe(true);
    expect(isScalingEvent(d, [rs('a', 3, 0, 0, { [DESIRED_REPLICAS_ANNOTATION]: '5' })])).toBe(false);
    expect(isScalingEvent(d, [rs('a', 0, 0, 0, { [DESIRED_REPLICAS_ANNOTATION]: '3' }), rs('b', 2)])).toBe(false);
  });
  it('pausing sets Progressing=Unknown DeploymentPaused and resuming DeploymentResumed, never over a timeout', () => {
    const base = newDeployment('foo', 1);
    const paused = { ...base, spec: { ...base.spec!, paused: true, progressDeadlineSeconds: 600 } };
    const s = checkPausedConditions(paused, 1000)!;
    expect(getDeploymentCondition(s, 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    expect(checkPausedConditions({ ...paused, status: s }, 2000)).toBeUndefined();
    const resumed = { ...paused, spec: { ...paused.spec, paused: false }, status: s };
    expect(getDeploymentCondition(checkPausedConditions(resumed, 3000), 'Progressing')).toMatchObject({ reason: 'DeploymentResumed', message: 'Deployment is resumed' });
    const timedOut = { ...paused, status: { conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] } };
    expect(checkPausedConditions(timedOut, 0)).toBeUndefined();
  });
  it('the new replica set is named by the hash, labelled, owned, sized by maxSurge and annotated with the next revision', () => {
    const d = { ...newDeployment('web', 4, 1, 0), metadata: { name: 'web', namespace: 'default', uid: 'd-uid' } };
    const old = rs('web-old', 4, 0, 4, { [REVISION_ANNOTATION]: '3' });
    const created = newReplicaSet(d, [old]);
    const hash = computeHash(d.spec!.template);
    expect(created.metadata).toMatchObject({
      name: `web-${hash}`,
      namespace: 'default',
      labels: { foo: 'bar', 'pod-template-hash': hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true, blockOwnerDeletion: true }],
      annotations: { [REVISION_ANNOTATION]: '4', [DESIRED_REPLICAS_ANNOTATION]: '4', [MAX_REPLICAS_ANNOTATION]: '5' },
    });
    expect(created.spec?.replicas).toBe(1);
    expect(created.spec?.selector.matchLabels).toEqual({ foo: 'bar', 'pod-template-hash': hash });
    expect(equalIgnoreHash(created.spec?.template, d.spec!.template)).toBe(true);
    expect(newReplicaSet({ ...d, status: { collisionCount: 1 } }, [old]).metadata?.name).not.toBe(created.metadata?.name);
  });
  it('Recreate waits while an old pod is not terminal, terminating ones included', () => {
    const newRS = rs('new', 1);
    const oldRS = { ...rs('old', 0), status: { replicas: 0 } };
    const pod = (phase: string, deleting = false): Pod => ({ metadata: { name: 'p', ...(deleting ? { deletionTimestamp: rfc3339(0) } : {}) }, status: { phase } });
    expect(oldPodsRunning(newRS, [oldRS], new Map([['uid-old', [pod('Running', true)]]]))).toBe(true);
    expect(oldPodsRunning(newRS, [oldRS], new Map([['uid-old', [pod('Succeeded'), pod('Failed')]], ['uid-new', [pod('Running')]]]))).toBe(false);
    expect(oldPodsRunning(newRS, [{ ...oldRS, status: { replicas: 1 } }], new Map())).toBe(true);
    expect(oldPodsRunning(newRS, [oldRS], new Map([['uid-old', [pod('Unknown')]]]))).toBe(true);
  });
});
