/**
 * Perturbation plans. The space comes from the unperturbed run (the controller's writes and the resource of each,
 * when the workload acts). Plan i is, first, the i-th single perturbation of a sweep in the manner of Sieve's test
 * plans (each aimed at one point of the unperturbed run, the classes taken in turn), then, once the sweep is done, one
 * to `maxPerturbations` perturbations drawn with the simulation's seeded generator from `seed`. The same space and
 * seed give the same plans, and the same plan the same run.
 *
 * Where they land: crashes right after each of the controller's writes (intermediate states); a restart, a lagging
 * or a deaf informer just before each of the workload's actions (the controller must learn of the change from a
 * relist or late: stale reads, unobserved states); a 409 on the resource of the controller's next write; the
 * api-server gone for a second after a write.
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
/** Offsets (ms) around an action: the instants its effects travel through the watch, the queue and the reconcile. */
const NEAR = [0, 1, 2, 3, 5, 8, 13, 21, 50, 100, 300, 1000];

/** The single perturbations of the sweep, the classes taken in turn. */
export function sweep(space: PlanSpace, options: PlanOptions = {}): Perturbation[] {
  const controller = space.controller;
  const allowed = (c: PerturbationClass) => !options.classes?.length || options.classes.includes(c);
  const writes = Array.from({ length: space.writes }, (_, i) => i + 1);
  const before = space.actionTimes.filter((t) => t > 0).map((t) => ({ at: round(t - 1) }));
  const after = space.actionTimes.filter((t) => t > 0).map((t) => ({ at: round(t + 2) }));
  const lists: Perturbation[][] = [
    writes.map((k) => ({ class: 'intermediate-state', trigger: { afterWrite: k }, fault: { type: 'crash-controller', controller } })),
    [...before, ...after].map((trigger) => ({ class: 'restart', trigger, fault: { type: 'crash-controller', controller } })),
    [...before.map((trigger) => ({ class: 'stale-read' as const, trigger, fault: { type: 'delay-watch-events' as const, controller, delay: 3000, duration: 5000 } })),
      ...writes.map((k) => ({ class: 'stale-read' as const, trigger: { afterWrite: k }, fault: { type: 'delay-watch-events' as const, controller, delay: 1000, duration: 3000 } }))],
    before.map((trigger) => ({ class: 'unobserved-state', trigger, fault: { type: 'drop-watch-events', controller, duration: 2000 } })),
    writes.flatMap((k): Perturbation[] => {
      const next = space.writeResources?.[k] ?? space.writeResources?.[k - 1];
      return next ? [{ class: 'conflict', trigger: { afterWrite: k }, fault: { type: 'inject-conflicts', resource: next, duration: 500 } }] : [];
    }),
    writes.map((k) => ({ class: 'apiserver-unavailable', trigger: { afterWrite: k }, fault: { type: 'apiserver-unavailable', duration: 1000 } })),
  ];
  const usable = lists.filter((l) => l.length && allowed(l[0]!.class));
  const out: Perturbation[] = [];
  for (let i = 0; usable.some((l) => i < l.length); i++) for (const l of usable) if (i < l.length) out.push(l[i]!);
  return out;
}

/** Plan `index`: the sweep's `index`-th perturbation, then random plans from `seed`. */
export function planAt(space: PlanSpace, index: number, seed: string, options: PlanOptions = {}): PerturbationPlan {
  const singles = options.sweep === false ? [] : sweep(space, options);
  if (index < singles.length) return { seed: `sweep/${index}`, perturbations: [singles[index]!] };
  return generatePlan(space, `${seed}/${index}`, options);
}

export function generatePlan(space: PlanSpace, seed: string, options: PlanOptions = {}): PerturbationPlan {
  const rng = new Rng(`hunt/${seed}`);
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)]!;
  const classes = options.classes?.length ? WEIGHTED.filter((c) => options.classes!.includes(c)) : WEIGHTED;
  const pool = classes.length ? classes : [...new Set(options.classes ?? [])];
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
  for (let i = 0; i < n; i++) {
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
        fault = { type: 'delay-watch-events', controller, delay: pick([300, 1000, 3000]), duration: pick([2000, 5000, 15000]) };
        trigger = either();
        break;
      case 'unobserved-state':
        fault = { type: 'drop-watch-events', controller, duration: pick([500, 2000, 5000]) };
        trigger = either();
        break;
      case 'conflict':
        if (space.resources.length === 0) continue;
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
