import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import type { AdmissionRequest } from './admission-review.ts';
import { summarizePatch } from './admission-review.ts';
import { callBuiltinServer, resolveEndpoint } from './builtin-servers.ts';

function request(object: KubeObject, operation: AdmissionRequest['operation'] = 'CREATE'): AdmissionRequest {
  return {
    uid: 'webhook-1',
    kind: { group: '', version: 'v1', kind: object.kind },
    resource: { group: '', version: 'v1', resource: 'pods' },
    name: object.metadata.name ?? '',
    namespace: 'default',
    operation,
    userInfo: { username: 'u' },
    object,
    dryRun: false,
  };
}

const pod = (annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: annotations ? { name: 'p', annotations } : { name: 'p' },
  spec: { containers: [{ name: 'app', image: 'nginx' }] },
});

const svc = (name: string, path = '/') => resolveEndpoint({ service: { namespace: 'webhooks', name, path, port: 443 } }, 10);

describe('resolveEndpoint', () => {
  it('a service reference names the server; the query string of its path holds the parameters', () => {
    const e = svc('force-replicas', '/mutate?replicas=4&x=a%2Cb');
    expect(e.server).toBe('force-replicas');
    expect(e.params).toEqual({ replicas: '4', x: 'a,b' });
    expect(e.postUrl).toBe('https://force-replicas.webhooks.svc:443/mutate?timeout=10s');
  });

  it("a url's first host label names the server", () => {
    const e = resolveEndpoint({ url: 'https://image-policy.example.com:8443/check?prefix=r/' }, 5);
    expect(e).toMatchObject({ server: 'image-policy', params: { prefix: 'r/' }, postUrl: 'https://image-policy.example.com:8443/check?timeout=5s' });
  });
});

describe('sidecar-injector', () => {
  it('adds the container and creates the annotations map when the pod has none', () => {
    const res = callBuiltinServer(svc('sidecar-injector'), request(pod()));
    expect(res).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    const patch = (res as { patch: unknown[] }).patch;
    expect(patch).toEqual([
      { op: 'add', path: '/spec/containers/-', value: expect.objectContaining({ name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.0' }) },
      { op: 'add', path: '/metadata/annotations', value: { 'sidecar.istio.io/status': '{"containers":["istio-proxy"]}' } },
    ]);
  });

  it('adds one annotation key (escaped pointer) when the pod already has annotations', () => {
    const res = callBuiltinServer(svc('sidecar-injector'), request(pod({ a: 'b' }))) as { patch: Array<{ path: string }> };
    expect(res.patch[1]!.path).toBe('/metadata/annotations/sidecar.istio.io~1status');
  });

  it('is idempotent: a pod that already has the sidecar is allowed without a patch', () => {
    const p = pod();
    (p.spec as { containers: object[] }).containers.push({ name: 'istio-proxy', image: 'x' });
    expect(callBuiltinServer(svc('sidecar-injector'), request(p))).toEqual({ uid: 'webhook-1', allowed: true });
  });
});

describe('force-replicas', () => {
  const dep = (replicas?: number): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: replicas === undefined ? {} : { replicas } });
  it('replaces a different value, adds a missing one, leaves an equal one', () => {
    const e = svc('force-replicas', '/?replicas=3');
    expect((callBuiltinServer(e, request(dep(5))) as { patch: unknown }).patch).toEqual([{ op: 'replace', path: '/spec/replicas', value: 3 }]);
    expect((callBuiltinServer(e, request(dep())) as { patch: unknown }).patch).toEqual([{ op: 'add', path: '/spec/replicas', value: 3 }]);
    expect(callBuiltinServer(e, request(dep(3)))).toEqual({ uid: 'webhook-1', allowed: true });
  });
});

describe('validating servers', () => {
  it('require-labels names every missing label', () => {
    const res = callBuiltinServer(svc('require-labels', '/?labels=team,owner,tier'), request({ ...pod(), metadata: { name: 'p', labels: { owner: 'x' } } }));
    expect(res).toEqual({ uid: 'webhook-1', allowed: false, status: { code: 403, reason: 'Forbidden', message: 'missing required label(s): team, tier' } });
  });

  it('image-policy checks init containers too, and CronJob templates', () => {
    const cj: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c' },
      spec: { jobTemplate: { spec: { template: { spec: { initContainers: [{ name: 'init', image: 'busybox' }], containers: [{ name: 'a', image: 'registry.k8s.io/pause' }] } } } } },
    };
    const res = callBuiltinServer(svc('image-policy'), request(cj)) as { allowed: boolean; status: { message: string } };
    expect(res.allowed).toBe(false);
    expect(res.status.message).toBe('image "busybox" of container "init" is not from an allowed registry (allowed prefixes: registry.k8s.io/)');
  });

  it('replicas-cap allows up to max and ignores deletes', () => {
    const dep = (replicas: number): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas } });
    const e = svc('replicas-cap', '/?max=3');
    expect(callBuiltinServer(e, request(dep(3)))).toMatchObject({ allowed: true });
    expect(callBuiltinServer(e, request(dep(4)))).toMatchObject({ allowed: false, status: { message: 'spec.replicas must be at most 3, got 4' } });
    expect(callBuiltinServer(e, { ...request(dep(4), 'DELETE'), object: undefined, oldObject: dep(4) })).toMatchObject({ allowed: true });
  });
});

describe('servers that do not answer', () => {
  it('unavailable, slow and unknown servers are call errors, not denials', () => {
    expect(callBuiltinServer(svc('unavailable', '/v'), request(pod()))).toEqual({ callError: 'Post "https://unavailable.webhooks.svc:443/v?timeout=10s": dial tcp: connect: connection refused' });
    expect(callBuiltinServer(svc('slow'), request(pod()))).toEqual({ callError: 'Post "https://slow.webhooks.svc:443/?timeout=10s": context deadline exceeded' });
    expect(callBuiltinServer(svc('mine'), request(pod()))).toEqual({ callError: 'Post "https://mine.webhooks.svc:443/?timeout=10s": no endpoints available for service "mine"' });
  });
});

describe('summarizePatch', () => {
  it('shows values of scalars and the name of added objects', () => {
    expect(summarizePatch([{ op: 'replace', path: '/spec/replicas', value: 2 }, { op: 'add', path: '/spec/containers/-', value: { name: 'istio-proxy' } }, { op: 'remove', path: '/x' }])).toBe(
      'replace /spec/replicas = 2; add /spec/containers/- (istio-proxy); remove /x',
    );
  });
});
