/**
 * `kubectl rollout undo` (kubectl `pkg/polymorphichelpers/rollback.go`). DeploymentRollbacker: find the ReplicaSet of
 * the wanted revision (0 = the previous one) and JSON-patch the Deployment's template and annotations back to it.
 * DaemonSetRollbacker and StatefulSetRollbacker: find the ControllerRevision of the wanted revision (0 = the one
 * before the newest; revision-history.ts) and send its data, a strategic merge patch that replaces the template.
 * It is client-side: the controller then sees an ordinary template change and rolls out "forward" to it.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../api/object.ts';
import { ANNOTATIONS_TO_SKIP, revision } from '../controllers/deployment/annotations.ts';
import { DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY, equalIgnoreHash } from '../controllers/deployment/replica-sets.ts';
import { historyMatches, historyToRollBackTo, revisionNotFound, type RevisionObject } from './revision-history.ts';

export type RollbackPlan =
  | { patch: Array<{ op: 'replace'; path: string; value: unknown }> }
  | { strategicPatch: unknown }
  | { skipped: string }
  | { error: string };

const skipped = (toRevision: number): { skipped: string } => ({ skipped: `skipped rollback (current template already matches revision ${toRevision})` });

/**
 * `deploymentRevision`: the ReplicaSet of revision `toRevision` among the Deployment's, or for 0 the second newest;
 * with upstream's errors.
 */
export function deploymentRevision(deploymentObj: KubeObject, owned: readonly KubeObject[], toRevision: number): { rs: ReplicaSet } | { error: string } {
  if (toRevision < 0) return { error: revisionNotFound(toRevision) };
  let latest: ReplicaSet | undefined;
  let latestRevision = -1;
  let previous: ReplicaSet | undefined;
  let previousRevision = -1;
  for (const obj of owned) {
    const rs = obj as unknown as ReplicaSet;
    const v = revisionOrNull(rs);
    if (v === null) continue;
    if (toRevision === 0) {
      if (latestRevision < v) {
        previousRevision = latestRevision;
        previous = latest;
        latestRevision = v;
        latest = rs;
      } else if (previousRevision < v) {
        previousRevision = v;
        previous = rs;
      }
    } else if (toRevision === v) {
      return { rs };
    }
  }
  if (toRevision > 0) return { error: revisionNotFound(toRevision) };
  if (!previous) return { error: `no rollout history found for deployment "${deploymentObj.metadata.name ?? ''}"` };
  return { rs: previous };
}

export function rollbackPatch(deploymentObj: KubeObject, owned: readonly KubeObject[], toRevision: number): RollbackPlan {
  const deployment = deploymentObj as unknown as Deployment;
  const found = deploymentRevision(deploymentObj, owned, toRevision);
  if ('error' in found) return found;
  if (deployment.spec?.paused) {
    return { error: "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again" };
  }
  const rs = found.rs;
  if (equalIgnoreHash(rs.spec?.template, deployment.spec?.template)) return skipped(toRevision);
  const template = structuredClone(rs.spec?.template ?? {});
  if (template.metadata?.labels) delete template.metadata.labels[DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY];
  const annotations: Record<string, string> = {};
  for (const k of ANNOTATIONS_TO_SKIP) {
    const v = deployment.metadata?.annotations?.[k];
    if (v !== undefined) annotations[k] = v;
  }
  for (const [k, v] of Object.entries(rs.metadata?.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
  return {
    patch: [
      { op: 'replace', path: '/spec/template', value: template },
      { op: 'replace', path: '/metadata/annotations', value: annotations },
    ],
  };
}

/**
 * DaemonSetRollbacker / StatefulSetRollbacker (past the client dry run, which the console's kubectl prints itself):
 * the revision's data as the patch, or skipped when the object's template already is that revision's.
 */
export function controllerRevisionRollback(obj: KubeObject, histories: readonly RevisionObject[], toRevision: number): RollbackPlan {
  const found = historyToRollBackTo(toRevision, histories);
  if ('error' in found) return found;
  if (historyMatches(obj, found.history)) return skipped(toRevision);
  return { strategicPatch: found.history.data };
}

function revisionOrNull(rs: ReplicaSet): number | null {
  const raw = rs.metadata?.annotations?.['deployment.kubernetes.io/revision'];
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return revision(rs);
}
