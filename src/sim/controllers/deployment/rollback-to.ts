/**
 * Whether a Deployment asks for the legacy controller-side rollback: the annotation `deprecated.deployment.rollback.to`
 * (the extensions/v1beta1 `spec.rollbackTo`, round-tripped by apps/v1). The Deployment controller reads it on every
 * sync; the rollback itself (rollback.ts) is loaded on demand, since only a person's input can carry the annotation
 * (the page's worker loads the libraries first for an init whose objects name a rollback: src/worker/needs-libraries.ts).
 *
 * Ported from kubernetes `pkg/controller/deployment/rollback.go` (getRollbackTo).
 */
import type { DeploymentObject } from './controller-ref.ts';
import { DEPRECATED_ROLLBACK_TO } from './sync.ts';

/** `getRollbackTo`: the revision asked for by the annotation (0 = the previous one), or undefined. */
export function getRollbackTo(d: DeploymentObject): number | undefined {
  const v = d.metadata.annotations?.[DEPRECATED_ROLLBACK_TO];
  if (!v || !/^-?\d+$/.test(v)) return undefined;
  return Number(v);
}
