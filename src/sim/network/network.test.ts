import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import type { ApiRequest, ApiResponse, WatchEvent } from '../apiserver/api-request.ts';
import { SimContext } from '../engine/sim-context.ts';
import { FakeApiServer } from './fake-api-server.ts';
import { Network } from './network.ts';
import type { WatchChannel, WatchReceiver } from './watch-channel.ts';

class Replies {
  got: Array<{ token: number; at: number; response: ApiResponse }> = [];
  constructor(private readonly ctx: SimContext) {}
  onResponse(token: number, response: ApiResponse): void {
    this.got.push({ token, at: this.ctx.now, response });
  }
}

class Receiver implements WatchReceiver {
  events: Array<{ at: number; event: WatchEvent }> = [];
  constructor(private readonly ctx: SimContext) {}
  onWatchEvent(_token: number, event: WatchEvent): void {
    this.events.push({ at: this.ctx.now, event });
  }
}

function cm(name: string, data: Record<string, string> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name }, data };
}

function create(name: string, data: Record<string, string> = {}): ApiRequest {
  return { verb: 'create', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', body: cm(name, data), user: 'test' };
}

function setup(seed = 1, options: ConstructorParameters<typeof Network>[2] = {}) {
  const ctx = new SimContext({ seed });
  const server = new FakeApiServer();
  const network = new Network(ctx, server, options);
  return { ctx, server, network };
}

describe('RestClient', () => {
  it('100 requests at 20 qps / burst 30: 30 leave at once, then one every 50 ms', () => {
    const { ctx, network } = setup();
    const client = network.restClient('replicaset-controller');
    const replies = new Replies(ctx);
    for (let i = 0; i < 100; i++) client.send(create(`c${i}`), replies, 'onResponse', i);
    ctx.scheduler.runUntil(10_000);
    const sent = ctx.trace.slice().filter((e) => e.kind === 'api.request').map((e) => e.time);
    expect(sent).toHaveLength(100);
    expect(sent.slice(0, 30).every((t) => t === 0)).toBe(true);
    for (let i = 30; i < 100; i++) expect(sent[i]).toBeCloseTo(((i - 29) * 1000) / 20, 6);
    expect(replies.got.map((r) => r.token).sort((a, b) => a - b)).toEqual([...Array(100).keys()]);
    expect(replies.got.every((r) => r.response.ok)).toBe(true);
  });

  it('callNow answers in the same instant, traced like any request, and watch deliveries are caused by its response', () => {
    const { ctx, network } = setup();
    const rx = new Receiver(ctx);
    network.openWatch('rs/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'rs' }, rx, 1);
    const res = network.restClient('kubectl').callNow(create('a'));
    expect(res.code).toBe(201);
    expect(ctx.trace.slice().map((e) => `${e.kind} ${e.actor} @${e.time}`)).toEqual(['api.request kubectl @0', 'api.response api-server @0']);
    ctx.scheduler.runUntil(100);
    const deliver = ctx.trace.slice().find((e) => e.kind === 'watch.deliver')!;
    expect(deliver.causeId).toBe(2);
    expect(network.restClient('kubectl').callNow(create('b'), false).code).toBe(201);
    expect(ctx.trace.slice().filter((e) => e.kind === 'api.request')).toHaveLength(1);
  });

  it('qps "off" sends everything at once', () => {
    const { ctx, network } = setup();
    const client = network.restClient('kubectl', { qps: 'off' });
    const replies = new Replies(ctx);
    for (let i = 0; i < 100; i++) client.send(create(`c${i}`), replies, 'onResponse', i);
    ctx.scheduler.runUntil(1000);
    expect(ctx.trace.slice().filter((e) => e.kind === 'api.request').every((e) => e.time === 0)).toBe(true);
  });

  it('records api.request by the client and api.response by the api-server, caused by the request, with rv and changed fields', () => {
    const { ctx, server, network } = setup();
    const client = network.restClient('replicaset-controller');
    const replies = new Replies(ctx);
    client.send(create('a', { x: '1' }), replies, 'onResponse', 1);
    ctx.scheduler.runUntil(100);
    const created = (replies.got[0]!.response as { object: KubeObject }).object;
    client.send({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'a', body: { ...created, data: { x: '2' } }, user: 'rs' }, replies, 'onResponse', 2);
    ctx.scheduler.runUntil(200);
    const events = ctx.trace.slice();
    const req = events.filter((e) => e.kind === 'api.request');
    const res = events.filter((e) => e.kind === 'api.response');
    expect(req.map((e) => e.actor)).toEqual(['replicaset-controller', 'replicaset-controller']);
    expect(res.map((e) => e.actor)).toEqual(['api-server', 'api-server']);
    expect(res[1]!.causeId).toBe(req[1]!.id);
    expect(res[1]).toMatchObject({ verb: 'update', code: 200, rvBefore: '1', rv: '2', changed: ['data.x'] });
    expect(res[1]!.time).toBeGreaterThan(req[1]!.time);
    expect(replies.got[1]!.at).toBeGreaterThan(res[1]!.time);
    expect(server.rv).toBe(2);
  });

  it('a 409 Conflict is answered with its reason and message', () => {
    const { ctx, network } = setup();
    const replies = new Replies(ctx);
    const client = network.restClient('c');
    client.send(create('a'), replies, 'onResponse', 1);
    ctx.scheduler.runUntil(100);
    client.send({ verb: 'update', apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'a', body: { ...cm('a'), metadata: { namespace: 'default', name: 'a', resourceVersion: '99' } }, user: 'c' }, replies, 'onResponse', 2);
    ctx.scheduler.runUntil(200);
    const res = ctx.trace.slice().filter((e) => e.kind === 'api.response')[1]!;
    expect(res).toMatchObject({ code: 409, reason: 'Conflict' });
    expect(replies.got[1]!.response.ok).toBe(false);
  });

  it('retries a 503 with Retry-After after that many seconds, and the caller sees only the last answer', () => {
    const { ctx, server, network } = setup();
    const replies = new Replies(ctx);
    server.unavailable = true;
    network.restClient('c').send(create('a'), replies, 'onResponse', 7);
    ctx.scheduler.runUntil(2500);
    server.unavailable = false;
    ctx.scheduler.runUntil(5000);
    const codes = ctx.trace.slice().filter((e) => e.kind === 'api.response').map((e) => (e as { code: number }).code);
    expect(codes).toEqual([503, 503, 503, 201]);
    expect(replies.got).toHaveLength(1);
    expect(replies.got[0]!.response.code).toBe(201);
  });

  it('gives up after maxRetries and hands the 503 to the caller', () => {
    const { ctx, server, network } = setup();
    const replies = new Replies(ctx);
    server.unavailable = true;
    network.restClient('c', { maxRetries: 2 }).send(create('a'), replies, 'onResponse', 1);
    ctx.scheduler.runUntil(60_000);
    expect(replies.got.map((r) => r.response.code)).toEqual([503]);
    expect(ctx.trace.slice().filter((e) => e.kind === 'api.request')).toHaveLength(3);
  });

  it('latency jitter is deterministic per seed and stays within mean ± jitter', () => {
    const run = (seed: number) => {
      const { ctx, network } = setup(seed);
      const replies = new Replies(ctx);
      for (let i = 0; i < 20; i++) network.restClient('c').send(create(`c${i}`), replies, 'onResponse', i);
      ctx.scheduler.runUntil(1000);
      return ctx.trace.slice().filter((e) => e.kind === 'api.response').map((e) => e.time);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
    for (const t of run(42)) expect(t >= 1 && t <= 3).toBe(true);
  });
});

describe('Network', () => {
  it('latency can be changed at run time', () => {
    const { ctx, network } = setup();
    network.setRequestLatency({ meanMs: 100, jitterMs: 0 });
    const replies = new Replies(ctx);
    network.restClient('c').send(create('a'), replies, 'onResponse', 1);
    ctx.scheduler.runUntil(1000);
    expect(replies.got[0]!.at).toBe(200);
  });
});

describe('WatchChannel', () => {
  it('delivers in order after the watch latency, each as watch.deliver caused by the write\'s api.response', () => {
    const { ctx, network } = setup(3, { watchLatency: { meanMs: 3, jitterMs: 2 } });
    const rx = new Receiver(ctx);
    const ch = network.openWatch('rs/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'rs' }, rx, 1) as WatchChannel;
    const replies = new Replies(ctx);
    for (let i = 0; i < 50; i++) network.restClient('c', { qps: 'off' }).send(create(`c${i}`), replies, 'onResponse', i);
    ctx.scheduler.runUntil(1000);
    const written = ctx.trace.slice().filter((e) => e.kind === 'api.response').map((e) => (e as { object: { name: string } }).object.name);
    expect(rx.events.map((e) => (e.event.object as KubeObject).metadata.name)).toEqual(written);
    expect(written).toHaveLength(50);
    const times = rx.events.map((e) => e.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const events = ctx.trace.slice();
    const deliver = events.filter((e) => e.kind === 'watch.deliver');
    expect(deliver).toHaveLength(50);
    expect(deliver[0]!.actor).toBe('rs/informer/configmaps');
    expect(ctx.trace.get(deliver[0]!.causeId!)!.kind).toBe('api.response');
    expect(ch.delivered).toBe(50);
  });

  it('each event is due at max(previous, now + a draw of Network.watchLatency for its informer), two channels of one informer sharing the stream', () => {
    const informer = 'rs/informer/configmaps';
    const latency = { watchLatency: { meanMs: 3, jitterMs: 2 } };
    const req = { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'rs' };
    // The channels.
    const real = setup(7, latency);
    const rx = [new Receiver(real.ctx), new Receiver(real.ctx)];
    for (const r of rx) real.network.openWatch(informer, req, r, 1);
    // The plain computation: one draw per event per channel, in the order they are queued.
    const plain = setup(7, latency);
    const last = [0, 0];
    const due: number[][] = [[], []];
    for (let i = 0; i < 40; i++) {
      real.server.handle(create(`c${i}`));
      real.ctx.scheduler.runUntil(real.ctx.now + (i % 3));
      plain.server.handle(create(`c${i}`));
      for (const k of [0, 1]) due[k]!.push((last[k] = Math.max(last[k]!, plain.ctx.now + plain.network.watchLatency(informer))));
      plain.ctx.scheduler.runUntil(plain.ctx.now + (i % 3));
    }
    real.ctx.scheduler.runUntil(real.ctx.now + 1000);
    expect(rx.map((r) => r.events.map((e) => e.at))).toEqual(due);
  });

  it('keeps at most one pending timer per channel, however many events are in flight', () => {
    const { ctx, server, network } = setup();
    for (let w = 0; w < 10; w++) network.openWatch(`w${w}/informer/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'x' }, new Receiver(ctx), 1);
    for (let i = 0; i < 1000; i++) server.handle(create(`c${i}`));
    expect(ctx.scheduler.pending).toBe(10);
    ctx.scheduler.runUntil(100);
    expect(ctx.trace.slice().filter((e) => e.kind === 'watch.deliver')).toHaveLength(10_000);
  });

  it('drops events to a target process for a while, recorded with fate dropped', () => {
    const { ctx, server, network } = setup();
    const a = new Receiver(ctx);
    const b = new Receiver(ctx);
    network.openWatch('rs/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'x' }, a, 1);
    network.openWatch('deploy/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'x' }, b, 1);
    network.dropWatchEvents('rs', 1000);
    server.handle(create('lost'));
    ctx.scheduler.runUntil(1500);
    server.handle(create('kept'));
    ctx.scheduler.runUntil(2000);
    expect(a.events.map((e) => (e.event.object as KubeObject).metadata.name)).toEqual(['kept']);
    expect(b.events).toHaveLength(2);
    expect(ctx.trace.slice().filter((e) => e.kind === 'watch.deliver' && e.fate === 'dropped')).toHaveLength(1);
  });

  it('delays events to a target, keeping their order, recorded with fate delayed', () => {
    const { ctx, server, network } = setup();
    const a = new Receiver(ctx);
    network.openWatch('rs/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'x' }, a, 1);
    network.delayWatchEvents('rs/informer/configmaps', 500, 100);
    server.handle(create('slow'));
    ctx.scheduler.runUntil(200);
    server.handle(create('after'));
    ctx.scheduler.runUntil(2000);
    expect(a.events.map((e) => (e.event.object as KubeObject).metadata.name)).toEqual(['slow', 'after']);
    expect(a.events[0]!.at).toBeGreaterThanOrEqual(500);
    expect(a.events[1]!.at).toBe(a.events[0]!.at);
    const delayed = ctx.trace.slice().filter((e) => e.kind === 'watch.deliver' && e.fate === 'delayed');
    expect(delayed).toHaveLength(1);
  });

  it('a stopped channel delivers nothing more and closes the server watch', () => {
    const { ctx, server, network } = setup();
    const a = new Receiver(ctx);
    const ch = network.openWatch('x/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '0', user: 'x' }, a, 1) as WatchChannel;
    server.handle(create('a'));
    ch.stop();
    ctx.scheduler.runUntil(100);
    expect(a.events).toEqual([]);
    expect(server.watchCount).toBe(0);
    expect(network.openChannels()).toEqual([]);
  });

  it('a watch from a compacted revision is refused with 410 Expired', () => {
    const { ctx, server, network } = setup();
    server.handle(create('a'));
    server.handle(create('b'));
    server.compact();
    const r = network.openWatch('x/informer/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '1', user: 'x' }, new Receiver(ctx), 1);
    expect(r).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
  });
});

describe('changed paths of subresource writes', () => {
  it('a /scale write reports spec.replicas of the object, not the differences between a Deployment and a Scale', async () => {
    const { Simulation } = await import('../simulation.ts');
    const sim = Simulation.create({ seed: 1, nodes: 1, controllers: [] });
    sim.apply('apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: "nginx:1.27"}]}\n');
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 4 });
    const res = sim.trace.slice().filter((e) => e.kind === 'api.response' && e.subresource === 'scale').at(-1);
    expect(res?.kind === 'api.response' && res.changed).toEqual(expect.arrayContaining(['spec.replicas']));
    expect(res?.kind === 'api.response' && res.changed).not.toContain('kind');
  });
});
