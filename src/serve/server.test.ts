/**
 * The served API's own guarantees, without kubectl: answers are JSON or Status with upstream's codes (404, 400,
 * 405, 413, 415, 429), a taken port is a clear error, the pacer follows wall time, and a seeded fast-check property
 * sends random methods, paths, queries, headers and bodies: the server answers every one, keeps serving, and the
 * simulation stays replayable (every write is in its input log: rebuilding the run from its recipe gives the same
 * store).
 */
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../sim/simulation.ts';
import { webCluster } from '../kubectl/testing/fixture.ts';
import { Pacer } from './pacer.ts';
import { startServe, type ServeHandle } from './server.ts';
import { MAX_REQUEST_BODY_BYTES } from './http-io.ts';

interface Answer {
  code: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

function send(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Node's client sends a DELETE's body without a length unless told: say it, as real clients do.
    if (body !== undefined) headers = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
    const req = request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ code: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (a: Answer) => JSON.parse(a.text) as Record<string, unknown>;

describe('serve', () => {
  let sim: Simulation;
  let served: ServeHandle;
  beforeAll(async () => {
    sim = webCluster();
    served = await startServe({ sim, port: 0, wallNow: () => 0, watchLimit: 2 });
  });
  afterAll(async () => served?.close());

  it('answers discovery, reads and failures with kube-apiserver\'s shapes and codes', async () => {
    expect(json(await send(served.url, 'GET', '/version'))).toMatchObject({ major: '1', minor: '35' });
    expect(json(await send(served.url, 'GET', '/apis'))).toMatchObject({ kind: 'APIGroupList' });
    const apps = json(await send(served.url, 'GET', '/apis/apps/v1')) as { resources: { name: string; verbs: string[] }[] };
    expect(apps.resources.map((r) => r.name)).toEqual(expect.arrayContaining(['deployments', 'deployments/scale', 'deployments/status', 'replicasets']));
    const list = await send(served.url, 'GET', '/apis/apps/v1/namespaces/default/deployments');
    expect(json(list)).toMatchObject({ kind: 'DeploymentList', apiVersion: 'apps/v1', metadata: { resourceVersion: String(sim.cluster.apiServer.revision) } });
    const table = await send(served.url, 'GET', '/api/v1/namespaces/default/pods', { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' });
    expect(json(table)).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: expect.any(Array) });
    const missing = await send(served.url, 'GET', '/apis/apps/v1/namespaces/default/deployments/nope');
    expect(missing.code).toBe(404);
    expect(json(missing)).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'deployments.apps "nope" not found' });
    expect((await send(served.url, 'GET', '/apis/nope/v1/things')).code).toBe(404);
    expect((await send(served.url, 'DELETE', '/api/v1/namespaces/default/pods')).code).toBe(405);
  });

  it('answers aggregated discovery (apidiscovery.k8s.io/v2) to a client that asks for it, the legacy documents otherwise', async () => {
    const accept = { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json' };
    const apis = await send(served.url, 'GET', '/apis', accept);
    expect(apis.headers['content-type']).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
    const list = json(apis) as { kind: string; items: Array<{ metadata: { name: string }; versions: Array<{ version: string; resources: Array<Record<string, unknown>> }> }> };
    expect(list.kind).toBe('APIGroupDiscoveryList');
    const apps = list.items.find((g) => g.metadata.name === 'apps')!;
    const deployments = apps.versions[0]!.resources.find((r) => r.resource === 'deployments')!;
    expect(deployments).toMatchObject({ scope: 'Namespaced', singularResource: 'deployment', shortNames: ['deploy'], categories: ['all'], responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' } });
    expect(deployments.subresources).toEqual(expect.arrayContaining([expect.objectContaining({ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' } })]));
    expect(list.items.some((g) => g.metadata.name === '')).toBe(false);
    const core = json(await send(served.url, 'GET', '/api', accept)) as typeof list;
    expect(core.items.map((g) => g.metadata.name)).toEqual(['']);
    expect(core.items[0]!.versions[0]!.resources.some((r) => r.resource === 'pods' && r.scope === 'Namespaced')).toBe(true);
    const legacy = await send(served.url, 'GET', '/apis', { Accept: 'application/json' });
    expect(legacy.headers['content-type']).toBe('application/json');
    expect(json(legacy)).toMatchObject({ kind: 'APIGroupList' });
  });

  it('answers /openapi/v2 as Swagger 2.0 JSON with every resource\'s PATCH parameters, and says so to a protobuf-only client', async () => {
    const doc = json(await send(served.url, 'GET', '/openapi/v2', { Accept: 'application/json' })) as { swagger: string; paths: Record<string, { patch: { parameters: Array<{ name: string; type: string }>; 'x-kubernetes-group-version-kind': object } }> };
    expect(doc.swagger).toBe('2.0');
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}']!.patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'apps', version: 'v1', kind: 'Deployment' });
    expect(patch.parameters.map((p) => p.name)).toEqual(['dryRun', 'fieldManager', 'fieldValidation', 'force']);
    expect(doc.paths['/api/v1/nodes/{name}']).toBeDefined();
    const proto = await send(served.url, 'GET', '/openapi/v2', { Accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' });
    expect(proto.code).toBe(406);
    expect(json(proto)).toMatchObject({ kind: 'Status', reason: 'NotAcceptable' });
  });

  it('checks a patch\'s fieldValidation on the patched object: Strict refuses, Warn answers with a Warning header', async () => {
    const path = '/apis/apps/v1/namespaces/default/deployments/web';
    const merge = { 'Content-Type': 'application/merge-patch+json' };
    const before = sim.getObject('deployments', 'default', 'web')!.metadata.resourceVersion;
    const strict = await send(served.url, 'PATCH', `${path}?fieldValidation=Strict`, merge, '{"spec":{"replicaz":3}}');
    expect(strict.code).toBe(422);
    expect(json(strict).message).toMatch(/strict decoding error: unknown field "spec.replicaz"/);
    expect(sim.getObject('deployments', 'default', 'web')!.metadata.resourceVersion).toBe(before);
    const warn = await send(served.url, 'PATCH', `${path}?fieldValidation=Warn`, merge, '{"spec":{"replicaz":3}}');
    expect(warn.code).toBe(200);
    expect(String(warn.headers.warning)).toBe('299 - "unknown field \\"spec.replicaz\\""');
    expect((await send(served.url, 'PATCH', `${path}?fieldValidation=Maybe`, merge, '{}')).code).toBe(400);
    // No directive: kube-apiserver's default, Warn (kubectl patch, curl and client-go programs send none).
    const unset = await send(served.url, 'PATCH', path, merge, '{"spec":{"replicaz":3}}');
    expect(unset.code).toBe(200);
    expect(String(unset.headers.warning)).toBe('299 - "unknown field \\"spec.replicaz\\""');
  });

  it('refuses a body over 3 MiB with 413, malformed JSON with 400, protobuf with 415', async () => {
    const big = await send(served.url, 'POST', '/api/v1/namespaces/default/configmaps', { 'Content-Type': 'application/json' }, Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1, 32));
    expect(big.code).toBe(413);
    expect(json(big)).toMatchObject({ reason: 'RequestEntityTooLarge', message: `Request entity too large: limit is ${MAX_REQUEST_BODY_BYTES}` });
    const bad = await send(served.url, 'POST', '/api/v1/namespaces/default/configmaps', { 'Content-Type': 'application/json' }, '{"kind": ');
    expect(bad.code).toBe(400);
    expect(json(bad)).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    const proto = await send(served.url, 'POST', '/api/v1/namespaces/default/configmaps', { 'Content-Type': 'application/vnd.kubernetes.protobuf' }, 'k8s\0');
    expect(proto.code).toBe(415);
  });

  it('bounds concurrent watches (429 beyond the limit) and streams 410 Expired for a compacted resourceVersion', async () => {
    const open: Array<() => void> = [];
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const req = request(`${served.url}/api/v1/namespaces/default/pods?watch=true`, { agent: false }, (res) => {
          expect(res.statusCode).toBe(200);
          open.push(() => res.destroy());
          resolve();
        });
        req.end();
      });
    }
    const third = await send(served.url, 'GET', '/api/v1/namespaces/default/pods?watch=true');
    expect(third.code).toBe(429);
    expect(json(third)).toMatchObject({ reason: 'TooManyRequests' });
    for (const close of open) close();
    await new Promise((r) => setTimeout(r, 100));
    sim.cluster.apiServer.compact();
    const expired = await send(served.url, 'GET', '/api/v1/namespaces/default/pods?watch=true&resourceVersion=1');
    expect(expired.code).toBe(200);
    expect(JSON.parse(expired.text.trim())).toMatchObject({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  });

  it('streams a watch from a list\'s resourceVersion, with bookmarks when asked', async () => {
    const local = await startServe({ sim, port: 0, wallNow: () => 0, bookmarkMs: 30 });
    try {
      const list = json(await send(local.url, 'GET', '/api/v1/namespaces/default/configmaps')) as { metadata: { resourceVersion: string } };
      const lines: string[] = [];
      let close = (): void => {};
      await new Promise<void>((resolve) => {
        const req = request(`${local.url}/api/v1/namespaces/default/configmaps?watch=true&allowWatchBookmarks=true&resourceVersion=${list.metadata.resourceVersion}`, { agent: false }, (res) => {
          expect(res.headers['content-type']).toBe('application/json');
          res.setEncoding('utf8');
          res.on('data', (d: string) => lines.push(...d.split('\n').filter(Boolean)));
          close = () => res.destroy();
          resolve();
        });
        req.end();
      });
      sim.act({ type: 'apply', manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: watched\n' });
      const deadline = Date.now() + 5_000;
      while (!lines.some((l) => l.includes('BOOKMARK')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      close();
      const events = lines.map((l) => JSON.parse(l) as { type: string; object: { metadata: { name?: string; resourceVersion: string } } });
      // Only what happened after the list: the new ConfigMap, then bookmarks at the current revision.
      expect(events[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'watched' } } });
      expect(events.find((e) => e.type === 'BOOKMARK')).toMatchObject({ object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(sim.cluster.apiServer.revision) } } });
    } finally {
      await local.close();
    }
  });

  it('says clearly when the port is taken', async () => {
    await expect(startServe({ sim: Simulation.create({ seed: 1, nodes: 1 }), port: served.port })).rejects.toThrow(`port ${served.port} on 127.0.0.1 is already in use: choose another with --port`);
  });
});

describe('Pacer', () => {
  it('runs virtual time at `speed` times wall time and performs scheduled actions at their times', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    let wall = 1_000;
    const pacer = new Pacer(sim, 2, () => wall, [{ at: 4_000, action: { type: 'apply', manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n' } }]);
    const start = sim.now;
    wall += 1_500;
    pacer.tick();
    expect(sim.now).toBe(start + 3_000);
    expect(sim.getObject('cm', 'default', 'late')).toBeUndefined();
    wall += 1_000;
    pacer.tick();
    expect(sim.now).toBe(start + 5_000);
    expect(sim.inputs.at(-1)).toMatchObject({ at: 4_000 });
    expect(sim.getObject('cm', 'default', 'late')).toBeDefined();
  });
});

describe('robustness', () => {
  it('answers any request, keeps serving, and the simulation stays replayable (seeded)', async () => {
    const sim = webCluster();
    const served = await startServe({ sim, port: 0, wallNow: () => 0, watchLimit: 4 });
    let written = 0;
    try {
      const segment = fc.constantFrom('api', 'apis', 'v1', 'apps', 'namespaces', 'default', 'kube-system', 'pods', 'deployments', 'configmaps', 'web', 'status', 'scale', 'binding', '%zz', '..', 'openapi', 'v3', 'version', 'x');
      const randomPath = fc.array(fc.oneof(segment, fc.string({ maxLength: 6 }).map(encodeURIComponent)), { maxLength: 7 }).map((s) => `/${s.join('/')}`);
      // Well-formed resource paths too, so that writes reach the simulation.
      const resourcePath = fc
        .tuple(fc.constantFrom(['/api/v1', '/configmaps'], ['/api/v1', '/pods'], ['/apis/apps/v1', '/deployments'], ['/api/v1', '/deployments']), fc.constantFrom('', '/namespaces/default', '/namespaces/default'), fc.constantFrom('', '/web', '/fuzz'), fc.constantFrom('', '', '/status', '/scale'))
        .map(([[group, resource], ns, name, sub]) => `${group}${ns}${resource}${name}${sub}`);
      const path = fc.oneof({ arbitrary: randomPath, weight: 1 }, { arbitrary: resourcePath, weight: 3 });
      const query = fc.array(fc.constantFrom('watch=true', 'labelSelector=app%3Dweb', 'labelSelector=!!', 'fieldSelector=spec.x%3D1', 'dryRun=All', 'dryRun=Nope', 'fieldManager=fuzz', 'force=true', 'includeObject=Bogus', 'resourceVersion=abc', 'propagationPolicy=Orphan', 'gracePeriodSeconds=x'), { maxLength: 4 });
      const body = fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 40 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.record({ apiVersion: fc.constantFrom('v1', 'apps/v1', 'x'), kind: fc.constantFrom('ConfigMap', 'Deployment', 'Pod', 'Nope'), metadata: fc.record({ name: fc.constantFrom('web', 'fuzz', '', 'Bad_Name') }), data: fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })), spec: fc.record({ replicas: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.string({ maxLength: 3 })) }) }).map((v) => JSON.stringify(v)),
        fc.constant('[{"op":"replace","path":"/spec/replicas","value":2}]'),
        // Bodies without apiVersion and kind take them from the path, as the api-server's decoder does.
        fc.record({ metadata: fc.record({ name: fc.constantFrom('web', 'fuzz') }), data: fc.dictionary(fc.constantFrom('a', 'b'), fc.string({ maxLength: 4 })), spec: fc.record({ replicas: fc.integer({ min: 0, max: 4 }) }) }).map((v) => JSON.stringify(v)),
      );
      const contentType = fc.constantFrom('application/json', 'application/json', 'application/merge-patch+json', 'application/json', 'application/yaml', 'application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml', 'application/vnd.kubernetes.protobuf', 'text/plain', '');
      const accept = fc.constantFrom('application/json', 'application/json;as=Table;v=v1;g=meta.k8s.io', '*/*', 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', '');
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
      interface Req {
        m: string;
        p: string;
        q: string[];
        b: string;
        ct: string;
        ac: string;
      }
      const random = fc.record({ m: method, p: path, q: query, b: body, ct: contentType, ac: accept });
      // Well-formed writes, so that the run's input log has real changes to replay.
      const name = fc.constantFrom('fuzz-1', 'fuzz-2', 'fuzz-3');
      const cm = (n: string, v: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: n }, data: { v } });
      const valid = fc.oneof(
        fc.tuple(name, fc.string({ maxLength: 3 })).map(([n, v]): Req => ({ m: 'POST', p: '/api/v1/namespaces/default/configmaps', q: [], b: cm(n, v), ct: 'application/json', ac: '' })),
        fc.tuple(name, fc.string({ maxLength: 3 })).map(([n, v]): Req => ({ m: 'PUT', p: `/api/v1/namespaces/default/configmaps/${n}`, q: [], b: cm(n, v), ct: 'application/json', ac: '' })),
        fc.tuple(name, fc.string({ maxLength: 3 })).map(([n, v]): Req => ({ m: 'PATCH', p: `/api/v1/namespaces/default/configmaps/${n}`, q: ['fieldManager=fuzz'], b: cm(n, v), ct: 'application/apply-patch+yaml', ac: '' })),
        name.map((n): Req => ({ m: 'DELETE', p: `/api/v1/namespaces/default/configmaps/${n}`, q: [], b: '', ct: '', ac: '' })),
        fc.integer({ min: 0, max: 5 }).map((r): Req => ({ m: 'PATCH', p: '/apis/apps/v1/namespaces/default/deployments/web/scale', q: [], b: JSON.stringify({ spec: { replicas: r } }), ct: 'application/merge-patch+json', ac: '' })),
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof({ arbitrary: random, weight: 3 }, { arbitrary: valid, weight: 1 }), async ({ m, p, q, b, ct, ac }: Req) => {
          // A watch is ended at once (timeoutSeconds=0) so the property does not wait on it.
          const qs = q.includes('watch=true') ? [...q, 'timeoutSeconds=0'] : q;
          const headers: Record<string, string> = { 'User-Agent': 'fuzz/1.0' };
          if (ct) headers['Content-Type'] = ct;
          if (ac) headers.Accept = ac;
          const a = await send(served.url, m, `${p}${qs.length ? `?${qs.join('&')}` : ''}`, headers, m === 'GET' || m === 'HEAD' || (m === 'DELETE' && b === '') ? undefined : b);
          if (m !== 'GET' && m !== 'HEAD' && a.code < 300) written++;
          expect(a.code).toBeGreaterThanOrEqual(200);
          expect(a.code).toBeLessThan(600);
          if (a.code >= 500) expect(a.text).not.toContain('Internal error occurred');
          if (m !== 'HEAD' && a.text !== '') for (const line of a.text.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
          sim.runFor(500);
        }),
        { seed: 1313, numRuns: 300 },
      );
      expect(json(await send(served.url, 'GET', '/version'))).toMatchObject({ major: '1' });
      expect(written).toBeGreaterThan(20);
      // Every write went through the input log: the run rebuilt from its recipe has the same store.
      const replay = Simulation.fromRecipe(sim.recipe());
      expect(replay.cluster.apiServer.revision).toBe(sim.cluster.apiServer.revision);
      for (const kind of ['deployments', 'configmaps', 'pods']) {
        const names = (s: Simulation) => s.listObjects(kind).map((o) => `${o.metadata.namespace}/${o.metadata.name}@${o.metadata.resourceVersion}`);
        expect(names(replay)).toEqual(names(sim));
      }
      expect(sim.inputs.filter((i) => (i.action as { command?: string }).command?.startsWith('fuzz/1.0 ')).length).toBeGreaterThanOrEqual(written);
    } finally {
      await served.close();
    }
  }, 120_000);
});
