/**
 * The resource metrics API served by `loopscope serve` (metrics.ts): discovery lists it, the PodMetrics and
 * NodeMetrics documents have metrics-server's shapes and the console's numbers, label selectors filter, and the
 * errors are metrics-server's.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../sim/simulation.ts';
import { loadedCluster } from '../kubectl/cmd/top.fixture.ts';
import { startServe, type ServeHandle } from './server.ts';
import { AGGREGATED_DISCOVERY } from './discovery.ts';

function get(url: string, path: string, accept?: string, method = 'GET'): Promise<{ code: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: accept ? { Accept: accept } : {}, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end();
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documents are read as JSON
type Items = { items: Array<Record<string, any>> };

describe('serve: metrics.k8s.io/v1beta1', () => {
  let sim: Simulation;
  let handle: ServeHandle;
  beforeAll(async () => {
    sim = loadedCluster();
    handle = await startServe({ sim, port: 0, wallNow: () => 0 });
  });
  afterAll(async () => handle?.close());
  const web = () => sim.cluster.apiServer.listObjects('v1', 'Pod', 'default').filter((p) => (p.metadata.name ?? '').startsWith('web-'));

  it('is in discovery: /apis (legacy and aggregated v2), the group and its resources', async () => {
    const groups = (await get(handle.url, '/apis')).body as { groups: Array<{ name: string; preferredVersion: { groupVersion: string } }> };
    expect(groups.groups.find((g) => g.name === 'metrics.k8s.io')?.preferredVersion.groupVersion).toBe('metrics.k8s.io/v1beta1');
    const aggregated = (await get(handle.url, '/apis', AGGREGATED_DISCOVERY)).body as { items: Array<{ metadata: { name: string }; versions: Array<{ version: string; resources: Array<{ resource: string; scope: string; responseKind: { kind: string } }> }> }> };
    const metrics = aggregated.items.find((i) => i.metadata.name === 'metrics.k8s.io')!;
    expect(metrics.versions[0]!.resources.map((r) => [r.resource, r.scope, r.responseKind.kind])).toEqual([['nodes', 'Cluster', 'NodeMetrics'], ['pods', 'Namespaced', 'PodMetrics']]);
    const legacyCore = (await get(handle.url, '/api', AGGREGATED_DISCOVERY)).body as { items: Array<{ metadata: { name: string } }> };
    expect(legacyCore.items.map((i) => i.metadata.name)).not.toContain('metrics.k8s.io');
    expect((await get(handle.url, '/apis/metrics.k8s.io')).body).toMatchObject({ kind: 'APIGroup', name: 'metrics.k8s.io' });
    const list = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1')).body as { resources: Array<{ name: string; kind: string; verbs: string[] }> };
    expect(list.resources.map((r) => `${r.name}:${r.kind}:${r.verbs.join(',')}`)).toEqual(['nodes:NodeMetrics:get,list', 'pods:PodMetrics:get,list']);
  });

  it('a PodMetrics: the last scrape, its window, each container\'s usage', async () => {
    const pod = web()[0]!.metadata.name;
    const { code, body } = await get(handle.url, `/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/${pod}`);
    expect(code).toBe(200);
    expect(body).toMatchObject({ kind: 'PodMetrics', apiVersion: 'metrics.k8s.io/v1beta1', metadata: { name: pod, namespace: 'default', labels: { app: 'web' } }, window: '15s' });
    // The fixture stops at 67 s: the last scrape was at 60 s.
    expect(Date.parse(body.timestamp as string) % 15_000).toBe(0);
    expect(Date.parse(body.timestamp as string)).toBeLessThanOrEqual(Date.parse((body.metadata as { creationTimestamp: string }).creationTimestamp));
    const containers = body.containers as Array<{ name: string; usage: { cpu: string; memory: string } }>;
    expect(containers.map((c) => c.name)).toEqual(['web']);
    expect(containers[0]!.usage.cpu).toMatch(/^\d+000000n$/);
    expect(containers[0]!.usage.memory).toMatch(/^\d+(Ki)?$/);
  });

  it('lists: a namespace, all, by label; the web pods share the set load', async () => {
    const ns = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods')).body as Items;
    expect(ns.items.map((i) => i.metadata.name).sort()).toEqual([...web().map((p) => p.metadata.name), ...sim.cluster.apiServer.listObjects('v1', 'Pod', 'default').filter((p) => (p.metadata.name ?? '').startsWith('api-')).map((p) => p.metadata.name)].sort());
    const byLabel = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods?labelSelector=app%3Dweb')).body as Items & { kind: string };
    expect(byLabel.kind).toBe('PodMetricsList');
    const cpu = byLabel.items.reduce((s, i) => s + Number(String(i.containers[0].usage.cpu).slice(0, -1)) / 1e6, 0);
    expect(cpu).toBe(900);
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/pods')).body).toMatchObject({ kind: 'PodMetricsList' });
    expect(((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/empty/pods')).body as Items).items).toEqual([]);
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods?labelSelector=a%3D%3D%3Db')).code).toBe(400);
  });

  it('nodes: the baseline plus their pods, with the node\'s labels; by name and by label', async () => {
    const all = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1/nodes')).body as Items & { kind: string };
    expect(all.kind).toBe('NodeMetricsList');
    expect(all.items.map((i) => i.metadata.name)).toEqual(['node-1', 'node-2', 'node-3']);
    const total = all.items.reduce((s, i) => s + Number(String(i.usage.cpu).slice(0, -1)) / 1e6, 0);
    expect(total).toBe(3 * 100 + 900 + 250);
    const one = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1/nodes/node-2')).body;
    expect(one).toMatchObject({ kind: 'NodeMetrics', metadata: { name: 'node-2', labels: { 'kubernetes.io/hostname': 'node-2' } }, window: '15s' });
    const byLabel = (await get(handle.url, '/apis/metrics.k8s.io/v1beta1/nodes?labelSelector=kubernetes.io%2Fhostname%3Dnode-3')).body as Items;
    expect(byLabel.items.map((i) => i.metadata.name)).toEqual(['node-3']);
  });

  it("answers metrics-server's errors", async () => {
    expect(await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/nope')).toMatchObject({ code: 404, body: { reason: 'NotFound', message: 'pods "nope" not found' } });
    expect(await get(handle.url, '/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/slow')).toMatchObject({ code: 404, body: { reason: 'NotFound', message: 'podmetrics.metrics.k8s.io "default/slow" not found' } });
    expect(await get(handle.url, '/apis/metrics.k8s.io/v1beta1/nodes/nope')).toMatchObject({ code: 404, body: { message: 'nodes "nope" not found' } });
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/deployments')).code).toBe(404);
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1/pods')).code).toBe(404);
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/pods?watch=true')).code).toBe(405);
    expect((await get(handle.url, '/apis/metrics.k8s.io/v1beta1/pods', undefined, 'DELETE')).code).toBe(405);
  });
});
