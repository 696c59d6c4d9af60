/**
 * `getNewReplicaSet`: find the ReplicaSet whose template is the Deployment's (syncing its annotations and the
 * Deployment's revision), or create it already scaled, with the revision annotations, `<deployment>-<hash>` as its
 * name and the pod-template-hash label in its selector and template. A name taken by a ReplicaSet with another
 * template is a hash collision: status.collisionCount goes up and the sync fails, to retry with a new hash.
 *
 * Ported from kubernetes `pkg/controller/deployment/sync.go` (getNewReplicaSet, getAllReplicaSetsAndSyncRevision).
 * Event text from the current upstream: "Scaled up replica set %s from 0 to %d".
 */
import { controllerOf } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import { REVISION_ANNOTATION, maxRevision, setNewReplicaSetAnnotations } from './annotations.ts';
import {
  DEPLOYMENT_PROGRESSING,
  FAILED_RS_CREATE_REASON,
  FOUND_NEW_RS_REASON,
  NEW_REPLICA_SET_REASON,
  getDeploymentCondition,
  hasProgressDeadline,
  messages,
  newDeploymentCondition,
  setDeploymentCondition,
} from './conditions.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import { setDeploymentRevision, updateDeploymentStatus, type DeploymentSync } from './deployment-sync.ts';
import { equalIgnoreHash, findNewReplicaSet, findOldReplicaSets, rsReplicas } from './replica-sets.ts';
import { SCALING_REPLICA_SET } from './scale-replica-set.ts';
import { newReplicaSet } from './sync-logic.ts';

/** `getAllReplicaSetsAndSyncRevision`: the new RS (created if asked and missing) and every old RS. */
export function* getAllReplicaSetsAndSyncRevision(
  s: DeploymentSync,
  rsList: readonly ReplicaSetObject[],
  createIfNotExisted: boolean,
): ClientOp<{ newRS: ReplicaSetObject | undefined; oldRSs: ReplicaSetObject[] }> {
  const { allOldRSs } = findOldReplicaSets(s.d, rsList);
  const newRS = yield* getNewReplicaSet(s, rsList, allOldRSs as ReplicaSetObject[], createIfNotExisted);
  return { newRS, oldRSs: allOldRSs as ReplicaSetObject[] };
}

/** Whether a write failed because the namespace is being deleted (`errors.HasStatusCause(err, NamespaceTerminatingCause)`). */
export function namespaceTerminating(e: unknown): boolean {
  return e instanceof StatusError && (e.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
}

/** `getNewReplicaSet`. Changes `s.d` (revision annotation, conditions, collisionCount) as upstream does. */
export function* getNewReplicaSet(
  s: DeploymentSync,
  rsList: readonly ReplicaSetObject[],
  oldRSs: readonly ReplicaSetObject[],
  createIfNotExisted: boolean,
): ClientOp<ReplicaSetObject | undefined> {
  const d = s.d;
  const existingNewRS = findNewReplicaSet(d, rsList) as ReplicaSetObject | undefined;
  const newRevision = String(maxRevision(oldRSs) + 1);

  if (existingNewRS) {
    const rsCopy = structuredClone(existingNewRS) as ReplicaSetObject;
    const { annotations, changed } = setNewReplicaSetAnnotations(d, rsCopy.metadata.annotations, newRevision, true);
    const minReadySecondsNeedsUpdate = (rsCopy.spec?.minReadySeconds ?? 0) !== (d.spec?.minReadySeconds ?? 0);
    if (changed || minReadySecondsNeedsUpdate) {
      rsCopy.metadata.annotations = annotations;
      const { minReadySeconds: _old, ...spec } = rsCopy.spec!;
      rsCopy.spec = d.spec?.minReadySeconds ? { ...spec, minReadySeconds: d.spec.minReadySeconds } : spec;
      s.ctx.act(`update replica set ${rsCopy.metadata.name}: revision ${annotations[REVISION_ANNOTATION] ?? ''}`);
      return yield* s.ctx.client.update<ReplicaSetObject>(rsCopy);
    }
    // The revision of the existing new RS, set by an earlier sync.
    let needsUpdate = setDeploymentRevision(d, rsCopy.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
    if (hasProgressDeadline(d) && !getDeploymentCondition(d.status, DEPLOYMENT_PROGRESSING)) {
      const condition = newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'True', FOUND_NEW_RS_REASON, messages.foundNewReplicaSet(rsCopy.metadata.name ?? ''), s.ctx.now);
      d.status = setDeploymentCondition(d.status ?? {}, condition);
      needsUpdate = true;
    }
    if (needsUpdate) yield* updateDeploymentStatus(s, 'revision / FoundNewReplicaSet');
    return rsCopy;
  }

  if (!createIfNotExisted) return undefined;

  const newRS = newReplicaSet(d, oldRSs) as ReplicaSetObject;
  const name = newRS.metadata.name ?? '';
  const newReplicasCount = rsReplicas(newRS);
  let createdRS: ReplicaSetObject;
  let alreadyExists = false;
  try {
    s.ctx.act(`create replica set ${name} with ${newReplicasCount} replicas (revision ${newRevision})`);
    createdRS = yield* s.ctx.client.create<ReplicaSetObject>(newRS);
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') {
      // A slow cache or a fast resync, or a hash collision.
      alreadyExists = true;
      const rs = s.rsLister.getReplicaSet(newRS.metadata.namespace, name);
      if (!rs) throw new Error(`replicaset.apps ${JSON.stringify(name)} not found`);
      const ref = controllerOf(rs);
      if (ref && ref.uid === d.metadata.uid && equalIgnoreHash(d.spec?.template, rs.spec?.template)) {
        createdRS = rs;
      } else {
        d.status = { ...(d.status ?? {}), collisionCount: (d.status?.collisionCount ?? 0) + 1 };
        try {
          yield* updateDeploymentStatus(s, `hash collision on ${name}: collisionCount ${d.status.collisionCount}`);
        } catch {
          // upstream logs only on success and returns the AlreadyExists error either way
        }
        throw e;
      }
    } else if (namespaceTerminating(e)) {
      throw e;
    } else {
      const msg = messages.replicaSetCreateError(name, e instanceof Error ? e.message : String(e));
      if (hasProgressDeadline(d)) {
        d.status = setDeploymentCondition(d.status ?? {}, newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'False', FAILED_RS_CREATE_REASON, msg, s.ctx.now));
        try {
          yield* updateDeploymentStatus(s, FAILED_RS_CREATE_REASON);
        } catch {
          // "We don't really care about this error at this point, since we have a bigger issue to report."
        }
      }
      s.recorder.event(d, 'Warning', FAILED_RS_CREATE_REASON, msg);
      throw e;
    }
  }
  if (!alreadyExists && newReplicasCount > 0) {
    s.recorder.event(d, 'Normal', SCALING_REPLICA_SET, `Scaled up replica set ${createdRS.metadata.name} from 0 to ${newReplicasCount}`);
  }
  let needsUpdate = setDeploymentRevision(d, newRevision);
  if (!alreadyExists && hasProgressDeadline(d)) {
    const condition = newDeploymentCondition(DEPLOYMENT_PROGRESSING, 'True', NEW_REPLICA_SET_REASON, messages.newReplicaSetCreated(createdRS.metadata.name ?? ''), s.ctx.now);
    d.status = setDeploymentCondition(d.status ?? {}, condition);
    needsUpdate = true;
  }
  if (needsUpdate) yield* updateDeploymentStatus(s, `revision ${newRevision}`);
  return createdRS;
}
