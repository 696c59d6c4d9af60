/**
 * The history kubectl reads for a DaemonSet or a StatefulSet: the ControllerRevisions it controls (each `data` the
 * strategic-merge patch `{"spec":{"template":{…,"$patch":"replace"}}}` that restores one template, `revision` its
 * number), a revision applied back onto the object, and the lookup `rollout undo` makes. `rollout history` (the
 * console's kubectl) and `rollout undo` (kubectl-verbs.ts, through rollback.ts) share it.
 *
 * Ported from kubectl `pkg/polymorphichelpers/history.go` (controlledHistory, applyDaemonSetHistory,
 * applyStatefulSetHistory) and `rollback.go` (findHistory, daemonSetMatch / statefulsetMatch, getDaemonSetPatch /
 * getStatefulSetPatch, revisionNotFoundErr), kubectl 1.32.
 *
 * @remarks Upstream compares the bytes of Go's `json.Marshal` of the object's patch with the stored `data`; the
 * simulation's controllers store the same patch (with Go's `creationTimestamp: null`), and their canonical JSON (sorted
 * keys, as Go marshals a map) is compared here.
 */
import { canonicalJson } from '../api/canonical-json.ts';
import { controllerOf, type KubeObject } from '../api/object.ts';
import { applyStrategicMergePatch } from '../apiserver/patch/strategic-merge-patch.ts';
import { labelSelectorFromObject, matchesLabels } from '../apiserver/selectors/label-selector.ts';

/** A ControllerRevision as read from the store. */
export interface RevisionObject extends KubeObject {
  revision?: number;
  data?: unknown;
}

/** The kinds whose history is ControllerRevisions (kubectl's DaemonSet and StatefulSet viewers and rollbackers). */
export function hasControllerRevisions(group: string, kind: string): boolean {
  return group === 'apps' && (kind === 'DaemonSet' || kind === 'StatefulSet');
}

/**
 * `controlledHistory`: of the namespace's ControllerRevisions, those the object's `spec.selector` selects and the
 * object controls. A selector that does not parse selects nothing (upstream errors before listing).
 */
export function controlledHistory(obj: KubeObject, revisions: readonly KubeObject[]): RevisionObject[] {
  const selector = (obj.spec as { selector?: Parameters<typeof labelSelectorFromObject>[0] } | undefined)?.selector;
  if (!selector) return []; // a nil selector is labels.Nothing()
  let parsed: ReturnType<typeof labelSelectorFromObject>;
  try {
    parsed = labelSelectorFromObject(selector);
  } catch {
    return [];
  }
  return revisions.filter(
    (r) => (r.metadata.namespace ?? '') === (obj.metadata.namespace ?? '') && matchesLabels(parsed, r.metadata.labels) && controllerOf(r)?.uid === obj.metadata.uid,
  ) as RevisionObject[];
}

/**
 * `applyDaemonSetHistory` / `applyStatefulSetHistory`: the object with the revision's data applied as a strategic
 * merge patch (its template replaced). Throws what the patch throws.
 */
export function applyHistory(obj: KubeObject, history: RevisionObject): KubeObject {
  const [group, version] = (obj.apiVersion ?? 'apps/v1').split('/') as [string, string];
  return applyStrategicMergePatch(structuredClone(obj), history.data ?? {}, { group, version, kind: obj.kind }) as KubeObject;
}

/** The pod template of `applyHistory`'s result. */
export function templateOfHistory(obj: KubeObject, history: RevisionObject): Record<string, unknown> {
  const applied = applyHistory(obj, history);
  return ((applied.spec as { template?: Record<string, unknown> } | undefined)?.template ?? {}) as Record<string, unknown>;
}

/**
 * `getDaemonSetPatch` / `getStatefulSetPatch`: the patch that restores the object's current template. Go's
 * `json.Marshal` of the typed object writes an empty `metadata.creationTimestamp` as null.
 */
export function currentTemplatePatch(obj: KubeObject): Record<string, unknown> {
  const template = ((obj.spec as { template?: Record<string, unknown> } | undefined)?.template ?? {}) as Record<string, unknown>;
  const metadata = { creationTimestamp: null, ...((template['metadata'] as object | undefined) ?? {}) };
  return { spec: { template: { ...template, metadata, $patch: 'replace' } } };
}

/** `daemonSetMatch` / `statefulsetMatch`: the revision stores the object's current template. */
export function historyMatches(obj: KubeObject, history: RevisionObject): boolean {
  return canonicalJson(currentTemplatePatch(obj)) === canonicalJson(history.data ?? null);
}

/**
 * `findHistory`: the revision numbered `toRevision`, or for 0 the one before the newest (undefined when there are
 * fewer than two).
 */
export function findHistory(toRevision: number, all: readonly RevisionObject[]): RevisionObject | undefined {
  if (toRevision === 0) {
    if (all.length <= 1) return undefined;
    const sorted = [...all].sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0));
    return sorted[sorted.length - 2];
  }
  return all.find((h) => (h.revision ?? 0) === toRevision);
}

/** `revisionNotFoundErr`. */
export function revisionNotFound(toRevision: number): string {
  return `unable to find specified revision ${toRevision} in history`;
}

/**
 * What `rollout undo` of a DaemonSet or StatefulSet does (`DaemonSetRollbacker` / `StatefulSetRollbacker.Rollback`
 * after reading the history): the revision to go back to, or the error. The caller then prints (client dry run),
 * skips (the template already matches) or patches.
 */
export function historyToRollBackTo(toRevision: number, histories: readonly RevisionObject[]): { history: RevisionObject } | { error: string } {
  if (toRevision < 0) return { error: revisionNotFound(toRevision) };
  if (toRevision === 0 && histories.length <= 1) return { error: 'no last revision to roll back to' };
  const history = findHistory(toRevision, histories);
  if (!history) return { error: revisionNotFound(toRevision) };
  return { history };
}
