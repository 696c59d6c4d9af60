import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../sim/scenario/testing/fake-host.ts';
import { runCli } from './main.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const testdata = (name: string): string => join(root, 'src/sim/scenario/testdata', name);

/** Runs the CLI in this process with the fake host; returns exit code and output. */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env: {}, createHost: createFakeHost });
  return { code, out, err };
}

/** Runs a script in a child process, as a user would. */
function spawn(script: string, ...argv: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...argv], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const FAKE_CLI = 'src/cli/testdata/fake-cli.ts';
const BIN = 'bin/loopscope.js';

describe('loopscope run (in process, fake host)', () => {
  it('prints the timeline, the expectation results and the summary line', async () => {
    const r = await cli('run', testdata('scale-web.yaml'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ +10\.000s {2}user +scale deployment\/web --replicas=5$/m);
    expect(r.out).toContain('✓ line 33  by 5s: deployment/web status.readyReplicas equals 3');
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('6 passed, 0 failed');
  });

  it('--quiet leaves the timeline out; --json prints one parseable report', async () => {
    const quiet = await cli('run', testdata('scale-web.yaml'), '--quiet');
    expect(quiet.out).not.toContain('10.000s');
    const json = await cli('run', testdata('failing.yaml'), '--json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out) as { ok: boolean; passed: number; failed: number; expectations: Array<{ passed: boolean; source: { line: number } }> };
    expect(report).toMatchObject({ ok: false, passed: 1, failed: 1 });
    expect(report.expectations[0]).toMatchObject({ passed: false, source: { line: 11 } });
  });

  it('--json carries the fight detector\'s findings: the HPA and the GitOps sync over spec.replicas', async () => {
    const json = spawnSync(process.execPath, [BIN, 'run', 'scenarios/gitops-vs-hpa-fight.yaml', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    const report = JSON.parse(json.stdout) as { fights: Array<{ field: string; managers: string[]; flips: number }> };
    expect(report.fights.find((f) => f.field === 'spec.replicas')).toMatchObject({ managers: expect.arrayContaining(['argocd-controller']) });
    expect(report.fights[0]!.flips).toBeGreaterThanOrEqual(3);
    const none = JSON.parse((await cli('run', testdata('scale-web.yaml'), '--json')).out) as { fights: unknown[] };
    expect(none.fights).toEqual([]);
  }, 120_000);

  it('--trace writes every event as one JSON line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loopscope-')), 'run.jsonl');
    await cli('run', testdata('scale-web.yaml'), '--trace', file, '--quiet');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const events = lines.map((l) => JSON.parse(l) as { id: number; kind: string });
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]!.kind).toBe('user.action');
  });

  it('--until shortens the run', async () => {
    const r = await cli('run', testdata('scale-web.yaml'), '--until', '15s', '--quiet');
    expect(r.out).toContain('not checked: the run ended at 15s');
    expect(r.code).toBe(1);
  });

  it('an invalid file exits 2 naming file, line and column; a missing one too', async () => {
    const r = await cli('run', testdata('invalid.yaml'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${testdata('invalid.yaml')}: line 10, column 9: actions[2].at: invalid duration "5x" (use e.g. "90s", "1m30s", "250ms")\n`);
    const missing = await cli('validate', '/nonexistent/s.yaml');
    expect([missing.code, missing.err]).toEqual([2, '/nonexistent/s.yaml: line 1, column 1: no such file\n']);
  });

  it('a 50 MB file is refused after reading at most the limit', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loopscope-')), 'big.yaml');
    writeFileSync(file, `apiVersion: loopscope/v1\nx: "${'x'.repeat(50 * 1024 * 1024)}"\n`);
    const r = await cli('validate', file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/line 1, column 1: the scenario file \(a scenario may have at most 262144 characters\) is larger than 1048576 bytes \(reading stopped there\)/);
  });

  it('validate says valid and exits 0', async () => {
    const r = await cli('validate', testdata('scale-web.yaml'));
    expect([r.code, r.out]).toEqual([0, `${testdata('scale-web.yaml')}: valid (2 actions, 6 expectations, runs 40s)\n`]);
  });

  it('a host that cannot start exits 3 with its message', async () => {
    let err = '';
    const code = await runCli(['run', testdata('scale-web.yaml')], {
      err: (t) => (err += t),
      out: () => undefined,
      createHost: () => {
        throw new Error('no simulation');
      },
    });
    expect([code, err]).toEqual([3, 'loopscope: no simulation\n']);
  });
});

// Each child process starts tsx: seconds apiece on a loaded machine.
describe('loopscope in a child process', { timeout: 120_000 }, () => {
  it('exit codes: 0 when all pass, 1 when one fails, 2 when the scenario or a flag is invalid', () => {
    expect(spawn(FAKE_CLI, 'run', testdata('scale-web.yaml'), '--quiet').code).toBe(0);
    const failing = spawn(FAKE_CLI, 'run', testdata('failing.yaml'));
    expect(failing.code).toBe(1);
    expect(failing.out).toContain('✗ line 11  by 10s: deployment/web status.readyReplicas equals 4');
    expect(failing.out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
    const invalid = spawn(FAKE_CLI, 'run', testdata('invalid.yaml'));
    expect(invalid.code).toBe(2);
    expect(invalid.err).toContain('invalid.yaml: line 10, column 9: actions[2].at');
    expect(spawn(FAKE_CLI, 'run', testdata('scale-web.yaml'), '--until', 'soon').code).toBe(2);
  });

  it('bin/loopscope.js: --help documents run and the exit codes; validate rejects an invalid file with 2', () => {
    const help = spawn(BIN, '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('loopscope run <scenario.yaml> [--until <duration>] [--trace <file.jsonl>] [--json]');
    expect(help.out).toContain('2  the scenario file or a flag is invalid');
    const runHelp = spawn(BIN, 'run', '--help');
    expect(runHelp.out).toContain('--trace <file>');
    expect(spawn(BIN, 'validate', testdata('invalid.yaml')).code).toBe(2);
    expect(spawn(BIN, 'validate', testdata('scale-web.yaml')).code).toBe(0);
  });

  it('bin/loopscope.js runs a scenario on the real simulation, and the same seed writes the same trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-'));
    const a = spawn(BIN, 'run', testdata('configmap.yaml'), '--quiet', '--trace', join(dir, 'a.jsonl'));
    expect(a.err).toBe('');
    expect(a.out.trimEnd().split('\n').at(-1)).toBe('4 passed, 0 failed');
    expect(a.code).toBe(0);
    expect(spawn(BIN, 'run', testdata('configmap.yaml'), '--json', '--trace', join(dir, 'b.jsonl')).code).toBe(0);
    const trace = readFileSync(join(dir, 'a.jsonl'), 'utf8');
    expect(trace.split('\n').length).toBeGreaterThan(10);
    expect(readFileSync(join(dir, 'b.jsonl'), 'utf8')).toBe(trace);
  });

  it('a manifest the api-server rejects mid-run fails that action only: nothing of it is stored and the run goes on', () => {
    const r = spawn(BIN, 'run', testdata('bad-manifest.yaml'), '--json');
    const report = JSON.parse(r.out) as { actions: Array<{ ok: boolean; asExpected: boolean; error?: string }>; passed: number; failed: number };
    expect(report.actions[1]).toMatchObject({ ok: false, asExpected: true, error: expect.stringContaining('Error from server (Invalid)') });
    expect([report.passed, report.failed, r.code]).toEqual([2, 0, 0]);
  });
});
