/**
 * Benchmark (issue 16): the bug hunter's figures for the closing note.
 *
 * 1. Schedules explored per minute: every plan of a hunt on the correct CronBackup controller (which passes, so each
 *    plan is a full run: workload, settle, quiet window, oracles) and on the built-in Deployment controller (a
 *    Deployment with pods: a busier cluster).
 * 2. Time to find each buggy CronBackup controller's bug: wall time, runs (minimisation included) and the plan that
 *    found it.
 *
 *   npx tsx bench/hunt.ts [--seeds 40]
 */
import { loadLibraries } from '../src/sim/libraries.ts';
import { CRON_BACKUP_VARIANTS, cronBackupController } from '../src/hunt/examples/cron-backup.ts';
import { runHunt } from '../src/hunt/hunt.ts';
import { defaultWorkload, huntTarget, type HuntTarget } from '../src/hunt/target.ts';
import { flag } from './flags.ts';

await loadLibraries();
const SEEDS = flag('seeds', 40);

function target(controller: string): HuntTarget {
  const t = huntTarget(controller, defaultWorkload(controller)!);
  if (!t.ok) throw new Error(t.error);
  return t.target;
}

console.log(`Schedules explored per minute (${SEEDS} plans each, wall clock on this machine):`);
for (const controller of [cronBackupController('correct'), 'deployment-controller']) {
  const t0 = performance.now();
  const r = runHunt(target(controller), { seeds: SEEDS });
  const ms = performance.now() - t0;
  console.log(`  ${controller.padEnd(34)} ${r.status.padEnd(7)} ${r.runs} runs in ${(ms / 1000).toFixed(1)} s: ${Math.round((r.runs / ms) * 60_000)} schedules/min (${(ms / r.runs).toFixed(0)} ms a run)`);
}

console.log(`\nTime to find each bug (at most ${SEEDS} plans):`);
for (const variant of CRON_BACKUP_VARIANTS.filter((v) => v !== 'correct')) {
  const controller = cronBackupController(variant);
  const t0 = performance.now();
  const r = runHunt(target(controller), { seeds: SEEDS });
  const ms = performance.now() - t0;
  const f = r.finding;
  const what = f ? `${f.oracle}, ${f.plan.perturbations.length ? `plan ${r.explored - 1} (${f.plan.perturbations.map((p) => p.class).join(', ')}) minimised to ${f.minimised.length}` : 'the unperturbed run'}` : 'not found';
  console.log(`  ${controller.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(r.runs).padStart(3)} runs  ${what}`);
}
