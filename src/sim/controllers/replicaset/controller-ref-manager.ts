/**
 * Which pods a ReplicaSet owns: those whose controllerRef points at it and whose labels it still selects. Orphans
 * it selects are adopted (a patch adds its controllerRef); pods it owns but no longer selects are released (a patch
 * removes the reference). A ReplicaSet being deleted neither adopts nor releases.
 *
 * Ported from kubernetes `pkg/controller/controller_ref_manager.go` (PodControllerRefManager.ClaimPods,
 * BaseControllerRefManager.ClaimObject, AdoptPod, ReleasePod, RecheckDeletionTimestamp) and
 * `pkg/controller/replicaset/replica_set.go` (claimPods: the uncached quorum read before the first adoption).
 *
 * @remarks Pods are claimed one after another, as upstream does; each adopt/release is one patch request.
 */
import type { ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import { podFacts, podMatches } from './pod-facts.ts';
import { deleteOwnerRefStrategicMergePatch, ownerRefControllerPatch } from './pod-control.ts';

const POD = { apiVersion: 'v1', kind: 'Pod' } as const;
const STRATEGIC = 'application/strategic-merge-patch+json' as const;

/** The owner a claim is made for: the ReplicaSet (as cached) and its group/version/kind. */
export interface ClaimOwner {
  rs: ReplicaSet & KubeObject;
  apiVersion: string;
  kind: string;
}

/** What one claim pass did: the pods owned now, and the writes it made (for the reconcile's `act` line). */
export interface ClaimResult {
  claimed: Pod[];
  adopted: string[];
  released: string[];
  /** `utilerrors.NewAggregate`: undefined when every claim went through. */
  error?: Error;
}

/**
 * `ClaimPods`: claims `pods` for `owner` (adopting and releasing as needed). Adoption first re-reads the owner from
 * the api-server once (`RecheckDeletionTimestamp`) and refuses if it is gone or being deleted.
 */
export function* claimPods(client: Client, owner: ClaimOwner, selector: ParsedLabelSelector, pods: readonly Pod[]): ClientOp<ClaimResult> {
  const rs = owner.rs;
  const result: ClaimResult = { claimed: [], adopted: [], released: [] };
  const errors: Error[] = [];
  let canAdopt: { checked: boolean; err?: Error } = { checked: false };
  const match = (pod: Pod): boolean => podMatches(selector, pod);
  for (const pod of pods) {
    const facts = podFacts(pod);
    const podName = pod.metadata?.name ?? '';
    const ns = pod.metadata?.namespace;
    if (facts.hasController) {
      if (facts.controllerUid !== rs.metadata.uid) continue; // owned by someone else
      if (match(pod)) {
        result.claimed.push(pod);
        continue;
      }
      if (rs.metadata.deletionTimestamp) continue;
      try {
        yield* client.patch(POD, ns, podName, STRATEGIC, deleteOwnerRefStrategicMergePatch(pod.metadata?.uid ?? '', [rs.metadata.uid ?? '']));
        result.released.push(podName);
      } catch (e) {
        // ReleasePod: NotFound (gone) and Invalid (no such reference, or a re-created pod) are not errors.
        if (e instanceof StatusError && (e.reason === 'NotFound' || e.reason === 'Invalid')) continue;
        errors.push(e as Error);
      }
      continue;
    }
    // An orphan.
    if (rs.metadata.deletionTimestamp || !match(pod)) continue;
    if (pod.metadata?.deletionTimestamp) continue;
    if (rs.metadata.namespace && rs.metadata.namespace !== ns) continue;
    if (!canAdopt.checked) canAdopt = { checked: true, err: yield* recheckDeletionTimestamp(client, owner) };
    if (canAdopt.err) {
      errors.push(new Error(`can't adopt Pod ${ns}/${podName} (${pod.metadata?.uid ?? ''}): ${canAdopt.err.message}`));
      continue;
    }
    try {
      const patch = ownerRefControllerPatch(rs, owner.apiVersion, owner.kind, pod.metadata?.uid ?? '');
      yield* client.patch(POD, ns, podName, STRATEGIC, patch);
      result.claimed.push(pod); // the cached pod, as upstream (the patched one arrives through the informer)
      result.adopted.push(podName);
    } catch (e) {
      if (e instanceof StatusError && e.reason === 'NotFound') continue;
      errors.push(e as Error);
    }
  }
  if (errors.length === 1) result.error = errors[0];
  else if (errors.length > 1) result.error = new Error(`[${errors.map((e) => e.message).join(', ')}]`);
  return result;
}

/**
 * `RecheckDeletionTimestamp` around the ReplicaSet controller's quorum GET: an error when the owner is gone, was
 * re-created (another UID), or is being deleted; undefined when it may adopt.
 */
function* recheckDeletionTimestamp(client: Client, owner: ClaimOwner): ClientOp<Error | undefined> {
  const rs = owner.rs;
  let fresh: KubeObject;
  try {
    fresh = yield* client.get({ apiVersion: owner.apiVersion, kind: owner.kind }, rs.metadata.namespace, rs.metadata.name ?? '');
  } catch (e) {
    return e as Error;
  }
  if (fresh.metadata.uid !== rs.metadata.uid) {
    return new Error(`original ${owner.kind} ${rs.metadata.namespace}/${rs.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${rs.metadata.uid}`);
  }
  if (fresh.metadata.deletionTimestamp) {
    return new Error(`${rs.metadata.namespace}/${rs.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
  }
  return undefined;
}
