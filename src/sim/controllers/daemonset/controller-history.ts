/**
 * A DaemonSet's history: one ControllerRevision per template it has run (`<ds>-<hash>`, `data` the patch that
 * restores that template, `revision` a counter), the current one found or made at each sync, and the old ones
 * pruned down to `revisionHistoryLimit`, never one whose hash a live pod still carries.
 *
 * Ported from kubernetes `pkg/controller/daemon/update.go` (constructHistory, Match, getPatch, snapshot,
 * dedupCurHistories, cleanupHistory, maxRevision) and `pkg/controller/history/controller_history.go`.
 *
 * @remarks Only revisions whose controllerRef is the DaemonSet count (orphaned revisions are not adopted); of
 * several current revisions the newest is kept and the others deleted, without relabelling their pods.
 */
import type { ControllerRevision } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { canonicalJson } from '../../api/canonical-json.ts';
import { controllerOf, type KubeObject, type ObjectMeta } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { SharedIndexInformer } from '../../client/shared-index-informer.ts';
import type { ReconcileContext } from '../../controller/reconciler.ts';
import { computeHash } from '../deployment/pod-template-hash.ts';
import { newControllerRef } from '../replicaset/pod-control.ts';
import { CONTROLLER_REVISION_HASH_LABEL, type DaemonSetObject } from './daemonset-util.ts';

export type ControllerRevisionObject = ControllerRevision & KubeObject & { metadata: ObjectMeta };

const CONTROLLER_REVISION = { apiVersion: 'apps/v1', kind: 'ControllerRevision' } as const;
const DAEMON_SET = { apiVersion: 'apps/v1', kind: 'DaemonSet' } as const;

/**
 * `getPatch`: the strategic-merge patch that restores the DaemonSet's template:
 * `{"spec":{"template":{…,"$patch":"replace"}}}`. Go marshals a template's empty creationTimestamp as null.
 */
export function getPatch(ds: DaemonSetObject): Record<string, unknown> {
  const template = (ds.spec?.template ?? {}) as Record<string, unknown>;
  const metadata = { creationTimestamp: null, ...((template.metadata as object | undefined) ?? {}) };
  return { spec: { template: { ...template, metadata, $patch: 'replace' } } };
}

/** `Match`: the revision stores the DaemonSet's current template. */
export function matchRevision(ds: DaemonSetObject, history: ControllerRevision): boolean {
  return canonicalJson(getPatch(ds)) === canonicalJson(history.data ?? null);
}

/** `maxRevision`. */
export function maxRevision(histories: readonly ControllerRevision[]): number {
  return histories.reduce((m, h) => Math.max(m, h.revision ?? 0), 0);
}

/** The revisions the DaemonSet controls (its namespace's ControllerRevisions whose controllerRef is it). */
export function controlledHistories(informer: SharedIndexInformer, ds: DaemonSetObject): ControllerRevisionObject[] {
  const uid = ds.metadata.uid;
  return (informer.list(undefined, ds.metadata.namespace ?? '') as ControllerRevisionObject[]).filter((h) => controllerOf(h)?.uid === uid);
}

/** `constructHistory`: the current revision (found, renumbered or created) and the old ones. */
export function* constructHistory(ctx: ReconcileContext, informer: SharedIndexInformer, ds: DaemonSetObject): ClientOp<{ cur: ControllerRevisionObject; old: ControllerRevisionObject[] }> {
  const current: ControllerRevisionObject[] = [];
  const old: ControllerRevisionObject[] = [];
  for (let history of controlledHistories(informer, ds)) {
    // Label the revision with its own name's hash if it lacks it (the name, not a recomputed hash).
    if (!history.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL]) {
      const toUpdate = structuredClone(history) as ControllerRevisionObject;
      toUpdate.metadata.labels = { ...(toUpdate.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: toUpdate.metadata.name ?? '' };
      history = yield* ctx.client.update<ControllerRevisionObject>(toUpdate);
    }
    (matchRevision(ds, history) ? current : old).push(history);
  }
  const currRevision = maxRevision(old) + 1;
  let cur: ControllerRevisionObject;
  if (current.length === 0) {
    cur = yield* snapshot(ctx, ds, currRevision);
  } else {
    cur = yield* dedupCurHistories(ctx, current);
    if ((cur.revision ?? 0) < currRevision) {
      ctx.act(`renumber ControllerRevision ${cur.metadata.name} to revision ${currRevision}`);
      cur = yield* ctx.client.update<ControllerRevisionObject>({ ...structuredClone(cur), revision: currRevision } as ControllerRevisionObject);
    }
  }
  return { cur, old };
}

/** `dedupCurHistories`: of several revisions of the current template, keep the newest. */
function* dedupCurHistories(ctx: ReconcileContext, current: ControllerRevisionObject[]): ClientOp<ControllerRevisionObject> {
  if (current.length === 1) return current[0]!;
  const keep = current.reduce((a, b) => ((b.revision ?? 0) > (a.revision ?? 0) ? b : a));
  for (const h of current) {
    if (h === keep) continue;
    ctx.act(`delete duplicate ControllerRevision ${h.metadata.name}`);
    yield* ctx.client.delete(CONTROLLER_REVISION, h.metadata.namespace, h.metadata.name ?? '');
  }
  return keep;
}

/**
 * `snapshot`: creates the revision `<ds>-<hash>`. A revision of that name already storing this template is
 * ours; one storing another template is a hash collision: `status.collisionCount` is bumped and the sync fails,
 * to hash again next time.
 */
function* snapshot(ctx: ReconcileContext, ds: DaemonSetObject, revision: number): ClientOp<ControllerRevisionObject> {
  const hash = computeHash(ds.spec?.template, ds.status?.collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const history: ControllerRevisionObject = {
    ...CONTROLLER_REVISION,
    metadata: {
      name,
      namespace: ds.metadata.namespace,
      labels: { ...(ds.spec?.template?.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ...(ds.metadata.annotations ? { annotations: { ...ds.metadata.annotations } } : {}),
      ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')],
    },
    data: getPatch(ds),
    revision,
  };
  ctx.act(`create ControllerRevision ${name} (revision ${revision})`);
  try {
    return yield* ctx.client.create<ControllerRevisionObject>(history);
  } catch (e) {
    if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
    const existing = yield* ctx.client.get<ControllerRevisionObject>(CONTROLLER_REVISION, ds.metadata.namespace, name);
    if (matchRevision(ds, existing)) return existing;
    const currDS = yield* ctx.client.get<DaemonSetObject>(DAEMON_SET, ds.metadata.namespace, ds.metadata.name ?? '');
    if ((currDS.status?.collisionCount ?? undefined) !== (ds.status?.collisionCount ?? undefined)) {
      throw new Error(`found a stale collision count (${ds.status?.collisionCount ?? 0}, expected ${currDS.status?.collisionCount ?? 0}) of DaemonSet "${ds.metadata.name}" while processing; will retry until it is updated`);
    }
    const status = { ...(currDS.status ?? { currentNumberScheduled: 0, desiredNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0 }), collisionCount: (currDS.status?.collisionCount ?? 0) + 1 };
    const bumped = { ...structuredClone(currDS), status } as DaemonSetObject;
    ctx.act(`hash collision on ${name}: bump status.collisionCount`);
    yield* ctx.client.updateStatus(bumped);
    throw e;
  }
}

/**
 * `cleanupHistory`: deletes the oldest revisions beyond `revisionHistoryLimit`, skipping any whose hash a live pod
 * still carries.
 */
export function* cleanupHistory(ctx: ReconcileContext, ds: DaemonSetObject, old: readonly ControllerRevisionObject[], nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>): ClientOp<void> {
  let toKill = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
  if (toKill <= 0) return;
  const liveHashes = new Set<string>();
  for (const pods of nodeToDaemonPods.values()) {
    for (const pod of pods) {
      const hash = pod.metadata?.labels?.[CONTROLLER_REVISION_HASH_LABEL];
      if (hash) liveHashes.add(hash);
    }
  }
  const byRevision = [...old].sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0));
  for (const history of byRevision) {
    if (toKill <= 0) break;
    if (liveHashes.has(history.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '')) continue;
    ctx.act(`delete old ControllerRevision ${history.metadata.name} (revision ${history.revision})`);
    yield* ctx.client.delete(CONTROLLER_REVISION, history.metadata.namespace, history.metadata.name ?? '');
    toKill--;
  }
}
