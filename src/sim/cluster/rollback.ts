/**
 * `kubectl rollout undo` (kubectl `pkg/polymorphichelpers/rollback.go`, DeploymentRollbacker): find the ReplicaSet of
 * the wanted revision (0 = the previous one) and JSON-patch the Deployment's template and annotations back to it.
 * It is client-side: the Deployment controller then sees an ordinary template change and rolls out "forward" to it.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../api/object.ts';
import { ANNOTATIONS_TO_SKIP, revision } from '../controllers/deployment/annotations.ts';
import { DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY, equalIgnoreHash } from '../controllers/deployment/replica-sets.ts';

export type RollbackPlan =
  | { patch: Array<{ op: 'replace'; path: string; value: unknown }> }
  | { skipped: string }
  | { error: string };

export function rollbackPatch(deploymentObj: KubeObject, owned: readonly KubeObject[], toRevision: number): RollbackPlan {
  const deployment = deploymentObj as unknown as Deployment;
  const name = deployment.metadata?.name ?? '';
  if (deployment.spec?.paused) {
    return { error: "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again" };
  }
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
      previous = rs;
      break;
    }
  }
  if (toRevision > 0 && !previous) return { error: `unable to find specified revision ${toRevision} in history` };
  if (!previous) return { error: `no rollout history found for deployment "${name}"` };
  const rs = previous;
  if (equalIgnoreHash(rs.spec?.template, deployment.spec?.template)) {
    return { skipped: `skipped rollback (current template already matches revision ${toRevision})` };
  }
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

function revisionOrNull(rs: ReplicaSet): number | null {
  const raw = rs.metadata?.annotations?.['deployment.kubernetes.io/revision'];
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return revision(rs);
}
