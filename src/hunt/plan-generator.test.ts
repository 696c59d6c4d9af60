import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERTURBATION_CLASSES } from './perturbation.ts';
import { generatePlan, planAt, sweep, type PlanSpace } from './plan-generator.ts';

const space: PlanSpace = { controller: 'c', writes: 4, writeResources: ['cronjobs', 'cronbackups', 'cronjobs', 'cronbackups'], writeTimes: [1004, 1010, 20_005, 20_009], resources: ['cronjobs', 'cronbackups'], actionTimes: [0, 1000, 20_000], until: 30_000 };

describe('plans', () => {
  it('the sweep aims one perturbation of each class at each point, the classes in turn', () => {
    expect(
      sweep(space)
        .slice(0, 6)
        .map((plan) => plan[0]!.class),
    ).toEqual(['intermediate-state', 'restart', 'stale-read', 'unobserved-state', 'conflict', 'apiserver-unavailable']);
    const s = sweep(space)
      .filter((plan) => plan.length === 1)
      .map((plan) => plan[0]!);
    expect(s.filter((p) => p.class === 'intermediate-state').map((p) => p.trigger)).toEqual([1, 2, 3, 4].map((k) => ({ afterWrite: k })));
    expect(s.filter((p) => p.class === 'restart').map((p) => p.trigger)).toEqual([{ at: 999 }, { at: 19_999 }, { at: 1002 }, { at: 20_002 }]);
    // A conflict is aimed at the resource of the controller's next write.
    expect(s.find((p) => p.class === 'conflict')).toMatchObject({ trigger: { afterWrite: 1 }, fault: { type: 'inject-conflicts', resource: 'cronbackups' } });
    expect(sweep(space, { classes: ['restart'] }).every((plan) => plan.every((p) => p.class === 'restart'))).toBe(true);
  });

  it('a random plan needs a resource for a conflict: without one, and only conflicts allowed, the plan is empty', () => {
    expect(generatePlan({ ...space, resources: [] }, 's', { classes: ['conflict'] }).perturbations).toEqual([]);
    expect(generatePlan(space, 's', { classes: ['conflict'] }).perturbations[0]).toMatchObject({ class: 'conflict' });
  });

  it('a restart against a stale view: the view frozen just before an action, a crash after the next write', () => {
    const pairs = sweep(space).filter((plan) => plan.length === 2);
    expect(pairs).toEqual([
      [
        { class: 'stale-read', trigger: { at: 999 }, fault: { type: 'stale-view', controller: 'c', duration: 30_000 } },
        { class: 'stale-read', trigger: { afterWrite: 1 }, fault: { type: 'crash-controller', controller: 'c' } },
      ],
      [
        { class: 'stale-read', trigger: { at: 19_999 }, fault: { type: 'stale-view', controller: 'c', duration: 30_000 } },
        { class: 'stale-read', trigger: { afterWrite: 3 }, fault: { type: 'crash-controller', controller: 'c' } },
      ],
    ]);
  });

  it('after the sweep, plan i is drawn from the seed: the same seed, the same plan', () => {
    const n = sweep(space).length;
    expect(planAt(space, 0, '1').seed).toBe('sweep/0');
    expect(planAt(space, n, '1')).toEqual(planAt(space, n, '1'));
    expect(planAt(space, n, '1')).toEqual(generatePlan(space, `1/${n}`));
    expect(planAt(space, n + 1, '1')).not.toEqual(planAt(space, n, '1'));
  });

  it('a random plan has 1 to max perturbations of known classes, triggers inside the run (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 5 }), (seed, max) => {
        const p = generatePlan(space, seed, { maxPerturbations: max });
        expect(p.perturbations.length).toBeGreaterThanOrEqual(1);
        expect(p.perturbations.length).toBeLessThanOrEqual(max);
        for (const x of p.perturbations) {
          expect(PERTURBATION_CLASSES).toContain(x.class);
          if ('at' in x.trigger) expect(x.trigger.at >= 0 && x.trigger.at <= space.until).toBe(true);
          else expect(x.trigger.afterWrite >= 1 && x.trigger.afterWrite <= space.writes).toBe(true);
        }
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});
