import { describe, expect, it } from 'vitest';
import { newServer, objectOf, pod, req, statusOf } from '../test-helpers.ts';

const P = { apiVersion: 'v1', kind: 'Pod', namespace: 'default' } as const;
const binding = (name: string, node: string, kind = 'Node') => ({ apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { kind, name: node } });

function withPod(nodeName?: string) {
  const { ctx, server } = newServer();
  objectOf(server.handle(req({ verb: 'create', ...P, body: pod('web', nodeName) })));
  return { ctx, server };
}

describe('pods/binding (BindingREST.Create)', () => {
  it('sets spec.nodeName and PodScheduled=True, answering 201', () => {
    const { server } = withPod();
    const res = server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', 'node-1') }));
    expect(res.code).toBe(201);
    const stored = server.getObject('v1', 'Pod', 'default', 'web')!;
    expect((stored.spec as { nodeName: string }).nodeName).toBe('node-1');
    expect((stored.status as { conditions: unknown[] }).conditions).toEqual([{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' }]);
  });
  it('a pod already bound is a 409 Conflict on pods/binding naming its node', () => {
    const { server } = withPod('node-2');
    const s = statusOf(server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', 'node-1') })));
    expect(s.code).toBe(409);
    expect(s.message).toBe('Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "node-2"');
  });
  it('binding twice: the second is refused', () => {
    const { server } = withPod();
    server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', 'node-1') }));
    const s = statusOf(server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', 'node-3') })));
    expect(s.message).toMatch(/already assigned to node "node-1"$/);
  });
  it('a terminating pod cannot be assigned', () => {
    const { server } = newServer();
    objectOf(server.handle(req({ verb: 'create', ...P, body: { ...pod('web'), metadata: { name: 'web', finalizers: ['example.com/hold'] } } })));
    server.handle(req({ verb: 'delete', ...P, name: 'web' }));
    const s = statusOf(server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', 'node-1') })));
    expect(s.message).toBe('Operation cannot be fulfilled on pods/binding "web": pod web is being deleted, cannot be assigned to a host');
  });
  it('validates the target and the name, and 404s a missing pod', () => {
    const { server } = withPod();
    const bad = statusOf(server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('web', '', 'Pod') })));
    expect(bad.code).toBe(422);
    expect(bad.message).toBe('Binding "web" is invalid: [target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]');
    expect(statusOf(server.handle(req({ verb: 'create', ...P, name: 'web', subresource: 'binding', body: binding('other', 'n') }))).message).toBe(
      'name in URL does not match name in Binding object',
    );
    expect(statusOf(server.handle(req({ verb: 'create', ...P, name: 'nope', subresource: 'binding', body: binding('nope', 'n') }))).code).toBe(404);
    expect(statusOf(server.handle(req({ verb: 'update', ...P, name: 'web', subresource: 'binding', body: binding('web', 'n') }))).code).toBe(405);
  });
});
