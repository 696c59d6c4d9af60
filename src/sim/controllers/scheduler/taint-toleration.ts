/**
 * Taints and tolerations: whether a toleration tolerates a taint, and the first taint a pod does not tolerate.
 *
 * Ported from kubernetes `staging/src/k8s.io/api/core/v1/toleration.go` (ToleratesTaint),
 * `k8s.io/component-helpers/scheduling/corev1/helpers.go` (TolerationsTolerateTaint, FindMatchingUntoleratedTaint).
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1';

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

/**
 * `Toleration.ToleratesTaint`: an empty effect matches every effect; an empty key (only valid with Exists) matches
 * every key; operator Exists matches any value; Equal (or empty) needs the same value.
 * @remarks the alpha numeric operators (Gt/Lt on tolerations) are not modelled.
 */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** `TolerationsTolerateTaint`: some toleration tolerates the taint. */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/**
 * `FindMatchingUntoleratedTaint`: the first taint (in node order) accepted by `inclusionFilter` that no toleration
 * tolerates, or undefined.
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  inclusionFilter: (t: Taint) => boolean,
): Taint | undefined {
  return (taints ?? []).find((t) => inclusionFilter(t) && !tolerationsTolerateTaint(tolerations, t));
}

/** `getMatchingTolerations`: whether every taint is tolerated, and the tolerations that tolerate some taint. */
export function getMatchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined): { allTolerated: boolean; matching: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, matching: [] };
  if (!tolerations?.length) return { allTolerated: false, matching: [] };
  const matching: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((tol) => toleratesTaint(tol, taint));
    if (!t) return { allTolerated: false, matching: [] };
    matching.push(t);
  }
  return { allTolerated: true, matching };
}
