/**
 * Share links and trace export: a run (with a kubectl command in it) shared at a paused step and opened in a fresh
 * browser replays to the identical trace, byte for byte; the Chrome trace export parses as trace-event JSON; a
 * damaged link is answered in words while the playground plays.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, isPlaying, openApp, stepCounter, until, virtualTime, waitConverged } from './page-driver.ts';
import { openConsole, runCommand } from './console-driver.ts';

let a: Browser;
let b: Browser;

beforeAll(async () => {
  a = await launchChromium({ width: 1280, height: 720 });
  b = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function download(page: Page, button: string): Promise<string> {
  await byTestId(page, 'share').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Download the trace' }).getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

test('a shared run opens in a fresh browser at the same step with the same trace; the Chrome trace parses', async () => {
  const { page } = await openApp(a.context, inject('pageUrl'));
  try {
    await waitConverged(page);
    await openConsole(page);
    await runCommand(page, 'kubectl scale deployment web --replicas=4', /scaled/);
    await until(page, '4 pods', async () => (await page.$$('[data-testid^="obj-Pod-"]')).length === 4, 30_000);
    await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));
    const step = await stepCounter(page);
    const traceA = await download(page, 'Trace (JSON Lines)');
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/#run=[\w-]+$/);

    const chrome = JSON.parse(await download(page, 'Chrome trace')) as { traceEvents: Array<{ ph: string }> };
    expect(chrome.traceEvents.some((e) => e.ph === 'B')).toBe(true);
    expect(chrome.traceEvents.some((e) => e.ph === 's')).toBe(true);

    const other = await b.context.newPage();
    try {
      await other.goto(link);
      await until(other, 'the shared step', async () => (await stepCounter(other).catch(() => ({ step: -1 }))).step === step.step, 60_000);
      expect(await isPlaying(other)).toBe(false);
      expect(await virtualTime(other)).toBe(await virtualTime(page));
      const traceB = await download(other, 'Trace (JSON Lines)');
      expect(traceB.length).toBeGreaterThan(1000);
      expect(traceB === traceA).toBe(true);
    } finally {
      await other.close();
    }
  } finally {
    await page.close();
  }
});

test('a damaged or hostile link is answered in words and the playground plays', async () => {
  for (const [hash, message] of [
    ['#run=%%%', /damaged/],
    ['#run=AAAA', /damaged/],
    ['#run=' + 'A'.repeat(210_000), /at most 200000/],
  ] as const) {
    const page = await b.context.newPage();
    try {
      await page.goto(`${inject('pageUrl')}${hash}`);
      const banner = byTestId(page, 'error-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.innerText()).toMatch(message);
      await until(page, 'the playground to play', async () => (await virtualTime(page)) > 500, 30_000);
    } finally {
      await page.close();
    }
  }
});

async function dropFile(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ([n, t]) => {
      const data = new DataTransfer();
      data.items.add(new File([t], n, { type: 'application/yaml' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [name, text] as const,
  );
}

test('a file dropped before the panels arrive is held, not opened by the browser, and plays once they are in', async () => {
  const page = await a.context.newPage();
  // The file-drop handler comes with the panels, after the first frame: hold its chunk until the drop is done.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/file-drop-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto(inject('pageUrl'));
    await until(page, 'the first frame', async () => (await virtualTime(page)) > 0, 30_000);
    const text = readFileSync(new URL('../scenarios/cronjob-every-minute.yaml', import.meta.url), 'utf8');
    const prevented = await page.evaluate((t) => {
      const data = new DataTransfer();
      data.items.add(new File([t], 'cron.yaml', { type: 'application/yaml' }));
      const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
      const drop = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      window.dispatchEvent(over);
      window.dispatchEvent(drop);
      return { over: over.defaultPrevented, drop: drop.defaultPrevented };
    }, text);
    expect(prevented).toEqual({ over: true, drop: true });
    release();
    await until(page, 'the CronJob in the objects', async () => (await page.$$('[data-testid^="obj-CronJob-"]')).length === 1, 30_000);
  } finally {
    release();
    await page.close();
  }
});

test('a scenario file dropped on the page plays; a file that is not one is refused in words', async () => {
  const { page } = await openApp(a.context, inject('pageUrl'));
  try {
    await dropFile(page, 'cron.yaml', readFileSync(new URL('../scenarios/cronjob-every-minute.yaml', import.meta.url), 'utf8'));
    await until(page, 'the CronJob in the objects', async () => (await page.$$('[data-testid^="obj-CronJob-"]')).length === 1, 30_000);
    await dropFile(page, 'notes.yaml', 'apiVersion: apps/v1\nkind: Deployment\n');
    const banner = byTestId(page, 'error-banner');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.innerText()).toContain('notes.yaml: not a Loopscope scenario or lesson');
    expect((await page.$$('[data-testid^="obj-CronJob-"]')).length).toBe(1);
  } finally {
    await page.close();
  }
});
