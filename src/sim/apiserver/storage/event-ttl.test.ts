import { describe, expect, it } from 'vitest';
import { newServer, objectOf, RecordingSink, req } from '../test-helpers.ts';
import type { KubeObject } from '../../api/object.ts';

const HOUR = 3_600_000;

function event(name: string, count = 1): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-1' },
    reason: 'Started',
    message: 'Started container web',
    type: 'Normal',
    count,
  } as KubeObject;
}

function setup() {
  const { ctx, server } = newServer();
  const create = (name: string) => objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Event', namespace: 'default', body: event(name) })));
  const names = () => server.listObjects('v1', 'Event', 'default').map((e) => e.metadata.name);
  const runTo = (t: number) => ctx.scheduler.runUntil(t);
  return { ctx, server, create, names, runTo };
}

describe('Events expire after --event-ttl (one hour), as etcd leases them', () => {
  it('an Event is deleted between one hour and one hour and a minute after its last write, its watchers told', () => {
    const { server, create, names, runTo } = setup();
    const sink = new RecordingSink();
    server.watch({ apiVersion: 'v1', kind: 'Event', resourceVersion: '', user: 'tester' }, sink);
    create('a');
    runTo(HOUR);
    expect(names()).toEqual(['a']);
    runTo(HOUR + 60_000);
    expect(names()).toEqual([]);
    expect(sink.summary()).toEqual(['ADDED a', 'DELETED a']);
  });

  it('writes within the lease reuse window share a lease and go together (lease_manager.go)', () => {
    const { create, names, runTo } = setup();
    create('first');
    runTo(59_000);
    create('second');
    runTo(61_000);
    create('third'); // the first lease would not outlive now + ttl by enough: a new one
    runTo(HOUR + 60_000);
    expect(names()).toEqual(['third']);
    runTo(HOUR + 61_000 + 60_000);
    expect(names()).toEqual([]);
  });

  it('a write renews it: the correlator counting an Event up keeps it alive', () => {
    const { server, create, names, runTo } = setup();
    const a = create('a');
    runTo(HOUR - 1_000);
    objectOf(server.handle(req({ verb: 'update', apiVersion: 'v1', kind: 'Event', namespace: 'default', name: 'a', body: { ...a, count: 2 } })));
    runTo(HOUR + 60_000);
    expect(names()).toEqual(['a']);
    runTo(2 * HOUR + 60_000);
    expect(names()).toEqual([]);
  });

  it('a deleted Event and one created again under its name are each handled on their own', () => {
    const { server, create, names, runTo } = setup();
    create('a');
    objectOf(server.handle(req({ verb: 'delete', apiVersion: 'v1', kind: 'Event', namespace: 'default', name: 'a' })));
    runTo(30 * 60_000);
    create('a');
    runTo(HOUR + 60_000);
    expect(names()).toEqual(['a']);
    runTo(HOUR + 30 * 60_000 + 60_000);
    expect(names()).toEqual([]);
  });

  it('other kinds never expire, and an Event written in an atomic apply trial gets no lease', () => {
    const { server, names, runTo } = setup();
    objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } })));
    server.trial(() => server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Event', namespace: 'default', body: event('tried') })));
    runTo(3 * HOUR);
    expect(server.listObjects('v1', 'ConfigMap', 'default').map((c) => c.metadata.name)).toEqual(['c']);
    expect(names()).toEqual([]);
  });

  it('--event-ttl can be set: ten minutes', () => {
    const { ctx, server } = ((o) => o)(newServer({ eventTTL: 600_000 }));
    objectOf(server.handle(req({ verb: 'create', apiVersion: 'v1', kind: 'Event', namespace: 'default', body: event('short') })));
    ctx.scheduler.runUntil(600_000 + 30_000);
    expect(server.listObjects('v1', 'Event', 'default')).toEqual([]);
  });
});
