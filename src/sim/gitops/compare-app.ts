/**
 * `CompareAppState` (argo-cd `controller/state.go`): render the desired manifests of an Application from Git, pair
 * each with its live object, diff them (diff.ts), and derive each resource's sync status and health and the
 * Application's. Pure: the caller supplies the repo and a lookup of live objects (the controller: its informer
 * caches, Argo CD's "cluster cache").
 *
 * @remarks Sources are plain directories of YAML/JSON (Argo CD's directory source, recursive); no Helm or
 * Kustomize. `targetRevision` other than HEAD is honoured when it names a commit sha of the simulated repo.
 */
import type { KubeObject } from '../api/object.ts';
import { BUILTIN_RESOURCES } from '../api/resources.ts';
import { parseManifests } from '../actions/manifests.ts';
import type { ApplicationSpec } from './application-crd.ts';
import { TRACKING_LABEL } from './application-crd.ts';
import { compareObject, formatDiff, type FieldDiff } from './diff.ts';
import type { GitRepo } from './git-repo.ts';
import { aggregateHealth, resourceHealth, type HealthStatus, type HealthStatusCode } from './health.ts';

/** `ResourceStatus` of `status.resources[]`, plus `diff` (a Loopscope addition: Argo CD computes diffs on request). */
export interface ResourceStatus {
  group: string;
  version: string;
  kind: string;
  namespace?: string;
  name: string;
  status: 'Synced' | 'OutOfSync';
  health: HealthStatus;
  requiresPruning?: boolean;
  /** "spec.replicas: git 2, live 5", one line per field. */
  diff?: string[];
}

/** One managed resource: what Git wants, what the cluster has, and how they differ. */
export interface ComparedResource {
  status: ResourceStatus;
  desired?: KubeObject;
  live?: KubeObject;
  diffs: FieldDiff[];
}

export interface Comparison {
  /** The commit compared (null: empty repo or unknown revision). */
  revision: string | null;
  syncStatus: 'Synced' | 'OutOfSync' | 'Unknown';
  health: HealthStatusCode;
  resources: ComparedResource[];
  /** ComparisonError messages (unparsable files, objects without a kind or name). */
  errors: string[];
}

/** Looks a live object up by type and name (undefined: not in the cluster). */
export type LiveLookup = (apiVersion: string, kind: string, namespace: string | undefined, name: string) => KubeObject | undefined;

function groupVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** Namespaced unless a built-in cluster-scoped kind (Namespace, Node, CRD). */
export function isNamespaced(apiVersion: string, kind: string): boolean {
  const { group } = groupVersion(apiVersion);
  const info = BUILTIN_RESOURCES.find((r) => r.kind === kind && r.group === group);
  return info ? info.namespaced : true;
}

/** "apps/Deployment/default/web": a resource's identity across desired and live. */
export function resourceKey(obj: Pick<KubeObject, 'apiVersion' | 'kind' | 'metadata'>): string {
  return `${groupVersion(obj.apiVersion).group}/${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

/** `spec.source.targetRevision` resolved in the repo: HEAD (or main/master) is the newest commit; else a sha prefix. */
export function resolveRevision(repo: GitRepo, spec: ApplicationSpec): string | null {
  const target = spec.source?.targetRevision;
  return !target || target === 'HEAD' || target === 'main' || target === 'master' ? repo.head() : (repo.log().find((c) => c.sha.startsWith(target))?.sha ?? null);
}

/**
 * The desired objects of an Application at `pinned` (default: the resolved `targetRevision`): every manifest under
 * `spec.source.path`, its namespace defaulted to `spec.destination.namespace`, and Argo CD's tracking label set to
 * the app's name.
 */
export function renderDesired(repo: GitRepo, appName: string, spec: ApplicationSpec, pinned?: string): { revision: string | null; objects: KubeObject[]; errors: string[] } {
  const target = spec.source?.targetRevision;
  const revision = pinned && repo.files(pinned) ? pinned : resolveRevision(repo, spec);
  const errors: string[] = [];
  const objects: KubeObject[] = [];
  if (revision === null) {
    if (target && target !== 'HEAD') errors.push(`Unable to resolve '${target}' to a commit SHA`);
    return { revision, objects, errors };
  }
  for (const file of repo.manifestsUnder(spec.source?.path ?? '', revision)) {
    const parsed = parseManifests(file.text);
    for (const e of parsed.errors) errors.push(`${file.path}:${e.line}: ${e.message}`);
    if (parsed.errors.length) continue;
    for (const doc of parsed.documents) {
      const obj = structuredClone(doc.object) as unknown as KubeObject;
      if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string' || !obj.metadata || typeof obj.metadata.name !== 'string') {
        errors.push(`${file.path}: document ${doc.index + 1} has no apiVersion, kind or metadata.name`);
        continue;
      }
      if (isNamespaced(obj.apiVersion, obj.kind)) {
        if (!obj.metadata.namespace) obj.metadata.namespace = spec.destination?.namespace || 'default';
      } else delete obj.metadata.namespace;
      obj.metadata.labels = { ...(obj.metadata.labels ?? {}), [TRACKING_LABEL]: appName };
      objects.push(obj);
    }
  }
  return { revision, objects, errors };
}

/**
 * Compares an Application's desired state with the cluster. `tracked` are live objects carrying the app's tracking
 * label (candidates for pruning when Git no longer has them).
 */
export function compareAppState(repo: GitRepo, appName: string, spec: ApplicationSpec, live: LiveLookup, tracked: readonly KubeObject[] = [], pinned?: string): Comparison {
  const { revision, objects, errors } = renderDesired(repo, appName, spec, pinned);
  const resources: ComparedResource[] = [];
  const seen = new Set<string>();
  for (const desired of objects) {
    const key = resourceKey(desired);
    if (seen.has(key)) {
      errors.push(`${desired.kind}/${desired.metadata.name} appeared 2 times among application resources.`);
      continue;
    }
    seen.add(key);
    const l = live(desired.apiVersion, desired.kind, desired.metadata.namespace, desired.metadata.name!);
    const diffs = l ? compareObject(desired, l, spec.ignoreDifferences ?? []) : [];
    const inSync = !!l && diffs.length === 0;
    const { group, version } = groupVersion(desired.apiVersion);
    const status: ResourceStatus = { group, version, kind: desired.kind, name: desired.metadata.name!, status: inSync ? 'Synced' : 'OutOfSync', health: resourceHealth(l) };
    if (desired.metadata.namespace) status.namespace = desired.metadata.namespace;
    if (!l) status.diff = ['(missing from the cluster)'];
    else if (diffs.length) status.diff = formatDiff(diffs);
    const r: ComparedResource = { status, desired, diffs };
    if (l) r.live = l;
    resources.push(r);
  }
  for (const l of tracked) {
    if (seen.has(resourceKey(l)) || l.metadata.labels?.[TRACKING_LABEL] !== appName || l.metadata.ownerReferences?.length || l.metadata.deletionTimestamp) continue;
    seen.add(resourceKey(l));
    const { group, version } = groupVersion(l.apiVersion);
    const status: ResourceStatus = { group, version, kind: l.kind, name: l.metadata.name!, status: 'OutOfSync', health: resourceHealth(l), requiresPruning: true, diff: ['(not in Git: requires pruning)'] };
    if (l.metadata.namespace) status.namespace = l.metadata.namespace;
    resources.push({ status, live: l, diffs: [] });
  }
  resources.sort((a, b) => (resourceKey(a.desired ?? a.live!) < resourceKey(b.desired ?? b.live!) ? -1 : 1));
  const syncStatus = errors.length && !objects.length ? 'Unknown' : resources.some((r) => r.status.status === 'OutOfSync') ? 'OutOfSync' : 'Synced';
  const health = aggregateHealth(resources.filter((r) => !r.status.requiresPruning).map((r) => r.status.health));
  return { revision, syncStatus, health, resources, errors };
}
