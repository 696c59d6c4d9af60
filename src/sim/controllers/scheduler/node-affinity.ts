/**
 * nodeSelector and required node affinity: whether a node's labels (and name) satisfy a pod's placement rules.
 *
 * Ported from `k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go` (RequiredNodeAffinity,
 * NodeSelector.Match, nodeSelectorRequirementsAsSelector, nodeSelectorRequirementsAsFieldSelector).
 */
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';

/**
 * One requirement against a label set: In / NotIn / Exists / DoesNotExist / Gt / Lt. NotIn and DoesNotExist match
 * a missing label; Gt/Lt compare the label as an integer with the single value (a non-integer never matches).
 */
export function matchRequirement(req: NodeSelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, req.key);
  const v = labels[req.key];
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return has && values.includes(v ?? '');
    case 'NotIn':
      return !has || !values.includes(v ?? '');
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has || values.length !== 1 || !/^[+-]?\d+$/.test(v ?? '') || !/^[+-]?\d+$/.test(values[0] ?? '')) return false;
      const a = Number(v);
      const b = Number(values[0]);
      return req.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** One term: all matchExpressions on labels and all matchFields (only metadata.name, In/NotIn) hold. An empty term matches nothing. */
export function matchNodeSelectorTerm(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata?.labels ?? {};
  if (!exprs.every((r) => matchRequirement(r, labels))) return false;
  return fields.every((r) => {
    if (r.key !== 'metadata.name' || (r.operator !== 'In' && r.operator !== 'NotIn') || (r.values ?? []).length !== 1) return false;
    return matchRequirement(r, { 'metadata.name': node.metadata?.name ?? '' });
  });
}

/** `NodeSelector.Match`: the terms are ORed. */
export function matchNodeSelectorTerms(terms: readonly NodeSelectorTerm[], node: Node): boolean {
  return terms.some((t) => matchNodeSelectorTerm(t, node));
}

/**
 * `RequiredNodeAffinity.Match`: spec.nodeSelector (every label equal) AND, when set,
 * requiredDuringSchedulingIgnoredDuringExecution.
 */
export function requiredNodeAffinityMatches(pod: Pod, node: Node): boolean {
  const labels = node.metadata?.labels ?? {};
  for (const [k, v] of Object.entries(pod.spec?.nodeSelector ?? {})) {
    if (labels[k] !== v) return false;
  }
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!required) return true;
  return matchNodeSelectorTerms(required.nodeSelectorTerms, node);
}
