/**
 * Benchmark (issue 16): the bug hunter's figures for the closing note.
 *
 * 1. Schedules explored per minute: every plan of a hunt on a correct controller (which passes, so each plan is a full
 *    run: workload, settle, quiet window, oracles): the CronBackup template run in the sandbox (QuickJS), the same
 *    operator written against the controller API (src/hunt/examples), and the built-in Deployment controller (a
 *    Deployment with pods: a busier cluster).
 * 2. Time to find each buggy template's bug (controllers/buggy-*.ts, in the sandbox), and each buggy example's: wall
 *    time, runs (minimisation included) and the plan that found it.
 *
 *   npx tsx bench/hunt.ts [--seeds 40]
 */
import { readFileSync } from 'node:fs';
import { loadLibraries } from '../src/sim/libraries.ts';
import { loadSandbox } from '../src/sandbox/load.ts';
import { CRON_BACKUP_VARIANTS, cronBackupController, cronBackupWorkload } from '../src/hunt/examples/cron-backup.ts';
import { runHunt, type HuntResult } from '../src/hunt/hunt.ts';
import { defaultWorkload, huntTarget, userControllerTarget, type HuntTarget, type HuntTargetResult } from '../src/hunt/target.ts';
import { flag } from './flags.ts';

await loadLibraries();
await loadSandbox();
const SEEDS = flag('seeds', 40);
const TEMPLATES = ['buggy-non-idempotent', 'buggy-stale-delete', 'buggy-status-from-spec', 'buggy-no-owner', 'buggy-edge-triggered'];
const userWorkload = cronBackupWorkload();

function ok(t: HuntTargetResult): HuntTarget {
  if (!t.ok) throw new Error(t.error);
  return t.target;
}
const builtIn = (controller: string) => ok(huntTarget(controller, defaultWorkload(controller)!));
const template = (name: string) => ok(userControllerTarget(readFileSync(new URL(`../controllers/${name}.ts`, import.meta.url), 'utf8'), userWorkload, { file: `${name}.ts` }));

function timed(target: HuntTarget): { r: HuntResult; ms: number } {
  const t0 = performance.now();
  const r = runHunt(target, { seeds: SEEDS });
  return { r, ms: performance.now() - t0 };
}

console.log(`Schedules explored per minute (${SEEDS} plans each, wall clock on this machine):`);
for (const [label, target] of [
  ['cronbackup.ts (sandbox)', template('cronbackup')],
  ['cronbackup-correct (controller API)', builtIn(cronBackupController('correct'))],
  ['deployment-controller (built-in)', builtIn('deployment-controller')],
] as const) {
  const { r, ms } = timed(target);
  console.log(`  ${label.padEnd(38)} ${r.status.padEnd(7)} ${r.runs} runs in ${(ms / 1000).toFixed(1)} s: ${Math.round((r.runs / ms) * 60_000)} schedules/min (${(ms / r.runs).toFixed(0)} ms a run)`);
}

function found(label: string, target: HuntTarget): void {
  const { r, ms } = timed(target);
  const f = r.finding;
  const what = f ? `${f.oracle}, ${f.plan.perturbations.length ? `plan ${r.explored - 1} (${f.plan.perturbations.map((p) => p.class).join(' + ')}) minimised to ${f.minimised.length}` : 'the unperturbed run'}` : 'not found';
  console.log(`  ${label.padEnd(38)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(r.runs).padStart(3)} runs  ${what}`);
}

console.log(`\nTime to find each template's bug (controllers/, in the sandbox; at most ${SEEDS} plans):`);
for (const name of TEMPLATES) found(`${name}.ts`, template(name));
console.log(`\nThe same bugs written against the controller API (src/hunt/examples):`);
for (const variant of CRON_BACKUP_VARIANTS.filter((v) => v !== 'correct')) found(cronBackupController(variant), builtIn(cronBackupController(variant)));
