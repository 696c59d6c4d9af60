/**
 * The controller-side rollback of the legacy `spec.rollbackTo` (extensions/v1beta1, apps/v1beta1), which apps/v1
 * round-trips as the annotation `deprecated.deployment.rollback.to`: copy the template (and annotations) of the
 * ReplicaSet of that revision back onto the Deployment and clear the annotation, with one Update.
 * `kubectl rollout undo` does NOT use this any more: it patches the Deployment client-side (src/sim/cluster/rollback.ts).
 * Only a person's input can carry the annotation, so this is loaded on demand (controllers/on-demand-parts.ts); the
 * controller reads the annotation itself (rollback-to.ts) and calls it through `libraries().controllerParts`.
 *
 * Ported from kubernetes `pkg/controller/deployment/rollback.go` (rollback, rollbackToTemplate,
 * updateDeploymentAndClearRollbackTo) and `util/deployment_util.go` (SetFromReplicaSetTemplate,
 * SetDeploymentAnnotationsTo, the Rollback* reasons).
 */
import type { ClientOp } from '../../client/api-call.ts';
import { ANNOTATIONS_TO_SKIP, lastRevision, revision } from './annotations.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import type { DeploymentSync } from './deployment-sync.ts';
import { getAllReplicaSetsAndSyncRevision } from './new-replica-set.ts';
import { DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY, equalIgnoreHash } from './replica-sets.ts';
import { getRollbackTo } from './rollback-to.ts';
import { DEPRECATED_ROLLBACK_TO } from './sync.ts';

/** Event reasons of the legacy rollback (`util.RollbackRevisionNotFound`, `RollbackTemplateUnchanged`, `RollbackDone`). */
export const ROLLBACK_REVISION_NOT_FOUND = 'DeploymentRollbackRevisionNotFound';
/** @see ROLLBACK_REVISION_NOT_FOUND */
export const ROLLBACK_TEMPLATE_UNCHANGED = 'DeploymentRollbackTemplateUnchanged';
/** @see ROLLBACK_REVISION_NOT_FOUND */
export const ROLLBACK_DONE = 'DeploymentRollback';

/** `rollback`. */
export function* rollback(s: DeploymentSync, rsList: readonly ReplicaSetObject[]): ClientOp<void> {
  const d = s.d;
  const { newRS, oldRSs } = yield* getAllReplicaSetsAndSyncRevision(s, rsList, true);
  const allRSs = newRS ? [...oldRSs, newRS] : [...oldRSs];
  let toRevision = getRollbackTo(d) ?? 0;
  if (toRevision === 0) {
    toRevision = lastRevision(allRSs);
    if (toRevision === 0) {
      s.recorder.event(d, 'Warning', ROLLBACK_REVISION_NOT_FOUND, 'Unable to find last revision.');
      yield* updateDeploymentAndClearRollbackTo(s);
      return;
    }
  }
  for (const rs of allRSs) {
    const v = revision(rs);
    if (Number.isNaN(v) || v !== toRevision) continue;
    // Rollback by copying the template from the replica set; the revision goes up at the next sync.
    const performedRollback = yield* rollbackToTemplate(s, rs);
    if (performedRollback) s.recorder.event(d, 'Normal', ROLLBACK_DONE, `Rolled back deployment ${JSON.stringify(d.metadata.name)} to revision ${toRevision}`);
    return;
  }
  s.recorder.event(d, 'Warning', ROLLBACK_REVISION_NOT_FOUND, 'Unable to find the revision to rollback to.');
  yield* updateDeploymentAndClearRollbackTo(s);
}

/** `rollbackToTemplate`: true when the template changed (written together with clearing the annotation). */
function* rollbackToTemplate(s: DeploymentSync, rs: ReplicaSetObject): ClientOp<boolean> {
  const d = s.d;
  let performedRollback = false;
  if (!equalIgnoreHash(d.spec?.template, rs.spec?.template)) {
    // SetFromReplicaSetTemplate
    const template = structuredClone(rs.spec?.template ?? {});
    if (template.metadata?.labels) delete template.metadata.labels[DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY];
    d.spec = { ...d.spec!, template };
    // SetDeploymentAnnotationsTo: keep the skipped ones of the Deployment, take the rest from the RS.
    const annotations: Record<string, string> = {};
    for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
    for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
    d.metadata.annotations = annotations;
    performedRollback = true;
  } else {
    s.recorder.event(d, 'Warning', ROLLBACK_TEMPLATE_UNCHANGED, `The rollback revision contains the same template as current deployment ${JSON.stringify(d.metadata.name)}`);
  }
  yield* updateDeploymentAndClearRollbackTo(s);
  return performedRollback;
}

/** `updateDeploymentAndClearRollbackTo`: remove the annotation and Update the Deployment. */
function* updateDeploymentAndClearRollbackTo(s: DeploymentSync): ClientOp<void> {
  const annotations = { ...(s.d.metadata.annotations ?? {}) };
  delete annotations[DEPRECATED_ROLLBACK_TO];
  s.d.metadata.annotations = annotations;
  s.ctx.act(`update deployment ${s.d.metadata.name}: clear ${DEPRECATED_ROLLBACK_TO}`);
  yield* s.ctx.client.update(s.d);
}
