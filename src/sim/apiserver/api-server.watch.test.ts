import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configMap, newServer, objectOf, pod, RecordingSink, req } from './test-helpers.ts';
import { isStatus, type Status } from '../api/status.ts';
import type { KubeObject } from '../api/object.ts';
import type { ServerWatch, WatchEvent, WatchSink } from './api-request.ts';
import type { Watcher } from './storage/watch-cache.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default' } as const;
const W = { apiVersion: 'v1', kind: 'ConfigMap', user: 'informer' };

function started(w: ServerWatch | Status): ServerWatch {
  if (isStatus(w)) throw new Error(w.message);
  return w;
}

describe('watch', () => {
  it('pushes each write synchronously, with the same frozen object the store holds', () => {
    const { server } = newServer();
    const sink = new RecordingSink();
    started(server.watch({ ...W, resourceVersion: String(server.revision) }, sink));
    const created = objectOf(server.handle(req({ verb: 'create', ...CM, body: configMap('a') })));
    expect(sink.events).toHaveLength(1);
    expect(sink.events[0]!.type).toBe('ADDED');
    expect(sink.events[0]!.object).toBe(created);
    expect(sink.events[0]!.object).toBe(server.getObject('v1', 'ConfigMap', 'default', 'a'));
  });
  it('replays the history after a revision, then continues live', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('a') })); // 5
    server.handle(req({ verb: 'create', ...CM, body: configMap('b') })); // 6
    server.handle(req({ verb: 'delete', ...CM, name: 'a' })); // 7
    const sink = new RecordingSink();
    started(server.watch({ ...W, resourceVersion: '5' }, sink));
    server.handle(req({ verb: 'create', ...CM, body: configMap('c') }));
    expect(sink.summary()).toEqual(['ADDED b', 'DELETED a', 'ADDED c']);
    expect(sink.events.map((e) => (e.object as KubeObject).metadata.resourceVersion)).toEqual(['6', '7', '8']);
  });
  it('resourceVersion "0" starts with the current objects as ADDED', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('a') }));
    const sink = new RecordingSink();
    started(server.watch({ ...W, resourceVersion: '0' }, sink));
    expect(sink.summary()).toEqual(['ADDED a']);
  });
  it('a revision older than the bounded history is 410 Expired', () => {
    const { server } = newServer({ watchHistory: 3 });
    for (const n of ['a', 'b', 'c', 'd']) server.handle(req({ verb: 'create', ...CM, body: configMap(n) }));
    // revisions 1..8; the history holds 6..8.
    const s = server.watch({ ...W, resourceVersion: '2' }, new RecordingSink());
    expect(isStatus(s) && s).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 2 (5)' });
    expect(isStatus(server.watch({ ...W, resourceVersion: '5' }, new RecordingSink()))).toBe(false);
  });
  it('compact() makes older revisions expire', () => {
    const { server } = newServer();
    server.handle(req({ verb: 'create', ...CM, body: configMap('a') }));
    server.compact();
    const s = server.watch({ ...W, resourceVersion: '4' }, new RecordingSink());
    expect(isStatus(s) && s.message).toBe('too old resource version: 4 (5)');
  });
  it('a label-selected watch sees an object leave as DELETED and enter as ADDED', () => {
    const { server } = newServer();
    const sink = new RecordingSink();
    started(server.watch({ ...W, resourceVersion: String(server.revision), labelSelector: 'tier=web' }, sink));
    const a = objectOf(server.handle(req({ verb: 'create', ...CM, body: configMap('a', {}, { tier: 'web' }) })));
    server.handle(req({ verb: 'create', ...CM, body: configMap('b', {}, { tier: 'db' }) }));
    const moved = objectOf(server.handle(req({ verb: 'update', ...CM, name: 'a', body: { ...a, metadata: { ...a.metadata, labels: { tier: 'db' } } } })));
    server.handle(req({ verb: 'update', ...CM, name: 'a', body: { ...moved, metadata: { ...moved.metadata, labels: { tier: 'web' } } } }));
    expect(sink.summary()).toEqual(['ADDED a', 'DELETED a', 'ADDED a']);
    // The DELETED carries the last state it matched in, at the revision where it left.
    const left = sink.events[1]!.object as KubeObject;
    expect(left.metadata.labels).toEqual({ tier: 'web' });
    expect(left.metadata.resourceVersion).toBe(moved.metadata.resourceVersion);
  });
  it('namespace and field selectors filter', () => {
    const { server } = newServer();
    const sink = new RecordingSink();
    started(server.watch({ ...W, namespace: 'kube-system', fieldSelector: 'metadata.name=x', resourceVersion: String(server.revision) }, sink));
    server.handle(req({ verb: 'create', ...CM, body: configMap('x') }));
    server.handle(req({ verb: 'create', ...CM, namespace: 'kube-system', body: configMap('y') }));
    server.handle(req({ verb: 'create', ...CM, namespace: 'kube-system', body: configMap('x') }));
    expect(sink.summary()).toEqual(['ADDED x']);
    expect((sink.events[0]!.object as KubeObject).metadata.namespace).toBe('kube-system');
  });
  it('pods watched by spec.nodeName (the watch cache trigger) reach only their node\'s watchers, in watch order, and every watcher\'s revision moves on', () => {
    const { server } = newServer();
    const P = { apiVersion: 'v1', kind: 'Pod', namespace: 'default' } as const;
    const order: string[] = [];
    const sinkFor = (name: string): WatchSink => ({ onWatchEvent: (e: WatchEvent) => order.push(`${name} ${e.type} ${(e.object as KubeObject).metadata.name}`) });
    const watch = (name: string, fieldSelector?: string) =>
      started(server.watch({ apiVersion: 'v1', kind: 'Pod', user: name, resourceVersion: String(server.revision), ...(fieldSelector ? { fieldSelector } : {}) }, sinkFor(name)));
    watch('kubelet-2', 'spec.nodeName=node-2');
    watch('all');
    watch('kubelet-1', 'spec.nodeName=node-1');
    const unscheduled = watch('scheduler', 'spec.nodeName=') as Watcher;
    const idle = watch('kubelet-3', 'spec.nodeName=node-3,metadata.namespace=default') as Watcher;
    server.handle(req({ verb: 'create', ...P, body: pod('p') }));
    server.handle(req({ verb: 'create', ...P, name: 'p', subresource: 'binding', body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { kind: 'Node', name: 'node-1' } } }));
    server.handle(req({ verb: 'create', ...P, body: pod('q', 'node-2') }));
    expect(order).toEqual(['all ADDED p', 'scheduler ADDED p', 'all MODIFIED p', 'kubelet-1 ADDED p', 'scheduler DELETED p', 'kubelet-2 ADDED q', 'all ADDED q']);
    // A watcher no event was offered to has still seen every revision of pods (its 410 names the latest).
    expect(idle.lastRevision).toBe(server.revision);
    expect(unscheduled.lastRevision).toBe(server.revision);
  });
  it('expireWatch ends a watch with an ERROR carrying 410 Expired; nothing follows', () => {
    const { server } = newServer();
    const sink = new RecordingSink();
    const w = started(server.watch({ ...W, resourceVersion: String(server.revision) }, sink));
    expect(server.expireWatch(w.id)).toBe(true);
    server.handle(req({ verb: 'create', ...CM, body: configMap('a') }));
    expect(sink.events).toHaveLength(1);
    expect(sink.events[0]!.type).toBe('ERROR');
    expect((sink.events[0]!.object as Status).code).toBe(410);
    expect(server.watchCount()).toBe(0);
  });
  it('expireWatchesOf ends only that user\'s watches; stop() ends one quietly', () => {
    const { server } = newServer();
    const a = new RecordingSink();
    const b = new RecordingSink();
    started(server.watch({ ...W, user: 'a', resourceVersion: '0' }, a));
    const wb = started(server.watch({ ...W, user: 'b', resourceVersion: '0' }, b));
    expect(server.expireWatchesOf('a')).toBe(1);
    wb.stop();
    server.handle(req({ verb: 'create', ...CM, body: configMap('z') }));
    expect(a.summary()).toHaveLength(1);
    expect(b.events).toHaveLength(0);
  });
  it('a sink that writes while receiving does not reorder other watchers\' events', () => {
    const { server } = newServer();
    class Echo implements WatchSink {
      onWatchEvent(e: WatchEvent): void {
        const o = e.object as KubeObject;
        if (e.type === 'ADDED' && o.metadata.name === 'a') server.handle(req({ verb: 'create', ...CM, body: configMap('b') }));
      }
    }
    started(server.watch({ ...W, resourceVersion: String(server.revision) }, new Echo()));
    const later = new RecordingSink();
    started(server.watch({ ...W, resourceVersion: String(server.revision) }, later));
    server.handle(req({ verb: 'create', ...CM, body: configMap('a') }));
    expect(later.summary()).toEqual(['ADDED a', 'ADDED b']);
  });
  it('a watch while unavailable is 503; an unknown kind is 404', () => {
    const { server } = newServer();
    expect((server.watch({ apiVersion: 'x/v1', kind: 'Foo', user: 'u', resourceVersion: '' }, new RecordingSink()) as Status).code).toBe(404);
    server.setUnavailable(10);
    expect((server.watch({ ...W, resourceVersion: '' }, new RecordingSink()) as Status).code).toBe(503);
  });
});

/** Applies watch events to a map, as an informer's store would. */
class Mirror implements WatchSink {
  readonly objects = new Map<string, KubeObject>();
  onWatchEvent(e: WatchEvent): void {
    const o = e.object as KubeObject;
    const key = `${o.metadata.namespace}/${o.metadata.name}`;
    if (e.type === 'DELETED') this.objects.delete(key);
    else this.objects.set(key, o);
  }
}

describe('watch replay property', () => {
  it('after any sequence of creates/updates/deletes, replaying the watch from the start rebuilds the store', () => {
    const op = fc.record({
      kind: fc.constantFrom('create', 'update', 'delete', 'relabel'),
      name: fc.constantFrom('a', 'b', 'c', 'd'),
      ns: fc.constantFrom('default', 'kube-system'),
      value: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const { server } = newServer();
        const start = String(server.revision);
        for (const o of ops) {
          const at = { ...CM, namespace: o.ns, name: o.name };
          const live = server.getObject('v1', 'ConfigMap', o.ns, o.name);
          if (o.kind === 'create') server.handle(req({ verb: 'create', ...at, body: configMap(o.name, { v: String(o.value) }, { v: String(o.value % 2) }) }));
          else if (o.kind === 'delete') server.handle(req({ verb: 'delete', ...at }));
          else if (live && o.kind === 'update') server.handle(req({ verb: 'update', ...at, body: { ...live, data: { v: String(o.value) } } }));
          else if (live) server.handle(req({ verb: 'update', ...at, body: { ...live, metadata: { ...live.metadata, labels: { v: String(o.value % 2) } } } }));
        }
        const all = new Mirror();
        started(server.watch({ ...W, resourceVersion: start }, all));
        const selected = new Mirror();
        started(server.watch({ ...W, resourceVersion: start, labelSelector: 'v=1' }, selected));
        const expected = server.listObjects('v1', 'ConfigMap');
        expect([...all.objects.values()].sort(byKey)).toEqual(expected);
        expect([...selected.objects.values()].sort(byKey)).toEqual(expected.filter((o) => o.metadata.labels?.v === '1'));
        for (const o of expected) expect(all.objects.get(`${o.metadata.namespace}/${o.metadata.name}`)).toBe(o);
      }),
      { seed: 20260101, numRuns: 150 },
    );
  });
});

function byKey(a: KubeObject, b: KubeObject): number {
  const ka = `${a.metadata.namespace}/${a.metadata.name}`;
  const kb = `${b.metadata.namespace}/${b.metadata.name}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
