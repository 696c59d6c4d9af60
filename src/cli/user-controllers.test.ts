/** `loopscope run` with user-written controllers: files read beside the scenario, the sandbox loaded, errors named. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './main.ts';

const controllers = fileURLToPath(new URL('../../controllers/', import.meta.url));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, deps: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), isTTY: false, env: {} } };
}

describe('loopscope run with user controllers', () => {
  it('runs a scenario that installs a controller from a file beside it', async () => {
    const io = capture();
    const code = await runCli(['run', join(controllers, 'cronbackup.scenario.yaml'), '--json'], io.deps);
    expect(io.err.join('')).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(io.out.join(''))).toMatchObject({ ok: true, failed: 0 });
  }, 60_000);

  it('gives the same trace in another process (its own QuickJS instances)', async () => {
    const file = join(controllers, 'buggy-non-idempotent.scenario.yaml');
    const io = capture();
    expect(await runCli(['run', file, '--json'], io.deps)).toBe(0);
    const here = JSON.parse(io.out.join('')) as { traceHash: string; traceLength: number };
    const cli = fileURLToPath(new URL('./main.ts', import.meta.url));
    const there = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', cli, 'run', file, '--json'], { encoding: 'utf8' })) as typeof here;
    expect(there.traceLength).toBe(here.traceLength);
    expect(there.traceHash).toBe(here.traceHash);
  }, 120_000);

  it('refuses a scenario whose controller file cannot be read, naming the file and the line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-'));
    const file = join(dir, 'missing.yaml');
    writeFileSync(file, 'apiVersion: loopscope/v1\nkind: Scenario\nmetadata: {name: m}\ncontrollers:\n  - file: nope.ts\n');
    const io = capture();
    const code = await runCli(['run', file], io.deps);
    expect(code).toBe(2);
    expect(io.err.join('')).toMatch(/missing\.yaml: line 5, column 1: cannot read controller file "nope\.ts": no such file/);
  });
});
