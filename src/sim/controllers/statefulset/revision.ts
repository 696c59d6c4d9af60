/**
 * What a StatefulSet's revision records (its pod template, as a patch that replaces it), how a revision is turned
 * back into a set, and the next revision number.
 *
 * Ported from kubernetes `pkg/controller/statefulset/stateful_set_utils.go` (getPatch, newRevision, ApplyRevision,
 * nextRevision).
 */
import type { ControllerRevision, StatefulSet } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { isObject } from '../../apiserver/admission/json-shape.ts';
import { newControllerRevision, type ControllerRevisionObject } from './controller-history.ts';
import type { StatefulSetObject } from './identity.ts';

/** The data of a StatefulSet revision: `{"spec":{"template":{…,"$patch":"replace"}}}`. */
export interface RevisionPatch {
  spec: { template: PodTemplateSpec & { $patch: 'replace' } };
}

/**
 * `getPatch`: the strategic-merge patch that restores the set's pod template (and nothing else). Go marshals the
 * template's empty `metadata.creationTimestamp` as null, so the recorded data carries it as a real cluster's does.
 */
export function getPatch(set: StatefulSet): RevisionPatch {
  const template = structuredClone(set.spec?.template ?? {});
  const metadata = { creationTimestamp: null, ...(template.metadata ?? {}) } as PodTemplateSpec['metadata'];
  return { spec: { template: { ...template, metadata, $patch: 'replace' } } };
}

/**
 * `newRevision`: the revision of the set's current template, numbered `revision`, labelled with the template's
 * labels, annotated with the set's annotations.
 */
export function newRevision(set: StatefulSetObject, revision: number, collisionCount: number): ControllerRevisionObject {
  const cr = newControllerRevision(set, 'apps/v1', 'StatefulSet', set.spec?.template?.metadata?.labels, getPatch(set), revision, collisionCount);
  cr.metadata.annotations = { ...(set.metadata.annotations ?? {}) };
  return cr;
}

/**
 * `ApplyRevision`: the set with its template replaced by the revision's (the patch's `$patch: replace` replaces the
 * whole template). A revision whose data carries no template leaves the set's.
 */
export function applyRevision(set: StatefulSetObject, revision: ControllerRevision): StatefulSetObject {
  const clone = structuredClone(set);
  const data = revision.data as unknown;
  const spec = isObject(data) ? data['spec'] : undefined;
  const template = isObject(spec) ? spec['template'] : undefined;
  if (isObject(template) && clone.spec) {
    const { $patch: _, ...rest } = template;
    clone.spec.template = rest as PodTemplateSpec;
  }
  return clone;
}

/** `nextRevision`: 1 for no history, else one more than the last (sorted) revision's. */
export function nextRevision(sortedRevisions: readonly ControllerRevision[]): number {
  const last = sortedRevisions[sortedRevisions.length - 1];
  return last ? last.revision + 1 : 1;
}
