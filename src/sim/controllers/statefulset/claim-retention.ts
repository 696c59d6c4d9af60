/**
 * Who owns a StatefulSet pod's PersistentVolumeClaims under `persistentVolumeClaimRetentionPolicy`: nobody (Retain on
 * both: the default), the set (deleted with it), the pod once scaled away (deleted with it), or both.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils.go` (getPersistentVolumeClaimRetentionPolicy,
 * matchesRef, hasUnexpectedController, hasNonControllerOwner, removeRefs, isClaimOwnerUpToDate,
 * updateClaimOwnerRefForSetAndPod, hasOwnerRef, hasStaleOwnerRef, addControllerRef), with StatefulSetAutoDeletePVC
 * on (beta, default on since 1.27).
 */
import type { StatefulSet, StatefulSetPersistentVolumeClaimRetentionPolicy } from 'kubernetes-types/apps/v1';
import type { PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { OwnerReference } from '../../api/object.ts';
import { newControllerRef } from '../replicaset/pod-control.ts';
import { podInOrdinalRange } from './identity.ts';

const SET_KIND = { apiVersion: 'apps/v1', kind: 'StatefulSet' } as const;
const POD_KIND = { apiVersion: 'v1', kind: 'Pod' } as const;

type Meta = { metadata?: { name?: string; uid?: string; ownerReferences?: OwnerReference[] } };

/** `getPersistentVolumeClaimRetentionPolicy`: the set's policy, Retain/Retain when it has none. */
export function getPersistentVolumeClaimRetentionPolicy(set: StatefulSet): Required<StatefulSetPersistentVolumeClaimRetentionPolicy> {
  const p = set.spec?.persistentVolumeClaimRetentionPolicy;
  if (!p) return { whenDeleted: 'Retain', whenScaled: 'Retain' };
  // A nil policy is Retain; a set one is taken as is (the api-server defaults its fields).
  return { whenDeleted: p.whenDeleted ?? '', whenScaled: p.whenScaled ?? '' };
}

/** `matchesRef`: the reference names `obj` by group/version, kind and name (not UID). */
function matchesRef(ref: OwnerReference, obj: Meta, gvk: { apiVersion: string; kind: string }): boolean {
  return ref.apiVersion === gvk.apiVersion && ref.kind === gvk.kind && ref.name === obj.metadata?.name;
}

/** `hasOwnerRef`: `target` has a reference with `owner`'s UID. */
export function hasOwnerRef(target: Meta, owner: Meta): boolean {
  const uid = owner.metadata?.uid;
  return (target.metadata?.ownerReferences ?? []).some((r) => r.uid === uid);
}

/** `hasStaleOwnerRef`: the first reference naming `obj` has another UID (a deleted incarnation). */
export function hasStaleOwnerRef(target: Meta, obj: Meta, gvk: { apiVersion: string; kind: string }): boolean {
  for (const ref of target.metadata?.ownerReferences ?? []) if (matchesRef(ref, obj, gvk)) return ref.uid !== obj.metadata?.uid;
  return false;
}

/** `hasUnexpectedController`: with a non-Retain policy, another controller (or a stale set/pod reference) owns it. */
function hasUnexpectedController(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  const policy = getPersistentVolumeClaimRetentionPolicy(set);
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return false;
  for (const ref of claim.metadata?.ownerReferences ?? []) {
    if (matchesRef(ref, set, SET_KIND)) {
      if (ref.uid !== set.metadata?.uid) return true;
      continue;
    }
    if (matchesRef(ref, pod, POD_KIND)) {
      if (ref.uid !== pod.metadata?.uid) return true;
      continue;
    }
    if (ref.controller) return true;
  }
  return false;
}

/** `hasNonControllerOwner`: the set or the pod owns it without being its controller. */
function hasNonControllerOwner(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  return (claim.metadata?.ownerReferences ?? []).some((r) => (r.uid === set.metadata?.uid || r.uid === pod.metadata?.uid) && !r.controller);
}

/**
 * `isClaimOwnerUpToDate`: the claim's references agree with the policy — Retain/Retain: none; Delete when the set is
 * deleted: the set's; Delete when scaled: the pod's once it is out of range; both: one of the two. Claims with stale
 * references or an unexpected controller are left alone (true).
 */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  if (hasStaleOwnerRef(claim, set, SET_KIND) || hasStaleOwnerRef(claim, pod, POD_KIND)) return true;
  if (hasUnexpectedController(claim, set, pod)) return !(hasOwnerRef(claim, set) || hasOwnerRef(claim, pod));
  if (hasNonControllerOwner(claim, set, pod)) return false;
  const { whenScaled, whenDeleted } = getPersistentVolumeClaimRetentionPolicy(set);
  const scaledDown = !podInOrdinalRange(pod, set);
  if (whenScaled === 'Retain' && whenDeleted === 'Delete') return hasOwnerRef(claim, set) && !hasOwnerRef(claim, pod);
  if (whenScaled === 'Delete' && whenDeleted === 'Retain') return !hasOwnerRef(claim, set) && scaledDown === hasOwnerRef(claim, pod);
  if (whenScaled === 'Delete' && whenDeleted === 'Delete') return scaledDown !== hasOwnerRef(claim, set) && scaledDown === hasOwnerRef(claim, pod);
  // Retain/Retain, and an unknown policy treated as Retain.
  return !hasOwnerRef(claim, set) && !hasOwnerRef(claim, pod);
}

/** `updateClaimOwnerRefForSetAndPod`: the claim's references rewritten to follow the policy (in place). */
export function updateClaimOwnerRefForSetAndPod(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): void {
  const unexpected = hasUnexpectedController(claim, set, pod);
  let refs = (claim.metadata?.ownerReferences ?? []).filter((r) => !(matchesRef(r, set, SET_KIND) || matchesRef(r, pod, POD_KIND)));
  if (!unexpected) {
    const { whenScaled, whenDeleted } = getPersistentVolumeClaimRetentionPolicy(set);
    const scaledDown = !podInOrdinalRange(pod, set);
    const add = (owner: Meta, gvk: { apiVersion: string; kind: string }) => {
      if (!refs.some((r) => r.uid === owner.metadata?.uid)) refs = [...refs, newControllerRef(owner, gvk.apiVersion, gvk.kind)];
    };
    if (whenScaled === 'Retain' && whenDeleted === 'Delete') add(set, SET_KIND);
    else if (whenScaled === 'Delete' && whenDeleted === 'Retain') {
      if (scaledDown) add(pod, POD_KIND);
    } else if (whenScaled === 'Delete' && whenDeleted === 'Delete') add(scaledDown ? pod : set, scaledDown ? POD_KIND : SET_KIND);
  }
  claim.metadata ??= {};
  if (refs.length > 0) claim.metadata.ownerReferences = refs;
  else delete claim.metadata.ownerReferences;
}
