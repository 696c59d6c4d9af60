/**
 * A StatefulSet pod's identity: its ordinal (from its name), its stable name `<set>-<ordinal>`, the labels that name
 * it, its hostname and subdomain, the volumes of its claims, its revision label; and the pods a set builds from a
 * revision of its template.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils.go` (getParentNameAndOrdinal, getOrdinal,
 * getStartOrdinal, getEndOrdinal, podInOrdinalRange, getPodName, getPersistentVolumeClaimName, isMemberOf,
 * identityMatches, storageMatches, getPersistentVolumeClaims, updateStorage, initIdentity, updateIdentity,
 * setPodRevision, getPodRevision, newStatefulSetPod, newVersionedStatefulSetPod, descendingOrdinal) with the PodIndexLabel gate on (beta, default on since 1.28).
 *
 * @remarks Upstream's updateStorage walks a Go map (random order); here the claims' volumes come in template order,
 * so a pod's volume list is deterministic.
 */
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { PersistentVolumeClaim, Pod, Volume } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { getPodFromTemplate, newControllerRef } from '../replicaset/pod-control.ts';

export type StatefulSetObject = StatefulSet & KubeObject;
export type PodObject = Pod & KubeObject;

/** `apps.StatefulSetPodNameLabel`. */
export const STATEFULSET_POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** `apps.PodIndexLabel`. */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** `apps.StatefulSetRevisionLabel` (= `ControllerRevisionHashLabelKey`). */
export const STATEFULSET_REVISION_LABEL = 'controller-revision-hash';

/** `statefulPodRegex`: the parent's name and the ordinal at the end of a pod's name. */
const STATEFUL_POD_REGEX = /^(.*)-([0-9]+)$/s;
const MAX_INT32 = 2 ** 31 - 1;

/** `getParentNameAndOrdinal`: ["", -1] for a name without a `-<digits>` suffix (or one beyond int32). */
export function getParentNameAndOrdinal(pod: Pod): [string, number] {
  const m = STATEFUL_POD_REGEX.exec(pod.metadata?.name ?? '');
  if (!m) return ['', -1];
  const n = Number(m[2]);
  // strconv.ParseInt(s, 10, 32) fails beyond int32: the parent stays, the ordinal is -1.
  return [m[1]!, Number.isSafeInteger(n) && n <= MAX_INT32 ? n : -1];
}

/** `getOrdinal`: -1 when the pod's name carries none. */
export function getOrdinal(pod: Pod): number {
  return getParentNameAndOrdinal(pod)[1];
}

/** `getStartOrdinal`: `spec.ordinals.start`, or 0. */
export function getStartOrdinal(set: StatefulSet): number {
  return set.spec?.ordinals?.start ?? 0;
}

/** `getEndOrdinal`: the last ordinal the set keeps (inclusive). */
export function getEndOrdinal(set: StatefulSet): number {
  return getStartOrdinal(set) + replicasOf(set) - 1;
}

/** `*set.Spec.Replicas` (defaulted to 1 by the api-server). */
export function replicasOf(set: StatefulSet): number {
  return set.spec?.replicas ?? 1;
}

/** `podInOrdinalRange`. */
export function podInOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const ordinal = getOrdinal(pod);
  return ordinal >= getStartOrdinal(set) && ordinal <= getEndOrdinal(set);
}

/** `getPodName`: `<set>-<ordinal>`. */
export function getPodName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata?.name ?? ''}-${ordinal}`;
}

/** `getPersistentVolumeClaimName`: `<template>-<set>-<ordinal>`. */
export function getPersistentVolumeClaimName(set: StatefulSet, claim: PersistentVolumeClaim, ordinal: number): string {
  return `${claim.metadata?.name ?? ''}-${set.metadata?.name ?? ''}-${ordinal}`;
}

/** `isMemberOf`: the pod's name says it is one of the set's. */
export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return getParentNameAndOrdinal(pod)[0] === set.metadata?.name;
}

/** `identityMatches`: name, namespace and pod-name label are the set's for the pod's ordinal. */
export function identityMatches(set: StatefulSet, pod: Pod): boolean {
  const [parent, ordinal] = getParentNameAndOrdinal(pod);
  return (
    ordinal >= 0 &&
    set.metadata?.name === parent &&
    pod.metadata?.name === getPodName(set, ordinal) &&
    (pod.metadata?.namespace ?? '') === (set.metadata?.namespace ?? '') &&
    pod.metadata?.labels?.[STATEFULSET_POD_NAME_LABEL] === pod.metadata?.name
  );
}

/** `storageMatches`: every claim template has a volume of its name that mounts the pod's claim. */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  const ordinal = getOrdinal(pod);
  if (ordinal < 0) return false;
  const volumes = new Map<string, Volume>();
  for (const v of pod.spec?.volumes ?? []) volumes.set(v.name, v);
  for (const claim of set.spec?.volumeClaimTemplates ?? []) {
    const volume = volumes.get(claim.metadata?.name ?? '');
    if (!volume?.persistentVolumeClaim || volume.persistentVolumeClaim.claimName !== getPersistentVolumeClaimName(set, claim, ordinal)) return false;
  }
  return true;
}

/**
 * `getPersistentVolumeClaims`: the pod's claims, by template name, each a copy of its template named for the pod,
 * in the set's namespace, labelled with the set's `matchLabels` (over the template's own labels).
 */
export function getPersistentVolumeClaims(set: StatefulSet, pod: Pod): Map<string, PersistentVolumeClaim & KubeObject> {
  const ordinal = getOrdinal(pod);
  const claims = new Map<string, PersistentVolumeClaim & KubeObject>();
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    // The template's status is not the claim's (the api-server resets a created object's status anyway).
    const { status: _, ...rest } = structuredClone(template);
    const claim = { ...rest, apiVersion: 'v1', kind: 'PersistentVolumeClaim' } as PersistentVolumeClaim & KubeObject;
    claim.metadata = { ...(claim.metadata ?? {}), name: getPersistentVolumeClaimName(set, template, ordinal) };
    if (set.metadata?.namespace) claim.metadata.namespace = set.metadata.namespace;
    claim.metadata.labels = { ...(claim.metadata.labels ?? {}), ...(set.spec?.selector?.matchLabels ?? {}) };
    claims.set(template.metadata?.name ?? '', claim);
  }
  return claims;
}

/** `updateStorage`: the claims' volumes first (template order), then the pod's other volumes. */
export function updateStorage(set: StatefulSet, pod: Pod): void {
  const claims = getPersistentVolumeClaims(set, pod);
  const volumes: Volume[] = [];
  for (const [name, claim] of claims) volumes.push({ name, persistentVolumeClaim: { claimName: claim.metadata.name ?? '' } });
  for (const v of pod.spec?.volumes ?? []) if (!claims.has(v.name)) volumes.push(v);
  pod.spec ??= { containers: [] };
  if (volumes.length > 0) pod.spec.volumes = volumes;
  else delete pod.spec.volumes;
}

/** `updateIdentity`: name, namespace, pod-name and pod-index labels. */
export function updateIdentity(set: StatefulSet, pod: Pod): void {
  const ordinal = getOrdinal(pod);
  pod.metadata ??= {};
  pod.metadata.name = getPodName(set, ordinal);
  if (set.metadata?.namespace) pod.metadata.namespace = set.metadata.namespace;
  else delete pod.metadata.namespace;
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [STATEFULSET_POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** `initIdentity`: {@link updateIdentity} plus the immutable hostname and subdomain (the governing service). */
export function initIdentity(set: StatefulSet, pod: Pod): void {
  updateIdentity(set, pod);
  pod.spec ??= { containers: [] };
  pod.spec.hostname = pod.metadata?.name ?? '';
  if (set.spec?.serviceName) pod.spec.subdomain = set.spec.serviceName;
}

/** `setPodRevision`. */
export function setPodRevision(pod: Pod, revision: string): void {
  pod.metadata ??= {};
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [STATEFULSET_REVISION_LABEL]: revision };
}

/** `getPodRevision`: "" for a pod without the label. */
export function getPodRevision(pod: Pod): string {
  return pod.metadata?.labels?.[STATEFULSET_REVISION_LABEL] ?? '';
}

/** `newStatefulSetPod`: the template's pod with the set's controllerRef, identity and storage. */
export function newStatefulSetPod(set: StatefulSetObject, ordinal: number): PodObject {
  const pod = getPodFromTemplate(set.spec?.template ?? { spec: { containers: [] } }, set, newControllerRef(set, 'apps/v1', 'StatefulSet')) as PodObject;
  pod.metadata.name = getPodName(set, ordinal);
  initIdentity(set, pod);
  updateStorage(set, pod);
  return pod;
}

/**
 * `newVersionedStatefulSetPod`: a missing pod is created at the current revision when it is below the partition (or,
 * without a rollingUpdate block, below `status.currentReplicas`), otherwise at the update revision.
 *
 * @remarks Upstream's condition reads `RollingUpdate && (nil && below currentReplicas) || (non-nil && below
 * partition)`: Go's `&&` binds tighter, so an OnDelete set with a rollingUpdate block also takes the partition branch.
 * Kept as written.
 */
export function newVersionedStatefulSetPod(currentSet: StatefulSetObject, updateSet: StatefulSetObject, currentRevision: string, updateRevision: string, ordinal: number): PodObject {
  const strategy = currentSet.spec?.updateStrategy;
  const start = getStartOrdinal(currentSet);
  const rollingUpdate = strategy?.rollingUpdate;
  const belowCurrent = rollingUpdate === undefined && ordinal < start + (currentSet.status?.currentReplicas ?? 0);
  const belowPartition = rollingUpdate !== undefined && ordinal < start + (rollingUpdate.partition ?? 0);
  if (((strategy?.type ?? 'RollingUpdate') === 'RollingUpdate' && belowCurrent) || belowPartition) {
    const pod = newStatefulSetPod(currentSet, ordinal);
    setPodRevision(pod, currentRevision);
    return pod;
  }
  const pod = newStatefulSetPod(updateSet, ordinal);
  setPodRevision(pod, updateRevision);
  return pod;
}

/** `descendingOrdinal`: pods without an ordinal (-1) last. Stable. */
export function byDescendingOrdinal<P extends Pod>(pods: readonly P[]): P[] {
  return [...pods].sort((a, b) => getOrdinal(b) - getOrdinal(a));
}
