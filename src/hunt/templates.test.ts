/**
 * Acceptance (issue 16) on the sandbox's templates (controllers/, user-written controllers run in QuickJS): each buggy
 * template's bug is found, with a minimised schedule whose scenario file replays it and fails; the correct CronBackup
 * template passes. All under the hunter's CronBackup workload (create a backup, change its schedule, add and delete a
 * second), a few dozen plans each.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSandbox } from '../sandbox/load.ts';
import { cronBackupWorkload } from './examples/cron-backup.ts';
import { runHunt } from './hunt.ts';
import { userControllerTarget } from './target.ts';

const template = (name: string) => readFileSync(fileURLToPath(new URL(`../../controllers/${name}.ts`, import.meta.url)), 'utf8');
const workload = cronBackupWorkload();

beforeAll(async () => {
  await loadSandbox();
});

function hunt(name: string, seeds: number) {
  const t = userControllerTarget(template(name), workload, { file: `${name}.ts` });
  if (!t.ok) throw new Error(t.error);
  return runHunt(t.target, { seeds });
}

describe('the hunter on the sandbox templates', () => {
  it.each([
    ['buggy-non-idempotent', 'differs-from-unperturbed', /CronJob default\/nightly-backup-\* at the end, the unperturbed run has \d+ \(a duplicate\)/],
    ['buggy-stale-delete', 'unexpected-delete', /deleted CronJob default\/\w+-backup/],
    ['buggy-status-from-spec', 'differs-from-unperturbed', /CronJob default\/nightly-backup/],
    ['buggy-no-owner', 'leaked-object', /CronJob \w+-backup has no ownerReference/],
    ['buggy-edge-triggered', 'differs-from-unperturbed', /spec\.schedule is "0 1 \* \* \*", the unperturbed run ends with "0 2 \* \* \*"/],
  ])('%s: found by %s, minimised, and its scenario file fails on replay', (name, oracle, message) => {
    const r = hunt(name, 30);
    expect(r.status).toBe('found');
    const f = r.finding!;
    expect(f.oracle).toBe(oracle);
    expect(f.failures[0]!.message).toMatch(message);
    expect(f.minimised.length).toBeLessThanOrEqual(f.plan.perturbations.length);
    expect(f.replayVerified).toBe(true);
  });

  it('cronbackup (correct) passes every plan explored', () => {
    expect(hunt('cronbackup', 24)).toMatchObject({ status: 'passed', explored: 24 });
  });
});
