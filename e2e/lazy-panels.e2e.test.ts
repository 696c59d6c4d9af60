/**
 * Panels loaded after the first frame (src/ui/state/after-first-frame.ts), when their code does not arrive: the tab
 * says so where the user looked, the other tabs keep working, and "Try again" loads it once the network is back.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('a panel whose chunk fails shows the failure in its tab only, and Try again loads it once it can', async () => {
  const GITOPS_CHUNK = /\/assets\/gitops-panel-[\w-]+\.js$/;
  let offline = true;
  await browser.context.route(GITOPS_CHUNK, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  const { page } = await openApp(browser.context, inject('pageUrl'));
  try {
    await byTestId(page, 'tab-gitops').click();
    const failure = page.locator('.tab-body [role="alert"]');
    await failure.waitFor({ timeout: 20_000 });
    expect(await failure.innerText()).toMatch(/gitops[\s\S]*this panel failed/i);

    // The other tabs are unaffected.
    await byTestId(page, 'tab-faults').click();
    await byTestId(page, 'kill-node').waitFor({ timeout: 5_000 });

    offline = false;
    await byTestId(page, 'tab-gitops').click();
    await page.locator('.tab-body [role="alert"] button', { hasText: 'Try again' }).click();
    await page.locator('.gitops-panel').waitFor({ timeout: 20_000 });
    expect(await page.locator('.tab-body [role="alert"]').count()).toBe(0);
  } finally {
    await browser.context.unroute(GITOPS_CHUNK);
    await page.close();
  }
});
