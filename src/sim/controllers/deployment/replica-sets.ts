/**
 * Finding, ordering and counting a Deployment's ReplicaSets.
 *
 * Ported from kubernetes `pkg/controller/deployment/util/deployment_util.go` (FindNewReplicaSet, FindOldReplicaSets,
 * FindActiveOrLatest, EqualIgnoreHash, Get*ReplicaCountForReplicaSets) and `pkg/controller/controller_utils.go`
 * (FilterActiveReplicaSets, ReplicaSetsByCreationTimestamp, ReplicaSetsBySizeOlder, ReplicaSetsBySizeNewer).
 */
import type { Deployment, ReplicaSet, ReplicaSetStatus } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { parseTime } from '../../engine/clock';
import { canonical, canonicalJson } from '../../api/canonical-json.ts';

/** The label the Deployment controller adds to its ReplicaSets' selector, template and pods. */
export const DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY = 'pod-template-hash';

/** ReplicaSetStatus plus the beta (1.35, on) `terminatingReplicas` field that kubernetes-types 1.30 lacks. */
export type ReplicaSetStatusWithTerminating = ReplicaSetStatus & { terminatingReplicas?: number };

/** `*rs.Spec.Replicas`, with the API default (1) when absent. */
export function rsReplicas(rs: ReplicaSet): number {
  return rs.spec?.replicas ?? 1;
}

function createdAt(rs: ReplicaSet): number {
  const t = rs.metadata?.creationTimestamp;
  return t ? parseTime(t) : 0;
}

/** `ReplicaSetsByCreationTimestamp.Less`: older first; equal times by name. */
export function byCreationTimestamp(a: ReplicaSet, b: ReplicaSet): number {
  const d = createdAt(a) - createdAt(b);
  if (d !== 0) return d;
  const an = a.metadata?.name ?? '';
  const bn = b.metadata?.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/** `ReplicaSetsBySizeOlder`: larger spec.replicas first; equal sizes older first. Used when scaling down. */
export function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  const d = rsReplicas(b) - rsReplicas(a);
  return d !== 0 ? d : byCreationTimestamp(a, b);
}

/** `ReplicaSetsBySizeNewer`: larger spec.replicas first; equal sizes newer first. Used when scaling up. */
export function bySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  const d = rsReplicas(b) - rsReplicas(a);
  return d !== 0 ? d : byCreationTimestamp(b, a);
}

/** `FilterActiveReplicaSets`: the RSs with spec.replicas > 0 (in input order). */
export function filterActiveReplicaSets(rss: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => rs !== undefined && rsReplicas(rs) > 0);
}

/**
 * `EqualIgnoreHash`: the two templates are equal except, possibly, for the value of the pod-template-hash label.
 * @remarks upstream uses `apiequality.Semantic.DeepEqual`; we compare canonical JSON, where an empty map and an
 * absent one differ only if the api-server keeps both forms (it does not after defaulting).
 */
export function equalIgnoreHash(t1: PodTemplateSpec | undefined, t2: PodTemplateSpec | undefined): boolean {
  return strippedJson(t1) === strippedJson(t2);
}

/**
 * The canonical JSON of a template without its pod-template-hash label. Memoised per frozen template (a cached
 * ReplicaSet's never changes): a sync compares the Deployment's template with every ReplicaSet's, several times.
 */
function strippedJson(t: PodTemplateSpec | undefined): string {
  if (t && Object.isFrozen(t)) {
    const known = strippedJsonCache.get(t);
    if (known !== undefined) return known;
  }
  const labels = { ...(t?.metadata?.labels ?? {}) };
  delete labels[DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY];
  const meta = { ...(t?.metadata ?? {}), labels: Object.keys(labels).length ? labels : undefined };
  const json = canonicalJson({ ...(t ?? {}), metadata: Object.keys(canonical(meta) as object).length ? meta : undefined });
  if (t && Object.isFrozen(t)) strippedJsonCache.set(t, json);
  return json;
}

/** A pure memo of immutable inputs (not simulation state: lost entries are recomputed identically). */
const strippedJsonCache = new WeakMap<object, string>();

/** `FindNewReplicaSet`: the oldest RS whose template equals the Deployment's, ignoring the hash label. */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...rsList].sort(byCreationTimestamp).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/**
 * `FindOldReplicaSets`: every RS but the new one (`allOldRSs`), and those of them with spec.replicas ≠ 0 (`oldRSs`).
 */
export function findOldReplicaSets(d: Deployment, rsList: readonly ReplicaSet[]): { oldRSs: ReplicaSet[]; allOldRSs: ReplicaSet[] } {
  const newRS = findNewReplicaSet(d, rsList);
  const isNew = (rs: ReplicaSet): boolean =>
    newRS !== undefined && (rs === newRS || (rs.metadata?.uid !== undefined && rs.metadata.uid === newRS.metadata?.uid));
  const allOldRSs = rsList.filter((rs) => !isNew(rs));
  return { oldRSs: allOldRSs.filter((rs) => rsReplicas(rs) !== 0), allOldRSs };
}

/**
 * `FindActiveOrLatest`: the only active RS, or the newest one when none is active; undefined when several are
 * active (they need proportional scaling).
 */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (newRS === undefined && oldRSs.length === 0) return undefined;
  const sortedOld = [...oldRSs].sort((a, b) => byCreationTimestamp(b, a));
  const active = filterActiveReplicaSets([...sortedOld, newRS]);
  if (active.length === 0) return newRS ?? sortedOld[0];
  return active.length === 1 ? active[0] : undefined;
}

const sum = (rss: readonly (ReplicaSet | undefined)[], f: (rs: ReplicaSet) => number): number =>
  rss.reduce((acc, rs) => acc + (rs ? f(rs) : 0), 0);

/** `GetReplicaCountForReplicaSets`: Σ spec.replicas. */
export function getReplicaCountForReplicaSets(rss: readonly (ReplicaSet | undefined)[]): number {
  return sum(rss, rsReplicas);
}

/** `GetActualReplicaCountForReplicaSets`: Σ status.replicas. */
export function getActualReplicaCountForReplicaSets(rss: readonly (ReplicaSet | undefined)[]): number {
  return sum(rss, (rs) => rs.status?.replicas ?? 0);
}

/** `GetReadyReplicaCountForReplicaSets`: Σ status.readyReplicas. */
export function getReadyReplicaCountForReplicaSets(rss: readonly (ReplicaSet | undefined)[]): number {
  return sum(rss, (rs) => rs.status?.readyReplicas ?? 0);
}

/** `GetAvailableReplicaCountForReplicaSets`: Σ status.availableReplicas. */
export function getAvailableReplicaCountForReplicaSets(rss: readonly (ReplicaSet | undefined)[]): number {
  return sum(rss, (rs) => rs.status?.availableReplicas ?? 0);
}

/**
 * `GetTerminatingReplicaCountForReplicaSets`: Σ status.terminatingReplicas, or undefined when a synced RS does not
 * report it (the count is unknown). An RS never synced (observedGeneration 0) counts as 0.
 * @remarks the "never synced counts as 0" rule is read from upstream's TestGetReplicaCountForReplicaSets table.
 */
export function getTerminatingReplicaCountForReplicaSets(rss: readonly (ReplicaSet | undefined)[]): number | undefined {
  let total = 0;
  for (const rs of rss) {
    if (!rs) continue;
    const status = rs.status as ReplicaSetStatusWithTerminating | undefined;
    if (status?.terminatingReplicas === undefined) {
      if ((status?.observedGeneration ?? 0) === 0) continue;
      return undefined;
    }
    total += status.terminatingReplicas;
  }
  return total;
}
