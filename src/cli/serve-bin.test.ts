/**
 * `npx loopscope serve` as a person starts it: the real bin under Node's loader (not vite's), so what only Node
 * does differently (a `?raw` import arrives parsed) is exercised: the page's console and feed work against it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

it('bin/loopscope.js serve answers the attached page: its feed, and a console line (kubectl explain) run on it', async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-serve-bin-'));
  const child = spawn(process.execPath, ['bin/loopscope.js', 'serve', '--port', String(port), '--kubeconfig', join(dir, 'kc')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    for (let i = 0; i < 300 && !out.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain(`Serving the default demo`);
    const base = `http://127.0.0.1:${port}`;
    const feed = await fetch(`${base}/loopscope/v1/feed`);
    const reader = feed.body!.getReader();
    let first = '';
    while (!first.includes('\n')) first += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(JSON.parse(first.split('\n')[0]!)).toMatchObject({ type: 'recipe', recipe: { version: 1 } });
    const res = await fetch(`${base}/loopscope/v1/kubectl`, { method: 'POST', body: JSON.stringify({ line: 'kubectl explain deployment.spec.replicas' }) });
    const reply = JSON.parse((await res.text()).split('\n')[0]!) as { reply: { stdout: string; exitCode: number } };
    expect(reply.reply.exitCode).toBe(0);
    expect(reply.reply.stdout).toMatch(/FIELD: *replicas/);
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
