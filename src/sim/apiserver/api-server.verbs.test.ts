import { describe, expect, it } from 'vitest';
import { configMap, deployment, newServer, objectOf, pod, req, statusOf } from './test-helpers.ts';
import type { KubeObject } from '../api/object.ts';

const D = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default' } as const;
const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default' } as const;

describe('bootstrap', () => {
  it('starts with the four namespaces at revisions 1..4', () => {
    const { server } = newServer();
    expect(server.revision).toBe(4);
    const names = server.listObjects('v1', 'Namespace').map((n) => `${n.metadata.name}@${n.metadata.resourceVersion}`);
    expect(names).toEqual(['default@1', 'kube-node-lease@3', 'kube-public@4', 'kube-system@2']);
    expect((server.getObject('v1', 'Namespace', undefined, 'default')!.status as { phase: string }).phase).toBe('Active');
  });
});

describe('create', () => {
  it('sets uid, creationTimestamp, generation 1, namespace from the request, and a frozen object', () => {
    const { server } = newServer();
    const obj = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    expect(obj.metadata.namespace).toBe('default');
    expect(obj.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(obj.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(obj.metadata.generation).toBe(1);
    expect(obj.metadata.resourceVersion).toBe('5');
    expect(Object.isFrozen(obj.metadata)).toBe(true);
    expect(obj.status).toBeUndefined();
  });
  it('answers 201 and clears status sent on create', () => {
    const { server } = newServer();
    const res = server.handle(req({ verb: 'create', ...D, body: { ...deployment('web'), status: { replicas: 9 } } }));
    expect(res.code).toBe(201);
    expect(objectOf(res).status).toBeUndefined();
  });
  it('generateName appends five characters from the name alphabet', () => {
    const { server } = newServer();
    const obj = objectOf(server.handle(req({ verb: 'create', ...CM, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'cfg-' } } })));
    expect(obj.metadata.name).toMatch(/^cfg-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });
  it('kinds without generation get none', () => {
    const { server } = newServer();
    expect(objectOf(server.handle(req({ verb: 'create', ...CM, body: configMap('c') }))).metadata.generation).toBeUndefined();
  });
  it('cluster-scoped kinds have their namespace cleared', () => {
    const { server } = newServer();
    const ns = objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Namespace', namespace: 'default', body: { metadata: { name: 'team', namespace: 'x' } } })));
    expect(ns.metadata.namespace).toBeUndefined();
  });
  it('a duplicate name is 409 AlreadyExists', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web') }));
    const s = statusOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    expect(s).toMatchObject({ code: 409, reason: 'AlreadyExists', message: 'deployments.apps "web" already exists', details: { name: 'web', group: 'apps', kind: 'deployments' } });
  });
  it('a missing namespace is 404 namespaces "x" not found', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...D, namespace: 'nope', body: deployment('web') })));
    expect(s).toMatchObject({ code: 404, reason: 'NotFound', message: 'namespaces "nope" not found' });
  });
  it('a body that is not an object is 400 BadRequest', () => {
    const { server } = newServer();
    for (const body of [42, 'x', null, [1]]) {
      const s = statusOf(server.handle(req({ verb: 'create', ...D, body })));
      expect(s.code).toBe(400);
      expect(s.message).toMatch(/^couldn't get version\/kind; json parse error: json: cannot unmarshal/);
    }
  });
  it('a missing name is 422 with the Required cause', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, body: { metadata: {} } })));
    expect(s.code).toBe(422);
    expect(s.message).toBe('ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
    expect(s.details?.causes).toEqual([{ reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' }]);
  });
  it('a name that is not a DNS-1123 subdomain is 422 with the regex in the message', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...D, body: deployment('Web_1') })));
    expect(s.code).toBe(422);
    expect(s.message).toContain('Deployment.apps "Web_1" is invalid: metadata.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain must consist of');
    expect(s.message).toContain("regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'");
  });
  it('an object over 3 MiB of JSON is 413', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, body: configMap('big', { blob: 'x'.repeat(3_200_000) }) })));
    expect(s).toMatchObject({ code: 413, reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' });
  });
  it('a 2 MB object passes the body limit and reaches validation (ConfigMap data is capped at 1 MiB)', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, body: configMap('big', { blob: 'x'.repeat(2_100_000) }) })));
    expect(s.code).toBe(422);
  });
  it('an unknown kind is 404 the server could not find the requested resource', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', apiVersion: 'example.com/v1', kind: 'Foo', namespace: 'default', body: { metadata: { name: 'a' } } })));
    expect(s).toMatchObject({ code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' });
  });
  it('an apply of an unknown kind is kubectl\'s no matches for kind', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'patch', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', apiVersion: 'example.com/v1', kind: 'Foo', namespace: 'default', name: 'a', body: {} })));
    expect(s).toMatchObject({ code: 400, reason: 'BadRequest', message: 'no matches for kind "Foo" in version "example.com/v1"' });
  });
  it('a wrong apiVersion for a kind is 404, and a body disagreeing with the request is 400', () => {
    const { server } = newServer();
    expect(statusOf(server.handle(req({ verb: 'get', apiVersion: 'v1', kind: 'Deployment', namespace: 'default', name: 'x' }))).code).toBe(404);
    const s = statusOf(server.handle(req({ verb: 'create', ...D, body: { ...deployment('web'), apiVersion: 'apps/v1beta1' } })));
    expect(s.message).toBe('the API version in the data (apps/v1beta1) does not match the expected API version (apps/v1)');
  });
  it('a namespace in the body that differs from the request is 400', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, body: { metadata: { name: 'c', namespace: 'kube-system' } } })));
    expect(s.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
  });
  it('a resourceVersion on create is 400', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, body: { metadata: { name: 'c', resourceVersion: '3' } } })));
    expect(s.message).toBe('resourceVersion should not be set on objects to be created');
  });
  it('never throws on a malformed request', () => {
    const { server } = newServer();
    expect(server.handle(null as never).ok).toBe(false);
    expect(server.handle(req({ verb: 'frob' as never, ...CM, name: 'x' })).code).toBe(400);
  });
});

describe('get and list', () => {
  it('get of a missing object is 404 with the resource in details.kind', () => {
    const { server } = newServer();
    expect(statusOf(server.handle(req({ verb: 'get', ...D, name: 'web' })))).toMatchObject({
      code: 404,
      message: 'deployments.apps "web" not found',
      details: { name: 'web', group: 'apps', kind: 'deployments' },
    });
  });
  it('list filters by label and field selectors and carries the current revision', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('a', {}, { tier: 'web' }) }));
    server.handle(req({ verb: 'create', ...CM, body: configMap('b', {}, { tier: 'db' }) }));
    server.handle(req({ verb: 'create', ...CM, namespace: 'kube-system', body: configMap('c', {}, { tier: 'web' }) }));
    const res = server.handle(req({ verb: 'list', ...CM, labelSelector: 'tier=web' }));
    if (!res.ok || !('list' in res)) throw new Error('expected a list');
    expect(res.list.items.map((o) => o.metadata.name)).toEqual(['a']);
    expect(res.list.metadata.resourceVersion).toBe(String(server.revision));
    expect(res.list.kind).toBe('ConfigMapList');
    const all = server.handle(req({ verb: 'list', apiVersion: 'v1', kind: 'ConfigMap', fieldSelector: 'metadata.name!=b' }));
    expect('list' in all && all.list.items.map((o) => o.metadata.name)).toEqual(['a', 'c']);
  });
  it('a bad selector is 400', () => {
    const { server } = newServer();
    expect(statusOf(server.handle(req({ verb: 'list', ...D, fieldSelector: 'spec.replicas=1' }))).message).toBe('field label not supported: spec.replicas');
  });
});

describe('update', () => {
  function setup() {
    const s = newServer();
    const web = objectOf(s.server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    return { ...s, web };
  }
  const withReplicas = (o: KubeObject, n: number): KubeObject => ({ ...o, spec: { ...(o.spec as object), replicas: n } });

  it('a stale resourceVersion is 409 Conflict with the real message', () => {
    const { server, web } = setup();
    objectOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: withReplicas(web, 2) })));
    const s = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: withReplicas(web, 3) })));
    expect(s).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
    });
  });
  it('an empty resourceVersion is an unconditional update for built-ins', () => {
    const { server, web } = setup();
    const body = withReplicas(web, 4);
    body.metadata = { ...web.metadata, resourceVersion: '' };
    const res = server.handle(req({ verb: 'update', ...D, name: 'web', body }));
    expect((objectOf(res).spec as { replicas: number }).replicas).toBe(4);
  });
  it('reports the changed paths', () => {
    const { server, web } = setup();
    const res = server.handle(req({ verb: 'update', ...D, name: 'web', body: withReplicas(web, 2) }));
    expect(res.ok && 'changed' in res && res.changed).toEqual(['metadata.generation', 'spec.replicas']);
  });
  it('uid and creationTimestamp are immutable', () => {
    const { server, web } = setup();
    const kept = objectOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...withReplicas(web, 2), metadata: { ...web.metadata, creationTimestamp: '2030-01-01T00:00:00Z', uid: undefined } } })));
    expect(kept.metadata.creationTimestamp).toBe(web.metadata.creationTimestamp);
    expect(kept.metadata.uid).toBe(web.metadata.uid);
    const s = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...kept, metadata: { ...kept.metadata, uid: 'other' } } })));
    expect(s.code).toBe(422);
    expect(s.message).toContain('metadata.uid: Invalid value: "other": field is immutable');
  });
  it('a no-op update is not stored and keeps the resourceVersion', () => {
    const { server, web } = setup();
    const res = objectOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: web })));
    expect(res.metadata.resourceVersion).toBe(web.metadata.resourceVersion);
    expect(server.revision).toBe(5);
  });
  it('the name in the body must match the request', () => {
    const { server, web } = setup();
    expect(statusOf(server.handle(req({ verb: 'update', ...D, name: 'other', body: web }))).message).toBe('the name of the object (web) does not match the name on the URL (other)');
  });
  it('an update of a missing object is 404', () => {
    const { server } = setup();
    expect(statusOf(server.handle(req({ verb: 'update', ...CM, name: 'c', body: configMap('c') }))).code).toBe(404);
  });
});

describe('faults', () => {
  it('setUnavailable answers 503 until the given time', () => {
    const { server } = newServer();
    server.setUnavailable(1000);
    expect(statusOf(server.handle(req({ verb: 'get', ...D, name: 'x' })))).toMatchObject({
      code: 503,
      reason: 'ServiceUnavailable',
      message: 'the server is currently unable to handle the request',
    });
    server.setUnavailable(null);
    expect(server.handle(req({ verb: 'get', ...D, name: 'x' })).code).toBe(404);
  });
  it('injectConflicts makes writes to that resource answer 409', () => {
    const { server } = newServer();
    const web = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    server.injectConflicts('deploy', 10_000, 1);
    const s = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...web, spec: { ...(web.spec as object), replicas: 5 } } })));
    expect(s.reason).toBe('Conflict');
    expect(server.handle(req({ verb: 'get', ...D, name: 'web' })).ok).toBe(true);
  });
  it('pods created unscheduled are Pending', () => {
    const { server } = newServer();
    const p = objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Pod', namespace: 'default', body: pod('p') })));
    expect((p.status as { phase: string }).phase).toBe('Pending');
  });
});
