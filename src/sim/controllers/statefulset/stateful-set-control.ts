/**
 * One pass of the StatefulSet control loop: find (or make) the current and update revisions, then, in ordinal
 * order, recreate finished pods, create missing ones (claims first), wait on the unready (OrderedReady), delete the
 * pods above the range from the highest ordinal, roll the pods at or above the partition to the update revision from
 * the highest ordinal one at a time, write the status, and trim the history to `revisionHistoryLimit`.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_control.go` (UpdateStatefulSet, performUpdate,
 * ListRevisions, truncateHistory, getStatefulSetRevisions, slowStartBatch, processReplica, processCondemned, runForAll,
 * updateStatefulSet, updateStatefulSetStatus) and `stateful_set_status_updater.go` (UpdateStatefulSetStatus), 1.32:
 * MaxUnavailableStatefulSet is alpha (off), so `maxUnavailable` is not implemented and updates go one pod at a time.
 *
 * @remarks `Parallel` runs its pods in slow-start batches (1, 2, 4, …) as upstream, but the writes of one batch go
 * one after another rather than from concurrent goroutines; a batch with a failure still ends the pass.
 * A failed or succeeded pod gets upstream 1.32's event (`RecreatingFailedPod` / `RecreatingTerminatedPod`), is
 * deleted, and is created again on a later pass once it is gone (as the current upstream does).
 */
import type { Pod } from 'kubernetes-types/core/v1';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import {
  createControllerRevision,
  deleteControllerRevision,
  findEqualRevisions,
  equalRevision,
  sortControllerRevisions,
  updateControllerRevision,
  type ControllerRevisionObject,
} from './controller-history.ts';
import { byDescendingOrdinal, getOrdinal, getPodRevision, getStartOrdinal, identityMatches, newVersionedStatefulSetPod, podInOrdinalRange, replicasOf, storageMatches, type PodObject, type StatefulSetObject } from './identity.ts';
import { allowsBurst, isCreated, isFailed, isPending, isRunningAndAvailable, isRunningAndReady, isSucceeded, isTerminating, isUnavailable } from './pod-state.ts';
import { ReplicaSlots } from './replica-slots.ts';
import { applyRevision, newRevision, nextRevision } from './revision.ts';
import { completeRollingUpdate, inconsistentStatus, statusForWrite, updateStatus, type ComputedStatus } from './set-status.ts';
import {
  claimsMatchRetentionPolicy,
  createMissingPersistentVolumeClaims,
  createStatefulPod,
  deleteStatefulPod,
  podClaimIsStale,
  updatePodClaimForRetentionPolicy,
  updateStatefulPod,
  type StatefulPodControlDeps,
} from './stateful-pod-control.ts';

/** `MaxBatchSize`: the largest slow-start batch of Parallel. */
export const MAX_BATCH_SIZE = 500;
/** client-go's `retry.DefaultRetry.Steps`: attempts of a status write that conflicts. */
const STATUS_UPDATE_ATTEMPTS = 5;

/** What the control loop reads and reports through. */
export interface StatefulSetControlDeps extends StatefulPodControlDeps {
  /** `ListRevisions` over the revision informer's cache: the set's revisions and the orphans its selector matches. */
  listRevisions(set: StatefulSetObject): ControllerRevisionObject[];
  /** The set lister (the informer's cache), for the status write's retries. */
  getSet(namespace: string | undefined, name: string): StatefulSetObject | undefined;
}

/** `utilerrors.NewAggregate`: undefined for none, the error for one, "[a, b]" for more. */
export function aggregate(errs: readonly (Error | undefined)[]): Error | undefined {
  const list = errs.filter((e): e is Error => e !== undefined);
  if (list.length === 0) return undefined;
  if (list.length === 1) return list[0];
  return new Error(`[${list.map((e) => e.message).join(', ')}]`);
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * `UpdateStatefulSet`: performUpdate, then truncateHistory (also after a failure). Returns the status it computed;
 * throws the (aggregated) error of a failed pass.
 */
export function* updateStatefulSet(deps: StatefulSetControlDeps, ctx: ReconcileContext, original: StatefulSetObject, pods: readonly PodObject[]): ClientOp<ComputedStatus> {
  const set = structuredClone(original);
  const revisions = sortControllerRevisions(deps.listRevisions(set));
  const result = yield* performUpdate(deps, ctx, set, pods, revisions);
  let truncateErr: Error | undefined;
  try {
    yield* truncateHistory(ctx, set, pods, revisions, result.current, result.update);
  } catch (e) {
    truncateErr = asError(e);
  }
  const err = aggregate([result.error, truncateErr]);
  if (err) throw err;
  return result.status!;
}

interface PerformResult {
  current?: ControllerRevisionObject;
  update?: ControllerRevisionObject;
  status?: ComputedStatus;
  error?: Error;
}

/** `performUpdate`: revisions, the pods' pass, then the status write (also after a failed pass with a status). */
function* performUpdate(deps: StatefulSetControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pods: readonly PodObject[], revisions: ControllerRevisionObject[]): ClientOp<PerformResult> {
  let revs: { current: ControllerRevisionObject; update: ControllerRevisionObject; collisionCount: number };
  try {
    revs = yield* getStatefulSetRevisions(ctx, set, revisions);
  } catch (e) {
    return { error: asError(e) };
  }
  const { current, update } = revs;
  const pass = yield* updateStatefulSetPods(deps, ctx, set, current, update, revs.collisionCount, pods);
  if (pass.error && !pass.status) return { current, update, error: pass.error };
  let statusErr: Error | undefined;
  try {
    yield* updateStatefulSetStatus(deps, ctx, set, pass.status!);
  } catch (e) {
    statusErr = asError(e);
  }
  return { current, update, status: pass.status, error: pass.error ?? statusErr };
}

/**
 * `truncateHistory`: deletes the oldest revisions that are neither current, nor the update revision, nor any pod's,
 * until at most `revisionHistoryLimit` (default 10; negative keeps all) remain.
 */
function* truncateHistory(ctx: ReconcileContext, set: StatefulSetObject, pods: readonly Pod[], revisions: readonly ControllerRevisionObject[], current?: ControllerRevisionObject, update?: ControllerRevisionObject): ClientOp<void> {
  const live = new Set<string>();
  if (current) live.add(current.metadata.name ?? '');
  if (update) live.add(update.metadata.name ?? '');
  for (const p of pods) live.add(getPodRevision(p));
  const history = revisions.filter((r) => !live.has(r.metadata.name ?? ''));
  const limit = set.spec?.revisionHistoryLimit ?? 10;
  if (limit < 0 || history.length <= limit) return;
  for (const r of history.slice(0, history.length - limit)) {
    yield* deleteControllerRevision(ctx.client, r);
    ctx.act(`delete ControllerRevision ${r.metadata.name} (revisionHistoryLimit ${limit})`);
  }
}

/**
 * `getStatefulSetRevisions`: the update revision is the set's template as a revision — the last one if equal, an
 * older equal one renumbered to the next number (a rollback), or a new one; the current revision is the one
 * `status.currentRevision` names, or the update revision for a set without history.
 */
function* getStatefulSetRevisions(ctx: ReconcileContext, set: StatefulSetObject, revisions: ControllerRevisionObject[]): ClientOp<{ current: ControllerRevisionObject; update: ControllerRevisionObject; collisionCount: number }> {
  let collisionCount = set.status?.collisionCount ?? 0;
  const candidate = newRevision(set, nextRevision(revisions), collisionCount);
  const equal = findEqualRevisions(revisions, candidate);
  let update: ControllerRevisionObject;
  const last = revisions[revisions.length - 1];
  if (equal.length > 0 && equalRevision(last, equal[equal.length - 1])) {
    update = last!;
  } else if (equal.length > 0) {
    update = yield* updateControllerRevision(ctx.client, equal[equal.length - 1]!, candidate.revision);
    ctx.act(`renumber ControllerRevision ${update.metadata.name} to revision ${candidate.revision} (rollback)`);
  } else {
    const created = yield* createControllerRevision(ctx.client, set, candidate, collisionCount);
    update = created.revision;
    collisionCount = created.collisionCount;
    ctx.act(`create ControllerRevision ${update.metadata.name} (revision ${update.revision})`);
  }
  const current = revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount };
}

/** One pass's state, shared by processReplica and processCondemned. */
interface Pass {
  set: StatefulSetObject;
  currentSet: StatefulSetObject;
  updateSet: StatefulSetObject;
  current: ControllerRevisionObject;
  update: ControllerRevisionObject;
  monotonic: boolean;
  replicas: ReplicaSlots;
  condemned: PodObject[];
  firstUnavailablePod: PodObject | undefined;
}

/**
 * `processReplica`: for replica `i` — recreate a finished pod; create a missing one (claims first; OrderedReady then
 * stops); create a pending pod's missing claims; in OrderedReady stop on a terminating, unready or unavailable pod;
 * fix a pod whose identity, storage or claims' owners disagree with the set. Returns whether the pass stops here.
 */
function* processReplica(deps: StatefulSetControlDeps, ctx: ReconcileContext, p: Pass, i: number): ClientOp<boolean> {
  const { set, monotonic } = p;
  const pod = p.replicas.at(i);
  const minReady = set.spec?.minReadySeconds ?? 0;
  if (isFailed(pod) || isSucceeded(pod)) {
    if (!isTerminating(pod)) {
      if (isFailed(pod)) deps.recorder.event(set, 'Warning', 'RecreatingFailedPod', `StatefulSet ${set.metadata.namespace}/${set.metadata.name} is recreating failed Pod ${pod.metadata.name}`);
      else deps.recorder.event(set, 'Normal', 'RecreatingTerminatedPod', `StatefulSet ${set.metadata.namespace}/${set.metadata.name} is recreating terminated Pod ${pod.metadata.name}`);
      yield* deleteStatefulPod(deps, ctx, set, pod);
    }
    // The new pod is created on a later pass, once this one is gone.
    return true;
  }
  if (!isCreated(pod)) {
    if (podClaimIsStale(deps, set, pod)) {
      ctx.observe(`${pod.metadata.name}: a claim still belongs to an earlier ${pod.metadata.name}: waiting for it to be collected`);
      return true;
    }
    yield* createStatefulPod(deps, ctx, set, pod);
    if (monotonic) return true;
  }
  if (isPending(pod)) yield* createMissingPersistentVolumeClaims(deps, ctx, set, pod);
  if (isTerminating(pod) && monotonic) {
    ctx.observe(`waiting for ${pod.metadata.name} to terminate`);
    return true;
  }
  if (!isRunningAndReady(pod) && monotonic) {
    if (isCreated(pod)) ctx.observe(`waiting for ${pod.metadata.name} to be Running and Ready`);
    return true;
  }
  if (!isRunningAndAvailable(pod, minReady, ctx.now) && monotonic) {
    ctx.observe(`waiting for ${pod.metadata.name} to be Available`);
    return true;
  }
  // An error checking the claims is expected while the pod is not fully updated: treated as a match upstream.
  const retentionMatch = claimsMatchRetentionPolicy(deps, p.updateSet, pod);
  if (identityMatches(set, pod) && storageMatches(set, pod) && retentionMatch) return false;
  yield* updateStatefulPod(deps, ctx, p.updateSet, pod);
  return false;
}

/**
 * `processCondemned`: deletes condemned pod `i` (above the range). OrderedReady waits while it terminates, and deletes
 * an unready or unavailable one only if it is the first unavailable pod of the set.
 */
function* processCondemned(deps: StatefulSetControlDeps, ctx: ReconcileContext, p: Pass, i: number): ClientOp<boolean> {
  const { set, monotonic } = p;
  const pod = p.condemned[i]!;
  const minReady = set.spec?.minReadySeconds ?? 0;
  if (isTerminating(pod)) {
    if (monotonic) ctx.observe(`waiting for ${pod.metadata.name} to terminate before scaling down further`);
    return monotonic;
  }
  if (!isRunningAndReady(pod) && monotonic && pod !== p.firstUnavailablePod) {
    ctx.observe(`waiting for ${p.firstUnavailablePod?.metadata.name} to be Running and Ready before scaling down`);
    return true;
  }
  if (!isRunningAndAvailable(pod, minReady, ctx.now) && monotonic && pod !== p.firstUnavailablePod) {
    ctx.observe(`waiting for ${p.firstUnavailablePod?.metadata.name} to be Available before scaling down`);
    return true;
  }
  yield* deleteStatefulPod(deps, ctx, set, pod);
  return true;
}

/**
 * `runForAll`: OrderedReady runs `fn` over the pods in order and stops at the first that stops the pass (or fails);
 * Parallel runs them all in slow-start batches, stopping after a batch with a failure. Returns whether to stop and
 * the error.
 */
function* runForAll(count: number, fn: (i: number) => ClientOp<boolean>, monotonic: boolean): ClientOp<{ stop: boolean; error?: Error }> {
  if (monotonic) {
    for (let i = 0; i < count; i++) {
      try {
        if (yield* fn(i)) return { stop: true };
      } catch (e) {
        return { stop: true, error: asError(e) };
      }
    }
    return { stop: false };
  }
  let j = 0;
  let remaining = count;
  for (let batch = Math.min(remaining, 1); batch > 0; batch = Math.min(2 * batch, remaining, MAX_BATCH_SIZE)) {
    const errs: Error[] = [];
    for (let k = 0; k < batch; k++, j++) {
      try {
        yield* fn(j);
      } catch (e) {
        errs.push(asError(e));
      }
    }
    if (errs.length > 0) return { stop: true, error: aggregate(errs) };
    remaining -= batch;
  }
  return { stop: false };
}

/**
 * `updateStatefulSet` (the pods' pass): builds the replicas (existing pods at their ordinal, missing ones at the
 * revision their ordinal gets) and the condemned (above the range, highest first); unless the set is being deleted,
 * processes the replicas, fixes the condemned's claims, deletes the condemned, and (RollingUpdate) deletes the
 * highest pod at or above the partition that is not at the update revision, or waits for an unavailable one.
 */
function* updateStatefulSetPods(
  deps: StatefulSetControlDeps,
  ctx: ReconcileContext,
  set: StatefulSetObject,
  current: ControllerRevisionObject,
  update: ControllerRevisionObject,
  collisionCount: number,
  pods: readonly PodObject[],
): ClientOp<{ status?: ComputedStatus; error?: Error }> {
  const currentSet = applyRevision(set, current);
  const updateSet = applyRevision(set, update);
  const minReady = set.spec?.minReadySeconds ?? 0;
  const currentName = current.metadata.name ?? '';
  const updateName = update.metadata.name ?? '';
  const status: ComputedStatus = {
    observedGeneration: set.metadata.generation ?? 0,
    currentRevision: currentName,
    updateRevision: updateName,
    collisionCount,
    replicas: 0,
    readyReplicas: 0,
    availableReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
  };
  updateStatus(status, minReady, currentName, updateName, ctx.now, pods);

  const start = getStartOrdinal(set);
  const slots = new ReplicaSlots(Math.max(0, replicasOf(set)), (i) => newVersionedStatefulSetPod(currentSet, updateSet, currentName, updateName, start + i));
  let condemned: PodObject[] = [];
  for (const pod of pods) {
    if (podInOrdinalRange(pod, set)) slots.set(getOrdinal(pod) - start, pod);
    else if (getOrdinal(pod) >= 0) condemned.push(pod);
  }
  condemned = byDescendingOrdinal(condemned);
  const unavailable = (pod: Pod) => isUnavailable(pod, minReady, ctx.now);
  let firstUnavailablePod = slots.firstUnavailable(unavailable);
  for (let i = condemned.length - 1; i >= 0; i--) if (!firstUnavailablePod && unavailable(condemned[i]!)) firstUnavailablePod = condemned[i];

  if (set.metadata.deletionTimestamp) return { status };
  const pass: Pass = { set, currentSet, updateSet, current, update, monotonic: !allowsBurst(set), replicas: slots, condemned, firstUnavailablePod };
  const recount = () => updateStatus(status, minReady, currentName, updateName, ctx.now, slots.filled(), condemned);

  let r = yield* runForAll(slots.length, (i) => processReplica(deps, ctx, pass, i), pass.monotonic);
  if (r.stop || r.error) {
    recount();
    return { status, error: r.error };
  }
  r = yield* runForAll(condemned.length, (i) => fixPodClaim(deps, ctx, pass, i), pass.monotonic);
  if (r.stop || r.error) {
    recount();
    return { status, error: r.error };
  }
  r = yield* runForAll(condemned.length, (i) => processCondemned(deps, ctx, pass, i), pass.monotonic);
  if (r.stop || r.error) {
    recount();
    return { status, error: r.error };
  }
  recount();

  if (set.spec?.updateStrategy?.type === 'OnDelete') return { status };

  const updateMin = set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
  for (let target = slots.length - 1; target >= updateMin; target--) {
    const pod = slots.at(target);
    if (getPodRevision(pod) !== updateName && !isTerminating(pod)) {
      ctx.diff(`${pod.metadata.name} is at revision ${getPodRevision(pod) || '(none)'}, not ${updateName}: terminating it for the update`, false);
      try {
        yield* deleteStatefulPod(deps, ctx, set, pod);
      } catch (e) {
        if (!(e instanceof StatusError && e.reason === 'NotFound')) return { status, error: asError(e) };
      }
      status.currentReplicas--;
      return { status };
    }
    if (isUnavailable(pod, minReady, ctx.now)) {
      ctx.observe(`waiting for ${pod.metadata.name} to be available before updating further`);
      return { status };
    }
  }
  return { status };
}

/** The fixPodClaim step: a condemned pod's claims get the owners the policy gives a scaled-down pod. */
function* fixPodClaim(deps: StatefulSetControlDeps, ctx: ReconcileContext, p: Pass, i: number): ClientOp<boolean> {
  const pod = p.condemned[i]!;
  if (claimsMatchRetentionPolicy(deps, p.updateSet, pod)) return false;
  const err = yield* updatePodClaimForRetentionPolicy(deps, ctx, p.updateSet, pod);
  if (err) throw err;
  return false;
}

/**
 * `updateStatefulSetStatus`: completes a finished rolling update, then writes the status if it differs from the
 * stored one, retrying a conflict on the cache's copy (`retry.RetryOnConflict(retry.DefaultRetry)`).
 */
function* updateStatefulSetStatus(deps: StatefulSetControlDeps, ctx: ReconcileContext, set: StatefulSetObject, status: ComputedStatus): ClientOp<void> {
  completeRollingUpdate(set, status);
  if (!inconsistentStatus(set, status)) {
    ctx.status(`status unchanged: replicas ${status.replicas}, ready ${status.readyReplicas}, updated ${status.updatedReplicas}`);
    return;
  }
  let current = set;
  for (let attempt = 1; ; attempt++) {
    try {
      yield* ctx.client.updateStatus({ ...structuredClone(current), status: statusForWrite(status) });
      ctx.status(
        `status written: replicas ${status.replicas}, ready ${status.readyReplicas}, current ${status.currentReplicas} (${status.currentRevision}), updated ${status.updatedReplicas} (${status.updateRevision})`,
      );
      return;
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'Conflict') || attempt >= STATUS_UPDATE_ATTEMPTS) throw e;
    }
    current = deps.getSet(set.metadata.namespace, set.metadata.name ?? '') ?? current;
  }
}
