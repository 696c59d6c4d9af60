/**
 * The conference demo: `loopscope serve` runs the cluster, real kubectl drives it from a terminal, and the page,
 * served by serve itself at /?connect, follows it live. The page's copy of the run is the served run, event for
 * event; a line typed in the page's console runs on the served run too.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, isPlaying, until } from './page-driver.ts';
import { openConsole, runCommand } from './console-driver.ts';
import { Simulation } from '../src/sim/simulation.ts';
import { DEFAULT_NODES, DEFAULT_OBJECTS, DEFAULT_SEED } from '../src/ui/default-demo.ts';
import { KUBECTL, serveForTest, type Served } from '../src/serve/testing.ts';
import { toJsonLines } from '../src/sim/trace/chrome-trace.ts';

let browser: Browser;
let served: Served;
let sim: Simulation;

beforeAll(async () => {
  sim = Simulation.create({ seed: DEFAULT_SEED, nodes: DEFAULT_NODES });
  sim.apply(DEFAULT_OBJECTS);
  served = await serveForTest(sim, { pageDir: inject('pageDir'), wallNow: () => performance.now(), speed: 2 });
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

test.skipIf(!KUBECTL)('the page attaches to loopscope serve, follows what real kubectl does, and holds the same trace', async () => {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${served.handle.url}/?connect`);
    const live = page.getByRole('button', { name: `Attached to ${served.handle.url}, live` });
    await live.waitFor({ timeout: 30_000 });

    const scaled = await served.kubectl('scale deployment web --replicas=5');
    expect(scaled.stdout).toBe('deployment.apps/web scaled\n');
    await until(page, '5 pods on the page', async () => (await page.$$('[data-testid^="obj-Pod-"]')).length === 5, 60_000);
    await until(page, 'the scale in the event log', async () => (await page.getByText(/kubectl\/v1\.32\S* patch/).count()) > 0 || (await page.getByText(/scale/).count()) > 0, 30_000);

    // A line typed in the page's console runs on the served run: the real kubectl sees its change.
    await openConsole(page);
    await runCommand(page, 'kubectl label deployment web team=blue', /labeled/);
    expect((await served.kubectl('get deployment web --show-labels')).stdout).toMatch(/team=blue/);
    await page.screenshot({ path: 'e2e/screenshots/attach-1280x720.png' });

    // Paused, the page stops at the live edge it had; its trace is the served run's, event for event.
    await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));
    await page.getByRole('button', { name: /Attached to .*, looking back/ }).waitFor();
    await byTestId(page, 'share').click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Download the trace' }).getByRole('button', { name: 'Trace (JSON Lines)' }).click()]);
    const pageTrace = readFileSync((await file.path())!, 'utf8');
    const lines = pageTrace.trimEnd().split('\n').length;
    expect(lines).toBeGreaterThan(500);
    expect(pageTrace).toBe(toJsonLines(sim.trace.slice(0, lines)));

    // Play returns to the live edge.
    await byTestId(page, 'play-pause').click();
    await live.waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('an address on another machine is not attached to until the person confirms it', async () => {
  const page = await browser.context.newPage();
  try {
    await page.goto(`${inject('pageUrl')}?connect=https://attach.invalid`);
    const dialog = page.getByRole('dialog', { name: 'Attach to loopscope serve' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('textbox', { name: 'Address of loopscope serve' }).inputValue()).toBe('https://attach.invalid');
    await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
    await dialog.getByRole('alert').waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('alert').textContent()).toMatch(/attach\.invalid/);
    expect(await page.getByRole('button', { name: /Attached to/ }).count()).toBe(0);

    // The scenario picker's last entry opens the same dialog.
    await dialog.getByRole('button', { name: 'Close attach dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption({ label: 'Attach to loopscope serve…' });
    await dialog.waitFor();
  } finally {
    await page.close();
  }
});
