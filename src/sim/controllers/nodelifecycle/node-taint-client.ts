/**
 * Writing the node lifecycle controller's taints: add-or-update and remove, each a get of the live Node and a
 * patch of its taints guarded by the resourceVersion read, retried on conflict.
 *
 * Ported from kubernetes `pkg/controller/controller_utils.go` (AddOrUpdateTaintOnNode, RemoveTaintOffNode,
 * PatchNodeTaints), `pkg/util/taints/taints.go` (AddOrUpdateTaint, DeleteTaint, TaintExists) and
 * `pkg/controller/util/node/controller_utils.go` (SwapNodeControllerTaint).
 *
 * @remarks The patch is a JSON merge patch of `spec.taints` with `metadata.resourceVersion` (upstream: a
 * two-way strategic merge patch with the same fields); conflicts are retried at once, up to 5 attempts, without
 * `UpdateTaintBackoff`'s sleeps.
 */
import type { Node, Taint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../api/status.ts';
import type { ClientOp } from '../../client/api-call.ts';
import type { Client } from '../../client/client.ts';
import { rfc3339 } from '../../engine/clock.ts';

const NODE = { apiVersion: 'v1', kind: 'Node' } as const;
/** `UpdateTaintBackoff.Steps`. */
const UPDATE_TAINT_ATTEMPTS = 5;

/** `Taint.MatchTaint`: same key and effect. */
export function matchTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

/** `TaintExists`. */
export function taintExists(taints: readonly Taint[] | undefined, taint: Taint): boolean {
  return (taints ?? []).some((t) => matchTaint(t, taint));
}

function sameTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect && (a.value ?? '') === (b.value ?? '') && (a.timeAdded ?? '') === (b.timeAdded ?? '');
}

/** `AddOrUpdateTaint` for several taints: each replaces the taint with its key and effect, or is appended. */
export function addOrUpdateTaints(current: readonly Taint[] | undefined, taints: readonly Taint[]): { taints: Taint[]; updated: boolean } {
  let out = [...(current ?? [])];
  let updated = false;
  for (const taint of taints) {
    const i = out.findIndex((t) => matchTaint(t, taint));
    if (i >= 0 && sameTaint(out[i]!, taint)) continue;
    updated = true;
    if (i >= 0) out = out.map((t, j) => (j === i ? taint : t));
    else out.push(taint);
  }
  return { taints: out, updated };
}

/** `DeleteTaint` for several taints. */
export function deleteTaints(current: readonly Taint[] | undefined, taints: readonly Taint[]): { taints: Taint[]; deleted: boolean } {
  const out = (current ?? []).filter((t) => !taints.some((x) => matchTaint(t, x)));
  return { taints: out, deleted: out.length !== (current ?? []).length };
}

/** Get the live node, compute its new taints, patch them under its resourceVersion; again on 409. */
function* patchTaints(client: Client, nodeName: string, change: (taints: readonly Taint[] | undefined) => Taint[] | undefined): ClientOp<void> {
  for (let attempt = 1; ; attempt++) {
    const live = yield* client.get<KubeObject & Node>(NODE, undefined, nodeName);
    const next = change(live.spec?.taints);
    if (!next) return;
    try {
      yield* client.patch(NODE, undefined, nodeName, 'application/merge-patch+json', {
        metadata: { resourceVersion: live.metadata.resourceVersion },
        spec: { taints: next.length ? next : null },
      });
      return;
    } catch (e) {
      if (!(e instanceof StatusError) || e.code !== 409 || attempt >= UPDATE_TAINT_ATTEMPTS) throw e;
    }
  }
}

/** `AddOrUpdateTaintOnNode`: no write when every taint is already there, identical. */
export function* addOrUpdateTaintOnNode(client: Client, nodeName: string, taints: readonly Taint[]): ClientOp<void> {
  if (taints.length === 0) return;
  yield* patchTaints(client, nodeName, (current) => {
    const r = addOrUpdateTaints(current, taints);
    return r.updated ? r.taints : undefined;
  });
}

/**
 * `RemoveTaintOffNode`: nothing to do (no request) when the cached node has none of the taints; otherwise the live
 * node is read and patched.
 */
export function* removeTaintOffNode(client: Client, nodeName: string, cachedNode: Node | undefined, taints: readonly Taint[]): ClientOp<void> {
  if (taints.length === 0) return;
  if (cachedNode && !taints.some((t) => taintExists(cachedNode.spec?.taints, t))) return;
  yield* patchTaints(client, nodeName, (current) => {
    const r = deleteTaints(current, taints);
    return r.deleted ? r.taints : undefined;
  });
}

/**
 * `SwapNodeControllerTaint`: adds `taintsToAdd` stamped with `timeAdded = now`, then removes `taintsToRemove`.
 * False when either write failed.
 */
export function* swapNodeControllerTaint(client: Client, taintsToAdd: readonly Taint[], taintsToRemove: readonly Taint[], node: KubeObject & Node, now: number): ClientOp<boolean> {
  const name = node.metadata.name!;
  const stamped = taintsToAdd.map((t) => ({ ...t, timeAdded: rfc3339(now) }));
  try {
    yield* addOrUpdateTaintOnNode(client, name, stamped);
    yield* removeTaintOffNode(client, name, node, taintsToRemove);
    return true;
  } catch (e) {
    if (e instanceof StatusError) return false;
    throw e;
  }
}
