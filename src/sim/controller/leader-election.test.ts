import { describe, expect, it } from 'vitest';
import { parseTime } from '../engine/clock.ts';
import { SimContext } from '../engine/sim-context.ts';
import { Controller } from './controller.ts';
import { ControllerManager, type Runnable } from './controller-manager.ts';
import { FakeTransport } from './fake-transport.ts';
import { recordOf } from './leader-election.ts';
import type { ReconcileContext, ReconcileGenerator, Reconciler, Request } from './reconciler.ts';

class Recorder implements Reconciler {
  seen: string[] = [];
  constructor(private readonly who: string) {}
  // eslint-disable-next-line require-yield -- makes no API calls
  *reconcile(req: Request, _ctx: ReconcileContext): ReconcileGenerator {
    this.seen.push(`${this.who}:${req.name}`);
  }
}

class Switch implements Runnable {
  log: string[] = [];
  start(): void {
    this.log.push('start');
  }
  stop(): void {
    this.log.push('stop');
  }
}

function cluster() {
  const ctx = new SimContext({ seed: 7 });
  const transport = new FakeTransport(ctx, 5);
  const make = (identity: string) => {
    const manager = new ControllerManager(ctx, { identity, transport });
    const reconciler = new Recorder(identity);
    const controller = new Controller(ctx, { name: 'test-controller', reconciler, workers: 1, transport });
    const informers = new Switch();
    manager.add('informers', informers);
    manager.addController(controller);
    return { manager, reconciler, controller, informers };
  };
  const lease = () => recordOf(transport.get('Lease', 'kube-system', 'kube-controller-manager')!);
  return { ctx, transport, make, lease };
}

describe('leader election (client-go leaderelection.go, kube-controller-manager timings)', () => {
  it('the first candidate creates the Lease and starts its informers, then its controllers', () => {
    const { ctx, make, lease } = cluster();
    const a = make('kcm-a');
    a.manager.start();
    ctx.scheduler.runUntil(100);
    expect(a.manager.isLeader()).toBe(true);
    expect(a.informers.log).toEqual(['start']);
    expect(a.controller.isRunning()).toBe(true);
    expect(lease()).toEqual({
      holderIdentity: 'kcm-a',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-01T00:00:00.000000Z',
      renewTime: '2026-01-01T00:00:00.000000Z',
      leaderTransitions: 0,
    });
    const elected = ctx.trace.slice().filter((e) => e.kind === 'leader.elected');
    expect(elected).toMatchObject([{ lease: 'kube-system/kube-controller-manager', holder: 'kcm-a', actor: 'kcm-a' }]);
  });

  it('the leader renews every retry period, keeping acquireTime; a standby waits', () => {
    const { ctx, make, lease } = cluster();
    const a = make('kcm-a');
    const b = make('kcm-b');
    a.manager.start();
    ctx.scheduler.runUntil(1);
    b.manager.start();
    ctx.scheduler.runUntil(60_000);
    expect(a.manager.isLeader()).toBe(true);
    expect(b.manager.getState()).toBe('standby');
    expect(b.manager.stats()).toMatchObject({ identity: 'kcm-b', state: 'standby', observedLeader: 'kcm-a', controllers: [{ name: 'test-controller', running: false }] });
    expect(b.controller.isRunning()).toBe(false);
    const r = lease();
    expect(r.acquireTime).toBe('2026-01-01T00:00:00.000000Z');
    // A renewal round every retryPeriod (2 s) plus a GET and an UPDATE (5 ms each).
    expect(60_000 - parseTime(r.renewTime)).toBeLessThan(2_100);
    expect(r.leaderTransitions).toBe(0);
  });

  it('killing the leader hands over to the standby once the lease has expired', () => {
    const { ctx, make, lease } = cluster();
    const a = make('kcm-a');
    const b = make('kcm-b');
    a.manager.start();
    ctx.scheduler.runUntil(1);
    b.manager.start();
    ctx.scheduler.runUntil(30_000);
    a.controller.enqueue('k1', 'add');
    b.controller.enqueue('k1', 'add');
    ctx.scheduler.runUntil(30_100);
    expect(a.reconciler.seen).toEqual(['kcm-a:k1']);
    expect(b.reconciler.seen).toEqual([]);

    a.manager.crash();
    expect(a.informers.log).toEqual(['start', 'stop']);
    ctx.scheduler.runUntil(44_000);
    // The standby saw the last renewal before 30 s; the lease is not expired for it before 15 s have passed.
    expect(b.manager.isLeader()).toBe(false);
    ctx.scheduler.runUntil(60_000);
    expect(b.manager.isLeader()).toBe(true);
    const r = lease();
    expect(r.holderIdentity).toBe('kcm-b');
    expect(r.leaderTransitions).toBe(1);
    const takeover = parseTime(r.acquireTime);
    expect(takeover).toBeGreaterThanOrEqual(28_000 + 15_000);
    expect(takeover).toBeLessThan(30_000 + 15_000 + 2_000 * 2.2 + 50);
    const elected = ctx.trace.slice().filter((e) => e.kind === 'leader.elected');
    expect(elected.at(-1)).toMatchObject({ holder: 'kcm-b', previous: 'kcm-a' });

    b.controller.enqueue('k2', 'add');
    ctx.scheduler.runUntil(61_000);
    // The key queued while b was standing by waited for b's workers to start.
    expect(b.reconciler.seen).toEqual(['kcm-b:k1', 'kcm-b:k2']);
  });

  it('a leader that cannot renew within the renew deadline stops its controllers', () => {
    const { ctx, transport, make } = cluster();
    const a = make('kcm-a');
    a.manager.start();
    ctx.scheduler.runUntil(10_000);
    transport.down = true;
    ctx.scheduler.runUntil(10_000 + 2_000 + 10_000 + 100);
    expect(a.manager.getState()).toBe('stopped');
    expect(a.controller.isRunning()).toBe(false);
    expect(a.informers.log).toEqual(['start', 'stop']);
  });

  it('two candidates starting together: exactly one wins', () => {
    const { ctx, make, lease } = cluster();
    const a = make('kcm-a');
    const b = make('kcm-b');
    a.manager.start();
    b.manager.start();
    ctx.scheduler.runUntil(30_000);
    expect([a.manager.isLeader(), b.manager.isLeader()].filter(Boolean)).toHaveLength(1);
    expect(lease().holderIdentity).toBe(a.manager.isLeader() ? 'kcm-a' : 'kcm-b');
  });

  it('without leader election the manager starts everything at once', () => {
    const ctx = new SimContext({ seed: 1 });
    const transport = new FakeTransport(ctx, 5);
    const m = new ControllerManager(ctx, { identity: 'solo', transport, leaderElection: false });
    const s = new Switch();
    m.add('informers', s);
    m.start();
    expect(s.log).toEqual(['start']);
    expect(transport.sent).toEqual([]);
  });
});

describe('leader election: restarts and causality', () => {
  it('a killed leader started again comes back as a standby while the lease is held by another', () => {
    const { ctx, make } = cluster();
    const a = make('kcm-a');
    const b = make('kcm-b');
    a.manager.start();
    ctx.scheduler.runUntil(1);
    b.manager.start();
    ctx.scheduler.runUntil(10_000);
    a.manager.crash();
    ctx.scheduler.runUntil(40_000);
    expect(b.manager.isLeader()).toBe(true);
    a.manager.start();
    ctx.scheduler.runUntil(80_000);
    expect(a.manager.getState()).toBe('standby');
    expect(a.manager.observedLeader()).toBe('kcm-b');
    expect(b.manager.isLeader()).toBe(true);
  });

  it('leader.elected is caused by the response to the winning write, and renewal chains stay short', () => {
    const { ctx, make } = cluster();
    const a = make('kcm-a');
    a.manager.start();
    ctx.scheduler.runUntil(60_000);
    const elected = ctx.trace.slice().find((e) => e.kind === 'leader.elected')!;
    expect(ctx.trace.causeChain(elected.id).map((e) => e.kind)).toEqual(['leader.elected', 'api.response', 'api.request', 'api.response', 'api.request']);
    const lastWrite = ctx.trace.slice().filter((e) => e.kind === 'api.request' && e.verb === 'update').at(-1)!;
    expect(ctx.trace.causeChain(lastWrite.id).map((e) => e.kind)).toEqual(['api.request', 'api.response', 'api.request']);
  });
});

/** Swallows every request: the api-server never answers. */
class BlackHole {
  sent = 0;
  send(): void {
    this.sent++;
  }
}

describe('leader election without answers', () => {
  it('an acquire attempt that is never answered times out and is retried', () => {
    const ctx = new SimContext({ seed: 1 });
    const transport = new BlackHole();
    const m = new ControllerManager(ctx, { identity: 'kcm-a', transport });
    m.start();
    ctx.scheduler.runUntil(60_000);
    // One GET per attempt: every 10 s deadline, then 2-4.4 s of jittered retry period.
    expect(transport.sent).toBeGreaterThanOrEqual(4);
    expect(transport.sent).toBeLessThanOrEqual(6);
    expect(m.getState()).toBe('standby');
  });
});
