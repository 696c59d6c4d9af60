/**
 * A namespace's lifecycle in the api-server (pkg/registry/core/namespace, plugin/pkg/admission/namespace/lifecycle):
 * the kubernetes finalizer, DELETE marking it Terminating without touching its content, NamespaceLifecycle refusing
 * new content, and `/finalize` releasing it.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { isStatus } from '../api/status.ts';
import { configMap, newServer, objectOf, RecordingSink, req, statusOf } from './test-helpers.ts';

const NS = { apiVersion: 'v1', kind: 'Namespace' } as const;
const CM = { apiVersion: 'v1', kind: 'ConfigMap' } as const;

function withNamespace(name = 'team', spec?: object): ReturnType<typeof newServer> & { ns: KubeObject } {
  const s = newServer();
  const ns = objectOf(s.server.handle(req({ verb: 'create', ...NS, body: { ...NS, metadata: { name }, ...(spec ? { spec } : {}) } })));
  return { ...s, ns };
}

const finalize = (server: ReturnType<typeof newServer>['server'], ns: KubeObject, finalizers: string[]) =>
  server.handle(req({ verb: 'update', ...NS, name: ns.metadata.name, subresource: 'finalize', body: { ...ns, spec: { finalizers } } }));

describe('namespace lifecycle', () => {
  it('is created Active with the kubernetes finalizer, appended to any given', () => {
    expect(withNamespace().ns).toMatchObject({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
    expect(withNamespace('x', { finalizers: ['example.com/a'] }).ns.spec).toEqual({ finalizers: ['example.com/a', 'kubernetes'] });
  });

  it('DELETE only marks it Terminating: its content is left to the namespace controller', () => {
    const { server } = withNamespace();
    server.handle(req({ verb: 'create', ...CM, namespace: 'team', body: configMap('c') }));
    const marked = objectOf(server.handle(req({ verb: 'delete', ...NS, name: 'team' })));
    expect(marked.metadata.deletionTimestamp).toBeDefined();
    expect(marked.status).toMatchObject({ phase: 'Terminating' });
    expect(server.getObject('v1', 'ConfigMap', 'team', 'c')?.metadata.deletionTimestamp).toBeUndefined();
    // A second DELETE while the kubernetes finalizer is there changes nothing.
    expect(objectOf(server.handle(req({ verb: 'delete', ...NS, name: 'team' }))).metadata.resourceVersion).toBe(marked.metadata.resourceVersion);
  });

  it('NamespaceLifecycle refuses new content in a terminating namespace, with the NamespaceTerminating cause', () => {
    const { server } = withNamespace();
    server.handle(req({ verb: 'delete', ...NS, name: 'team' }));
    const s = statusOf(server.handle(req({ verb: 'create', ...CM, namespace: 'team', body: configMap('c') })));
    expect(s.code).toBe(403);
    expect(s.message).toBe('configmaps "c" is forbidden: unable to create new content in namespace team because it is being terminated');
    expect(s.details?.causes).toEqual([{ reason: 'NamespaceTerminating', message: 'namespace team is being terminated', field: 'metadata.namespace' }]);
  });

  it('an update of the namespace cannot move spec.finalizers; /finalize can', () => {
    const { server, ns } = withNamespace();
    const updated = objectOf(server.handle(req({ verb: 'update', ...NS, name: 'team', body: { ...ns, spec: { finalizers: [] } } })));
    expect(updated.spec).toEqual({ finalizers: ['kubernetes'] });
    const finalized = objectOf(finalize(server, updated, ['example.com/a']));
    expect(finalized.spec).toEqual({ finalizers: ['example.com/a'] });
    expect(finalized.status).toEqual({ phase: 'Active' });
  });

  it('/finalize emptying spec.finalizers of a terminating namespace deletes it: one DELETED event', () => {
    const { server } = withNamespace();
    const marked = objectOf(server.handle(req({ verb: 'delete', ...NS, name: 'team' })));
    const sink = new RecordingSink();
    const w = server.watch({ ...NS, user: 'informer', resourceVersion: marked.metadata.resourceVersion! }, sink);
    expect(isStatus(w)).toBe(false);
    expect(finalize(server, marked, []).ok).toBe(true);
    expect(server.getObject('v1', 'Namespace', undefined, 'team')).toBeUndefined();
    expect(sink.events.map((e) => e.type)).toEqual(['DELETED']);
  });

  it('a metadata finalizer holds it past /finalize until it is removed', () => {
    const { server } = withNamespace();
    const ns = objectOf(server.handle(req({ verb: 'get', ...NS, name: 'team' })));
    objectOf(server.handle(req({ verb: 'update', ...NS, name: 'team', body: { ...ns, metadata: { ...ns.metadata, finalizers: ['example.com/hold'] } } })));
    const marked = objectOf(server.handle(req({ verb: 'delete', ...NS, name: 'team' })));
    const finalized = objectOf(finalize(server, marked, []));
    expect(server.getObject('v1', 'Namespace', undefined, 'team')).toBeDefined();
    objectOf(server.handle(req({ verb: 'update', ...NS, name: 'team', body: { ...finalized, metadata: { ...finalized.metadata, finalizers: [] } } })));
    expect(server.getObject('v1', 'Namespace', undefined, 'team')).toBeUndefined();
  });

  it('/finalize is only for namespaces, and only PUT', () => {
    const { server } = withNamespace();
    server.handle(req({ verb: 'create', ...CM, namespace: 'team', body: configMap('c') }));
    expect(statusOf(server.handle(req({ verb: 'update', ...CM, namespace: 'team', name: 'c', subresource: 'finalize', body: configMap('c') }))).code).toBe(404);
    expect(statusOf(server.handle(req({ verb: 'get', ...NS, name: 'team', subresource: 'finalize' }))).code).toBe(405);
  });
});
