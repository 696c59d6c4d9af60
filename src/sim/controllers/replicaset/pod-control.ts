/**
 * The pods a workload controller writes: a pod stamped from its template with a controllerRef, and the patches
 * that adopt an orphan or release a pod.
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (GetPodFromTemplate, getPodsPrefix,
 * RealPodControl.CreatePods/DeletePod event reasons and messages, FilterClaimedPods), apimachinery
 * `meta/v1/controller_ref.go` (NewControllerRef) and `pkg/controller/controller_ref_manager.go`
 * (ownerRefControllerPatch, GenerateDeleteOwnerRefStrategicMergeBytes).
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod, PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { OwnerReference } from 'kubernetes-types/meta/v1';
import { controllerOf, type KubeObjectOf } from '../../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import { deepCopy } from './deep-copy.ts';
import { isPodTerminating } from './pod-util.ts';

export const FAILED_CREATE_POD_REASON = 'FailedCreate';
export const SUCCESSFUL_CREATE_POD_REASON = 'SuccessfulCreate';
export const FAILED_DELETE_POD_REASON = 'FailedDelete';
export const SUCCESSFUL_DELETE_POD_REASON = 'SuccessfulDelete';

/** The longest DNS subdomain (`validation.ValidatePodName`'s limit). */
const MAX_NAME_LENGTH = 253;

/** `metav1.NewControllerRef`: controller=true, blockOwnerDeletion=true. */
export function newControllerRef(owner: { metadata?: { name?: string; uid?: string } }, apiVersion: string, kind: string): OwnerReference {
  return {
    apiVersion,
    kind,
    name: owner.metadata?.name ?? '',
    uid: owner.metadata?.uid ?? '',
    blockOwnerDeletion: true,
    controller: true,
  };
}

/** `getPodsPrefix`: "<name>-", or the bare name when the dash would make an invalid generateName. */
export function getPodsPrefix(controllerName: string): string {
  const prefix = `${controllerName}-`;
  return prefix.length > MAX_NAME_LENGTH ? controllerName : prefix;
}

/**
 * `GetPodFromTemplate`: a pod with the template's labels, annotations and finalizers (copies), generateName
 * "<parent>-", the controllerRef, and a deep copy of the template's spec (`DeepCopy`: new objects, the template's
 * strings, which the api-server's decode keeps, so the stored pods share them). Nothing else of the template's
 * metadata is carried over.
 */
export function getPodFromTemplate(
  template: PodTemplateSpec,
  parent: { metadata?: { name?: string; namespace?: string } },
  controllerRef: OwnerReference | undefined,
): KubeObjectOf<Pod> {
  const meta = template.metadata ?? {};
  const pod: KubeObjectOf<Pod> = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: getPodsPrefix(parent.metadata?.name ?? ''),
    },
  };
  if (parent.metadata?.namespace) pod.metadata.namespace = parent.metadata.namespace;
  if (meta.labels) pod.metadata.labels = { ...meta.labels };
  if (meta.annotations) pod.metadata.annotations = { ...meta.annotations };
  if (meta.finalizers) pod.metadata.finalizers = [...meta.finalizers];
  if (controllerRef) pod.metadata.ownerReferences = [{ ...controllerRef }];
  pod.spec = deepCopy(template.spec ?? { containers: [] });
  return pod;
}

/**
 * `ownerRefControllerPatch`: the strategic-merge patch that adopts a pod. `metadata.uid` makes it fail if the pod
 * was deleted and re-created under the same name.
 */
export function ownerRefControllerPatch(controller: { metadata?: { name?: string; uid?: string } }, apiVersion: string, kind: string, podUID: string): object {
  return { metadata: { ownerReferences: [newControllerRef(controller, apiVersion, kind)], uid: podUID } };
}

/** `GenerateDeleteOwnerRefStrategicMergeBytes`: the strategic-merge patch that removes the owners' references. */
export function deleteOwnerRefStrategicMergePatch(podUID: string, ownerUIDs: readonly string[]): object {
  return { metadata: { ownerReferences: ownerUIDs.map((uid) => ({ $patch: 'delete', uid })), uid: podUID } };
}

/** `SuccessfulCreate` message. */
export function createdPodMessage(podName: string): string {
  return `Created pod: ${podName}`;
}

/** `SuccessfulDelete` message. */
export function deletedPodMessage(podName: string): string {
  return `Deleted pod: ${podName}`;
}

/** `FailedCreate` event message for an api error. */
export function errorCreatingMessage(err: string): string {
  return `Error creating: ${err}`;
}

/** `FailedDelete` event message for an api error. */
export function errorDeletingMessage(err: string): string {
  return `Error deleting: ${err}`;
}

/**
 * `FilterTerminatingPods` then `FilterClaimedPods`: the pods being deleted (not yet terminal) that this ReplicaSet
 * controls and still selects — its `terminatingReplicas`.
 */
export function terminatingPodsOf(rs: ReplicaSet, selector: ParsedLabelSelector, pods: readonly Pod[]): Pod[] {
  const uid = rs.metadata?.uid;
  return pods.filter((p) => isPodTerminating(p) && controllerOf(p)?.uid === uid && matchesLabels(selector, p.metadata?.labels));
}
