/**
 * "Test my controller" in the page (issue 16): the bug hunter runs in a worker of its own, with a progress bar and
 * Stop. In the Controller tab it finds a buggy template's bug and shows the minimised schedule with Replay in the
 * timeline, and passes the correct template; in the controller inspector the built-in ReplicaSet controller's hunt
 * finds what the same hunt finds in Node, and a hunt stopped half-way says how far it got.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, mouseClick, openApp, until } from './page-driver.ts';
import { loadLibraries } from '../src/sim/libraries.ts';
import { runHunt } from '../src/hunt/hunt.ts';
import { defaultWorkload, huntTarget } from '../src/hunt/target.ts';
import { resultHeadline } from '../src/ui/hunt/hunt-view.ts';

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

async function openControllerTab(page: Page, template: string): Promise<void> {
  await page.getByRole('tab', { name: 'Controller' }).click();
  await until(page, 'the Controller tab', async () => (await page.getByLabel('Controller template').count()) > 0, 30_000);
  await page.getByLabel('Controller template').selectOption({ label: template });
}

test('the Controller tab: a buggy template\'s bug is found with a replayable minimised schedule; the correct one passes', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openControllerTab(page, 'Buggy: edge-triggered');
    await byTestId(page, 'hunt-start').click();
    await until(page, 'the result', async () => (await byTestId(page, 'hunt-result').count()) > 0, 180_000);
    expect(await byTestId(page, 'hunt-result').textContent()).toMatch(/✗ differs-from-unperturbed: CronJob default\/nightly-backup/);
    expect((await byTestId(page, 'hunt-schedule').locator('li').count()) > 0).toBe(true);
    const [replay] = await Promise.all([page.context().waitForEvent('page'), byTestId(page, 'hunt-replay').click()]);
    await replay.waitForLoadState();
    expect(replay.url()).toMatch(/#run=/);
    await replay.close();

    await page.getByLabel('Controller template').selectOption({ label: 'CronBackup operator' });
    await byTestId(page, 'hunt-start').click();
    await until(page, 'the result', async () => /no bug found/.test((await byTestId(page, 'hunt-result').textContent().catch(() => '')) ?? ''), 240_000);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('Test my controller: the ReplicaSet controller\'s hunt finds what the same hunt finds in Node (a stale read after a restart), and the page stays live', async () => {
  // The same hunt, run here: the page's worker must find the same thing (the hunter is deterministic). With the
  // default seed it finds upstream's stale-read weakness (kubernetes#59848): restarted against a lagging api-server,
  // the ReplicaSet controller deletes a pod the unperturbed run keeps.
  await loadLibraries();
  const target = huntTarget('replicaset-controller', defaultWorkload('replicaset-controller')!);
  if (!target.ok) throw new Error(target.error);
  const expected = resultHeadline(runHunt(target.target, { seeds: 40, budgetMs: 120_000 }));
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openInspector(page, 'replicaset-controller');
    await byTestId(page, 'hunt-start').click();
    await until(page, 'a plan explored', async () => /plan \d+ of 40/.test((await byTestId(page, 'hunt-progress').textContent()) ?? ''), 60_000);
    await until(page, 'the result', async () => (await byTestId(page, 'hunt-result').count()) > 0, 180_000);
    expect(await byTestId(page, 'hunt-result').textContent()).toContain(expected);
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
