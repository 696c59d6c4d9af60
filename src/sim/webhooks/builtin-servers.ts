/**
 * The simulated webhook servers. No user code runs in the simulation, so a webhook's `clientConfig` names one of
 * these built-in, deterministic behaviours, with parameters in the query string of its path:
 *
 * ```yaml
 * clientConfig:
 *   service: {namespace: webhooks, name: force-replicas, path: "/mutate?replicas=2"}
 * # or: url: "https://force-replicas.webhooks.svc/mutate?replicas=2"   (the host's first label names the server)
 * ```
 *
 * | server | kind | parameters | does |
 * |---|---|---|---|
 * | `sidecar-injector` | mutating | `name` (istio-proxy), `image` | adds a sidecar container and a `sidecar.istio.io/status` annotation to Pods that lack it (pick the pods with the webhook's `objectSelector`) |
 * | `force-replicas` | mutating | `replicas` (1) | sets `spec.replicas` (Deployments, ReplicaSets, /scale) to the number |
 * | `require-labels` | validating | `labels` (comma list) | denies objects missing one of the labels |
 * | `replicas-cap` | validating | `max` (10) | denies `spec.replicas` above `max` |
 * | `image-policy` | validating | `prefix` (comma list; registry.k8s.io/) | denies containers whose image starts with none of the prefixes |
 * | `unavailable` | either | | never answers: `connect: connection refused` |
 * | `slow` | either | | answers after the webhook's timeout: `context deadline exceeded` |
 *
 * Any other service name is a service with no endpoints (`no endpoints available for service "<name>"`).
 * Denials carry code 403, reason Forbidden, as controller-runtime's `admission.Denied` does.
 *
 * @remarks Upstream rejects a query string in `url` ("query parameters are not allowed") and checks each segment
 * of `service.path`; the simulation accepts one and reads the server's parameters from it (there is no server to
 * configure otherwise).
 */
import type { KubeObject } from '../api/object.ts';
import type { AdmissionRequest, AdmissionResponse, JsonPatchOperation, WebhookCallError } from './admission-review.ts';
import type { WebhookClientConfig } from './webhook-configuration.ts';

/** The names of the built-in servers (for the page's picker and the docs). */
export const BUILTIN_WEBHOOK_SERVERS = ['sidecar-injector', 'force-replicas', 'require-labels', 'replicas-cap', 'image-policy', 'unavailable', 'slow'] as const;

export const SIDECAR_STATUS_ANNOTATION = 'sidecar.istio.io/status';
export const DEFAULT_SIDECAR_IMAGE = 'docker.io/istio/proxyv2:1.24.0';

/** Where a client config points: the server's name, its parameters, and the URL upstream would post to. */
export interface ResolvedEndpoint {
  server: string;
  params: Record<string, string>;
  /** `https://<name>.<namespace>.svc:443/<path>?timeout=10s`, as upstream's error messages print it. */
  postUrl: string;
  /** How a missing server fails: a service without endpoints, or a host that does not resolve. */
  missing: string;
}

function parseQuery(q: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of q.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const k = decodeURIComponent(i < 0 ? part : part.slice(0, i));
    out[k] = decodeURIComponent(i < 0 ? '' : part.slice(i + 1));
  }
  return out;
}

function splitPath(pathWithQuery: string): { path: string; query: string } {
  const i = pathWithQuery.indexOf('?');
  return i < 0 ? { path: pathWithQuery, query: '' } : { path: pathWithQuery.slice(0, i), query: pathWithQuery.slice(i + 1) };
}

/** Resolves a (validated) client config to a built-in server name and its parameters. */
export function resolveEndpoint(cc: WebhookClientConfig, timeoutSeconds: number): ResolvedEndpoint {
  if (cc.service) {
    const { name = '', namespace = '', port = 443 } = cc.service;
    const { path, query } = splitPath(cc.service.path ?? '/');
    return {
      server: name,
      params: parseQuery(query),
      postUrl: `https://${name}.${namespace}.svc:${port}${path}?timeout=${timeoutSeconds}s`,
      missing: `no endpoints available for service "${name}"`,
    };
  }
  const url = cc.url ?? '';
  const rest = url.replace(/^https:\/\//, '');
  const slash = rest.indexOf('/');
  const host = slash < 0 ? rest : rest.slice(0, slash);
  const { path, query } = splitPath(slash < 0 ? '' : rest.slice(slash));
  const hostname = host.split(':')[0] ?? '';
  return {
    server: hostname.split('.')[0] ?? '',
    params: parseQuery(query),
    postUrl: `https://${host}${path}?timeout=${timeoutSeconds}s`,
    missing: `dial tcp: lookup ${hostname}: no such host`,
  };
}

/** Calls the built-in server behind `endpoint` with one review request. Deterministic; never throws. */
export function callBuiltinServer(endpoint: ResolvedEndpoint, req: AdmissionRequest): AdmissionResponse | WebhookCallError {
  const p = endpoint.params;
  switch (endpoint.server) {
    case 'sidecar-injector':
      return allowWith(req, injectSidecar(req, p.name || 'istio-proxy', p.image || DEFAULT_SIDECAR_IMAGE));
    case 'force-replicas':
      return allowWith(req, forceReplicas(req, intParam(p.replicas, 1)));
    case 'require-labels':
      return requireLabels(req, (p.labels ?? '').split(',').filter((s) => s !== ''));
    case 'replicas-cap':
      return replicasCap(req, intParam(p.max, 10));
    case 'image-policy':
      return imagePolicy(req, (p.prefix || 'registry.k8s.io/').split(',').filter((s) => s !== ''));
    case 'unavailable':
      return { callError: `Post "${endpoint.postUrl}": dial tcp: connect: connection refused` };
    case 'slow':
      return { callError: `Post "${endpoint.postUrl}": context deadline exceeded` };
    default:
      return { callError: `Post "${endpoint.postUrl}": ${endpoint.missing}` };
  }
}

function intParam(v: string | undefined, dflt: number): number {
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) ? n : dflt;
}

function allowWith(req: AdmissionRequest, patch: JsonPatchOperation[]): AdmissionResponse {
  return patch.length > 0 ? { uid: req.uid, allowed: true, patchType: 'JSONPatch', patch } : { uid: req.uid, allowed: true };
}

function deny(req: AdmissionRequest, message: string): AdmissionResponse {
  return { uid: req.uid, allowed: false, status: { code: 403, reason: 'Forbidden', message } };
}

/** JSON pointer escaping (RFC 6901). */
function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function injectSidecar(req: AdmissionRequest, name: string, image: string): JsonPatchOperation[] {
  const pod = req.object;
  if (!pod || pod.kind !== 'Pod' || req.operation !== 'CREATE') return [];
  const spec = (pod.spec ?? {}) as { containers?: Array<{ name?: string }> };
  const containers = spec.containers ?? [];
  if (containers.some((c) => c.name === name)) return [];
  const sidecar = {
    name,
    image,
    args: ['proxy', 'sidecar'],
    resources: { requests: { cpu: '100m', memory: '128Mi' } },
  };
  const status = JSON.stringify({ containers: [name] });
  const ops: JsonPatchOperation[] = [{ op: 'add', path: '/spec/containers/-', value: sidecar }];
  if (pod.metadata.annotations) ops.push({ op: 'add', path: `/metadata/annotations/${escapePointer(SIDECAR_STATUS_ANNOTATION)}`, value: status });
  else ops.push({ op: 'add', path: '/metadata/annotations', value: { [SIDECAR_STATUS_ANNOTATION]: status } });
  return ops;
}

function replicasOf(obj: KubeObject | undefined): number | undefined {
  const r = (obj?.spec as { replicas?: unknown } | undefined)?.replicas;
  return typeof r === 'number' ? r : undefined;
}

function forceReplicas(req: AdmissionRequest, replicas: number): JsonPatchOperation[] {
  const obj = req.object;
  if (!obj || req.operation === 'DELETE' || typeof obj.spec !== 'object' || obj.spec === null) return [];
  const current = replicasOf(obj);
  if (current === replicas) return [];
  return [{ op: current === undefined ? 'add' : 'replace', path: '/spec/replicas', value: replicas }];
}

function requireLabels(req: AdmissionRequest, required: string[]): AdmissionResponse {
  const obj = req.object;
  if (!obj || req.operation === 'DELETE') return { uid: req.uid, allowed: true };
  const labels = obj.metadata.labels ?? {};
  const missing = required.filter((l) => !(l in labels));
  if (missing.length === 0) return { uid: req.uid, allowed: true };
  return deny(req, `missing required label(s): ${missing.join(', ')}`);
}

function replicasCap(req: AdmissionRequest, max: number): AdmissionResponse {
  const r = req.operation === 'DELETE' ? undefined : replicasOf(req.object);
  if (r === undefined || r <= max) return { uid: req.uid, allowed: true };
  return deny(req, `spec.replicas must be at most ${max}, got ${r}`);
}

interface ContainerLike {
  name?: string;
  image?: string;
}

/** The pod spec inside a Pod or a workload's template. */
function podSpecOf(obj: KubeObject): { containers?: ContainerLike[]; initContainers?: ContainerLike[] } | undefined {
  const spec = obj.spec as Record<string, unknown> | undefined;
  if (!spec) return undefined;
  if (obj.kind === 'Pod') return spec;
  if (obj.kind === 'CronJob') {
    const job = spec.jobTemplate as { spec?: { template?: { spec?: object } } } | undefined;
    return job?.spec?.template?.spec;
  }
  return (spec.template as { spec?: object } | undefined)?.spec;
}

function imagePolicy(req: AdmissionRequest, prefixes: string[]): AdmissionResponse {
  const obj = req.object;
  const spec = obj && req.operation !== 'DELETE' ? podSpecOf(obj) : undefined;
  if (!spec) return { uid: req.uid, allowed: true };
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const image = c.image ?? '';
    if (!prefixes.some((p) => image.startsWith(p))) {
      return deny(req, `image "${image}" of container "${c.name ?? ''}" is not from an allowed registry (allowed prefixes: ${prefixes.join(', ')})`);
    }
  }
  return { uid: req.uid, allowed: true };
}
