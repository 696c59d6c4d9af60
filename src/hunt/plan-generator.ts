/**
 * Perturbation plans. The space comes from the unperturbed run (the controller's writes and the resource of each,
 * when the workload acts). Plan i is, first, the i-th single perturbation of a sweep in the manner of Sieve's test
 * plans (each aimed at one point of the unperturbed run, the classes taken in turn), then, once the sweep is done, one
 * to `maxPerturbations` perturbations drawn with the simulation's seeded generator from `seed`. The same space and
 * seed give the same plans, and the same plan the same run.
 *
 * Where they land: crashes right after each of the controller's writes (intermediate states); a restart, a lagging
 * or a deaf informer just before each of the workload's actions (the controller must learn of the change from a
 * relist or late: stale reads, unobserved states), and a restart against a view frozen before the action (`stale-view`);
 * a 409 on the resource of the controller's next write; the api-server gone for a second after a write.
 */
import { Rng } from '../sim/engine/rng.ts';
import type { Fault } from '../sim/actions/user-action.ts';
import type { Perturbation, PerturbationClass, PerturbationPlan, Trigger } from './perturbation.ts';

export interface PlanSpace {
  controller: string;
  /** Successful writes of the controller in the unperturbed run. */
  writes: number;
  /** The resource of each of those writes, in order ("cronjobs"). */
  writeResources?: string[];
  /** The virtual time of each of those writes, in order. */
  writeTimes?: number[];
  /** Resources it writes ("cronjobs", "cronbackups"): targets of injected conflicts. */
  resources: string[];
  /** Virtual ms of the workload's actions (0 for the manifests). */
  actionTimes: number[];
  /** Virtual ms the workload ends. */
  until: number;
}

export interface PlanOptions {
  /** At most this many perturbations in a plan (default 3). */
  maxPerturbations?: number;
  /** Only these classes (default all). */
  classes?: readonly PerturbationClass[];
  /** Begin with the sweep of single perturbations (default true); false: random plans only. */
  sweep?: boolean;
}

/** Sieve's three classes first: they are drawn twice as often as the others. */
const WEIGHTED: readonly PerturbationClass[] = ['intermediate-state', 'intermediate-state', 'stale-read', 'stale-read', 'unobserved-state', 'unobserved-state', 'restart', 'conflict', 'apiserver-unavailable'];
/** How long a stale view lasts in the sweep: past a crashed kube-controller-manager's wait for its old Lease (15 s). */
const STALE_VIEW_MS = 30_000;
/** Offsets (ms) around an action: the instants its effects travel through the watch, the queue and the reconcile. */
const NEAR = [0, 1, 2, 3, 5, 8, 13, 21, 50, 100, 300, 1000];

/**
 * The sweep: plans aimed at points of the unperturbed run, the classes taken in turn. Each is one perturbation, but a
 * restart against a stale api-server, which is two: a stale view frozen just before a workload action (the controller
 * still sees the present), and a crash right after its first write that follows: it restarts and lists a cluster
 * without the action and without its own write.
 */
export function sweep(space: PlanSpace, options: PlanOptions = {}): Perturbation[][] {
  const controller = space.controller;
  const allowed = (c: PerturbationClass) => !options.classes?.length || options.classes.includes(c);
  const writes = Array.from({ length: space.writes }, (_, i) => i + 1);
  const actions = space.actionTimes.filter((t) => t > 0);
  const before = actions.map((t) => ({ at: round(t - 1) }));
  const after = actions.map((t) => ({ at: round(t + 2) }));
  const one = (p: Perturbation): Perturbation[] => [p];
  const staleRestarts = actions.flatMap((t): Perturbation[][] => {
    const k = space.writeTimes ? space.writeTimes.findIndex((w) => w > t) + 1 : 0;
    if (k <= 0) return [];
    return [
      [
        { class: 'stale-read', trigger: { at: round(t - 1) }, fault: { type: 'stale-view', controller, duration: STALE_VIEW_MS } },
        { class: 'stale-read', trigger: { afterWrite: k }, fault: { type: 'crash-controller', controller } },
      ],
    ];
  });
  const lists: Perturbation[][][] = [
    writes.map((k) => one({ class: 'intermediate-state', trigger: { afterWrite: k }, fault: { type: 'crash-controller', controller } })),
    [...before, ...after].map((trigger) => one({ class: 'restart', trigger, fault: { type: 'crash-controller', controller } })),
    [
      ...staleRestarts,
      ...before.map((trigger) => one({ class: 'stale-read', trigger, fault: { type: 'delay-watch-events', controller, delay: 3000, duration: 5000 } })),
      ...writes.map((k) => one({ class: 'stale-read', trigger: { afterWrite: k }, fault: { type: 'delay-watch-events', controller, delay: 1000, duration: 3000 } })),
    ],
    before.map((trigger) => one({ class: 'unobserved-state', trigger, fault: { type: 'drop-watch-events', controller, duration: 2000 } })),
    writes.flatMap((k): Perturbation[][] => {
      const next = space.writeResources?.[k] ?? space.writeResources?.[k - 1];
      return next ? [one({ class: 'conflict', trigger: { afterWrite: k }, fault: { type: 'inject-conflicts', resource: next, duration: 500 } })] : [];
    }),
    writes.map((k) => one({ class: 'apiserver-unavailable', trigger: { afterWrite: k }, fault: { type: 'apiserver-unavailable', duration: 1000 } })),
  ];
  const usable = lists.filter((l) => l.length && allowed(l[0]![0]!.class));
  const out: Perturbation[][] = [];
  for (let i = 0; usable.some((l) => i < l.length); i++) for (const l of usable) if (i < l.length) out.push(l[i]!);
  return out;
}

/** Plan `index`: the sweep's `index`-th plan, then random plans from `seed`. */
export function planAt(space: PlanSpace, index: number, seed: string, options: PlanOptions = {}): PerturbationPlan {
  const plans = options.sweep === false ? [] : sweep(space, options);
  if (index < plans.length) return { seed: `sweep/${index}`, perturbations: plans[index]! };
  return generatePlan(space, `${seed}/${index}`, options);
}

export function generatePlan(space: PlanSpace, seed: string, options: PlanOptions = {}): PerturbationPlan {
  const rng = new Rng(`hunt/${seed}`);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)]!;
  // Conflicts need a resource the controller writes.
  const pool = (options.classes?.length ? WEIGHTED.filter((c) => options.classes!.includes(c)) : WEIGHTED).filter((c) => c !== 'conflict' || space.resources.length > 0);
  if (pool.length === 0) return { seed, perturbations: [] };
  const n = rng.int(1, Math.max(1, options.maxPerturbations ?? 3));
  const controller = space.controller;
  const afterWrite = (): Trigger => ({ afterWrite: rng.int(1, space.writes) });
  const near = (before: boolean): Trigger => {
    if (rng.float() < 0.2 || space.actionTimes.length === 0) return { at: round(rng.float() * space.until) };
    const t = pick(space.actionTimes) + (before ? -1 : 1) * pick(NEAR);
    return { at: round(Math.max(0, Math.min(space.until, t))) };
  };
  const either = (): Trigger => (space.writes > 0 && rng.float() < 0.5 ? afterWrite() : near(rng.float() < 0.5));
  const perturbations: Perturbation[] = [];
  while (perturbations.length < n) {
    const cls = pick(pool);
    let fault: Fault;
    let trigger: Trigger;
    switch (cls) {
      case 'intermediate-state':
        fault = { type: 'crash-controller', controller };
        trigger = space.writes > 0 ? afterWrite() : near(false);
        break;
      case 'restart':
        fault = { type: 'crash-controller', controller };
        trigger = near(false);
        break;
      case 'stale-read':
        if (n - perturbations.length < 2 || rng.float() < 0.5) {
          fault = { type: 'delay-watch-events', controller, delay: pick([300, 1000, 3000]), duration: pick([2000, 5000, 15000]) };
          trigger = either();
          break;
        }
        // A restart against a stale api-server: the view frozen, then a crash while it holds.
        perturbations.push({ class: cls, trigger: near(true), fault: { type: 'stale-view', controller, duration: pick([20_000, 30_000, 45_000]) } });
        fault = { type: 'crash-controller', controller };
        trigger = either();
        break;
      case 'unobserved-state':
        fault = { type: 'drop-watch-events', controller, duration: pick([500, 2000, 5000]) };
        trigger = either();
        break;
      case 'conflict':
        fault = { type: 'inject-conflicts', resource: pick(space.resources), duration: pick([50, 500, 2000]), ...(rng.float() < 0.5 ? { probability: 0.5 } : {}) };
        trigger = either();
        break;
      case 'apiserver-unavailable':
        fault = { type: 'apiserver-unavailable', duration: pick([200, 1000, 3000]) };
        trigger = either();
        break;
    }
    perturbations.push({ class: cls, trigger, fault });
  }
  return { seed, perturbations };
}

/** Times are kept to the microsecond so a plan prints and replays exactly. */
function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
