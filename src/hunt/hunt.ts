/**
 * The bug hunter: runs a controller's workload unperturbed, then under seeded perturbation plans, until an oracle
 * fails or the budget is spent; minimises the first failing plan with delta debugging; and returns what a person can
 * act on: the minimised schedule as a scenario file and as a share link's recipe, and the cause chain of the bad
 * write.
 *
 * ```ts
 * const result = runHunt({ controller: 'cronbackup-correct', workload }, { seeds: 20, clock: () => performance.now(), budgetMs: 60_000 });
 * if (result.status === 'found') console.log(result.finding.scenario);
 * ```
 *
 * Pure and synchronous: no clock of its own (the budget is read through `clock`), no DOM, no Node; the page runs it in
 * a worker of its own (Stop ends that worker; `shouldStop` is also checked between runs), the CLI in Node. The same
 * target, options and seed find the same bug.
 */
import type { SimulationRecipe } from '../sim/simulation.ts';
import { causeChainOf, type CauseStep } from './cause-chain.ts';
import { ddmin } from './ddmin.ts';
import { execute, type Execution, type ExecutionOptions } from './execution.ts';
import type { HuntTarget } from './target.ts';
import { observe, type Observation } from './observation.ts';
import { absoluteFailures, differentialFailures, type Failure, type Oracle } from './oracles.ts';
import { describePerturbation, type Perturbation, type PerturbationPlan } from './perturbation.ts';
import { planAt, type PlanOptions, type PlanSpace } from './plan-generator.ts';
import { replayScenario, scheduleOf, verifyReplay, type ScheduledFault } from './replay.ts';

export interface HuntOptions {
  /** Perturbed runs to explore (default 40): the sweep's single perturbations first, then random plans. */
  seeds?: number;
  /** Base of the random plans' seeds (default "1"): plan i is generated from `${seed}/${i}`. */
  seed?: string | number;
  plan?: PlanOptions;
  execution?: ExecutionOptions;
  /** Most wall-clock ms for the whole hunt, read through `clock` (default: no limit). */
  budgetMs?: number;
  clock?: () => number;
  /** Most executions in all, minimisation included (default `seeds` + 40). */
  maxRuns?: number;
  /** Called after every execution. */
  onProgress?: (progress: HuntProgress) => void;
  /** Checked before every execution: true stops the hunt. */
  shouldStop?: () => boolean;
}

export type HuntPhase = 'reference' | 'exploring' | 'minimising' | 'replaying' | 'done';

export interface HuntProgress {
  phase: HuntPhase;
  /** Executions so far (reference and minimisation included). */
  runs: number;
  /** Perturbed plans explored, of `seeds`. */
  explored: number;
  seeds: number;
  /** True once a failing plan was found. */
  found: boolean;
  /** One line: "plan 7: intermediate-state: crash … → differs-from-unperturbed". */
  last?: string;
}

export interface HuntFinding {
  /** The oracle that failed first; minimisation keeps it failing. */
  oracle: Oracle;
  /** Every failure of the minimised run. */
  failures: Failure[];
  /** The first failing plan as generated (empty: the unperturbed run fails). */
  plan: PerturbationPlan;
  /** The fewest of its perturbations that still fail (ddmin). */
  minimised: Perturbation[];
  /** False when the run budget ended minimisation early. */
  minimal: boolean;
  /** The minimised run's faults at the times they fired. */
  schedule: ScheduledFault[];
  /** A scenario file that replays the minimised run and fails where it failed (`loopscope run`). */
  scenario: string;
  /** True when that file, played by the scenario runner, fails as the hunt's run did. */
  replayVerified: boolean;
  /** The minimised run as a share link's recipe (step-exact). */
  recipe: SimulationRecipe;
  /** The cause chain of the bad write, that write first, its root last. */
  causeChain: CauseStep[];
}

export interface HuntResult {
  controller: string;
  /** `found`: a bug; `passed`: every plan explored passed; `stopped`: the budget or a stop ended it first. */
  status: 'found' | 'passed' | 'stopped';
  runs: number;
  explored: number;
  seeds: number;
  /** Plans whose run was disturbed (a workload action failed because of a fault): not judged. */
  inconclusive: number;
  /** Wall ms, when a clock was given. */
  wallMs?: number;
  finding?: HuntFinding;
}

class OutOfBudget extends Error {}

export function runHunt(target: HuntTarget, options: HuntOptions = {}): HuntResult {
  const seeds = Math.max(0, Math.floor(options.seeds ?? 40));
  const maxRuns = options.maxRuns ?? seeds + 40;
  const clock = options.clock;
  const started = clock?.();
  const base = String(options.seed ?? 1);
  let runs = 0;
  let explored = 0;
  let inconclusive = 0;
  let phase: HuntPhase = 'reference';
  let found = false;
  const progress = (last?: string) => options.onProgress?.({ phase, runs, explored, seeds, found, ...(last ? { last } : {}) });
  const outOfBudget = () => options.shouldStop?.() === true || runs >= maxRuns || (clock && options.budgetMs !== undefined && clock() - started! >= options.budgetMs);
  const run = (plan: PerturbationPlan): Execution => {
    if (outOfBudget()) throw new OutOfBudget();
    runs++;
    return execute(target, plan, options.execution);
  };
  const result = (status: HuntResult['status'], finding?: HuntFinding): HuntResult => {
    phase = 'done';
    progress();
    return { controller: target.controller, status, runs, explored, seeds, inconclusive, ...(clock ? { wallMs: clock() - started! } : {}), ...(finding ? { finding } : {}) };
  };

  try {
    const refExec = run({ seed: 'unperturbed', perturbations: [] });
    const ref = observe(refExec, target.controller);
    const refFailures = absoluteFailures(refExec, ref);
    progress(refFailures.length ? `unperturbed run: ${refFailures[0]!.message}` : 'unperturbed run passes');
    if (refFailures.length) {
      found = true;
      return result('found', conclude(target, refExec, refFailures, { seed: 'unperturbed', perturbations: [] }, [], true));
    }
    const space = planSpace(target, refExec, ref);
    const judge = (exec: Execution): Failure[] => {
      const obs = observe(exec, target.controller);
      return [...absoluteFailures(exec, obs), ...differentialFailures(target.controller, ref, exec, obs)];
    };
    phase = 'exploring';
    for (let i = 0; i < seeds; i++) {
      const plan = planAt(space, i, base, options.plan);
      const exec = run(plan);
      explored++;
      if (disturbed(refExec, exec)) {
        inconclusive++;
        progress(`plan ${i}: a workload action failed under the faults; not judged`);
        continue;
      }
      const failures = judge(exec);
      progress(`plan ${i}: ${plan.perturbations.map(describePerturbation).join('; ')} → ${failures.length ? failures[0]!.oracle : 'ok'}`);
      if (failures.length === 0) continue;
      found = true;
      const oracle = failures[0]!.oracle;
      phase = 'minimising';
      let last: { exec: Execution; failures: Failure[] } = { exec, failures };
      // A test the budget refused counts as passing for ddmin, so its result is then not known to be 1-minimal.
      let cutShort = false;
      const min = ddmin(
        plan.perturbations,
        (subset) => {
          let e: Execution;
          try {
            e = run({ seed: plan.seed, perturbations: subset });
          } catch (err) {
            if (!(err instanceof OutOfBudget)) throw err;
            cutShort = true;
            return false;
          }
          const f = disturbed(refExec, e) ? [] : judge(e);
          progress(`minimising: ${subset.length} perturbation(s) → ${f.some((x) => x.oracle === oracle) ? oracle : 'passes'}`);
          const fails = f.some((x) => x.oracle === oracle);
          if (fails && subset.length <= last.exec.plan.perturbations.length) last = { exec: e, failures: f };
          return fails;
        },
        Math.max(0, maxRuns - runs),
      );
      const kept = last.exec.plan.perturbations;
      if (kept.length !== min.items.length || kept.some((p, i) => p !== min.items[i])) {
        // The last failing run was another subset (or the budget ended minimisation): run the result once more.
        runs++;
        const exec = execute(target, { seed: plan.seed, perturbations: min.items }, options.execution);
        last = { exec, failures: judge(exec) };
      }
      const ordered = [...last.failures.filter((f) => f.oracle === oracle), ...last.failures.filter((f) => f.oracle !== oracle)];
      phase = 'replaying';
      return result('found', conclude(target, last.exec, ordered, plan, min.items, min.minimal && !cutShort));
    }
    return result('passed');
  } catch (err) {
    if (err instanceof OutOfBudget) return result('stopped');
    throw err;
  }
}

/** The plan space of a target, from its unperturbed run. */
export function planSpace(target: HuntTarget, refExec: Execution, ref: Observation): PlanSpace {
  const resources = new Set<string>();
  for (const k of ref.kinds) {
    const info = refExec.sim.cluster.apiServer.resolve(k.split('|')[1]!);
    if (info) resources.add(info.resource);
  }
  return {
    controller: target.controller,
    writes: ref.writes.length,
    writeResources: ref.writes.map((w) => refExec.sim.cluster.apiServer.resolve(w.object.kind)?.resource ?? ''),
    writeTimes: ref.writes.map((w) => w.time),
    resources: [...resources],
    actionTimes: [...new Set([0, ...target.workload.actions.map((a) => a.at)])],
    until: target.workload.until,
  };
}

/** A workload action went otherwise than unperturbed (a fault made it fail): the run tests something else. */
function disturbed(ref: Execution, exec: Execution): boolean {
  return exec.actions.some((a, i) => a.ok !== ref.actions[i]?.ok);
}

function conclude(target: HuntTarget, exec: Execution, failures: Failure[], plan: PerturbationPlan, minimised: Perturbation[], minimal: boolean): HuntFinding {
  const schedule = scheduleOf(exec);
  const scenario = replayScenario(target, exec, failures);
  const bad = failures.find((f) => f.traceId !== undefined);
  return {
    oracle: failures[0]!.oracle,
    failures,
    plan,
    minimised,
    minimal,
    schedule,
    scenario,
    replayVerified: verifyReplay(target, scenario),
    recipe: exec.sim.recipe(),
    causeChain: bad?.traceId !== undefined ? causeChainOf(exec.sim.trace, bad.traceId) : [],
  };
}
