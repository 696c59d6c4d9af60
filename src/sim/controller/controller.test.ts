import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../api/object.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import { SimContext } from '../engine/sim-context.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import { Controller } from './controller.ts';
import { FakeTransport } from './fake-transport.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request, Result } from './reconciler.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };

function configMap(name: string, data: Record<string, string> = {}): KubeObject {
  return { ...CM, metadata: { namespace: 'default', name }, data };
}

/** Reads the ConfigMap named by the key; copies it into "<name>-copy". NotFound is an error. */
class CopyReconciler implements Reconciler {
  *reconcile(req: Request, ctx: ReconcileContext): ReconcileGenerator {
    const cm = yield* ctx.client.get(CM, req.namespace, req.name);
    ctx.observe(`configmap ${req.name}`, [{ ...CM, namespace: req.namespace, name: req.name, rv: cm.metadata.resourceVersion }]);
    ctx.diff('copy missing', false);
    ctx.act(`create ${req.name}-copy`);
    yield* ctx.client.create(configMap(`${req.name}-copy`, cm.data as Record<string, string>));
    ctx.status('copied');
  }
}

class ThrowingReconciler implements Reconciler {
  calls = 0;
  // eslint-disable-next-line require-yield -- fails before its first API call
  *reconcile(): ReconcileGenerator {
    this.calls++;
    throw new Error('boom');
  }
}

class RequeueAfterReconciler implements Reconciler {
  times: number[] = [];
  constructor(private readonly result: Result) {}
  // eslint-disable-next-line require-yield -- makes no API calls
  *reconcile(_req: Request, ctx: ReconcileContext): ReconcileGenerator {
    this.times.push(ctx.now);
    return this.result;
  }
}

class BatchReconciler implements Reconciler {
  got: ApiResponse[] = [];
  resumedAt = -1;
  *reconcile(req: Request, ctx: ReconcileContext): ReconcileGenerator {
    const requests = [1, 2, 3].map((i) =>
      ctx.client.request({ verb: 'create', ...CM, namespace: req.namespace, body: configMap(`${req.name}-${i}`) }),
    );
    this.got = (yield { type: 'batch', requests }) as ApiResponse[];
    this.resumedAt = ctx.now;
  }
}

/** Sleeps on one GET per reconcile and counts concurrent reconciles per key. */
class SlowReconciler implements Reconciler {
  active = new Map<string, number>();
  maxConcurrentSameKey = 0;
  maxConcurrent = 0;
  done: string[] = [];
  *reconcile(req: Request, ctx: ReconcileContext): ReconcileGenerator {
    const k = req.name;
    this.active.set(k, (this.active.get(k) ?? 0) + 1);
    this.maxConcurrentSameKey = Math.max(this.maxConcurrentSameKey, this.active.get(k)!);
    this.maxConcurrent = Math.max(this.maxConcurrent, [...this.active.values()].reduce((a, b) => a + b, 0));
    try {
      yield* ctx.client.list(CM, { namespace: 'default' });
    } finally {
      this.active.set(k, this.active.get(k)! - 1);
    }
    this.done.push(k);
  }
}

function setup(reconciler: Reconciler, extra: { workers?: number; maxRetries?: number } = {}) {
  const ctx = new SimContext({ seed: 1 });
  const transport = new FakeTransport(ctx, 10);
  const c = new Controller(ctx, { name: 'test-controller', reconciler, workers: extra.workers ?? 1, transport, maxRetries: extra.maxRetries });
  c.start();
  return { ctx, transport, c };
}

const of = <K extends TraceEvent['kind']>(ctx: SimContext, kind: K) =>
  ctx.trace.slice().filter((e): e is Extract<TraceEvent, { kind: K }> => e.kind === kind);

describe('Controller', () => {
  it('reconciles a key through the transport and records observe, diff, act, status and done', () => {
    const { ctx, transport, c } = setup(new CopyReconciler());
    transport.seed(configMap('a', { x: '1' }));
    c.enqueue('default/a', 'add');
    ctx.scheduler.runUntil(1000);
    expect(transport.get('ConfigMap', 'default', 'a-copy')?.data).toEqual({ x: '1' });
    const kinds = ctx.trace.slice().map((e) => e.kind);
    expect(kinds).toEqual([
      'queue.add', 'queue.get', 'api.request', 'api.response', 'reconcile.observe', 'reconcile.diff', 'reconcile.act',
      'api.request', 'api.response', 'reconcile.status', 'reconcile.done', 'queue.done',
    ]);
    const done = of(ctx, 'reconcile.done')[0]!;
    expect(done).toMatchObject({ result: 'success', key: 'default/a', time: 20 });
    // The chain from the end of the reconcile walks back through its API calls to the key's queue.add.
    expect(ctx.trace.causeChain(done.id).map((e) => e.kind)).toEqual([
      'reconcile.done', 'api.response', 'api.request', 'api.response', 'api.request', 'queue.get', 'queue.add',
    ]);
    // The write (the create) is caused by the response the reconcile was resumed with.
    const create = ctx.trace.slice().find((e) => e.kind === 'api.request' && e.verb === 'create')!;
    expect(ctx.trace.get(create.causeId!)).toMatchObject({ kind: 'api.response', verb: 'get' });
    // observe/diff/act/status hang off the queue.get.
    const act = of(ctx, 'reconcile.act')[0]!;
    expect(ctx.trace.get(act.causeId!)).toMatchObject({ kind: 'queue.get', key: 'default/a' });
    expect(c.stats().recent[0]).toMatchObject({ observe: 'configmap a', diff: 'copy missing', act: ['create a-copy'], status: 'copied', requests: 2 });
  });

  it('an error requeues the key rate-limited with growing delays (5ms, 10ms, 20ms...)', () => {
    const { ctx, c } = setup(new CopyReconciler());
    c.enqueue('default/missing', 'add');
    ctx.scheduler.runUntil(200);
    const requeues = of(ctx, 'queue.requeue');
    expect(requeues.slice(0, 4).map((e) => [e.reason, e.delay, e.numRequeues])).toEqual([
      ['retry', 5, 1],
      ['retry', 10, 2],
      ['retry', 20, 3],
      ['retry', 40, 4],
    ]);
    const done = of(ctx, 'reconcile.done');
    expect(done[0]).toMatchObject({ result: 'error', error: 'configmaps "missing" not found' });
    // Each attempt is a GET (10 ms) after the backoff: done at 10, 25, 45, 75, 125.
    expect(done.slice(0, 5).map((e) => e.time)).toEqual([10, 25, 45, 75, 125]);
  });

  it('a thrown exception becomes a reconcile error and a rate-limited requeue', () => {
    const r = new ThrowingReconciler();
    const { ctx, c } = setup(r);
    c.enqueue('x', 'add');
    ctx.scheduler.runUntil(0);
    expect(of(ctx, 'reconcile.done')[0]).toMatchObject({ result: 'error', error: 'boom', key: 'x' });
    expect(c.queue.numRequeues('x')).toBe(1);
    expect(c.stats().backoff).toEqual([{ key: 'x', readyAt: 5, reason: 'retry' }]);
    expect(c.inFlight()).toBe(0);
  });

  it('maxRetries drops the key once it has failed that many times', () => {
    const r = new ThrowingReconciler();
    const { ctx, c } = setup(r, { maxRetries: 3 });
    c.enqueue('x', 'add');
    ctx.scheduler.runUntil(10_000);
    expect(r.calls).toBe(4);
    expect(of(ctx, 'queue.drop')).toMatchObject([{ key: 'x', numRequeues: 3 }]);
    expect(c.queue.numRequeues('x')).toBe(0);
  });

  it('requeueAfter forgets the failures and re-adds the key after the delay', () => {
    const r = new RequeueAfterReconciler({ requeueAfter: 1000 });
    const { ctx, c } = setup(r);
    c.queue.addRateLimited('k');
    c.queue.addRateLimited('k');
    expect(c.queue.numRequeues('k')).toBe(2);
    ctx.scheduler.runUntil(2500);
    expect(r.times).toEqual([5, 1005, 2005]);
    expect(c.queue.numRequeues('k')).toBe(0);
    expect(of(ctx, 'queue.requeue').filter((e) => e.reason === 'after')[0]).toMatchObject({ delay: 1000, numRequeues: 0 });
    expect(c.stats().requeueAfter).toEqual([{ key: 'k', readyAt: 3005, reason: 'after' }]);
  });

  it('requeue: true re-adds the key rate-limited', () => {
    const r = new RequeueAfterReconciler({ requeue: true });
    const { ctx, c } = setup(r);
    c.enqueue('k');
    ctx.scheduler.runUntil(16);
    expect(r.times).toEqual([0, 5, 15]);
  });

  it('a batch is sent at once and resumes with every response, in request order', () => {
    const r = new BatchReconciler();
    const { ctx, transport, c } = setup(r);
    transport.seed(configMap('b-2'));
    c.enqueue('default/b');
    ctx.scheduler.runUntil(100);
    expect(transport.sent.map((s) => s.verb)).toEqual(['create', 'create', 'create']);
    expect(r.resumedAt).toBe(10);
    expect(r.got.map((g) => g.code)).toEqual([201, 409, 201]);
  });

  it('several workers reconcile different keys at once but never one key twice', () => {
    const r = new SlowReconciler();
    const { ctx, c } = setup(r, { workers: 3 });
    for (const k of ['a', 'b', 'c', 'd']) c.enqueue(k, 'add');
    ctx.scheduler.runUntil(5);
    expect(c.inFlight()).toBe(3);
    c.enqueue('a', 'update');
    ctx.scheduler.runUntil(100);
    expect(r.maxConcurrent).toBe(3);
    expect(r.maxConcurrentSameKey).toBe(1);
    expect(r.done).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('a paused controller takes no new keys until resumed', () => {
    const r = new RequeueAfterReconciler({});
    const { ctx, c } = setup(r);
    c.pause();
    c.enqueue('k');
    ctx.scheduler.runUntil(100);
    expect(r.times).toEqual([]);
    expect(c.stats().queued).toEqual(['k']);
    c.resume();
    ctx.scheduler.runUntil(200);
    expect(r.times).toEqual([100]);
  });

  it('a crash drops the queue and the in-flight reconcile; its late response is ignored; restart starts empty', () => {
    const r = new SlowReconciler();
    const { ctx, c } = setup(r, { workers: 2 });
    c.enqueue('a');
    c.enqueue('b');
    c.queue.addAfter('c', 50);
    ctx.scheduler.runUntil(5);
    expect(c.inFlight()).toBe(2);
    c.crash();
    expect(c.inFlight()).toBe(0);
    ctx.scheduler.runUntil(100);
    expect(r.done).toEqual([]);
    c.start();
    expect(c.stats().queued).toEqual([]);
    c.enqueue('d');
    ctx.scheduler.runUntil(200);
    expect(r.done).toEqual(['d']);
  });
});

/** Answers inside send(), which the Transport contract forbids: the runner must still not re-enter itself. */
class SynchronousTransport {
  constructor(private readonly inner: FakeTransport) {}
  send(request: Parameters<FakeTransport['send']>[0], replyTo: object, method: string, token: number): void {
    this.inner.send(request, replyTo, method, token);
    (replyTo as Record<string, (t: number, r: ApiResponse) => void>)[method]!(token, { ok: true, code: 200, list: { apiVersion: 'v1', kind: 'ConfigMapList', metadata: { resourceVersion: '1' }, items: [] } });
  }
}

describe('Controller edge cases', () => {
  it('a response delivered synchronously inside send is deferred, not re-entered', () => {
    const ctx = new SimContext({ seed: 1 });
    const r = new SlowReconciler();
    const c = new Controller(ctx, { name: 't', reconciler: r, workers: 1, transport: new SynchronousTransport(new FakeTransport(ctx, 0)) });
    c.start();
    c.enqueue('a');
    ctx.scheduler.runUntil(10);
    expect(r.done).toEqual(['a']);
    expect(c.inFlight()).toBe(0);
  });

  it('stats show depth, processing keys and backoff', () => {
    const { ctx, c } = setup(new SlowReconciler(), { workers: 1 });
    c.enqueue('a');
    c.enqueue('b');
    c.queue.addRateLimited('z');
    ctx.scheduler.runUntil(1);
    const s = c.stats();
    expect(s).toMatchObject({ depth: 1, queued: ['b'], processing: [{ worker: 0, key: 'a', since: 0, pendingRequests: 1 }] });
    expect(s.backoff).toEqual([{ key: 'z', readyAt: 5, reason: 'retry' }]);
  });
});

describe('Controller properties', () => {
  it('for random adds at random times, a key is never reconciled twice at once and every add is followed by a reconcile', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 200 }), key: fc.integer({ min: 0, max: 4 }) }), { maxLength: 40 }),
        (workers, delay, adds) => {
          const ctx = new SimContext({ seed: 1 });
          const transport = new FakeTransport(ctx, delay);
          const r = new SlowReconciler();
          const c = new Controller(ctx, { name: 'p', reconciler: r, workers, transport });
          c.start();
          const lastAdd = new Map<string, number>();
          for (const a of [...adds].sort((x, y) => x.at - y.at)) {
            ctx.scheduler.runUntil(a.at);
            c.enqueue(`k${a.key}`, 'add');
            lastAdd.set(`k${a.key}`, ctx.trace.length);
          }
          ctx.scheduler.runUntil(10_000);
          expect(r.maxConcurrentSameKey).toBeLessThanOrEqual(1);
          const gets = ctx.trace.slice().filter((e) => e.kind === 'queue.get');
          for (const [key, at] of lastAdd) expect(gets.some((g) => g.kind === 'queue.get' && g.key === key && g.id > at)).toBe(true);
          expect(c.inFlight()).toBe(0);
        },
      ),
      { seed: 7, numRuns: 150 },
    );
  });
});
