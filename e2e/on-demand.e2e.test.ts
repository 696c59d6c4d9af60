/**
 * The simulation worker's on-demand libraries (src/worker/on-demand.ts), in a real browser: the page's first frame
 * (the default demo, sent as objects) fetches none of them; a lesson with a CronJob fetches them and runs as it does
 * headless; a message sent while they load waits for them instead of failing.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, isConverged, openApp, podNames, postToWorker, until, virtualTime } from './page-driver.ts';
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

test('the first frame fetches none of the on-demand libraries; a CronJob lesson fetches them and makes a Job a minute', async () => {
  const requested: string[] = [];
  const record = (r: { url(): string }) => requested.push(r.url());
  browser.context.on('request', record);
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await until(page, 'the default demo to converge', () => isConverged(page), 30_000);
    expect(requested.filter((u) => ON_DEMAND.test(u))).toEqual([]);

    await byTestId(page, 'lesson-picker').selectOption('cronjob-every-minute');
    await postToWorker(page, { type: 'speed', speed: 30 });
    await until(page, 'a Job of the CronJob', async () => (await rowsOf(page, 'Job')) > 0, 120_000);
    const fetched = requested.filter((u) => ON_DEMAND.test(u)).map((u) => /assets\/([a-z-]+)-/.exec(u)![1]);
    expect(fetched).toEqual(expect.arrayContaining(['ajv', 'croner', 'fast-json-patch', 'scenario-reader']));
    expect(errors).toEqual([]);
  } finally {
    browser.context.off('request', record);
    await page.close();
  }
});

test('messages sent while the libraries load are obeyed in order once they are in', async () => {
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
    await until(page, 'the CronJob', async () => (await rowsOf(page, 'CronJob')) === 1, 30_000);
    await until(page, 'the Deployment scaled to 1', async () => (await podNames(page)).length === 1, 60_000);
    expect(await virtualTime(page)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
