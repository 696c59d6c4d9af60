/**
 * Which requests a webhook is called for: its rules (operation, group, version, resource/subresource, scope), its
 * namespaceSelector and its objectSelector.
 *
 * Upstream: k8s.io/apiserver/pkg/admission/plugin/webhook/predicates/rules/rules.go (Matcher),
 * predicates/namespace/matcher.go (MatchNamespaceSelector), predicates/object/matcher.go (MatchObjectSelector),
 * and generic/webhook.go (ShouldCallHook: configuration objects are never sent to webhooks).
 *
 * @remarks matchPolicy `Equivalent` has nothing to convert between: each kind is served at one version here, so
 * `Exact` and `Equivalent` match the same requests.
 */
import type { KubeObject, LabelSelector } from '../api/object.ts';
import { labelSelectorFromObject, matchesLabels } from '../apiserver/selectors/label-selector.ts';
import type { AdmissionOperation } from './admission-review.ts';
import { ADMISSION_GROUP, type RuleWithOperations, type Webhook } from './webhook-configuration.ts';

/** What the matchers look at in a request. */
export interface MatchAttributes {
  operation: AdmissionOperation;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** "" for cluster-scoped objects. */
  namespace: string;
  object?: KubeObject;
  oldObject?: KubeObject;
}

/** `rules.Matcher.Matches` for one rule. */
export function ruleMatches(rule: RuleWithOperations, a: MatchAttributes): boolean {
  const scope = rule.scope ?? '*';
  // Namespace objects are cluster-scoped even though they are "namespaced" by their own name.
  const clusterScoped = a.namespace === '' || a.resource === 'namespaces';
  if (scope === 'Cluster' && !clusterScoped) return false;
  if (scope === 'Namespaced' && clusterScoped) return false;
  if (!(rule.operations ?? []).some((o) => o === '*' || o === a.operation)) return false;
  if (!(rule.apiGroups ?? []).some((g) => g === '*' || g === a.group)) return false;
  if (!(rule.apiVersions ?? []).some((v) => v === '*' || v === a.version)) return false;
  return (rule.resources ?? []).some((r) => {
    const i = r.indexOf('/');
    const res = i < 0 ? r : r.slice(0, i);
    const sub = i < 0 ? '' : r.slice(i + 1);
    return (res === '*' || res === a.resource) && (sub === '*' || sub === a.subresource);
  });
}

function selectorMatches(sel: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!sel) return true;
  try {
    return matchesLabels(labelSelectorFromObject(sel), labels ?? {});
  } catch {
    // An invalid selector: upstream answers with an error; here it matches nothing.
    return false;
  }
}

/** Reads the labels of a namespace (undefined: not found). */
export interface NamespaceLabels {
  labelsOfNamespace(ns: string): Record<string, string> | undefined;
}

/**
 * `ShouldCallHook` without matchConditions: a rule matches, the namespace's labels match the namespaceSelector
 * (objects that are cluster-scoped and not Namespaces always match), and the object's or the old object's labels
 * match the objectSelector.
 */
export function webhookMatches(hook: Webhook, a: MatchAttributes, namespaces: NamespaceLabels): boolean {
  if (a.group === ADMISSION_GROUP && (a.resource === 'mutatingwebhookconfigurations' || a.resource === 'validatingwebhookconfigurations')) return false;
  if (!(hook.rules ?? []).some((r) => ruleMatches(r, a))) return false;
  const nsSel = hook.namespaceSelector;
  const hasNsSel = nsSel !== undefined && ((nsSel.matchExpressions ?? []).length > 0 || Object.keys(nsSel.matchLabels ?? {}).length > 0);
  if (hasNsSel) {
    if (a.resource === 'namespaces') {
      if (!selectorMatches(nsSel, (a.object ?? a.oldObject)?.metadata.labels)) return false;
    } else if (a.namespace !== '') {
      if (!selectorMatches(nsSel, namespaces.labelsOfNamespace(a.namespace))) return false;
    }
  }
  const objSel = hook.objectSelector;
  const hasObjSel = objSel !== undefined && ((objSel.matchExpressions ?? []).length > 0 || Object.keys(objSel.matchLabels ?? {}).length > 0);
  if (hasObjSel) {
    const inNew = a.object !== undefined && selectorMatches(objSel, a.object.metadata.labels);
    const inOld = a.oldObject !== undefined && selectorMatches(objSel, a.oldObject.metadata.labels);
    if (!inNew && !inOld) return false;
  }
  return true;
}
