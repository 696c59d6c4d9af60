/**
 * The simulation worker's on-demand parts (src/worker/on-demand.ts), in a real browser: the page's first frame (the
 * default demo, sent as objects) fetches none of them, the worker preloads them after it, a CronJob lesson runs; a
 * message sent while they load waits for them, in order, with virtual time standing still.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, clickApply, openApp, podNames, postToWorker, until, virtualTime } from './page-driver.ts';
import type { Page } from 'playwright-core';
import { DEFAULT_MANIFESTS } from '../src/ui/default-demo.ts';

/** How many object rows of this kind the objects view lists. */
const rowsOf = (page: Page, kind: string) => page.locator(`[data-testid^="obj-${kind}-"]`).count();

/** The worker's on-demand chunks, by the names the build gives them. */
const ON_DEMAND = /\/assets\/(ajv|croner|fast-json-patch|scenario-reader)-[\w-]+\.js$/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('the first frame fetches none of the on-demand chunks; they come after it, and a CronJob lesson makes Jobs', async () => {
  const requested: Array<{ url: string; at: number }> = [];
  const record = (r: { url(): string }) => requested.push({ url: r.url(), at: Date.now() });
  browser.context.on('request', record);
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  const firstFrameShownAt = Date.now();
  try {
    const onDemand = () => requested.filter((r) => ON_DEMAND.test(r.url));
    // The worker preloads them about a second after the simulation first moved, as the page does Monaco.
    await until(page, 'the preload of the four on-demand chunks', async () => onDemand().length >= 4, 30_000);
    for (const r of onDemand()) expect(r.at).toBeGreaterThanOrEqual(firstFrameShownAt);
    // The chunk's name as ON_DEMAND captures it (a content hash may itself begin with '-' or letters).
    const names = onDemand().map((r) => ON_DEMAND.exec(r.url)![1]);
    expect(names).toEqual(expect.arrayContaining(['ajv', 'croner', 'fast-json-patch', 'scenario-reader']));

    await byTestId(page, 'lesson-picker').selectOption('cronjob-every-minute');
    await postToWorker(page, { type: 'speed', speed: 30 });
    await until(page, 'a Job of the CronJob', async () => (await rowsOf(page, 'Job')) > 0, 120_000);
    // The editor now holds the lesson's manifests: applying them again changes nothing.
    expect(await clickApply(page)).toContain('cronjob.batch/tick unchanged');
    expect(errors).toEqual([]);
  } finally {
    browser.context.off('request', record);
    await page.close();
  }
});

test('while the on-demand chunks load, messages wait in order and virtual time stands still', async () => {
  // The chunks are held back until `release()`: the messages below reach the worker before its libraries.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await browser.context.route(ON_DEMAND, async (route) => {
    await released;
    await route.continue();
  });
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    const cronJob = `apiVersion: batch/v1
kind: CronJob
metadata: {name: tick}
spec:
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: c, image: busybox}]
`;
    // An apply that needs the libraries (5 replicas, and a CronJob), then a scale that does not: were the scale to
    // overtake the apply, 5 pods would stay.
    const fiveReplicas = DEFAULT_MANIFESTS.split('---\n')[0]!.replace('replicas: 3\n', 'replicas: 5\n');
    await postToWorker(
      page,
      { type: 'act', requestId: 9001, action: { type: 'apply', manifests: `${fiveReplicas}---\n${cronJob}` } },
      { type: 'act', requestId: 9002, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 1 } },
    );
    await page.waitForTimeout(300);
    const heldAt = await virtualTime(page);
    await page.waitForTimeout(1500);
    expect(await virtualTime(page)).toBe(heldAt);
    expect(await rowsOf(page, 'CronJob')).toBe(0);

    release();
    await until(page, 'the CronJob', async () => (await rowsOf(page, 'CronJob')) === 1, 30_000);
    await until(page, 'the Deployment scaled to 1', async () => (await podNames(page)).length === 1, 60_000);
    expect(await virtualTime(page)).toBeGreaterThan(heldAt);
    expect(errors).toEqual([]);
  } finally {
    release();
    await browser.context.unroute(ON_DEMAND);
    await page.close();
  }
});
