/**
 * The resource metrics API, `metrics.k8s.io/v1beta1`, as metrics-server serves it through the api-server's
 * aggregation layer, so the real `kubectl top pod` / `kubectl top node` work against `loopscope serve`:
 * `GET /apis/metrics.k8s.io/v1beta1/[namespaces/NS/]pods[/NAME]` (PodMetrics, PodMetricsList) and
 * `/apis/metrics.k8s.io/v1beta1/nodes[/NAME]` (NodeMetrics, NodeMetricsList), with `labelSelector`; the group's
 * discovery documents (`/apis/metrics.k8s.io`, `/apis/metrics.k8s.io/v1beta1`); the group is listed in `/apis`
 * (legacy and aggregated) by discovery.ts.
 *
 * The numbers are the simulated metrics-server's (src/sim/metrics/metrics-api.ts), the same the console's
 * `kubectl top` prints and the HPA reads. Errors are metrics-server's (pkg/api/pod.go, node.go): a missing pod or
 * node is `pods "x" not found` / `nodes "x" not found`, one without a sample `podmetrics.metrics.k8s.io "ns/x" not
 * found` / `nodemetrics.metrics.k8s.io "x" not found`; only `get` and `list` are served (no watch).
 *
 * Upstream: kubernetes-sigs/metrics-server `pkg/api` (install.go, pod.go, node.go).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { Simulation } from '../sim/simulation.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { methodNotSupported, notFound, resourceNotServed } from '../sim/api/status.ts';
import { nodeMetricsObject, nodeUsages, podMetricsObject, podUsages } from '../sim/metrics/metrics-api.ts';
import { statusReply, type Reply } from './http-io.ts';

export const METRICS_GROUP = 'metrics.k8s.io';
export const METRICS_VERSION = 'v1beta1';
const GROUP_VERSION = `${METRICS_GROUP}/${METRICS_VERSION}`;

/** Whether `pathname` is under `/apis/metrics.k8s.io`. */
export function isMetricsPath(pathname: string): boolean {
  return pathname === `/apis/${METRICS_GROUP}` || pathname.startsWith(`/apis/${METRICS_GROUP}/`);
}

/** The group's resources as an APIResourceList lists them (metrics-server's). */
export function metricsApiResources(): object[] {
  return [
    { name: 'nodes', singularName: '', namespaced: false, kind: 'NodeMetrics', verbs: ['get', 'list'] },
    { name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get', 'list'] },
  ];
}

/** `/apis/metrics.k8s.io` as an APIGroup. */
export function metricsApiGroup(): { name: string; versions: object[]; preferredVersion: object } {
  const v = { groupVersion: GROUP_VERSION, version: METRICS_VERSION };
  return { name: METRICS_GROUP, versions: [v], preferredVersion: v };
}

/** The group in an aggregated discovery (apidiscovery.k8s.io/v2) APIGroupDiscoveryList. */
export function metricsAggregatedGroup(): object {
  return {
    metadata: { name: METRICS_GROUP, creationTimestamp: null },
    versions: [
      {
        version: METRICS_VERSION,
        resources: [
          { resource: 'nodes', responseKind: { group: METRICS_GROUP, version: METRICS_VERSION, kind: 'NodeMetrics' }, scope: 'Cluster', singularResource: '', verbs: ['get', 'list'] },
          { resource: 'pods', responseKind: { group: METRICS_GROUP, version: METRICS_VERSION, kind: 'PodMetrics' }, scope: 'Namespaced', singularResource: '', verbs: ['get', 'list'] },
        ],
        freshness: 'Current',
      },
    ],
  };
}

/** Lists `kind` through the api-server with the request's label selector (its 400 for a bad one). */
function listSelected(sim: Simulation, kind: 'Pod' | 'Node', namespace: string | undefined, labelSelector: string | null, user: string): KubeObject[] | Reply {
  const res = sim.cluster.apiServer.handle({ verb: 'list', apiVersion: 'v1', kind, ...(namespace !== undefined ? { namespace } : {}), ...(labelSelector ? { labelSelector } : {}), user });
  if (!res.ok) return statusReply(res.status);
  return 'list' in res ? res.list.items : [];
}

/** Answers a request under `/apis/metrics.k8s.io`. */
export function answerMetrics(sim: Simulation, method: string, pathname: string, query: URLSearchParams, user: string): Reply {
  let segments: string[];
  try {
    segments = pathname.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s)).slice(2);
  } catch {
    return statusReply(resourceNotServed());
  }
  if (segments.length === 0) return method === 'GET' ? { code: 200, body: { kind: 'APIGroup', apiVersion: 'v1', ...metricsApiGroup() } } : statusReply(methodNotSupported({ group: '', resource: pathname }, method.toLowerCase()));
  if (segments[0] !== METRICS_VERSION) return statusReply(resourceNotServed());
  let tail = segments.slice(1);
  if (tail.length === 0) {
    return method === 'GET' ? { code: 200, body: { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: GROUP_VERSION, resources: metricsApiResources() } } : statusReply(methodNotSupported({ group: '', resource: pathname }, method.toLowerCase()));
  }
  let namespace: string | undefined;
  if (tail[0] === 'namespaces' && tail.length >= 3 && tail[2] === 'pods') {
    namespace = tail[1];
    tail = tail.slice(2);
  }
  const [resource, name, ...extra] = tail;
  if ((resource !== 'pods' && resource !== 'nodes') || extra.length > 0 || (resource === 'nodes' && namespace !== undefined)) return statusReply(resourceNotServed());
  if (method !== 'GET' || query.get('watch') === 'true' || query.get('watch') === '1') {
    const verb = method !== 'GET' ? method.toLowerCase() : 'watch';
    return statusReply(methodNotSupported({ group: METRICS_GROUP, resource }, verb));
  }
  const model = sim.cluster.loadModel;
  const now = sim.now;
  const allPods = sim.cluster.apiServer.listObjects('v1', 'Pod') as unknown as Pod[];
  if (resource === 'pods') {
    const usages = podUsages(model, allPods, now);
    if (name !== undefined) {
      const pod = allPods.find((p) => p.metadata?.name === name && p.metadata?.namespace === (namespace ?? ''));
      if (!pod) return statusReply(notFound({ group: '', resource: 'pods' }, name));
      const u = usages.get(`${namespace ?? ''}/${name}`);
      if (!u) return statusReply(notFound({ group: METRICS_GROUP, resource: 'podmetrics' }, `${namespace ?? ''}/${name}`));
      return { code: 200, body: podMetricsObject(u, now) };
    }
    const pods = listSelected(sim, 'Pod', namespace, query.get('labelSelector'), user);
    if (!Array.isArray(pods)) return pods;
    const items = pods.map((p) => usages.get(`${p.metadata.namespace ?? ''}/${p.metadata.name}`)).filter((u) => u !== undefined);
    return { code: 200, body: { kind: 'PodMetricsList', apiVersion: GROUP_VERSION, metadata: {}, items: items.map((u) => podMetricsObject(u, now)) } };
  }
  if (name !== undefined) {
    const node = sim.cluster.apiServer.getObject('v1', 'Node', undefined, name) as Node | undefined;
    if (!node) return statusReply(notFound({ group: '', resource: 'nodes' }, name));
    const u = nodeUsages(model, [node], allPods, now).get(name);
    if (!u) return statusReply(notFound({ group: METRICS_GROUP, resource: 'nodemetrics' }, name));
    return { code: 200, body: nodeMetricsObject(u, now) };
  }
  const nodes = listSelected(sim, 'Node', undefined, query.get('labelSelector'), user);
  if (!Array.isArray(nodes)) return nodes;
  const usages = nodeUsages(model, nodes as unknown as Node[], allPods, now);
  return { code: 200, body: { kind: 'NodeMetricsList', apiVersion: GROUP_VERSION, metadata: {}, items: [...usages.values()].map((u) => nodeMetricsObject(u, now)) } };
}
