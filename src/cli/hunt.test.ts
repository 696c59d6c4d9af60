import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseHuntArgs } from './hunt.ts';
import { runCli } from './main.ts';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: {} });
  return { code, out, err };
}

describe('loopscope hunt', () => {
  it('exits 1 on a found bug, prints the oracle, the schedule and the cause chain, and --out writes a replay that fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-hunt-'));
    const file = join(dir, 'replay.yaml');
    const r = await cli('hunt', 'cronbackup-edge-triggered', '--seeds', '12', '--out', file);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^✗ cronbackup-edge-triggered: differs-from-unperturbed: CronJob default\/nightly-backup: spec\.schedule is "0 1 \* \* \*"/m);
    expect(r.out).toMatch(/minimised schedule \(1 of 1 perturbation\):\n +19\.999s {2}restart: crash cronbackup-edge-triggered at 19\.999s\n/);
    expect(r.out).toContain('cause chain of the bad write (newest first):');
    expect(r.out).toContain(`replay: the scenario file fails as the run did (written to ${file}`);
    const replay = await cli('run', file, '--quiet');
    expect(replay.code).toBe(1);
    expect(replay.out).toContain('✗');
    expect(readFileSync(file, 'utf8')).toMatch(/fault:\n\s+type: crash-controller\n\s+controller: cronbackup-edge-triggered/);
  });

  it('exits 0 when no bug is found, and --json prints one result', async () => {
    const r = await cli('hunt', 'cronbackup-correct', '--seeds', '3', '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({ controller: 'cronbackup-correct', status: 'passed', explored: 3, runs: 4 });
  });

  it('takes the workload from --workload and its end-of-run expectations as invariants', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-hunt-'));
    const workload = join(dir, 'w.yaml');
    const { defaultWorkload } = await import('../hunt/target.ts');
    writeFileSync(workload, `${defaultWorkload('cronbackup-correct')}expect:\n  - objects: {resource: cronjobs}\n    equals: 5\n`);
    const r = await cli('hunt', 'cronbackup-correct', '--workload', workload, '--seeds', '3', '--quiet');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^✗ cronbackup-correct: invariant: expect\[0\] .*: .*1/m);
    expect(r.out).toContain('schedule: none, the unperturbed run already fails');
  });

  it('hunts a user-written controller file in the sandbox under --workload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-hunt-'));
    const { cronBackupWorkload } = await import('../hunt/examples/cron-backup.ts');
    const workload = join(dir, 'w.yaml');
    writeFileSync(workload, cronBackupWorkload());
    const source = join(dir, 'cronbackup.ts');
    const template = readFileSync(new URL('../../controllers/cronbackup.ts', import.meta.url), 'utf8');
    writeFileSync(source, template.replace(/ownerReferences: \[[\s\S]*?\],\n/, ''));
    const r = await cli('hunt', source, '--workload', workload, '--seeds', '2', '-q');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^✗ cronbackup-controller: leaked-object: leaked: CronJob \w+-backup has no ownerReference/m);
    expect(r.out).toContain('replay: the scenario file fails as the run did');
  });

  it('a controller of CronBackups needs no workload: the hunter has one (a template, found)', async () => {
    const r = await cli('hunt', fileURLToPath(new URL('../../controllers/buggy-no-owner.ts', import.meta.url)), '-q');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^✗ cronbackup-controller: leaked-object/m);
  });

  it('exits 2 on bad input, naming what is wrong', async () => {
    expect(await cli('hunt')).toMatchObject({ code: 2, err: expect.stringContaining('hunt needs a controller') });
    expect(await cli('hunt', 'nope-controller')).toMatchObject({ code: 2, err: expect.stringContaining('no workload for nope-controller') });
    expect(await cli('hunt', 'cronbackup-correct', '--seeds', 'x')).toMatchObject({ code: 2, err: expect.stringContaining('--seeds must be a whole number') });
    expect(await cli('hunt', 'cronbackup-correct', '--workload', '/nonexistent/w.yaml')).toMatchObject({ code: 2, err: expect.stringContaining('/nonexistent/w.yaml: no such file') });
    expect(await cli('hunt', 'cronbackup-correct', '--budget', '5x')).toMatchObject({ code: 2, err: expect.stringContaining('--budget: invalid duration') });
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-hunt-'));
    const source = join(dir, 'c.ts');
    writeFileSync(source, 'export default 1;\n');
    expect(await cli('hunt', source)).toMatchObject({ code: 2, err: expect.stringContaining(`loopscope: ${source}`) });
    const app = join(dir, 'app.ts');
    writeFileSync(app, readFileSync(new URL('../../controllers/configmap-app.ts', import.meta.url), 'utf8'));
    expect(await cli('hunt', app)).toMatchObject({ code: 2, err: expect.stringMatching(/app\.ts reconciles ConfigMap \(v1\): give a workload/) });
  });

  it('has help, in the main help too', async () => {
    expect((await cli('hunt', '--help')).out).toMatch(/^loopscope hunt <controller file \| built-in controller> \[flags\]/);
    expect((await cli('help', 'hunt')).out).toMatch(/^loopscope hunt/);
    expect((await cli('--help')).out).toContain('loopscope hunt <controller file | built-in controller>');
  });

  it('parses its flags', () => {
    expect(parseHuntArgs(['c', '--seeds=5', '--seed', 'x', '--budget', '1m', '--out', 'o.yaml', '-q'])).toEqual({ controller: 'c', seeds: 5, seed: 'x', budgetMs: 60_000, out: 'o.yaml', json: false, quiet: true });
    expect(parseHuntArgs(['a', 'b'])).toMatch(/one controller/);
    expect(parseHuntArgs(['a', '--frob'])).toBe('unknown flag --frob');
  });
});
