/**
 * "Test my controller" in the page (issue 16): the controller inspector runs the bug hunter in a worker of its own,
 * with a progress bar and Stop; the built-in ReplicaSet controller passes its workload's plans, and a hunt stopped
 * half-way says how far it got. (The page holds workloads for the Deployment and ReplicaSet controllers only; the
 * buggy CronBackup controllers are found headless: src/hunt/hunt.test.ts, src/cli/hunt.test.ts.)
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, mouseClick, openApp, until } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

async function openInspector(page: Page, controller: string): Promise<void> {
  await until(page, `the ${controller} panel`, async () => {
    await mouseClick(page, `[data-testid="gnode-${controller}"]`);
    await page.waitForTimeout(300);
    return (await byTestId(page, 'hunt-start').count()) > 0;
  });
}

test('Test my controller: the ReplicaSet controller passes every plan, and the page stays live meanwhile', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openInspector(page, 'replicaset-controller');
    await byTestId(page, 'hunt-start').click();
    await until(page, 'a plan explored', async () => /plan \d+ of 40/.test((await byTestId(page, 'hunt-progress').textContent()) ?? ''), 60_000);
    await until(page, 'the result', async () => (await byTestId(page, 'hunt-result').count()) > 0, 180_000);
    expect(await byTestId(page, 'hunt-result').textContent()).toMatch(/✓ no bug found in 41 runs \(40 plans\)/);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('Stop ends the hunt and says how far it got', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openInspector(page, 'deployment-controller');
    await byTestId(page, 'hunt-start').click();
    await until(page, 'a plan explored', async () => /plan \d+ of 40/.test((await byTestId(page, 'hunt-progress').textContent()) ?? ''), 60_000);
    await byTestId(page, 'hunt-stop').click();
    await until(page, 'stopped', async () => /^stopped after \d+ run\(s\), \d+ of 40 plans explored$/.test((await byTestId(page, 'hunt-progress').textContent()) ?? ''));
    expect(await byTestId(page, 'hunt-start').count()).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
