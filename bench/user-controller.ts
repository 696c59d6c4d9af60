/**
 * Benchmark (issue 16): reconciles per second of a user-written controller in the sandbox against a built-in one.
 *
 * N CronBackups are applied; the CronBackup operator (controllers/cronbackup.ts, run in QuickJS) creates one CronJob
 * each, which the built-in CronJob controller (src/sim/controllers/cronjob) then reconciles. Both reconcilers are
 * timed the same way: the wall time spent inside their reconcile generators (every `next()`), so the api-server, the
 * network and the informers are left out. Then the sandbox alone: the same program reconciling a CronBackup whose
 * CronJob exists (no writes), with the cache given directly.
 *
 *   npx tsx bench/user-controller.ts                  # 200 CronBackups
 *   npx tsx bench/user-controller.ts --objects 500
 */
import { readFileSync } from 'node:fs';
import { loadLibraries } from '../src/sim/libraries.ts';
import { loadSandbox } from '../src/sandbox/load.ts';
import { CRON_BACKUP_CRD, TEST_CONTROLLERS } from '../src/sandbox/testing/fixtures.ts';
import { UserReconciler } from '../src/sim/cluster/user-controller.ts';
import { CronJobController } from '../src/sim/controllers/cronjob/cronjob-controller.ts';
import type { ReconcileGenerator, Reconciler } from '../src/sim/controller/reconciler.ts';
import { Simulation } from '../src/sim/simulation.ts';
import { option } from './flags.ts';

await loadLibraries();
const runner = await loadSandbox();
const OBJECTS = Number(option('objects', '200'));
const source = readFileSync(new URL('../controllers/cronbackup.ts', import.meta.url), 'utf8');

/** Wall time and count of reconciles of a reconciler class, measured inside its generators. */
function timed(proto: Reconciler): { ms: number; reconciles: number } {
  const stats = { ms: 0, reconciles: 0 };
  const original = proto.reconcile;
  proto.reconcile = function (this: Reconciler, ...args: Parameters<Reconciler['reconcile']>): ReconcileGenerator {
    stats.reconciles++;
    const t0 = performance.now();
    const gen = original.apply(this, args);
    stats.ms += performance.now() - t0;
    const next = gen.next.bind(gen);
    gen.next = (...a: Parameters<typeof next>) => {
      const t = performance.now();
      try {
        return next(...a);
      } finally {
        stats.ms += performance.now() - t;
      }
    };
    return gen;
  };
  return stats;
}

const user = timed(UserReconciler.prototype);
const builtin = timed(CronJobController.prototype);
const sim = Simulation.create({ seed: 1, nodes: 1, controllers: TEST_CONTROLLERS });
sim.apply(CRON_BACKUP_CRD);
sim.runFor(1000);
sim.act({ type: 'install-controller', source });
const docs = Array.from({ length: OBJECTS }, (_, i) => `apiVersion: example.com/v1\nkind: CronBackup\nmetadata: {name: b${i}, namespace: default}\nspec: {schedule: "${i % 60} * * * *"}\n`);
const wall0 = performance.now();
sim.apply(docs.join('---\n'));
sim.runFor(30_000);
const wall = performance.now() - wall0;
const cronJobs = sim.listObjects('cronjobs', 'default').length;

// The sandbox alone: a reconcile that finds everything in place (reads only).
const cb = sim.getObject('cronbackups', 'default', 'b0')!;
const cj = sim.getObject('cronjobs', 'default', 'b0-backup')!;
const env = {
  now: () => 0,
  random: () => 0,
  get: (t: { kind: string }) => (t.kind === 'CronBackup' ? cb : cj),
  list: () => [],
  log: () => {},
};
const N = 300;
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const run = runner.reconcile(source, { namespace: 'default', name: 'b0' }, env);
  const step = run.step();
  if (step.type !== 'done') throw new Error(`unexpected ${JSON.stringify(step)}`);
  run.dispose();
}
const alone = performance.now() - t0;

const rate = (s: { ms: number; reconciles: number }) => Math.round((s.reconciles / s.ms) * 1000);
console.log(`${OBJECTS} CronBackups → ${cronJobs} CronJobs; ${Math.round(wall)} ms wall for 30 s of virtual time`);
console.log(`user controller (sandbox): ${user.reconciles} reconciles, ${user.ms.toFixed(0)} ms inside them: ${rate(user)} reconciles/s`);
console.log(`built-in cronjob-controller: ${builtin.reconciles} reconciles, ${builtin.ms.toFixed(0)} ms inside them: ${rate(builtin)} reconciles/s`);
console.log(`sandbox alone (read-only reconcile, fresh runtime each): ${Math.round((N / alone) * 1000)} reconciles/s (${(alone / N).toFixed(2)} ms each)`);
