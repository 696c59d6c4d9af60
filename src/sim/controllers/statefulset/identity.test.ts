/** Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils_test.go` (TestGetParentNameAndOrdinal,
 * TestGetClaimPodName, TestIsMemberOf, TestIdentityMatches, TestStorageMatches, TestUpdateIdentity, TestUpdateStorage,
 * TestAscendingOrdinal, TestNewPodControllerRef, TestGetPersistentVolumeClaims) and newVersionedStatefulSetPod. */
import { describe, expect, it } from 'vitest';
import {
  byDescendingOrdinal,
  getOrdinal,
  getParentNameAndOrdinal,
  getPersistentVolumeClaims,
  getPodRevision,
  identityMatches,
  isMemberOf,
  newStatefulSetPod,
  newVersionedStatefulSetPod,
  podInOrdinalRange,
  storageMatches,
  updateIdentity,
  updateStorage,
} from './identity.ts';
import { newStatefulSet } from './test-fixtures.ts';

describe('StatefulSet pod identity (stateful_set_utils_test.go)', () => {
  it('TestGetParentNameAndOrdinal: the parent and ordinal come from the name', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    expect(getParentNameAndOrdinal(pod)).toEqual(['foo', 1]);
    pod.metadata.name = '1-bar';
    expect(getParentNameAndOrdinal(pod)).toEqual(['', -1]);
    pod.metadata.name = 'web-2147483648'; // beyond int32: ParseInt fails
    expect(getParentNameAndOrdinal(pod)).toEqual(['web', -1]);
    pod.metadata.name = 'my-db-12';
    expect(getParentNameAndOrdinal(pod)).toEqual(['my-db', 12]);
  });

  it('TestIsMemberOf: a pod is a member of the set its name names', () => {
    const set = newStatefulSet(3);
    const set2 = newStatefulSet(3, 'foo2');
    const pod = newStatefulSetPod(set, 1);
    expect(isMemberOf(set, pod)).toBe(true);
    expect(isMemberOf(set2, pod)).toBe(false);
  });

  it('TestIdentityMatches: name, namespace and the pod-name label', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    expect(identityMatches(set, pod)).toBe(true);
    expect(identityMatches(set, { ...pod, metadata: { ...pod.metadata, name: 'foo' } })).toBe(false);
    expect(identityMatches(set, { ...pod, metadata: { ...pod.metadata, namespace: '' } })).toBe(false);
    const unlabelled = structuredClone(pod);
    delete unlabelled.metadata.labels!['statefulset.kubernetes.io/pod-name'];
    expect(identityMatches(set, unlabelled)).toBe(false);
  });

  it('TestStorageMatches: each claim template has its volume, named for the pod', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    expect(storageMatches(set, pod)).toBe(true);
    expect(storageMatches(set, { ...pod, spec: { ...pod.spec!, volumes: undefined } })).toBe(false);
    expect(storageMatches(set, { ...pod, spec: { ...pod.spec!, volumes: [{ name: 'datadir', persistentVolumeClaim: { claimName: 'datadir-foo-2' } }] } })).toBe(false);
    expect(storageMatches(set, { ...pod, spec: { ...pod.spec!, volumes: [{ name: 'datadir', hostPath: { path: '/tmp' } }] } })).toBe(false);
    expect(storageMatches(set, { ...pod, metadata: { ...pod.metadata, name: 'bar' } })).toBe(false);
  });

  it('TestUpdateIdentity: restores the namespace and the labels', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    pod.metadata.namespace = '';
    expect(identityMatches(set, pod)).toBe(false);
    updateIdentity(set, pod);
    expect(identityMatches(set, pod)).toBe(true);
    delete pod.metadata.labels!['statefulset.kubernetes.io/pod-name'];
    updateIdentity(set, pod);
    expect(identityMatches(set, pod)).toBe(true);
    expect(pod.metadata.labels).toMatchObject({ 'statefulset.kubernetes.io/pod-name': 'foo-1', 'apps.kubernetes.io/pod-index': '1' });
  });

  it('TestUpdateStorage: restores the claims volumes and keeps the others', () => {
    const set = newStatefulSet(3);
    const pod = newStatefulSetPod(set, 1);
    pod.spec!.volumes = undefined;
    expect(storageMatches(set, pod)).toBe(false);
    updateStorage(set, pod);
    expect(storageMatches(set, pod)).toBe(true);
    pod.spec!.volumes = [{ name: 'datadir', hostPath: { path: '/x' } }, { name: 'home', hostPath: { path: '/tmp/home' } }];
    updateStorage(set, pod);
    expect(pod.spec!.volumes).toEqual([
      { name: 'datadir', persistentVolumeClaim: { claimName: 'datadir-foo-1' } },
      { name: 'home', hostPath: { path: '/tmp/home' } },
    ]);
  });

  it('TestAscendingOrdinal, descending: pods without an ordinal sort last', () => {
    const set = newStatefulSet(10);
    const pods = [5, 9, 0, 3].map((i) => newStatefulSetPod(set, i));
    const stray = { ...newStatefulSetPod(set, 1), metadata: { name: 'stray' } };
    expect(byDescendingOrdinal([stray, ...pods]).map(getOrdinal)).toEqual([9, 5, 3, 0, -1]);
  });

  it('TestNewPodControllerRef: the pod is controlled by the set', () => {
    const set = newStatefulSet(1);
    const pod = newStatefulSetPod(set, 0);
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'foo', uid: 'test', controller: true, blockOwnerDeletion: true }]);
    expect(pod.metadata).toMatchObject({ name: 'foo-0', generateName: 'foo-', namespace: 'default' });
    expect(pod.spec).toMatchObject({ hostname: 'foo-0', subdomain: 'governingsvc' });
  });

  it('TestGetPersistentVolumeClaims: named <template>-<set>-<ordinal>, labelled with the selector over the template labels', () => {
    const set = newStatefulSet(3);
    set.spec!.selector = { matchLabels: { foo: 'bar' } };
    set.spec!.volumeClaimTemplates![0]!.metadata!.labels = { a: 'b', foo: 'not-bar' };
    const claims = getPersistentVolumeClaims(set, newStatefulSetPod(set, 2));
    expect([...claims.keys()]).toEqual(['datadir']);
    expect(claims.get('datadir')!.metadata).toEqual({ name: 'datadir-foo-2', namespace: 'default', labels: { a: 'b', foo: 'bar' } });
  });

  it('podInOrdinalRange honours spec.ordinals.start', () => {
    const set = newStatefulSet(2);
    set.spec!.ordinals = { start: 3 };
    expect([2, 3, 4, 5].map((i) => podInOrdinalRange(newStatefulSetPod(set, i), set))).toEqual([false, true, true, false]);
  });

  it('newVersionedStatefulSetPod: below the partition at the current revision, at or above it at the update revision', () => {
    const current = newStatefulSet(4);
    current.spec!.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { partition: 2 } };
    const update = structuredClone(current);
    update.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
    const pods = [0, 1, 2, 3].map((i) => newVersionedStatefulSetPod(current, update, 'rev-1', 'rev-2', i));
    expect(pods.map(getPodRevision)).toEqual(['rev-1', 'rev-1', 'rev-2', 'rev-2']);
    expect(pods.map((p) => p.spec!.containers[0]!.image)).toEqual(['nginx', 'nginx', 'nginx:2', 'nginx:2']);
  });
});
