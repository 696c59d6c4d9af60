import { describe, expect, it } from 'vitest';
import { deployment, newServer, objectOf, req, statusOf } from './test-helpers.ts';
import type { KubeObject } from '../api/object.ts';

const D = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default' } as const;
const RS = { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default' } as const;

function put(server: ReturnType<typeof newServer>['server'], o: KubeObject, subresource?: 'status'): KubeObject {
  return objectOf(server.handle(req({ verb: 'update', apiVersion: o.apiVersion, kind: o.kind, namespace: 'default', name: o.metadata.name, body: o, subresource })));
}

describe('generation', () => {
  it('a spec change bumps generation', () => {
    const { server } = newServer();
    const web = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    const next = put(server, { ...web, spec: { ...(web.spec as object), replicas: 3 } });
    expect(next.metadata.generation).toBe(2);
  });
  it('Deployment: an annotation change bumps generation, a label change does not', () => {
    const { server } = newServer();
    const web = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    const labelled = put(server, { ...web, metadata: { ...web.metadata, labels: { app: 'web', x: 'y' } } });
    expect(labelled.metadata.generation).toBe(1);
    const annotated = put(server, { ...labelled, metadata: { ...labelled.metadata, annotations: { note: 'hi' } } });
    expect(annotated.metadata.generation).toBe(2);
  });
  it('ReplicaSet: an annotation change does not bump generation', () => {
    const { server } = newServer();
    const body = { ...deployment('rs1'), kind: 'ReplicaSet' };
    delete (body.spec as Record<string, unknown>).strategy;
    const rs = objectOf(server.handle(req({ verb: 'create', ...RS, body })));
    const annotated = put(server, { ...rs, metadata: { ...rs.metadata, annotations: { note: 'hi' } } });
    expect(annotated.metadata.generation).toBe(1);
  });
  it('a status change through /status never bumps generation, and the main resource ignores status', () => {
    const { server } = newServer();
    const web = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    const viaMain = put(server, { ...web, status: { replicas: 7 } });
    expect(viaMain.status).toBeUndefined();
    const withStatus = put(server, { ...web, status: { replicas: 1, observedGeneration: 1 } }, 'status');
    expect(withStatus.status).toEqual({ replicas: 1, observedGeneration: 1 });
    expect(withStatus.metadata.generation).toBe(1);
  });
  it('/status resets spec and labels but keeps annotations (Deployment)', () => {
    const { server } = newServer();
    const web = objectOf(server.handle(req({ verb: 'create', ...D, body: deployment('web') })));
    const res = put(
      server,
      { ...web, metadata: { ...web.metadata, labels: { changed: 'yes' }, annotations: { a: 'b' } }, spec: { ...(web.spec as object), replicas: 9 }, status: { replicas: 2 } },
      'status',
    );
    expect((res.spec as { replicas: number }).replicas).toBe(1);
    expect(res.metadata.labels).toEqual({ app: 'web' });
    expect(res.metadata.annotations).toEqual({ a: 'b' });
    expect(res.metadata.generation).toBe(1);
  });
  it('/status on a kind without it is 405', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'c', subresource: 'status', body: {} })));
    expect(s.code).toBe(405);
  });
});

describe('scale subresource', () => {
  it('get builds an autoscaling/v1 Scale with the selector as a string', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) }));
    const scale = objectOf(server.handle(req({ verb: 'get', ...D, name: 'web', subresource: 'scale' })));
    expect(scale).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2 }, status: { replicas: 0, selector: 'app=web' } });
  });
  it('update sets spec.replicas and bumps generation; a negative count is 422 on Scale.autoscaling', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) }));
    const scale = objectOf(server.handle(req({ verb: 'update', ...D, name: 'web', subresource: 'scale', body: { spec: { replicas: 5 } } })));
    expect((scale.spec as { replicas: number }).replicas).toBe(5);
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')!.metadata.generation).toBe(2);
    const s = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', subresource: 'scale', body: { spec: { replicas: -1 } } })));
    expect(s.message).toBe('Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });
  it('a merge patch of /scale changes the replicas', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 2) }));
    const scale = objectOf(server.handle(req({ verb: 'patch', ...D, name: 'web', subresource: 'scale', patchType: 'application/merge-patch+json', body: { spec: { replicas: 4 } } })));
    expect((scale.spec as { replicas: number }).replicas).toBe(4);
  });
});

describe('patch', () => {
  it('merge, JSON and strategic merge patches are processed like updates', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 1) }));
    const merged = objectOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/merge-patch+json', body: { spec: { replicas: 2 } } })));
    expect(merged.metadata.generation).toBe(2);
    const json = objectOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/json-patch+json', body: [{ op: 'replace', path: '/spec/replicas', value: 3 }] })));
    expect((json.spec as { replicas: number }).replicas).toBe(3);
    const smp = objectOf(
      server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/strategic-merge-patch+json', body: { spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx:2' }] } } } } })),
    );
    const containers = (smp.spec as { template: { spec: { containers: { name: string; image: string }[] } } }).template.spec.containers;
    expect(containers).toHaveLength(1);
    expect(containers[0]!.image).toBe('nginx:2');
    expect(smp.metadata.generation).toBe(4);
  });
  it('a patch carrying a stale resourceVersion is a 409', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 1) }));
    const s = statusOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/merge-patch+json', body: { metadata: { resourceVersion: '1' }, spec: { replicas: 2 } } })));
    expect(s.reason).toBe('Conflict');
  });
  it('a patch of a missing object is 404, a bad JSON patch is an error Status', () => {
    const { server } = newServer();
    expect(statusOf(server.handle(req({ verb: 'patch', ...D, name: 'nope', patchType: 'application/merge-patch+json', body: {} }))).code).toBe(404);
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 1) }));
    const s = statusOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/json-patch+json', body: 'nonsense' })));
    expect(s.code).toBeGreaterThanOrEqual(400);
  });
  it('apply requires a fieldManager', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/apply-patch+yaml', body: deployment('web') })));
    expect(s).toMatchObject({ code: 400, message: 'fieldManager is required for apply requests' });
  });
  it('apply to a missing object creates it, a second apply updates it and records the manager', () => {
    const { server } = newServer();
    const created = server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', body: deployment('web', 2) }));
    expect(created.code).toBe(201);
    const updated = objectOf(server.handle(req({ verb: 'patch', ...D, name: 'web', patchType: 'application/apply-patch+yaml', fieldManager: 'kubectl', body: deployment('web', 3) })));
    expect((updated.spec as { replicas: number }).replicas).toBe(3);
    expect(updated.metadata.generation).toBe(2);
    expect(updated.metadata.managedFields?.some((m) => m.manager === 'kubectl' && m.operation === 'Apply')).toBe(true);
  });
});
