/**
 * What one `syncDeployment` carries through its steps: the reconcile context (client, observe/act reporting), the
 * event recorder, the ReplicaSet cache, the Deployment being synced and the result to return.
 *
 * Upstream passes `dc` (the DeploymentController) and `d` (a deep copy of the cached Deployment) to every step of
 * `pkg/controller/deployment/{sync,rolling,recreate,progress}.go`; this is that pair.
 */
import type { Deployment, DeploymentStatus } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../api/object.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { ReconcileContext, Result } from '../../controller/reconciler.ts';
import type { DeploymentObject, ReplicaSetObject } from './controller-ref.ts';
import { REVISION_ANNOTATION } from './annotations.ts';

/** The ReplicaSet lister (`rsLister.ReplicaSets(ns).Get(name)`). */
export interface ReplicaSetGetter {
  getReplicaSet(namespace: string | undefined, name: string): ReplicaSetObject | undefined;
}

/** Re-adds the Deployment's key rate-limited (`dc.enqueueRateLimited`). */
export interface DeploymentEnqueuer {
  enqueueRateLimited(key: string): void;
}

/** The state of one `syncDeployment`: upstream's `dc` and `d`. */
export interface DeploymentSync {
  readonly ctx: ReconcileContext;
  readonly recorder: EventRecorder;
  readonly rsLister: ReplicaSetGetter;
  readonly queue: DeploymentEnqueuer;
  /** "namespace/name". */
  readonly key: string;
  /** The Deployment: a mutable deep copy of the cached one, changed in place as upstream changes `d`. */
  d: DeploymentObject;
  /** What the reconcile returns (`requeueAfter` for a progress deadline). */
  result: Result;
}

/** Go's `omitempty` on DeploymentStatus' int32 fields: zeros are not sent. */
const OMIT_EMPTY_INTS = ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'] as const;

/** The status as Go would serialize it: zero counts and empty condition lists left out. */
export function wireStatus(status: DeploymentStatus): DeploymentStatus {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(status)) {
    if (v === undefined) continue;
    if ((OMIT_EMPTY_INTS as readonly string[]).includes(k) && v === 0) continue;
    if (k === 'conditions' && Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as DeploymentStatus;
}

/**
 * `reflect.DeepEqual(d.Status, newStatus)` on Go structs: an absent int32 is 0, an absent condition list is empty;
 * pointers (collisionCount, terminatingReplicas) differ between absent and 0.
 */
export function deploymentStatusEqual(a: DeploymentStatus | undefined, b: DeploymentStatus | undefined): boolean {
  return JSON.stringify(canonicalStatus(wireStatus(a ?? {}))) === JSON.stringify(canonicalStatus(wireStatus(b ?? {})));
}

function canonicalStatus(s: DeploymentStatus): unknown {
  const keys = Object.keys(s).sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (s as Record<string, unknown>)[k];
    out[k] = k === 'conditions' ? (v as object[]).map((c) => Object.fromEntries(Object.entries(c).filter(([, x]) => x !== undefined).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))) : v;
  }
  return out;
}

/** `SetDeploymentRevision`: writes the revision annotation on `d`; true when it changed. */
export function setDeploymentRevision(d: Deployment & { metadata: NonNullable<Deployment['metadata']> }, revision: string): boolean {
  const annotations = d.metadata.annotations ?? {};
  if (annotations[REVISION_ANNOTATION] === revision) return false;
  d.metadata.annotations = { ...annotations, [REVISION_ANNOTATION]: revision };
  return true;
}

/**
 * `dc.client.AppsV1().Deployments(ns).UpdateStatus(ctx, d)`: PUT /status with `d` as it is (its resourceVersion
 * from the cache). As upstream, the answer is not kept: a second status write in the same sync carries the old
 * resourceVersion and fails with a Conflict (requeued), as the real controller's "the object has been modified" logs.
 */
export function* updateDeploymentStatus(s: DeploymentSync, why: string): ClientOp<KubeObject> {
  s.ctx.act(`update status of deployment ${s.d.metadata.name}: ${why}`);
  const body: DeploymentObject = { ...s.d, status: wireStatus(s.d.status ?? {}) };
  return yield* s.ctx.client.updateStatus(body);
}
