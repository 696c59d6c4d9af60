/**
 * Discovery documents, as kube-apiserver serves them: `/version`, `/api` (APIVersions), `/apis` (APIGroupList),
 * `/apis/<group>` (APIGroup) and `/api/v1`, `/apis/<group>/<version>` (APIResourceList with each resource's verbs,
 * short names, kind and subresources). Built from the api-server's served kinds, custom resources included.
 *
 * Aggregated discovery (apidiscovery.k8s.io/v2) is not offered: these answers carry `Content-Type: application/json`,
 * which client-go's discovery client reads as the legacy documents (discovery_client.go, `isV2Beta1ContentType`
 * false), and then asks for each group version, as it does against servers older than 1.26.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/discovery (legacy.go, group.go, version.go).
 */
import type { ResourceInfo } from '../sim/api/resources.ts';
import { apiVersionOf } from '../sim/api/resources.ts';

/** The version the simulated api-server reports: the release the simulation's kinds and behaviour follow. */
export const SERVED_VERSION = { major: '1', minor: '35', gitVersion: 'v1.35.0' } as const;

/** The verbs each resource answers here (no deletecollection: no user action expresses it). */
export const RESOURCE_VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] as const;

/** The resources upstream puts in the `all` category (what `kubectl get all` lists). */
const ALL_CATEGORY = new Set(['pods', 'replicationcontrollers', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets', 'horizontalpodautoscalers', 'cronjobs', 'jobs']);

export function versionInfo(): object {
  return {
    major: SERVED_VERSION.major,
    minor: SERVED_VERSION.minor,
    gitVersion: SERVED_VERSION.gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2025-12-17T00:00:00Z',
    goVersion: 'go1.25.5',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

export function apiVersions(serverAddress: string): object {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function groupVersions(resources: readonly ResourceInfo[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const r of resources) {
    if (r.group === '') continue;
    const versions = groups.get(r.group) ?? [];
    if (!versions.includes(r.version)) versions.push(r.version);
    groups.set(r.group, versions);
  }
  return groups;
}

function apiGroup(group: string, versions: string[]): object {
  const list = versions.map((version) => ({ groupVersion: `${group}/${version}`, version }));
  return { name: group, versions: list, preferredVersion: list[0] };
}

export function apiGroupList(resources: readonly ResourceInfo[]): object {
  const groups = [...groupVersions(resources)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(([g, v]) => apiGroup(g, v)) };
}

/** `/apis/<group>`, or undefined when the group is not served. */
export function apiGroupOf(resources: readonly ResourceInfo[], group: string): object | undefined {
  const versions = groupVersions(resources).get(group);
  return versions ? { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(group, versions) } : undefined;
}

/** `/api/v1` or `/apis/<group>/<version>`: the resources and their subresources. */
export function apiResourceList(resources: readonly ResourceInfo[], group: string, version: string): object {
  const list: object[] = [];
  for (const r of resources) {
    if (r.group !== group || r.version !== version) continue;
    list.push({
      name: r.resource,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: [...RESOURCE_VERBS],
      ...(r.shortNames.length ? { shortNames: [...r.shortNames] } : {}),
      ...(ALL_CATEGORY.has(r.resource) ? { categories: ['all'] } : {}),
    });
    if (r.status) list.push({ name: `${r.resource}/status`, singularName: '', namespaced: r.namespaced, kind: r.kind, verbs: ['get', 'patch'] });
    if (r.scale) list.push({ name: `${r.resource}/scale`, singularName: '', namespaced: r.namespaced, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: apiVersionOf({ group, version }), resources: list };
}
