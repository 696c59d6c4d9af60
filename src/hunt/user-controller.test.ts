/**
 * The hunter on user-written controllers (src/sandbox, QuickJS): a controller is installed by the workload (its
 * `controllers:`, added when the workload has none), so a finding's scenario file and recipe both replay it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSandbox } from '../sandbox/load.ts';
import { Simulation } from '../sim/simulation.ts';
import { cronBackupWorkload } from './examples/cron-backup.ts';
import { runHunt } from './hunt.ts';
import { huntTarget, userControllerTarget, type HuntTarget } from './target.ts';

const template = readFileSync(fileURLToPath(new URL('../../controllers/cronbackup.ts', import.meta.url)), 'utf8');
/** The examples' workload, run with the garbage collector alone beside the user's controller. */
const workload = cronBackupWorkload();

beforeAll(async () => {
  await loadSandbox();
});

function target(source: string): HuntTarget {
  const t = userControllerTarget(source, workload, { file: 'cronbackup.ts' });
  if (!t.ok) throw new Error(t.error);
  return t.target;
}

describe('hunting a user-written controller', () => {
  it('the CronBackup template passes every plan explored', () => {
    const t = target(template);
    expect(t.controller).toBe('cronbackup-controller');
    const r = runHunt(t, { seeds: 16 });
    expect(r).toMatchObject({ status: 'passed', explored: 16 });
  });

  it('the template without its owner reference leaks its CronJobs; the finding replays from its file and its recipe', () => {
    const buggy = template.replace(/ownerReferences: \[[\s\S]*?\],\n/, '');
    expect(buggy).not.toContain('ownerReferences');
    const r = runHunt(target(buggy), { seeds: 4 });
    expect(r.status).toBe('found');
    const f = r.finding!;
    expect(f.oracle).toBe('leaked-object');
    expect(f.failures[0]!.message).toMatch(/CronJob \w+-backup has no ownerReference/);
    expect(f.recipe.inputs.some((i) => i.action.type === 'install-controller')).toBe(true);
    expect(f.replayVerified).toBe(true);
    expect(f.scenario).toMatch(/^controllers:\n {2}- source: /m);
    const again = Simulation.fromRecipe(f.recipe);
    expect(again.getObject('cronjobs', 'default', 'weekly-backup')?.metadata.ownerReferences).toBeUndefined();
  });

  it('a workload that installs the controller from a file: read beside it, inlined in the replay', () => {
    const text = `${workload}controllers:\n  - file: cronbackup.ts\n`;
    expect(huntTarget('cronbackup-controller', text)).toMatchObject({ ok: false, error: expect.stringMatching(/installs a controller from a file \(cronbackup\.ts\)/) });
    const t = huntTarget('cronbackup-controller', text, { readControllerFile: (f) => (f === 'cronbackup.ts' ? template : '') });
    if (!t.ok) throw new Error(t.error);
    expect(t.target.workloadText).not.toContain('file: cronbackup.ts');
    expect(t.target.workload.actions[0]!.action).toMatchObject({ type: 'install-controller', source: template });
  });

  it('a program that does not compile is an error naming its file and line', () => {
    const t = userControllerTarget('export default defineController({ name: "x", for: {apiVersion: "v1", kind: "ConfigMap"}, async reconcile( { ', workload, { file: 'bad.ts' });
    expect(t).toMatchObject({ ok: false, error: expect.stringMatching(/^bad\.ts:1/) });
  });
});
