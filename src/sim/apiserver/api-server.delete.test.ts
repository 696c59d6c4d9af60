import { describe, expect, it } from 'vitest';
import { configMap, deployment, newServer, objectOf, pod, RecordingSink, req, statusOf } from './test-helpers.ts';
import type { KubeObject } from '../api/object.ts';

const D = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default' } as const;
const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default' } as const;
const P = { apiVersion: 'v1', kind: 'Pod', namespace: 'default' } as const;

describe('delete', () => {
  it('an object without finalizers goes at once; the answer is its last state', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('c') }));
    const res = server.handle(req({ verb: 'delete', ...CM, name: 'c' }));
    expect(res.code).toBe(200);
    expect(objectOf(res).metadata.resourceVersion).toBe('6');
    expect(server.getObject('v1', 'ConfigMap', 'default', 'c')).toBeUndefined();
    expect(statusOf(server.handle(req({ verb: 'delete', ...CM, name: 'c' }))).code).toBe(404);
  });
  it('preconditions on uid and resourceVersion are 409 with upstream text', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('c') }));
    const s = statusOf(server.handle(req({ verb: 'delete', ...CM, name: 'c', preconditions: { resourceVersion: '2' } })));
    expect(s.message).toBe('Operation cannot be fulfilled on configmaps "c": Precondition failed: ResourceVersion in precondition: 2, ResourceVersion in object meta: 5');
    expect(statusOf(server.handle(req({ verb: 'delete', ...CM, name: 'c', preconditions: { uid: 'x' } }))).message).toMatch(/Precondition failed: UID in precondition: x, UID in object meta: /);
  });
  it('an object with finalizers gets deletionTimestamp, a generation bump, and stays', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web', 1, {}) }));
    const web = server.getObject('apps/v1', 'Deployment', 'default', 'web')!;
    objectOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...web, metadata: { ...web.metadata, finalizers: ['example.com/hold'] } } })));
    const marked = objectOf(server.handle(req({ verb: 'delete', ...D, name: 'web' })));
    expect(marked.metadata.deletionTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(marked.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(marked.metadata.generation).toBe(2);
    const added = statusOf(server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...marked, metadata: { ...marked.metadata, finalizers: ['example.com/hold', 'new'] } } })));
    expect(added.message).toContain('metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"new"}');
    // Removing the last finalizer deletes it.
    const res = server.handle(req({ verb: 'update', ...D, name: 'web', body: { ...marked, metadata: { ...marked.metadata, finalizers: [] } } }));
    expect(res.ok).toBe(true);
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeUndefined();
  });
  it('removing the last finalizer deletes the object in one revision: watchers see DELETED alone (store.go deleteWithoutFinalizers)', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: { ...configMap('c'), metadata: { name: 'c', finalizers: ['example.com/hold'] } } }));
    const marked = objectOf(server.handle(req({ verb: 'delete', ...CM, name: 'c' })));
    const sink = new RecordingSink();
    server.watch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', resourceVersion: marked.metadata.resourceVersion!, user: 'test' }, sink);
    const res = server.handle(req({ verb: 'update', ...CM, name: 'c', body: { ...marked, metadata: { ...marked.metadata, finalizers: [] } } }));
    expect(res.code).toBe(200);
    expect(objectOf(res).metadata.finalizers ?? []).toEqual([]);
    expect(sink.events.map((e) => e.type)).toEqual(['DELETED']);
    const gone = sink.events[0]!.object as KubeObject;
    expect(Number(gone.metadata.resourceVersion)).toBe(Number(marked.metadata.resourceVersion) + 1);
    expect(server.getObject('v1', 'ConfigMap', 'default', 'c')).toBeUndefined();
  });
  it('Foreground adds foregroundDeletion, Orphan adds orphan, Background neither', () => {
    const { server } = newServer();
    for (const n of ['fg', 'or', 'bg']) server.handle(req({ verb: 'create', ...D, body: deployment(n) }));
    const fg = objectOf(server.handle(req({ verb: 'delete', ...D, name: 'fg', propagationPolicy: 'Foreground' })));
    expect(fg.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(fg.metadata.deletionTimestamp).toBeDefined();
    const or = objectOf(server.handle(req({ verb: 'delete', ...D, name: 'or', propagationPolicy: 'Orphan' })));
    expect(or.metadata.finalizers).toEqual(['orphan']);
    server.handle(req({ verb: 'delete', ...D, name: 'bg', propagationPolicy: 'Background' }));
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'bg')).toBeUndefined();
  });
  it('a later Background delete of an orphaning object drops the orphan finalizer and removes it', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('or') }));
    server.handle(req({ verb: 'delete', ...D, name: 'or', propagationPolicy: 'Orphan' }));
    server.handle(req({ verb: 'delete', ...D, name: 'or', propagationPolicy: 'Background' }));
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'or')).toBeUndefined();
  });
  it('batch/v1 Jobs orphan by default, Deployments do not', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...D, body: deployment('web') }));
    server.handle(req({ verb: 'delete', ...D, name: 'web' }));
    expect(server.getObject('apps/v1', 'Deployment', 'default', 'web')).toBeUndefined();
    const job: KubeObject = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j' },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
    };
    const created = server.handle(req({ verb: 'create', apiVersion: 'batch/v1', kind: 'Job', namespace: 'default', body: job }));
    expect(created.ok).toBe(true);
    const j = objectOf(server.handle(req({ verb: 'delete', apiVersion: 'batch/v1', kind: 'Job', namespace: 'default', name: 'j' })));
    expect(j.metadata.finalizers).toContain('orphan');
  });
  it('a scheduled pod terminates gracefully and the kubelet\'s grace-0 delete removes it', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...P, body: pod('p', 'node-1', { terminationGracePeriodSeconds: 10 }) }));
    const terminating = objectOf(server.handle(req({ verb: 'delete', ...P, name: 'p' })));
    expect(terminating.metadata.deletionTimestamp).toBe('2026-01-01T00:00:10Z');
    expect(terminating.metadata.deletionGracePeriodSeconds).toBe(10);
    expect(terminating.metadata.generation).toBe(2);
    expect(server.getObject('v1', 'Pod', 'default', 'p')).toBeDefined();
    // A second delete with a longer grace does not extend it.
    const again = objectOf(server.handle(req({ verb: 'delete', ...P, name: 'p', gracePeriodSeconds: 60 })));
    expect(again.metadata.deletionGracePeriodSeconds).toBe(10);
    server.handle(req({ verb: 'delete', ...P, name: 'p', gracePeriodSeconds: 0, user: 'kubelet/node-1' }));
    expect(server.getObject('v1', 'Pod', 'default', 'p')).toBeUndefined();
  });
  it('the default pod grace is 30 seconds; an unscheduled pod goes at once', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...P, body: pod('bound', 'node-1') }));
    server.handle(req({ verb: 'create', ...P, body: pod('unbound') }));
    const t = objectOf(server.handle(req({ verb: 'delete', ...P, name: 'bound' })));
    expect(t.metadata.deletionGracePeriodSeconds).toBe(30);
    server.handle(req({ verb: 'delete', ...P, name: 'unbound' }));
    expect(server.getObject('v1', 'Pod', 'default', 'unbound')).toBeUndefined();
  });
  it('a pod with finalizers stays after its grace-0 delete until the finalizers go', () => {
    const { server } = newServer();
    const body = pod('p', 'node-1');
    body.metadata = { name: 'p', finalizers: ['batch.kubernetes.io/job-tracking'] };
    server.handle(req({ verb: 'create', ...P, body }));
    server.handle(req({ verb: 'delete', ...P, name: 'p' }));
    const zero = objectOf(server.handle(req({ verb: 'delete', ...P, name: 'p', gracePeriodSeconds: 0 })));
    expect(zero.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(server.getObject('v1', 'Pod', 'default', 'p')).toBeDefined();
    const live = server.getObject('v1', 'Pod', 'default', 'p')!;
    server.handle(req({ verb: 'update', ...P, name: 'p', body: { ...live, metadata: { ...live.metadata, finalizers: [] } } }));
    expect(server.getObject('v1', 'Pod', 'default', 'p')).toBeUndefined();
  });
});

describe('namespaces', () => {
  it('default, kube-system and kube-public may not be deleted', () => {
    const { server } = newServer();
    const s = statusOf(server.handle(req({ verb: 'delete', apiVersion: 'v1', kind: 'Namespace', name: 'default' })));
    expect(s).toMatchObject({ code: 403, reason: 'Forbidden', message: 'namespaces "default" is forbidden: this namespace may not be deleted' });
  });
  // What a DELETE of a namespace does then (Terminating, content left to the namespace controller, /finalize):
  // api-server.namespace.test.ts.
});
