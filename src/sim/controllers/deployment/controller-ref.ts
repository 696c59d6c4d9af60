/**
 * Which ReplicaSets and pods belong to a Deployment: `ClaimReplicaSets` (adopt matching orphans, release owned ones
 * that no longer match) and the pods of each claimed ReplicaSet.
 *
 * Ported from kubernetes `pkg/controller/controller_ref_manager.go` (BaseControllerRefManager.ClaimObject,
 * ReplicaSetControllerRefManager.ClaimReplicaSets/AdoptReplicaSet/ReleaseReplicaSet, ownerRefControllerPatch,
 * GenerateDeleteOwnerRefStrategicMergeBytes, RecheckDeletionTimestamp) and
 * `pkg/controller/deployment/deployment_controller.go` (getReplicaSetsForDeployment, getPodMapForDeployment).
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerOf, type KubeObject, type KubeObjectOf } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import { labelSelectorFromObject, matchesLabels, type ParsedLabelSelector } from '../../apiserver/selectors/label-selector.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';

/** A Deployment as the api-server and caches hold it (typed, and a {@link KubeObject}). */
export type DeploymentObject = KubeObjectOf<Deployment> & KubeObject;
/** A ReplicaSet as the api-server and caches hold it. */
export type ReplicaSetObject = KubeObjectOf<ReplicaSet> & KubeObject;
/** A Pod as the api-server and caches hold it. */
export type PodObject = KubeObjectOf<Pod> & KubeObject;

/** `controllerKind`: apps/v1 Deployment. */
export const CONTROLLER_KIND = { apiVersion: 'apps/v1', kind: 'Deployment' } as const;
/** apps/v1 ReplicaSet, for the client's requests. */
export const REPLICA_SET_TYPE = { apiVersion: 'apps/v1', kind: 'ReplicaSet' } as const;

/** `ownerRefControllerPatch`: the strategic merge patch that makes `owner` the controller of the object `uid`. */
export function ownerRefControllerPatch(owner: DeploymentObject, uid: string): unknown {
  return {
    metadata: {
      ownerReferences: [
        { apiVersion: CONTROLLER_KIND.apiVersion, kind: CONTROLLER_KIND.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true },
      ],
      uid,
    },
  };
}

/** `GenerateDeleteOwnerRefStrategicMergeBytes`: removes the owner reference `ownerUID` from the object `uid`. */
export function deleteOwnerRefPatch(uid: string, ownerUID: string): unknown {
  return { metadata: { ownerReferences: [{ $patch: 'delete', uid: ownerUID }], uid } };
}

/**
 * `ClaimObject`'s decision for one ReplicaSet, before any API call: `claim` (ours and matching), `adopt` (an orphan
 * that matches), `release` (ours but no longer matching), or `ignore`.
 */
export function claimDecision(d: DeploymentObject, selector: ParsedLabelSelector, obj: KubeObject): 'claim' | 'adopt' | 'release' | 'ignore' {
  const match = matchesLabels(selector, obj.metadata.labels);
  const ref = controllerOf(obj);
  if (ref) {
    if (ref.uid !== d.metadata.uid) return 'ignore';
    if (match) return 'claim';
    if (d.metadata.deletionTimestamp) return 'ignore';
    return 'release';
  }
  if (d.metadata.deletionTimestamp || !match) return 'ignore';
  if (obj.metadata.deletionTimestamp) return 'ignore';
  if (d.metadata.namespace && d.metadata.namespace !== obj.metadata.namespace) return 'ignore';
  return 'adopt';
}

function isReason(e: unknown, ...reasons: string[]): boolean {
  return e instanceof StatusError && reasons.includes(e.reason);
}

/**
 * `getReplicaSetsForDeployment` → `ClaimReplicaSets`: the Deployment's ReplicaSets among `rsList` (every RS of its
 * namespace), adopting orphans that match its selector (after re-reading the Deployment from the api-server:
 * `RecheckDeletionTimestamp`, once) and releasing owned ones that stopped matching. Errors are collected and
 * thrown together after every RS was tried (`utilerrors.NewAggregate`).
 */
export function* claimReplicaSets(client: Client, d: DeploymentObject, rsList: readonly ReplicaSetObject[]): ClientOp<ReplicaSetObject[]> {
  const selector = labelSelectorFromObject(d.spec?.selector ?? {});
  const claimed: ReplicaSetObject[] = [];
  const errors: string[] = [];
  let canAdopt: string | null | undefined; // undefined: not checked yet; null: ok; string: the error
  for (const rs of rsList) {
    const decision = claimDecision(d, selector, rs);
    if (decision === 'claim') {
      claimed.push(rs);
    } else if (decision === 'adopt') {
      if (canAdopt === undefined) canAdopt = yield* recheckDeletionTimestamp(client, d);
      if (canAdopt !== null) {
        errors.push(`can't adopt ReplicaSet ${rs.metadata.namespace}/${rs.metadata.name} (${rs.metadata.uid}): ${canAdopt}`);
        continue;
      }
      try {
        yield* client.patch(REPLICA_SET_TYPE, rs.metadata.namespace, rs.metadata.name ?? '', 'application/strategic-merge-patch+json', ownerRefControllerPatch(d, rs.metadata.uid ?? ''));
        claimed.push(rs);
      } catch (e) {
        if (!isReason(e, 'NotFound')) errors.push(e instanceof Error ? e.message : String(e));
      }
    } else if (decision === 'release') {
      try {
        yield* client.patch(REPLICA_SET_TYPE, rs.metadata.namespace, rs.metadata.name ?? '', 'application/strategic-merge-patch+json', deleteOwnerRefPatch(rs.metadata.uid ?? '', d.metadata.uid ?? ''));
      } catch (e) {
        if (!isReason(e, 'NotFound', 'Invalid')) errors.push(e instanceof Error ? e.message : String(e));
      }
    }
  }
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  return claimed;
}

/** `RecheckDeletionTimestamp` with the Deployment's fresh GET: null when adoption may go on, else the error text. */
function* recheckDeletionTimestamp(client: Client, d: DeploymentObject): ClientOp<string | null> {
  let fresh: DeploymentObject;
  try {
    fresh = yield* client.get<DeploymentObject>(CONTROLLER_KIND, d.metadata.namespace, d.metadata.name ?? '');
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  if (fresh.metadata.uid !== d.metadata.uid) {
    return `original Deployment ${d.metadata.namespace}/${d.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${d.metadata.uid}`;
  }
  if (fresh.metadata.deletionTimestamp) {
    return `${d.metadata.namespace}/${d.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`;
  }
  return null;
}

/**
 * `getPodMapForDeployment`: the pods matching the Deployment's selector, grouped by the UID of their controlling
 * ReplicaSet; every RS of `rsList` has an entry (possibly empty), pods of other owners are left out.
 */
export function getPodMapForDeployment(d: DeploymentObject, rsList: readonly ReplicaSetObject[], pods: readonly PodObject[]): Map<string, PodObject[]> {
  const podMap = new Map<string, PodObject[]>();
  for (const rs of rsList) podMap.set(rs.metadata.uid ?? '', []);
  const selector = labelSelectorFromObject(d.spec?.selector ?? {});
  for (const pod of pods) {
    if (!matchesLabels(selector, pod.metadata.labels)) continue;
    const ref = controllerOf(pod);
    if (!ref) continue;
    podMap.get(ref.uid)?.push(pod);
  }
  return podMap;
}

/**
 * {@link getPodMapForDeployment} without listing the namespace: each ReplicaSet's pods come from the pod indexer by
 * controller UID (`byOwnerUid(uid)`, kube-controller-manager's PodControllerUIDIndex), kept when in the Deployment's
 * namespace and selected. The same pods per ReplicaSet as listing the namespace, in O(pods of the Deployment)
 * instead of O(pods of the namespace · log).
 *
 * @remarks Each list is in the index's order, not by name: the map's users only count the pods or ask whether any
 * is still running (`oldPodsRunning`), as upstream's, whose lister order is a Go map's.
 */
export function getPodMapForDeploymentByOwner(d: DeploymentObject, rsList: readonly ReplicaSetObject[], byOwnerUid: (uid: string) => readonly KubeObject[]): Map<string, PodObject[]> {
  const podMap = new Map<string, PodObject[]>();
  for (const rs of rsList) podMap.set(rs.metadata.uid ?? '', []);
  const selector = labelSelectorFromObject(d.spec?.selector ?? {});
  const ns = d.metadata.namespace;
  for (const [uid, list] of podMap) {
    for (const pod of byOwnerUid(uid) as readonly PodObject[]) {
      if (pod.metadata.namespace !== ns || !matchesLabels(selector, pod.metadata.labels)) continue;
      list.push(pod);
    }
  }
  return podMap;
}
