/**
 * The controller panel's work queue in Chromium at 1280×720: with the ReplicaSet controller paused, three pods
 * deleted at once add its key again and again while it waits; the panel draws the key once with "×N merged" (client-go's
 * dedup). A screenshot of the panel is kept for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, screenshotDir, type Browser } from './harness.ts';
import { byTestId, mouseClick, openApp, podNames, until, waitConverged } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir(), { recursive: true });
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

test('adds of a key already queued are drawn merged into it, with a count', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page, 30_000);
    // The graph re-fits when controllers appear: click again until the panel opens.
    await until(page, 'the controller panel', async () => {
      await mouseClick(page, '[data-testid="gnode-replicaset-controller"]');
      await page.waitForTimeout(300);
      return (await byTestId(page, 'controller-inspector').count()) > 0;
    });
    const panel = byTestId(page, 'controller-inspector');
    await panel.getByRole('button', { name: 'Pause', exact: true }).click();
    await until(page, 'paused', async () => (await panel.innerText()).includes('· paused'));
    const victims = (await podNames(page)).slice(0, 3);
    expect(victims).toHaveLength(3);
    for (const pod of victims) await byTestId(page, `delete-${pod}`).click();

    const queue = panel.getByRole('list', { name: 'work queue' });
    // Each deletion updates its pod (deletionTimestamp) and later deletes it: one key, the other adds merged into it.
    const badge = queue.getByRole('img', { name: /^\d+ adds? merged$/ });
    const count = await until(page, 'a badge of two or more merged adds', async () => {
      if ((await badge.count()) !== 1) return null;
      const n = Number(/^(\d+)/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      return n >= 2 ? n : null;
    }, 30_000);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await badge.innerText()).toMatch(/^×\d+ merged$/);
    const row = await badge.locator('xpath=..').innerText();
    expect(row).toMatch(/^queued: default\/web-\w+/);
    // Readable at 1280×720: the badge's text is at least 12 px and it is inside the viewport.
    const size = await badge.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
    await badge.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir(), 'queue-dedup-1280x720.png') });

    // Resumed, the one reconcile takes the key: the badge goes with it.
    await panel.getByRole('button', { name: 'Resume', exact: true }).click();
    await until(page, 'the badge gone', async () => (await queue.getByRole('img', { name: /merged$/ }).count()) === 0, 30_000);
    await waitConverged(page, 60_000);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
