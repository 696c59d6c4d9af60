/**
 * Your own controller (issue 16): in the Controller tab, pick the CronBackup operator, Install it, apply a
 * CronBackup, and its CronJob appears, owned by the CronBackup, while the controller is on the graph. An endless
 * loop in a reconciler is stopped and reported on its line while the simulation goes on.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp, until, virtualTime } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

async function openControllerTab(page: Page): Promise<void> {
  await page.getByRole('tablist', { name: 'Editor' }).getByRole('tab', { name: 'Controller' }).click();
  await page.getByRole('region', { name: 'Controller', exact: true }).waitFor({ timeout: 30_000 });
  await page.waitForSelector('.controller-panel .monaco-editor .view-lines', { timeout: 60_000 });
}

/** Replaces the controller editor's text as a paste does. */
async function pasteProgram(page: Page, text: string): Promise<void> {
  await page.click('.controller-panel .monaco-editor .view-lines', { position: { x: 30, y: 8 } });
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('the CronBackup operator, installed from the page, makes its CronJob and shows on the graph', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openControllerTab(page);
    await page.getByRole('combobox', { name: 'Controller template' }).selectOption({ label: 'CronBackup operator' });
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    const output = byTestId(page, 'install-output');
    await until(page, 'the install answer', async () => /install/i.test((await output.count()) ? await output.innerText() : ''), 60_000);
    await page.getByRole('button', { name: 'Apply the CronBackup CRD and an example' }).click();
    await until(page, 'a CronJob on the page', async () => (await page.$$('[data-testid^="obj-CronJob-"]')).length > 0, 60_000);
    const graph = await page.locator('.react-flow').innerText();
    expect(graph).toMatch(/cronbackup/i);
    await page.screenshot({ path: 'e2e/screenshots/user-controller-1280x720.png' });
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('an endless loop in a reconciler is stopped and reported on its line; the simulation goes on', async () => {
  const { page } = await openApp(browser.context, inject('pageUrl'));
  try {
    await openControllerTab(page);
    await pasteProgram(
      page,
      [
        "export default defineController({",
        "  name: 'spinner',",
        "  for: { apiVersion: 'v1', kind: 'ConfigMap' },",
        "  async reconcile(request, ctx) {",
        "    let n = 0;",
        "    while (true) { n++; }",
        "  },",
        "});",
        '',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await until(page, 'the install answer', async () => /install/i.test((await byTestId(page, 'install-output').count()) ? await byTestId(page, 'install-output').innerText() : ''), 60_000);
    // A ConfigMap wakes it: its reconcile spins until the budget stops it.
    await page.getByRole('tablist', { name: 'Editor' }).getByRole('tab', { name: 'YAML' }).click();
    const before = await virtualTime(page);
    await page.evaluate(() => undefined);
    const { typeInEditor, clickApply } = await import('./page-driver.ts');
    await typeInEditor(page, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: wake}\ndata: {a: "1"}\n');
    expect(await clickApply(page)).toMatch(/configmap\/wake/);
    await page.getByRole('tablist', { name: 'Editor' }).getByRole('tab', { name: 'Controller' }).click();
    await until(page, 'the stopped loop reported on its line', async () => /line 6|:6\b/i.test(await page.getByRole('region', { name: 'Controller', exact: true }).innerText()) || (await page.locator('.controller-panel .squiggly-error').count()) > 0, 60_000);
    await until(page, 'time going on', async () => (await virtualTime(page)) > before + 5_000, 60_000);
    await page.screenshot({ path: 'e2e/screenshots/user-controller-loop-1280x720.png' });
  } finally {
    await page.close();
  }
});
