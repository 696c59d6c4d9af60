/**
 * Acceptance (issue 16): the hunter finds each buggy CronBackup controller's bug, with the oracle that names it, a
 * minimised schedule that replays as a failing scenario file, and the bad write's cause chain; the correct controller
 * passes every plan explored. Bounded: at most 40 plans each.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse-scenario.ts';
import { runScenario } from '../sim/scenario/run-scenario.ts';
import { Simulation, simulationOptionsFor } from '../sim/simulation.ts';
import { traceHash } from '../sim/trace/trace-hash.ts';
import { PerturbedHost } from './execution.ts';
import { cronBackupController, type CronBackupVariant } from './examples/cron-backup.ts';
import { runHunt, type HuntProgress, type HuntResult } from './hunt.ts';
import { defaultWorkload, huntTarget, type HuntTarget } from './target.ts';

function target(controller: string): HuntTarget {
  const t = huntTarget(controller, defaultWorkload(controller)!);
  if (!t.ok) throw new Error(t.error);
  return t.target;
}

const hunts = new Map<string, HuntResult>();
function hunt(variant: CronBackupVariant): HuntResult {
  const c = cronBackupController(variant);
  if (!hunts.has(c)) hunts.set(c, runHunt(target(c), { seeds: 40 }));
  return hunts.get(c)!;
}

describe('runHunt finds each bug class', () => {
  const cases: Array<[CronBackupVariant, string, RegExp]> = [
    ['non-idempotent-create', 'differs-from-unperturbed', /2 × CronJob default\/nightly-\* .*a duplicate/],
    ['stale-cache-delete', 'unexpected-delete', /deleted CronJob default\/\w+-backup, which the unperturbed run keeps/],
    ['status-from-spec', 'differs-from-unperturbed', /spec\.schedule is "0 1 \* \* \*", the unperturbed run ends with "0 2 \* \* \*"/],
    ['missing-owner-reference', 'leaked-object', /has no ownerReference/],
    ['edge-triggered', 'differs-from-unperturbed', /spec\.schedule is "0 1 \* \* \*"/],
  ];
  it.each(cases)('%s: found by the %s oracle', (variant, oracle, message) => {
    const r = hunt(variant);
    expect(r.status).toBe('found');
    const f = r.finding!;
    expect(f.oracle).toBe(oracle);
    expect(f.failures[0]!.message).toMatch(message);
    expect(f.minimised.length).toBeLessThanOrEqual(f.plan.perturbations.length);
    expect(f.schedule).toHaveLength(f.minimised.length);
    expect(f.minimal).toBe(true);
  });

  it.each(cases)('%s: the minimised schedule is a scenario file that fails when replayed', (variant) => {
    const f = hunt(variant).finding!;
    expect(f.replayVerified).toBe(true);
    const parsed = parseScenario(f.scenario);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const faults = parsed.scenario.actions.filter((a) => a.action.type === 'fault');
    expect(faults.map((a) => a.at)).toEqual(f.schedule.map((s) => s.at));
    expect(f.recipe.inputs.filter((i) => i.action.type === 'fault')).toHaveLength(f.schedule.length);
  });

  it('the replay file is the hunt\'s run event for event (its faults placed with afterStep)', () => {
    const t = target(cronBackupController('non-idempotent-create'));
    const f = hunt('non-idempotent-create').finding!;
    expect(f.scenario).toMatch(/afterStep: \d+\n\s+fault:/);
    const parsed = parseScenario(f.scenario);
    if (!parsed.ok) throw new Error('replay does not parse');
    const sim = Simulation.create(simulationOptionsFor(parsed.scenario));
    runScenario(parsed.scenario, new PerturbedHost(sim, t.controller, { seed: 'replay', perturbations: [] }));
    const again = Simulation.fromRecipe(f.recipe);
    expect(traceHash(sim.trace.slice(0))).toBe(traceHash(again.trace.slice(0)));
  });

  it('the cause chain runs from the bad write through the reconcile that made it to a root', () => {
    const f = hunt('stale-cache-delete').finding!;
    const chain = f.causeChain;
    expect(chain[0]!.kind).toBe('api.response');
    expect(chain[0]!.text).toMatch(/^delete CronJob/);
    expect(chain.map((s) => s.kind)).toEqual(expect.arrayContaining(['api.request', 'queue.get', 'informer.list']));
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.id).toBeLessThan(chain[i - 1]!.id);
  });

  it('a bug of the unperturbed run is reported with an empty schedule', () => {
    const f = hunt('missing-owner-reference').finding!;
    expect(f.plan.perturbations).toEqual([]);
    expect(f.schedule).toEqual([]);
    expect(hunt('missing-owner-reference').runs).toBe(1);
  });
});

describe('runHunt passes a correct controller', () => {
  it('explores 40 plans of every class and finds nothing', () => {
    const progress: HuntProgress[] = [];
    const r = runHunt(target(cronBackupController('correct')), { seeds: 40, onProgress: (p) => progress.push(p) });
    expect(r.status).toBe('passed');
    expect(r.finding).toBeUndefined();
    expect(r.explored).toBe(40);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', explored: 40, found: false });
    expect(progress.filter((p) => p.phase === 'exploring')).toHaveLength(40);
  });
});

describe('runHunt passes a correct controller under random plans too', () => {
  it('20 seeded plans of up to 3 perturbations each, no sweep', () => {
    const r = runHunt(target(cronBackupController('correct')), { seeds: 20, seed: 5, plan: { sweep: false } });
    expect(r).toMatchObject({ status: 'passed', explored: 20 });
  });
});

describe('runHunt is deterministic and bounded', () => {
  it('the same seed finds the same bug with the same schedule', () => {
    const a = runHunt(target(cronBackupController('edge-triggered')), { seeds: 40, seed: 7 });
    const b = runHunt(target(cronBackupController('edge-triggered')), { seeds: 40, seed: 7 });
    expect(b.finding!.schedule).toEqual(a.finding!.schedule);
    expect(b.finding!.scenario).toBe(a.finding!.scenario);
    expect(b.runs).toBe(a.runs);
  });

  it('stops at the run budget, at the wall-clock budget and when asked', () => {
    const t = target(cronBackupController('correct'));
    expect(runHunt(t, { seeds: 40, maxRuns: 3 })).toMatchObject({ status: 'stopped', runs: 3 });
    let now = 0;
    const byClock = runHunt(t, { seeds: 40, budgetMs: 5, clock: () => (now += 1) });
    expect(byClock.status).toBe('stopped');
    expect(byClock.runs).toBeLessThan(5);
    let calls = 0;
    expect(runHunt(t, { seeds: 40, shouldStop: () => ++calls > 2 })).toMatchObject({ status: 'stopped', runs: 2 });
  });
});

describe('huntTarget', () => {
  it('names what is wrong: an unknown controller, a bad workload, a workload that does not run the controller', () => {
    expect(huntTarget('nope-controller', defaultWorkload('cronbackup-correct')!)).toMatchObject({ ok: false, error: expect.stringMatching(/unknown controller "nope-controller"/) });
    expect(huntTarget('cronbackup-correct', 'kind: Scenario\nfoo: [', { file: 'w.yaml' })).toMatchObject({ ok: false, error: expect.stringMatching(/^w\.yaml/) });
    expect(huntTarget('replicaset-controller', defaultWorkload('cronbackup-correct')!)).toMatchObject({ ok: false, error: expect.stringMatching(/does not run replicaset-controller/) });
  });
});

describe('runHunt minimisation under a budget', () => {
  it('a finding whose minimisation the budget cut short keeps the plan and says it is not known to be minimal', () => {
    const t = target(cronBackupController('non-idempotent-create'));
    // Random plans only: seed 23's first plan has three perturbations and fails; without a budget one is enough.
    const full = runHunt(t, { seeds: 1, seed: 23, plan: { sweep: false } });
    expect(full.finding).toMatchObject({ minimal: true });
    expect(full.finding!.plan.perturbations).toHaveLength(3);
    expect(full.finding!.minimised).toHaveLength(1);
    let calls = 0;
    const cut = runHunt(t, { seeds: 1, seed: 23, plan: { sweep: false }, shouldStop: () => ++calls > 3 });
    expect(cut.status).toBe('found');
    expect(cut.finding).toMatchObject({ minimal: false });
    expect(cut.finding!.minimised).toHaveLength(3);
  });
});
