import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulation } from '../sim/simulation.ts';
import { startServe, type ServeHandle } from './server.ts';
import { allowedOrigin } from './page-link.ts';

let handle: ServeHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

async function serve(options: { allowOrigins?: string[]; pageDir?: string } = {}) {
  const sim = Simulation.create({ seed: 1, nodes: 1 });
  handle = await startServe({ sim, port: 0, wallNow: () => 0, ...options });
  return { sim, url: handle.url };
}

describe('the page link of loopscope serve', () => {
  it('lets loopback pages and the allowed origins in, and no other', () => {
    expect(allowedOrigin('http://localhost:5173', [])).toBe('http://localhost:5173');
    expect(allowedOrigin('http://127.0.0.1:4173', [])).toBe('http://127.0.0.1:4173');
    expect(allowedOrigin('http://[::1]:8080', [])).toBe('http://[::1]:8080');
    expect(allowedOrigin('https://evil.example', [])).toBeNull();
    expect(allowedOrigin('http://127.0.0.1.evil.example', [])).toBeNull();
    expect(allowedOrigin('https://talk.example', ['https://talk.example'])).toBe('https://talk.example');
  });

  it('refuses a page of another origin, with the flag that would allow it', async () => {
    const { url } = await serve();
    const res = await fetch(`${url}/loopscope/v1/act`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, body: '{"action":{"type":"scale","resource":"deployment","name":"web","replicas":9}}' });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/--allow-origin https:\/\/evil\.example/);
  });

  it('answers a loopback page’s preflight and echoes its origin', async () => {
    const { url } = await serve();
    const pre = await fetch(`${url}/loopscope/v1/act`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('performs an action as the page’s worker would, and refuses what is not one', async () => {
    const { sim, url } = await serve();
    sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: "1"}\n');
    const bad = await fetch(`${url}/loopscope/v1/act`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${url}/loopscope/v1/act`, { method: 'POST', body: '{"nothing":1}' });
    expect(missing.status).toBe(400);
    const ok = await fetch(`${url}/loopscope/v1/act`, { method: 'POST', body: JSON.stringify({ action: { type: 'delete', resource: 'configmap', name: 'c' } }) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true });
    expect(sim.inputs.at(-1)!.action).toMatchObject({ type: 'delete', name: 'c' });
    expect(sim.getObject('configmaps', 'default', 'c')).toBeUndefined();
  });

  it('streams the feed: the recipe first, as newline-delimited JSON', async () => {
    const { url } = await serve();
    const ctl = new AbortController();
    const res = await fetch(`${url}/loopscope/v1/feed`, { signal: ctl.signal });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
    ctl.abort();
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ type: 'recipe', recipe: { version: 1, options: { seed: 1 } } });
  });

  it('serves the built page at / beside the API, and only its files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-page-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Loopscope</title>');
      writeFileSync(join(dir, 'assets', 'a.js'), 'export {}');
      const { url } = await serve({ pageDir: dir });
      expect(handle!.servesPage).toBe(true);
      expect(await (await fetch(`${url}/?connect`)).text()).toContain('<title>Loopscope</title>');
      expect((await fetch(`${url}/assets/a.js`)).headers.get('content-type')).toMatch(/javascript/);
      expect((await fetch(`${url}/assets/../../etc/passwd`)).status).not.toBe(200);
      expect(await (await fetch(`${url}/version`)).json()).toMatchObject({ major: '1' });
      expect((await fetch(`${url}/api/v1/namespaces/default/pods`)).status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves no page when none is built', async () => {
    await serve({ pageDir: join(tmpdir(), 'no-such-loopscope-build') });
    expect(handle!.servesPage).toBe(false);
  });
});
