import { afterEach, describe, expect, it } from 'vitest';
import { SimHost } from './sim-host.ts';
import type { Frame, WorkerMessage } from './protocol.ts';
import { deploymentYaml } from './testing/sim-host-harness.ts';
import { Simulation } from '../sim/simulation.ts';
import { startServe, type ServeHandle } from '../serve/server.ts';
import { traceHash } from '../sim/trace/trace-hash.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A served run whose clock the test moves, and a worker host attached to it. */
async function attached() {
  const served = Simulation.create({ seed: 7, nodes: 2 });
  served.apply(deploymentYaml(2));
  let serverWall = 0;
  const handle = await startServe({ sim: served, port: 0, tickMs: 5, wallNow: () => serverWall });
  const messages: WorkerMessage[] = [];
  let wall = 0;
  const host = new SimHost((m) => messages.push(m), () => wall);
  const reply = (id: number) => messages.find((m) => m.type === 'reply' && m.requestId === id) as Extract<WorkerMessage, { type: 'reply' }> | undefined;
  /** Ticks the host until `done` (or fails after ~5 s of wall time). */
  const until = async (done: () => boolean, what: string) => {
    for (let i = 0; i < 500; i++) {
      wall += 16;
      host.tick();
      if (done()) return;
      await wait(10);
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const copy = () => (host as unknown as { sim: Simulation }).sim;
  const caughtUp = () => copy()?.step === served.step && copy()?.now === served.now;
  return {
    served,
    handle,
    host,
    messages,
    reply,
    until,
    copy,
    caughtUp,
    frames: () => messages.filter((m): m is Frame => m.type === 'frame'),
    moveServer: async (ms: number) => {
      serverWall += ms;
      await wait(30);
    },
  };
}

let open: ServeHandle | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('attaching the page to loopscope serve', () => {
  it('rebuilds the served run from its recipe, then follows it step for step with the same trace', async () => {
    const t = await attached();
    open = t.handle;
    await t.moveServer(3000);
    t.host.receive({ type: 'attach', requestId: 1, url: t.handle.url });
    await t.until(() => t.reply(1) !== undefined, 'the attach reply');
    expect(t.reply(1)).toMatchObject({ ok: true, kind: 'init' });
    await t.until(t.caughtUp, 'the copy to reach the served step');
    await t.moveServer(4000);
    await t.until(t.caughtUp, 'the copy to follow');
    expect(t.served.step).toBeGreaterThan(0);
    expect(traceHash(t.copy().trace.slice(0, t.copy().trace.length))).toBe(traceHash(t.served.trace.slice(0, t.served.trace.length)));
    expect(t.frames().at(-1)!.attached).toEqual({ url: t.handle.url, live: true });
  });

  it('sends the page’s actions and console lines to the served run, and they come back as its inputs', async () => {
    const t = await attached();
    open = t.handle;
    t.host.receive({ type: 'attach', requestId: 1, url: t.handle.url });
    await t.until(() => t.reply(1) !== undefined, 'the attach reply');
    t.host.receive({ type: 'act', requestId: 2, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 4 } });
    await t.until(() => t.reply(2) !== undefined, 'the act reply');
    expect(t.reply(2)).toMatchObject({ ok: true, kind: 'act', result: { ok: true } });
    expect(t.served.inputs.at(-1)!.action).toMatchObject({ type: 'scale', replicas: 4 });
    await t.moveServer(10_000);
    await t.until(t.caughtUp, 'the copy to follow the action');
    expect(t.copy().inputs.map((i) => i.action.type)).toEqual(t.served.inputs.map((i) => i.action.type));
    expect(traceHash(t.copy().trace.slice(0, t.copy().trace.length))).toBe(traceHash(t.served.trace.slice(0, t.served.trace.length)));

    t.host.receive({ type: 'kubectl', requestId: 3, line: 'kubectl scale deployment web --replicas=1' });
    await t.until(() => t.reply(3) !== undefined, 'the kubectl reply');
    expect(t.reply(3)).toMatchObject({ ok: true, kind: 'kubectl', result: { stdout: 'deployment.apps/web scaled\n', exitCode: 0 } });
    expect(t.served.inputs.at(-1)!.action).toMatchObject({ type: 'scale', replicas: 1 });
  });

  it('streams a watch typed in the page from the served run into the frames, and Ctrl+C ends it', async () => {
    const t = await attached();
    open = t.handle;
    t.host.receive({ type: 'attach', requestId: 1, url: t.handle.url });
    await t.until(() => t.reply(1) !== undefined, 'the attach reply');
    t.host.receive({ type: 'kubectl', requestId: 2, line: 'kubectl get deployments -w' });
    await t.until(() => t.reply(2) !== undefined, 'the kubectl reply');
    expect(t.reply(2)).toMatchObject({ ok: true, kind: 'kubectl', result: { watching: true } });
    t.served.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5 });
    await t.moveServer(5000);
    await t.until(() => t.frames().some((f) => /web\s+\S+\s+\d+/.test(f.console ?? '')), 'the lines of the watch in a frame');
    t.host.receive({ type: 'kubectlCancel' });
    await t.until(() => t.frames().at(-1)!.consoleEnded === true || t.frames().some((f) => f.consoleEnded), 'the watch ended');
  });

  it('stays in the past while the viewer looks back, and returns to the live edge on play', async () => {
    const t = await attached();
    open = t.handle;
    t.host.receive({ type: 'attach', requestId: 1, url: t.handle.url });
    await t.until(() => t.reply(1) !== undefined, 'the attach reply');
    await t.moveServer(5000);
    await t.until(t.caughtUp, 'the copy to follow');
    t.host.receive({ type: 'stepBack', count: 20 });
    await t.moveServer(5000);
    await t.until(() => t.frames().at(-1)!.attached?.live === false, 'a frame in the past');
    expect(t.copy().inPast).toBe(true);
    expect(t.copy().step).toBeLessThan(t.served.step);
    t.host.receive({ type: 'step', count: 1_000_000 });
    expect(t.copy().step).toBeLessThanOrEqual(t.copy().head);
    t.host.receive({ type: 'play' });
    await t.until(t.caughtUp, 'the live edge again');
    expect(traceHash(t.copy().trace.slice(0, t.copy().trace.length))).toBe(traceHash(t.served.trace.slice(0, t.served.trace.length)));
  });

  it('says why when the served run stops, and keeps the run', async () => {
    const t = await attached();
    t.host.receive({ type: 'attach', requestId: 1, url: t.handle.url });
    await t.until(() => t.reply(1) !== undefined, 'the attach reply');
    await t.handle.close();
    await t.until(() => t.frames().at(-1)?.attached?.ended !== undefined, 'the end of the feed');
    expect(t.frames().at(-1)!.attached!.ended).toMatch(/ended the feed|failed/);
    expect(t.copy()).toBeDefined();
  });

  it('refuses an address that is not http(s) and one that does not answer', async () => {
    const t = await attached();
    open = t.handle;
    t.host.receive({ type: 'attach', requestId: 1, url: 'javascript:alert(1)' });
    await t.until(() => t.reply(1) !== undefined, 'the reply');
    expect(t.reply(1)).toMatchObject({ ok: false, error: expect.stringMatching(/not http or https/) });
    t.host.receive({ type: 'attach', requestId: 2, url: 'http://127.0.0.1:9' });
    await t.until(() => t.reply(2) !== undefined, 'the reply');
    expect(t.reply(2)).toMatchObject({ ok: false, error: expect.stringMatching(/127\.0\.0\.1:9/) });
  });
});
