/**
 * The writes the StatefulSet controller makes for one pod: its claims before it, the pod, its deletion, an update
 * that restores its identity and storage, and its claims' owner references; each with upstream's events.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_pod_control.go` (CreateStatefulPod, UpdateStatefulPod,
 * DeleteStatefulPod, ClaimsMatchRetentionPolicy, UpdatePodClaimForRetentionPolicy, PodClaimIsStale,
 * recordPodEvent, recordClaimEvent, createMissingPersistentVolumeClaims, createPersistentVolumeClaims).
 *
 * Events, as a real cluster shows them: `SuccessfulCreate` "create Pod web-0 in StatefulSet web successful",
 * `SuccessfulDelete` "delete Pod web-1 in StatefulSet web successful", `SuccessfulCreate` "create Claim
 * data-web-0 Pod web-0 in StatefulSet web success", and the `Failed…` warnings "… failed error: <err>".
 */
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { hasStaleOwnerRef, isClaimOwnerUpToDate, updateClaimOwnerRefForSetAndPod } from './claim-retention.ts';
import { getOrdinal, getPersistentVolumeClaimName, getPersistentVolumeClaims, identityMatches, storageMatches, updateIdentity, updateStorage, type PodObject, type StatefulSetObject } from './identity.ts';

const POD = { apiVersion: 'v1', kind: 'Pod' } as const;
export type ClaimObject = PersistentVolumeClaim & KubeObject;

/** What the pod writes read and report through. */
export interface StatefulPodControlDeps {
  recorder: EventRecorder;
  /** The PersistentVolumeClaim lister (the informer's cache). */
  getClaim(namespace: string | undefined, name: string): ClaimObject | undefined;
  /** The pod lister (the informer's cache). */
  getPod(namespace: string | undefined, name: string): PodObject | undefined;
}

/** strings.Title of a lower-case verb. */
function title(verb: string): string {
  return verb.charAt(0).toUpperCase() + verb.slice(1);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `recordPodEvent`. */
export function recordPodEvent(recorder: EventRecorder, verb: string, set: KubeObject, pod: PodObject, err?: unknown): void {
  if (err === undefined) {
    recorder.event(set, 'Normal', `Successful${title(verb)}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`);
  } else {
    recorder.event(set, 'Warning', `Failed${title(verb)}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${messageOf(err)}`);
  }
}

/** `recordClaimEvent`. */
function recordClaimEvent(recorder: EventRecorder, verb: string, set: KubeObject, pod: PodObject, claim: ClaimObject, err?: unknown): void {
  if (err === undefined) {
    recorder.event(set, 'Normal', `Successful${title(verb)}`, `${verb} Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`);
  } else {
    recorder.event(set, 'Warning', `Failed${title(verb)}`, `${verb} Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${messageOf(err)}`);
  }
}

/**
 * `createPersistentVolumeClaims`: creates each claim of the pod the cache does not have; a claim being deleted is an
 * error. Errors are joined (`errors.Join`: one per line).
 */
function* createPersistentVolumeClaims(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<Error | undefined> {
  const errs: string[] = [];
  for (const claim of getPersistentVolumeClaims(set, pod).values()) {
    const existing = deps.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
    if (!existing) {
      let err: unknown;
      try {
        yield* ctx.client.create(claim);
        ctx.act(`create PersistentVolumeClaim ${claim.metadata.name}`);
      } catch (e) {
        err = e;
        errs.push(`failed to create PVC ${claim.metadata.name}: ${messageOf(e)}`);
      }
      if (!(err instanceof StatusError && err.reason === 'AlreadyExists')) recordClaimEvent(deps.recorder, 'create', set, pod, claim, err);
    } else if (existing.metadata.deletionTimestamp) {
      errs.push(`pvc ${claim.metadata.name} is being deleted`);
    }
  }
  return errs.length ? new Error(errs.join('\n')) : undefined;
}

/**
 * `CreateStatefulPod`: the pod's claims, then the pod, then its claims' owner references; `SuccessfulCreate` or
 * `FailedCreate`. An AlreadyExists pod (a stale cache) is returned without an event. Throws what failed.
 */
export function* createStatefulPod(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<void> {
  const claimErr = yield* createPersistentVolumeClaims(deps, ctx, set, pod);
  if (claimErr) {
    recordPodEvent(deps.recorder, 'create', set, pod, claimErr);
    throw claimErr;
  }
  let err: unknown;
  try {
    yield* ctx.client.create(pod);
    ctx.act(`create ${pod.metadata.name}`);
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') throw e;
    err = e;
  }
  if (err === undefined) {
    const updateErr = yield* updatePodClaimForRetentionPolicy(deps, ctx, set, pod);
    if (updateErr) {
      recordPodEvent(deps.recorder, 'update', set, pod, updateErr);
      throw updateErr;
    }
  }
  recordPodEvent(deps.recorder, 'create', set, pod, err);
  if (err !== undefined) throw err;
}

/** `DeleteStatefulPod`: `SuccessfulDelete` or `FailedDelete`; throws the failure (NotFound included: callers decide). */
export function* deleteStatefulPod(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<void> {
  let err: unknown;
  try {
    yield* ctx.client.delete(POD, pod.metadata.namespace, pod.metadata.name ?? '');
    ctx.act(`delete ${pod.metadata.name}`);
  } catch (e) {
    err = e;
  }
  recordPodEvent(deps.recorder, 'delete', set, pod, err);
  if (err !== undefined) throw err;
}

/**
 * `UpdateStatefulPod`: when the pod's identity, storage or claims' references disagree with the set, fixes them
 * (creating missing claims) and updates the pod, retrying on a conflict from the cache's copy (client-go's
 * `retry.DefaultBackoff`: 4 attempts); `SuccessfulUpdate` / `FailedUpdate` when it tried.
 */
export function* updateStatefulPod(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, original: PodObject): ClientOp<void> {
  let pod = structuredClone(original);
  let attempted = false;
  let lastErr: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    let consistent = true;
    if (!identityMatches(set, pod)) {
      updateIdentity(set, pod);
      consistent = false;
    }
    if (!storageMatches(set, pod)) {
      updateStorage(set, pod);
      consistent = false;
      const claimErr = yield* createPersistentVolumeClaims(deps, ctx, set, pod);
      if (claimErr) {
        recordPodEvent(deps.recorder, 'update', set, pod, claimErr);
        throw claimErr;
      }
    }
    if (!(yield* claimsMatchOrUpdate(deps, ctx, set, pod))) consistent = false;
    if (consistent) {
      lastErr = undefined;
      break;
    }
    attempted = true;
    try {
      yield* ctx.client.update(pod);
      ctx.act(`update ${pod.metadata.name} (identity and storage)`);
      lastErr = undefined;
      break;
    } catch (e) {
      lastErr = e;
      if (!(e instanceof StatusError && e.reason === 'Conflict')) break;
    }
    const fresh = deps.getPod(set.metadata.namespace, pod.metadata.name ?? '');
    if (fresh) pod = structuredClone(fresh);
  }
  if (attempted) recordPodEvent(deps.recorder, 'update', set, pod, lastErr);
  if (lastErr !== undefined) throw lastErr;
}

/** The retention half of UpdateStatefulPod: true when the claims already match; otherwise updates them. */
function* claimsMatchOrUpdate(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<boolean> {
  if (claimsMatchRetentionPolicy(deps, set, pod)) return true;
  const err = yield* updatePodClaimForRetentionPolicy(deps, ctx, set, pod);
  if (err) {
    recordPodEvent(deps.recorder, 'update', set, pod, err);
    throw err;
  }
  return false;
}

/** `ClaimsMatchRetentionPolicy` (over the cache): a missing claim is picked up on a later sync. */
export function claimsMatchRetentionPolicy(deps: StatefulPodControlDeps, set: StatefulSetObject, pod: PodObject): boolean {
  const ordinal = getOrdinal(pod);
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    const claim = deps.getClaim(set.metadata.namespace, getPersistentVolumeClaimName(set, template, ordinal));
    if (claim && !isClaimOwnerUpToDate(claim, set, pod)) return false;
  }
  return true;
}

/** `UpdatePodClaimForRetentionPolicy`: rewrites the references of each claim that disagrees with the policy. */
export function* updatePodClaimForRetentionPolicy(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<Error | undefined> {
  const ordinal = getOrdinal(pod);
  for (const template of set.spec?.volumeClaimTemplates ?? []) {
    const claimName = getPersistentVolumeClaimName(set, template, ordinal);
    const claim = deps.getClaim(set.metadata.namespace, claimName);
    if (!claim || isClaimOwnerUpToDate(claim, set, pod)) continue;
    const copy = structuredClone(claim);
    updateClaimOwnerRefForSetAndPod(copy, set, pod);
    try {
      yield* ctx.client.update(copy);
      ctx.act(`update PersistentVolumeClaim ${claimName} owner references`);
    } catch (e) {
      return new Error(`could not update claim ${claimName} for delete policy ownerRefs: ${messageOf(e)}`);
    }
  }
  return undefined;
}

/** `PodClaimIsStale`: a claim of the pod still names an earlier pod of that name as its owner (not yet collected). */
export function podClaimIsStale(deps: StatefulPodControlDeps, set: StatefulSetObject, pod: PodObject): boolean {
  for (const claim of getPersistentVolumeClaims(set, pod).values()) {
    const existing = deps.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
    if (existing && hasStaleOwnerRef(existing, pod, POD)) return true;
  }
  return false;
}

/** `createMissingPersistentVolumeClaims`: a pending pod's missing claims; `FailedUpdate` when that fails. */
export function* createMissingPersistentVolumeClaims(deps: StatefulPodControlDeps, ctx: ReconcileContext, set: StatefulSetObject, pod: PodObject): ClientOp<void> {
  const err = yield* createPersistentVolumeClaims(deps, ctx, set, pod);
  if (err) {
    recordPodEvent(deps.recorder, 'update', set, pod, err);
    throw err;
  }
}
