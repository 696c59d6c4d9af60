/** Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils_test.go` (TestGetPersistentVolumeClaimRetentionPolicy,
 * TestIsClaimOwnerUpToDate, TestUpdateClaimOwnerRefForSetAndPod, TestHasOwnerRef, TestHasStaleOwnerRef): which
 * references a claim should carry under each retention policy, for a pod in range and one scaled down. */
import { describe, expect, it } from 'vitest';
import { getPersistentVolumeClaimRetentionPolicy, hasOwnerRef, hasStaleOwnerRef, isClaimOwnerUpToDate, updateClaimOwnerRefForSetAndPod } from './claim-retention.ts';
import { newStatefulSetPod } from './identity.ts';
import { claim, newStatefulSet } from './test-fixtures.ts';

type Policy = 'Retain' | 'Delete';

function setWith(whenScaled: Policy, whenDeleted: Policy) {
  const set = newStatefulSet(3);
  set.spec!.persistentVolumeClaimRetentionPolicy = { whenScaled, whenDeleted };
  return set;
}

function podAt(ordinal: number) {
  const pod = newStatefulSetPod(newStatefulSet(3), ordinal);
  return { ...pod, metadata: { ...pod.metadata, uid: `pod-${ordinal}` } };
}

describe('PVC retention (stateful_set_utils_test.go)', () => {
  it('TestGetPersistentVolumeClaimRetentionPolicy: no policy is Retain/Retain', () => {
    const set = newStatefulSet(1);
    delete set.spec!.persistentVolumeClaimRetentionPolicy;
    expect(getPersistentVolumeClaimRetentionPolicy(set)).toEqual({ whenDeleted: 'Retain', whenScaled: 'Retain' });
    expect(getPersistentVolumeClaimRetentionPolicy(setWith('Delete', 'Retain'))).toEqual({ whenDeleted: 'Retain', whenScaled: 'Delete' });
  });

  // TestIsClaimOwnerUpToDate's table: (scaled policy, deleted policy, pod scaled down, refs) → up to date.
  const cases: Array<{ scaled: Policy; deleted: Policy; scaledDown: boolean; set: boolean; pod: boolean; want: boolean }> = [
    { scaled: 'Retain', deleted: 'Retain', scaledDown: false, set: false, pod: false, want: true },
    { scaled: 'Retain', deleted: 'Retain', scaledDown: false, set: true, pod: false, want: false },
    { scaled: 'Retain', deleted: 'Retain', scaledDown: true, set: false, pod: true, want: false },
    { scaled: 'Retain', deleted: 'Delete', scaledDown: false, set: true, pod: false, want: true },
    { scaled: 'Retain', deleted: 'Delete', scaledDown: false, set: false, pod: false, want: false },
    { scaled: 'Retain', deleted: 'Delete', scaledDown: true, set: true, pod: true, want: false },
    { scaled: 'Delete', deleted: 'Retain', scaledDown: false, set: false, pod: false, want: true },
    { scaled: 'Delete', deleted: 'Retain', scaledDown: true, set: false, pod: true, want: true },
    { scaled: 'Delete', deleted: 'Retain', scaledDown: true, set: false, pod: false, want: false },
    { scaled: 'Delete', deleted: 'Retain', scaledDown: false, set: true, pod: false, want: false },
    { scaled: 'Delete', deleted: 'Delete', scaledDown: false, set: true, pod: false, want: true },
    { scaled: 'Delete', deleted: 'Delete', scaledDown: true, set: false, pod: true, want: true },
    { scaled: 'Delete', deleted: 'Delete', scaledDown: true, set: true, pod: true, want: false },
    { scaled: 'Delete', deleted: 'Delete', scaledDown: false, set: false, pod: true, want: false },
  ];
  for (const c of cases) {
    it(`TestIsClaimOwnerUpToDate: whenScaled ${c.scaled}, whenDeleted ${c.deleted}, ${c.scaledDown ? 'scaled down' : 'in range'}, refs set=${c.set} pod=${c.pod} → ${c.want}`, () => {
      const set = setWith(c.scaled, c.deleted);
      const pod = podAt(c.scaledDown ? 5 : 1);
      const owners = [
        ...(c.set ? [{ kind: 'StatefulSet' as const, name: 'foo', uid: 'test' }] : []),
        ...(c.pod ? [{ kind: 'Pod' as const, name: pod.metadata.name!, uid: pod.metadata.uid! }] : []),
      ];
      const pvc = claim(`datadir-${pod.metadata.name}`, owners);
      expect(isClaimOwnerUpToDate(pvc, set, pod)).toBe(c.want);
      // TestUpdateClaimOwnerRefForSetAndPod: after the update, the claim is up to date.
      updateClaimOwnerRefForSetAndPod(pvc, set, pod);
      expect(isClaimOwnerUpToDate(pvc, set, pod)).toBe(true);
    });
  }

  it('a stale reference (an earlier pod or set of the name) leaves the claim alone', () => {
    const set = setWith('Delete', 'Delete');
    const pod = podAt(1);
    const pvc = claim('datadir-foo-1', [{ kind: 'Pod', name: 'foo-1', uid: 'an-earlier-foo-1' }]);
    expect(hasStaleOwnerRef(pvc, pod, { apiVersion: 'v1', kind: 'Pod' })).toBe(true);
    expect(isClaimOwnerUpToDate(pvc, set, pod)).toBe(true);
  });

  it('another controller: with a non-Retain policy our references are scrubbed and none added', () => {
    const set = setWith('Retain', 'Delete');
    const pod = podAt(1);
    const pvc = claim('datadir-foo-1', [
      { kind: 'StatefulSet', name: 'foo', uid: 'test' },
      { kind: 'StatefulSet', name: 'other', uid: 'other' },
    ]);
    expect(isClaimOwnerUpToDate(pvc, set, pod)).toBe(false);
    updateClaimOwnerRefForSetAndPod(pvc, set, pod);
    expect(pvc.metadata.ownerReferences?.map((r) => r.name)).toEqual(['other']);
  });

  it('TestHasOwnerRef: by UID', () => {
    const pod = podAt(1);
    expect(hasOwnerRef(claim('c', [{ kind: 'Pod', name: 'x', uid: 'pod-1' }]), pod)).toBe(true);
    expect(hasOwnerRef(claim('c', [{ kind: 'Pod', name: 'foo-1', uid: 'other' }]), pod)).toBe(false);
  });
});
