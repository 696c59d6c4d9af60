/**
 * `loopscope serve`: its flags, and a run of the command that serves the default demo on a free port, writes the
 * kubeconfig, answers, and stops when asked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { runServe } from './serve.ts';

describe('serve flags', () => {
  it('parses the defaults and every flag', () => {
    expect(parseArgs(['serve'])).toEqual({ ok: true, command: { command: 'serve', speed: 1, port: 16443, kubeconfig: 'loopscope.kubeconfig' } });
    expect(parseArgs(['serve', '--scenario', 'a.yaml', '--speed=2.5', '--port', '7000', '--kubeconfig', 'k'])).toEqual({
      ok: true,
      command: { command: 'serve', scenario: 'a.yaml', speed: 2.5, port: 7000, kubeconfig: 'k' },
    });
    expect(parseArgs(['serve', '--help'])).toEqual({ ok: true, command: { command: 'help', topic: 'serve' } });
  });

  it('names what is wrong', () => {
    expect(parseArgs(['serve', '--port', '70000'])).toEqual({ ok: false, error: '--port must be a whole number from 1 to 65535, not "70000"' });
    expect(parseArgs(['serve', '--speed', '0'])).toEqual({ ok: false, error: '--speed must be a number above 0 and at most 1000, not "0"' });
    expect(parseArgs(['serve', '--scenario', 'a', '--lesson', 'b'])).toEqual({ ok: false, error: 'give one of --scenario and --lesson' });
    expect(parseArgs(['serve', 'a.yaml'])).toEqual({ ok: false, error: 'serve takes no arguments (got "a.yaml"); a scenario is given with --scenario <file>' });
    expect(parseArgs(['serve', '--port'])).toEqual({ ok: false, error: '--port needs a value' });
  });
});

describe('runServe', () => {
  it('serves, writes the kubeconfig, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-serve-cli-'));
    const kubeconfig = join(dir, 'kc');
    let out = '';
    let err = '';
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const port = 20000 + (process.pid % 20000);
    const done = runServe({ command: 'serve', speed: 1, port, kubeconfig }, { out: (t) => (out += t), err: (t) => (err += t), stopped });
    try {
      for (let i = 0; i < 100 && !out.includes('Ctrl+C'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(err).toBe('');
      expect(out).toContain(`at http://127.0.0.1:${port}`);
      expect(readFileSync(kubeconfig, 'utf8')).toContain(`server: http://127.0.0.1:${port}\n`);
      const pods = (await (await fetch(`http://127.0.0.1:${port}/api/v1/namespaces/default/pods`)).json()) as { kind: string };
      expect(pods.kind).toBe('PodList');
    } finally {
      stop();
      expect(await done).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(out).toContain('Stopped.');
  });

  it.each([
    ['scenario', 'scenarios/delete-a-pod.yaml'],
    ['lesson', 'lessons/01-spec-vs-status.yaml'],
  ] as const)('serves a %s file', async (which, file) => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-serve-cli-'));
    let out = '';
    let err = '';
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const port = 20000 + ((process.pid + (which === 'lesson' ? 7 : 3)) % 20000);
    const path = fileURLToPath(new URL(`../../${file}`, import.meta.url));
    const done = runServe({ command: 'serve', speed: 1, port, kubeconfig: join(dir, 'kc'), [which]: path }, { out: (t) => (out += t), err: (t) => (err += t), stopped });
    try {
      for (let i = 0; i < 200 && !out.includes('Ctrl+C') && !err; i++) await new Promise((r) => setTimeout(r, 50));
      expect(err).toBe('');
      expect(out).toContain(`Serving ${which} ${path}`);
      const nodes = (await (await fetch(`http://127.0.0.1:${port}/api/v1/nodes`)).json()) as { items: unknown[] };
      expect(nodes.items.length).toBeGreaterThan(0);
    } finally {
      stop();
      expect(await done).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with a clear message for a missing scenario', async () => {
    let err = '';
    const code = await runServe({ command: 'serve', speed: 1, port: 1, kubeconfig: 'unused', scenario: 'no-such-folder/loopscope.yaml' }, { out: () => {}, err: (t) => (err += t) });
    expect(code).toBe(2);
    expect(err).toBe('loopscope serve: no such file: no-such-folder/loopscope.yaml\n');
  });
});
