/**
 * The page in a real browser, doing what a user does: watch it move, edit and Apply, delete a pod, make a mistake,
 * go back in time, crash a controller, drive it from the keyboard, and survive hostile input. Each case saves a
 * screenshot to e2e/screenshots/ (or $LOOPSCOPE_SHOTS). Run with `npx vitest run -c vitest.e2e.config.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotDir, type Browser } from './harness.ts';
import { DEFAULT_MANIFESTS } from '../src/ui/default-demo.ts';
import {
  byTestId,
  clickApply,
  eventRows,
  findEventRow,
  isConverged,
  isPlaying,
  mouseClick,
  objectRows,
  openApp,
  podNames,
  postToWorker,
  stepCounter,
  typeInEditor,
  until,
  virtualTime,
  waitConverged,
  waitForEditor,
  type OpenedPage,
} from './page-driver.ts';

/** The page's own default Deployment (the first document the editor opens with), with `replicas` replaced. */
const DEPLOYMENT = (replicas: string) => DEFAULT_MANIFESTS.split('---\n')[0]!.replace('replicas: 3\n', `replicas: ${replicas}\n`);

let browser: Browser;
let opened: OpenedPage | undefined;
const shots = screenshotDir();

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await opened?.page.close();
  opened = undefined;
});

async function open(): Promise<Page> {
  opened = await openApp(browser.context, inject('pageUrl'));
  return opened.page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `page-${name}.png`) });
}

/** The Deployment row's resourceVersion, from its tooltip ("Deployment default/web (rv 12)"). */
async function deploymentRV(page: Page): Promise<string> {
  const title = (await byTestId(page, 'obj-Deployment-web').getAttribute('title')) ?? '';
  return /\(rv (\d+)\)/.exec(title)?.[1] ?? '';
}

/** The editor line numbers that carry an error squiggle (matched by their vertical position). */
async function errorLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="editor-host"] .monaco-editor')!;
    const tops = new Set([...host.querySelectorAll('.squiggly-error')].map((s) => (s.parentElement as HTMLElement).style.top));
    const lines: number[] = [];
    for (const n of host.querySelectorAll('.margin-view-overlays > div')) {
      const top = (n as HTMLElement).style.top;
      const num = Number(n.querySelector('.line-numbers')?.textContent);
      if (tops.has(top) && num) lines.push(num);
    }
    return lines.sort((a, b) => a - b);
  });
}

describe('the page', () => {
  test('it loads and moves: virtual time advances, pods appear, the graph is drawn and the badge says converged', async () => {
    const page = await open();
    const t0 = await virtualTime(page);
    await page.waitForTimeout(600);
    expect(await virtualTime(page)).toBeGreaterThan(t0);
    const pods = await until(page, '3 pods', async () => ((await podNames(page)).length === 3 ? podNames(page) : null));
    expect(pods.every((p) => p.startsWith('web-'))).toBe(true);
    await waitConverged(page, 15_000);
    expect(await page.locator('.react-flow__node').count()).toBeGreaterThan(5);
    expect(await byTestId(page, 'gnode-replicaset-controller').count()).toBe(1);
    expect(await byTestId(page, 'obj-Service-web').count()).toBe(1);
    await shot(page, 'loads-and-converges');
    expect(opened!.errors).toEqual([]);
  });

  test('changing replicas in the editor and applying makes more pods appear', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    await typeInEditor(page, DEPLOYMENT('5'));
    const out = await clickApply(page);
    expect(out).toMatch(/deployment\.apps\/web (configured|serverside-applied)/);
    const pods = await until(page, '5 pods', async () => ((await podNames(page)).length === 5 ? podNames(page) : null));
    expect(pods).toHaveLength(5);
    await waitConverged(page, 20_000);
    expect(await byTestId(page, 'obj-Deployment-web').innerText()).toContain('5/5 ready');
    await shot(page, 'apply-5-replicas');
    expect(opened!.errors).toEqual([]);
  });

  test('deleting a pod brings a replacement, and the log says replicaset-controller created it', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    const before = await podNames(page);
    expect(before).toHaveLength(3);
    const victim = before[0]!;
    await byTestId(page, `delete-${victim}`).click();
    const after = await until(page, 'a replacement pod', async () => {
      const now = await podNames(page);
      return !now.includes(victim) && now.length === 3 ? now : null;
    });
    const replacement = after.find((p) => !before.includes(p))!;
    expect(replacement).toBeDefined();
    const row = await until(page, 'SuccessfulCreate of the replacement', async () =>
      (await eventRows(page)).find((r) => r.includes('SuccessfulCreate') && r.includes(`Created pod: ${replacement}`)),
    );
    expect(row.split(' | ').at(-1)).toBe('replicaset-controller');
    await waitConverged(page, 20_000);
    await shot(page, 'delete-pod-replacement');
    expect(opened!.errors).toEqual([]);
  });

  test('an invalid field is marked on its line, nothing is applied and no object changes', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    const rv = await deploymentRV(page);
    const pods = await podNames(page);

    await typeInEditor(page, DEPLOYMENT('-1'));
    const out = await clickApply(page);
    expect(out).toContain('nothing was applied');
    expect(out).toMatch(/spec\.replicas: Invalid value: -1/);
    expect(await until(page, 'a marker on line 6', async () => ((await errorLines(page)).includes(6) ? errorLines(page) : null))).toContain(6);
    await shot(page, 'invalid-replicas-negative');

    await typeInEditor(page, DEPLOYMENT('three'));
    const out2 = await clickApply(page);
    expect(out2).toContain('nothing was applied');
    expect(await until(page, 'a marker on line 6', async () => ((await errorLines(page)).includes(6) ? errorLines(page) : null))).toContain(6);
    await shot(page, 'invalid-replicas-type');

    await page.waitForTimeout(1000);
    expect(await deploymentRV(page)).toBe(rv);
    expect(await podNames(page)).toEqual(pods);
    expect(await isConverged(page)).toBe(true);
    expect(opened!.errors).toEqual([]);
  });

  test('stepping back shows the earlier state: the step counter goes down and the objects differ', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));
    const head = await stepCounter(page);
    const rowsAtHead = await objectRows(page);

    await byTestId(page, 'step-back').click();
    const back1 = await until(page, 'one step back', async () => {
      const s = await stepCounter(page);
      return s.step === head.step - 1 ? s : null;
    });
    expect(back1.head).toBe(head.step);
    expect(await byTestId(page, 'step-counter').innerText()).toContain('in the past');

    // Scrub to the very start: the Deployment was just applied, nothing else exists yet.
    await byTestId(page, 'scrubber').focus();
    await page.keyboard.press('Home');
    await until(page, 'step 0', async () => (await stepCounter(page)).step === 0);
    const rowsAtStart = await until(page, 'no pods at step 0', async () => ((await podNames(page)).length === 0 ? objectRows(page) : null));
    expect(rowsAtStart).not.toEqual(rowsAtHead);
    expect(await virtualTime(page)).toBe(0);
    await shot(page, 'step-back-to-start');

    // And forward again to where we were: the same objects.
    await page.keyboard.press('End');
    await until(page, 'back at the head', async () => (await stepCounter(page)).step === head.step);
    expect(await until(page, 'the same objects', async () => {
      const rows = await objectRows(page);
      return JSON.stringify(rows) === JSON.stringify(rowsAtHead) ? rows : null;
    })).toEqual(rowsAtHead);
    expect(opened!.errors).toEqual([]);
  });

  test('a crashed controller relists its caches on restart and the cluster converges again', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    // The graph re-fits when controllers appear: click again until the panel opens.
    await until(page, 'the controller panel', async () => {
      await mouseClick(page, '[data-testid="gnode-replicaset-controller"]');
      await page.waitForTimeout(500);
      return (await byTestId(page, 'controller-inspector').count()) > 0;
    });
    // Every step of the trace: the restarted process campaigns under a new identity, waits for the crashed one's
    // Lease to expire (15 s: leader election after a crash, as upstream), then starts its controllers, which relist.
    // Let that run, pause, and read the log from the newest row down, as a reader would (the log keeps only the rows
    // in view in the page).
    await byTestId(page, 'every-step').check();
    const crashedAt = await virtualTime(page);
    await byTestId(page, 'crash-controller').click();
    const crashShown = until(page, 'the crash in the graph', async () => (await byTestId(page, 'gnode-replicaset-controller').innerText()).includes('crashed'), 10_000).catch(() => undefined);
    await postToWorker(page, { type: 'speed', speed: 10 });
    await until(page, 'twenty seconds after the crash', async () => (await virtualTime(page)) > crashedAt + 20_000, 30_000);
    await postToWorker(page, { type: 'speed', speed: 1 });
    await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));
    const relist = await until(page, 'informer.list (restart)', async () => findEventRow(page, (r) => r.includes('informer.list') && r.includes('(restart)')), 10_000);
    expect(relist).toMatch(/listed \d+ \S+ \(restart\)/);
    await shot(page, 'crash-controller-relist');
    await byTestId(page, 'play-pause').click();
    await crashShown;

    // Catches up: a pod deleted after the restart is replaced by the restarted controller.
    await waitConverged(page, 30_000);
    await byTestId(page, 'every-step').uncheck();
    const victim = (await podNames(page))[0]!;
    await byTestId(page, `delete-${victim}`).click();
    await until(page, 'a replacement pod', async () => {
      const now = await podNames(page);
      return !now.includes(victim) && now.length === 3;
    });
    await waitConverged(page, 30_000);
    await shot(page, 'crash-controller-converged');
    expect(opened!.errors).toEqual([]);
  });

  test('the keyboard plays, pauses and steps: space toggles, arrows step one at a time', async () => {
    const page = await open();
    await page.locator('h1.brand').click();
    expect(await isPlaying(page)).toBe(true);
    await page.keyboard.press('Space');
    await until(page, 'paused', async () => !(await isPlaying(page)));
    const frozen = await virtualTime(page);
    const s0 = (await stepCounter(page)).step;
    await page.waitForTimeout(500);
    expect(await virtualTime(page)).toBe(frozen);

    await page.keyboard.press('ArrowRight');
    await until(page, 'one step forward', async () => (await stepCounter(page)).step === s0 + 1);
    await page.keyboard.press('ArrowRight');
    await until(page, 'two steps forward', async () => (await stepCounter(page)).step === s0 + 2);
    await page.keyboard.press('ArrowLeft');
    await until(page, 'one step back', async () => (await stepCounter(page)).step === s0 + 1);
    await shot(page, 'keyboard-stepped');

    await page.keyboard.press('Space');
    await until(page, 'playing', () => isPlaying(page));
    const t = await virtualTime(page);
    await until(page, 'time moving again', async () => (await virtualTime(page)) > t);
    expect(opened!.errors).toEqual([]);
  });

  test('hostile messages to the worker become errors, and the page keeps working', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    const pods = await podNames(page);
    await postToWorker(
      page,
      null,
      42,
      'play',
      { type: 'nope' },
      { type: 'step', count: -5 },
      { type: 'speed', speed: Infinity },
      { type: 'seek', step: -1 },
      { type: 'inspect', requestId: 900_001, ref: { kind: 'Pod' } },
      { type: 'act', requestId: 900_002, action: { type: 'apply', manifests: 5 } },
      { type: 'act', requestId: 900_003, action: { type: 'fault', fault: { type: 'crash-controller', controller: { toString: 1 } } } },
      { type: 'init', v: 1, requestId: 900_004, setup: { seed: 1, recipe: { version: 'x', constructor: { prototype: 1 }, actions: 'all' } } },
      { type: 'init', v: 99, requestId: 900_005, setup: { seed: 1 } },
    );
    const banner = await until(page, 'the error banner', async () => ((await byTestId(page, 'error-banner').count()) ? byTestId(page, 'error-banner').innerText() : null));
    expect(banner).toMatch(/invalid command/);
    await shot(page, 'hostile-messages');

    // Still the same simulation, still moving, still answering.
    const t = await virtualTime(page);
    await until(page, 'time moving', async () => (await virtualTime(page)) > t);
    expect(await podNames(page)).toEqual(pods);
    await mouseClick(page, '[data-testid="error-banner"] button');
    await until(page, 'the banner dismissed', async () => (await byTestId(page, 'error-banner').count()) === 0);
    await mouseClick(page, '[data-testid="obj-Deployment-web"]');
    const inspected = await until(page, 'the inspector', () => page.evaluate(() => document.querySelector('[data-testid="object-inspector"] .spec-status')?.textContent));
    expect(inspected).toContain('replicas: 3');
    expect(opened!.errors).toEqual([]);
  });

  // A seek past the head is clamped to it (the worker once ran it synchronously forever: a cluster always has timers).
  test('seeking far past the head does not freeze the simulation', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    await postToWorker(page, { type: 'seek', step: 1e12 });
    const t = await virtualTime(page);
    await until(page, 'time moving after the seek', async () => (await virtualTime(page)) > t, 8_000);
  });

  test('a 10 MB manifest gets a clear error, nothing is applied, and the page still works', async () => {
    const page = await open();
    await waitConverged(page, 15_000);
    await waitForEditor(page);
    const rv = await deploymentRV(page);
    const line = `# ${'x'.repeat(1021)}\n`;
    const big = DEPLOYMENT('4') + line.repeat(Math.ceil((10 * 1024 * 1024) / line.length));
    // Over the api-server's 3 MiB request limit: refused as it is pasted, with kubectl's words for the 413.
    await typeInEditor(page, big);
    const out = await until(page, 'the refusal', async () => {
      const text = await byTestId(page, 'apply-output').innerText().catch(() => '');
      return /RequestEntityTooLarge/.test(text) && text;
    });
    expect(out).toMatch(/^Error from server \(RequestEntityTooLarge\): Request entity too large: limit is 3145728\n\(the text is 10\.\d MiB; nothing was pasted\)$/);
    await shot(page, 'ten-megabyte-manifest');
    await page.waitForTimeout(500);
    expect(await deploymentRV(page)).toBe(rv);
    expect(await podNames(page)).toHaveLength(3);

    // The page still answers: a normal apply works.
    await typeInEditor(page, DEPLOYMENT('4'));
    expect(await clickApply(page)).toMatch(/deployment\.apps\/web/);
    await until(page, '4 pods', async () => (await podNames(page)).length === 4);
    expect(opened!.errors).toEqual([]);
  });
});
