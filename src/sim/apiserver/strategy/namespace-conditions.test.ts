import { describe, expect, it } from 'vitest';
import { configMap, newServer, objectOf, req } from '../test-helpers.ts';
import type { KubeObject } from '../../api/object.ts';
import { namespaceDeletionConditions } from './namespace-conditions.ts';

const NS = { apiVersion: 'v1', kind: 'Namespace' } as const;

describe('a terminating namespace reports what holds it (namespace controller deletion/status_condition_utils.go)', () => {
  it('the five conditions in upstream order; remaining resources and finalizers counted, sorted', () => {
    const held = (name: string, finalizers: string[]): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, finalizers } });
    const c = namespaceDeletionConditions(
      [
        { resource: 'configmaps', group: '', obj: held('a', ['example.com/hold']) },
        { resource: 'configmaps', group: '', obj: held('b', ['example.com/hold', 'a.io/x']) },
        { resource: 'deployments', group: 'apps', obj: held('d', []) },
      ],
      undefined,
      1000,
    );
    expect(c.map((x) => [x.type, x.status, x.reason])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered'],
      ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions'],
      ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted'],
      ['NamespaceContentRemaining', 'True', 'SomeResourcesRemain'],
      ['NamespaceFinalizersRemaining', 'True', 'SomeFinalizersRemain'],
    ]);
    expect(c[3]!.message).toBe('Some resources are remaining: configmaps. has 2 resource instances, deployments.apps has 1 resource instances');
    expect(c[4]!.message).toBe('Some content in the namespace has finalizers remaining: a.io/x in 1 resource instances, example.com/hold in 2 resource instances');
  });

  it('in the api-server: a namespace held by a finalizer stays Terminating with the conditions; removing it lets the namespace go', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...NS, body: { ...NS, metadata: { name: 'team' } } }));
    server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', body: { ...configMap('c'), metadata: { name: 'c', finalizers: ['example.com/hold'] } } }));
    server.handle(req({ verb: 'delete', ...NS, name: 'team' }));
    const ns = server.getObject('v1', 'Namespace', undefined, 'team')!;
    const status = ns.status as { phase: string; conditions: Array<{ type: string; status: string; message: string }> };
    expect(status.phase).toBe('Terminating');
    expect(status.conditions.find((c) => c.type === 'NamespaceFinalizersRemaining')).toMatchObject({
      status: 'True',
      message: 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances',
    });
    const cm = server.getObject('v1', 'ConfigMap', 'team', 'c')!;
    const res = server.handle(req({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', name: 'c', body: { ...cm, metadata: { ...cm.metadata, finalizers: [] } } }));
    expect(objectOf(res).metadata.name).toBe('c');
    expect(server.getObject('v1', 'Namespace', undefined, 'team')).toBeUndefined();
  });
});
