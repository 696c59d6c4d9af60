import { describe, expect, it } from 'vitest';
import { cronBackupController } from './examples/cron-backup.ts';
import { execute } from './execution.ts';
import { controllerWrites } from './observation.ts';
import { defaultWorkload, huntTarget, type HuntTarget } from './target.ts';

const controller = cronBackupController('correct');
function target(): HuntTarget {
  const t = huntTarget(controller, defaultWorkload(controller)!);
  if (!t.ok) throw new Error(t.error);
  return t.target;
}

describe('execute', () => {
  it('a write trigger injects its fault right after the api-server persisted the k-th write, before the reply reaches the controller', () => {
    const e = execute(target(), { seed: 't', perturbations: [{ class: 'intermediate-state', trigger: { afterWrite: 2 }, fault: { type: 'crash-controller', controller } }] });
    const events = e.sim.trace.slice(0);
    const second = controllerWrites(events, new Set([controller]))[1]!;
    expect(e.resolved).toHaveLength(1);
    expect(e.resolved[0]!.at).toBe(second.time);
    // Nothing else happened between the write's response and the fault's action.
    const fault = e.resolved[0]!.traceId;
    expect(events.filter((x) => x.id > second.traceId && x.id < fault).every((x) => x.time === second.time && x.kind !== 'api.response' && x.kind !== 'reconcile.done')).toBe(true);
    expect(events.find((x) => x.id === fault)).toMatchObject({ kind: 'user.action', action: 'fault' });
  });

  it('a time trigger injects at its time, before a workload action of the same instant', () => {
    const e = execute(target(), { seed: 't', perturbations: [{ class: 'restart', trigger: { at: 20_000 }, fault: { type: 'crash-controller', controller } }] });
    const events = e.sim.trace.slice(0);
    const fault = events.find((x) => x.id === e.resolved[0]!.traceId)!;
    const patch = events.find((x) => x.kind === 'user.action' && x.time === 20_000 && x.action === 'patch')!;
    expect(fault.time).toBe(20_000);
    expect(fault.id).toBeLessThan(patch.id);
  });

  it('a trigger that never fires injects nothing', () => {
    const e = execute(target(), { seed: 't', perturbations: [{ class: 'intermediate-state', trigger: { afterWrite: 10_000 }, fault: { type: 'crash-controller', controller } }] });
    expect(e.resolved).toEqual([]);
  });

  it('settles, then keeps a quiet window, and checks the workload end-of-run expectations there', () => {
    const t = target();
    const text = t.workloadText.replace('until: 80s', 'until: 80s\nexpect:\n  - objects: {resource: cronjobs, namespace: default}\n    equals: 7\n  - at: 5s\n    converged: true');
    const t2 = huntTarget(controller, text);
    if (!t2.ok) throw new Error(t2.error);
    const e = execute(t2.target, { seed: 't', perturbations: [] }, { graceMs: 1_000, quietMs: 5_000 });
    expect(e.convergence.converged).toBe(true);
    expect(e.quietStart).toBeGreaterThanOrEqual(81_000);
    expect(e.end).toBe(e.quietStart + 5_000);
    expect(e.invariants).toHaveLength(1);
    expect(e.invariants[0]).toMatchObject({ passed: false, message: expect.stringMatching(/1/) });
  });

  it('is deterministic: the same plan gives the same trace', () => {
    const plan = { seed: 't', perturbations: [{ class: 'stale-read' as const, trigger: { afterWrite: 1 }, fault: { type: 'delay-watch-events' as const, controller, delay: 1000, duration: 3000 } }] };
    const a = execute(target(), plan).sim.trace.slice(0);
    const b = execute(target(), plan).sim.trace.slice(0);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});
