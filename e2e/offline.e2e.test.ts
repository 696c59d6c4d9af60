/**
 * Offline: after one visit (the service worker has precached the app), the page reloads and runs with the network
 * off: the simulation plays, Monaco and its YAML worker load, the lesson list and a lesson open, the console runs.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp, until, virtualTime, waitForEditor } from './page-driver.ts';
import { openConsole, runCommand } from './console-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 }, { serviceWorkers: 'allow' });
});

afterAll(async () => {
  await browser?.close();
});

test('after one visit the page reloads and works with the network cut', async () => {
  const { page } = await openApp(browser.context, inject('pageUrl'));
  try {
    // The service worker is registered after the first frame and precaches everything; wait until it controls a page.
    const ready = await page.evaluate(
      () =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 60_000)),
        ]),
    );
    expect(ready).toBe(true);
    await until(page, 'the precache to be complete', async () => page.evaluate(async () => (await caches.keys()).length > 0 && !!navigator.serviceWorker.controller || (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'), 60_000);

    await browser.context.setOffline(true);
    await page.reload();
    await until(page, 'the simulation to run offline', async () => (await virtualTime(page).catch(() => 0)) > 500, 30_000);
    await waitForEditor(page);

    await byTestId(page, 'lessons-button').click();
    await page.getByRole('dialog', { name: 'Lessons' }).getByRole('button', { name: /^Spec and status/ }).click();
    await page.getByRole('region', { name: 'Lesson' }).waitFor({ timeout: 30_000 });

    await openConsole(page);
    await runCommand(page, 'kubectl get deployments', /NAME\s+READY/);
  } finally {
    await browser.context.setOffline(false);
    await page.close();
  }
});
