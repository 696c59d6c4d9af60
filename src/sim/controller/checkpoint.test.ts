import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { cloneGraph, UncloneableError } from '../engine/clone-graph.ts';
import { SimContext } from '../engine/sim-context.ts';
import { Controller } from './controller.ts';
import { ControllerManager } from './controller-manager.ts';
import { FakeTransport } from './fake-transport.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from './reconciler.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };

/** Bumps a counter in a ConfigMap named by the key, then looks again in 500 ms. */
class CounterReconciler implements Reconciler {
  *reconcile(req: Request, ctx: ReconcileContext): ReconcileGenerator {
    const cm = yield* ctx.client.get(CM, req.namespace, req.name);
    const n = Number((cm.data as Record<string, string>).n) + 1;
    ctx.act(`set n=${n}`);
    yield* ctx.client.update({ ...cm, data: { n: String(n) } } as KubeObject);
    return { requeueAfter: 500 };
  }
}

function world() {
  const ctx = new SimContext({ seed: 3 });
  const transport = new FakeTransport(ctx, 7);
  transport.seed({ ...CM, metadata: { namespace: 'default', name: 'c' }, data: { n: '0' } });
  const managers = ['kcm-a', 'kcm-b'].map((identity) => {
    const m = new ControllerManager(ctx, { identity, transport });
    const c = new Controller(ctx, { name: 'counter', reconciler: new CounterReconciler(), workers: 2, transport });
    m.addController(c);
    c.enqueue('default/c', 'add');
    m.start();
    return m;
  });
  return { ctx, transport, managers };
}

/** Steps until no reconcile is suspended (the moment a checkpoint may be taken). */
function runToQuiet(w: ReturnType<typeof world>, from: number): void {
  w.ctx.scheduler.runUntil(from);
  while (w.managers.some((m) => m.inFlight() > 0)) w.ctx.scheduler.step();
}

describe('checkpoints of controllers, queues, managers and leader election', () => {
  it('a copy taken when nothing is in flight runs on exactly like the original', () => {
    const w = world();
    runToQuiet(w, 20_000);
    const copy = cloneGraph(w);
    w.ctx.scheduler.runUntil(40_000);
    copy.ctx.scheduler.runUntil(40_000);
    expect(copy.ctx.trace.length).toBe(w.ctx.trace.length);
    expect(JSON.stringify(copy.ctx.trace.slice())).toBe(JSON.stringify(w.ctx.trace.slice()));
    expect(copy.transport.get('ConfigMap', 'default', 'c')).toEqual(w.transport.get('ConfigMap', 'default', 'c'));
    expect(Number((w.transport.get('ConfigMap', 'default', 'c')!.data as Record<string, string>).n)).toBeGreaterThan(30);
  });

  it('a suspended reconcile cannot be copied, and inFlight() says so', () => {
    const w = world();
    w.ctx.scheduler.runUntil(20_000);
    while (w.managers.every((m) => m.inFlight() === 0)) w.ctx.scheduler.step();
    expect(() => cloneGraph(w)).toThrow(UncloneableError);
  });
});
