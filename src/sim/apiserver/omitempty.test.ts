/** Issue 15, item 3: what the api-server stores and serves drops what Go's `omitempty` drops. */
import { describe, expect, it } from 'vitest';
import { configMap, newServer, objectOf, req } from './test-helpers.ts';

describe('ObjectMeta omitempty (apimachinery meta/v1 types.go)', () => {
  it('empty finalizers, labels, annotations and ownerReferences are not stored or served', () => {
    const { server } = newServer();
    const body = { ...configMap('c'), metadata: { name: 'c', finalizers: [], labels: {}, annotations: {}, ownerReferences: [] } };
    const created = objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body })));
    for (const k of ['finalizers', 'labels', 'annotations', 'ownerReferences']) expect(k in created.metadata, k).toBe(false);
    expect('finalizers' in server.getObject('v1', 'ConfigMap', 'default', 'c')!.metadata).toBe(false);
  });
  it('a finalizer list emptied by an update is dropped, not kept as []', () => {
    const { server } = newServer();
    const live = objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: { ...configMap('c'), metadata: { name: 'c', finalizers: ['a.io/x'] } } })));
    const res = server.handle(req({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'c', body: { ...live, metadata: { ...live.metadata, finalizers: [] } } }));
    expect('finalizers' in objectOf(res).metadata).toBe(false);
  });
});
