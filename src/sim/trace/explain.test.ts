import { describe, expect, it } from 'vitest';
import { Trace } from './trace.ts';
import { explain } from './explain.ts';

describe('explain', () => {
  it('tells a write’s story back to the user action', () => {
    const clock = { now: 0 };
    const t = new Trace(clock);
    const root = t.emit('user', { kind: 'user.action', action: 'apply', detail: 'kubectl apply 1 document' }, null);
    const req = t.emit('kubectl', { kind: 'api.request', verb: 'apply', object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, requestId: 1 }, root);
    const res = t.emit('api-server', { kind: 'api.response', verb: 'apply', object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, requestId: 1, code: 201, rv: '38' }, req);
    const seen = t.emit('kcm/informer/deployments', { kind: 'watch.deliver', informer: 'kcm/informer/deployments', type: 'ADDED', object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, rv: '38' }, res);
    const add = t.emit('deployment-controller', { kind: 'queue.add', queue: 'deployment-controller', key: 'default/web', reason: 'add' }, seen);
    const get = t.emit('deployment-controller', { kind: 'queue.get', queue: 'deployment-controller', key: 'default/web', worker: 0 }, add);
    const req2 = t.emit('deployment-controller', { kind: 'api.request', verb: 'create', object: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web-abc' }, requestId: 2 }, get);
    const res2 = t.emit('api-server', { kind: 'api.response', verb: 'create', object: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web-abc' }, requestId: 2, code: 201, rv: '41' }, req2);
    expect(explain(t, res2)).toBe(
      'replicaset default/web-abc created (rv 41) by deployment-controller, while reconciling default/web, after its informer saw deployment default/web added (rv 38), deployment default/web applied (rv 38) by kubectl, because you ran `kubectl apply 1 document`',
    );
  });

  it('shortens very long chains but keeps the root', () => {
    const t = new Trace({ now: 0 });
    let prev = t.emit('user', { kind: 'user.action', action: 'apply', detail: 'x' }, null);
    for (let i = 0; i < 40; i++) prev = t.emit('c', { kind: 'queue.requeue', queue: 'q', key: `k${i}`, reason: 'retry', delay: 5, numRequeues: i }, prev);
    const s = explain(t, prev, 5);
    expect(s.split(', ')).toHaveLength(5);
    expect(s.endsWith('because you ran `x`')).toBe(true);
  });

  it('says when the recorder’s spam filter kept an event from the api-server', () => {
    const t = new Trace({ now: 0 });
    const pod = { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'web-1' };
    const kept = t.emit('kubelet/node-1', { kind: 'k8s.event', type: 'Normal', reason: 'Pulled', message: 'pulled', involvedObject: pod, reportingController: 'kubelet' }, null);
    const dropped = t.emit('kubelet/node-1', { kind: 'k8s.event', type: 'Normal', reason: 'Pulled', message: 'pulled', involvedObject: pod, reportingController: 'kubelet', correlation: 'spam-filtered' }, null);
    expect(explain(t, kept)).toBe('kubelet recorded Normal event Pulled: pulled');
    expect(explain(t, dropped)).toBe('kubelet reported (the spam filter did not write) Normal event Pulled: pulled');
  });

  it("a chain that reaches the window's start says so, naming the first cause no longer kept", () => {
    const t = new Trace({ now: 0 }, { window: 1024 });
    const root = t.emit('user', { kind: 'user.action', action: 'apply', detail: 'x' }, null);
    for (let i = 0; i < 2500; i++) t.emit('n', { kind: 'scenario.note', detail: `${i}` }, null);
    let prev = root;
    for (let i = 0; i < 50; i++) prev = t.emit('c', { kind: 'queue.requeue', queue: 'q', key: 'k', reason: 'retry', delay: 5, numRequeues: i }, prev);
    expect(t.beforeWindow(root)).toBe(true);
    expect(explain(t, prev)).toBe("k requeued after 5 ms (retry), after event #1, before the trace's window (older history is dropped)");
  });
});
