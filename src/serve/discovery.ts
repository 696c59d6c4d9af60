/**
 * Discovery documents, as kube-apiserver serves them: `/version`, `/api` (APIVersions), `/apis` (APIGroupList),
 * `/apis/<group>` (APIGroup) and `/api/v1`, `/apis/<group>/<version>` (APIResourceList with each resource's verbs,
 * short names, kind and subresources). Built from the api-server's served kinds, custom resources included.
 *
 * Aggregated discovery (apidiscovery.k8s.io/v2, {@link aggregatedDiscovery}) answers `/api` and `/apis` when the
 * client's Accept asks for `as=APIGroupDiscoveryList` (client-go 1.30+ does, kubectl 1.32 among them): every group,
 * version, resource and subresource in one document, so a client needs two requests instead of one per group
 * version. Other clients get the legacy documents.
 *
 * Upstream: k8s.io/apiserver/pkg/endpoints/discovery (legacy.go, group.go, version.go, aggregated/handler.go),
 * k8s.io/api/apidiscovery/v2/types.go.
 */
import type { ResourceInfo } from '../sim/api/resources.ts';
import { apiVersionOf } from '../sim/api/resources.ts';
import { METRICS_GROUP, metricsAggregatedGroup, metricsApiGroup } from './metrics.ts';

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
  // The resource metrics API (metrics.ts), last, as an aggregated API server's group is.
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: [...groups.map(([g, v]) => apiGroup(g, v)), metricsApiGroup()] };
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

/** The media type of an aggregated discovery answer (apidiscovery.k8s.io/v2), as the Content-Type says it. */
export const AGGREGATED_DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/**
 * Whether an Accept header asks for aggregated discovery v2 (client-go sends it first, then v2beta1, then plain JSON:
 * the server answers with the first it offers; v2beta1 is not offered).
 */
export function wantsAggregatedDiscovery(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const params = part.split(';').map((p) => p.trim().toLowerCase());
    return params[0] === 'application/json' && params.includes('g=apidiscovery.k8s.io') && params.includes('v=v2') && params.includes('as=apigroupdiscoverylist');
  });
}

/**
 * `/api` (`legacy`: the core group, named "") or `/apis` (every other group) as an APIGroupDiscoveryList: each
 * group's versions, newest first as served, each with its resources (scope, kinds, verbs, short names, categories)
 * and their subresources.
 */
export function aggregatedDiscovery(resources: readonly ResourceInfo[], legacy: boolean): object {
  const groups = new Map<string, Map<string, object[]>>();
  for (const r of resources) {
    if ((r.group === '') !== legacy) continue;
    const versions = groups.get(r.group) ?? new Map<string, object[]>();
    groups.set(r.group, versions);
    const list = versions.get(r.version) ?? [];
    versions.set(r.version, list);
    const subresources: object[] = [];
    if (r.scale) subresources.push({ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] });
    if (r.status) subresources.push({ subresource: 'status', responseKind: { group: r.group, version: r.version, kind: r.kind }, verbs: ['get', 'patch'] });
    list.push({
      resource: r.resource,
      responseKind: { group: r.group, version: r.version, kind: r.kind },
      scope: r.namespaced ? 'Namespaced' : 'Cluster',
      singularResource: r.singular,
      verbs: [...RESOURCE_VERBS],
      ...(r.shortNames.length ? { shortNames: [...r.shortNames] } : {}),
      ...(ALL_CATEGORY.has(r.resource) ? { categories: ['all'] } : {}),
      ...(subresources.length ? { subresources } : {}),
    });
  }
  const names = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const items: object[] = names.map((name) => ({
    metadata: { name, creationTimestamp: null },
    versions: [...groups.get(name)!].map(([version, list]) => ({ version, resources: list, freshness: 'Current' })),
  }));
  // The resource metrics API (metrics.ts), served beside the built-in groups as metrics-server's APIService is.
  if (!legacy && !names.includes(METRICS_GROUP)) items.push(metricsAggregatedGroup());
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}
