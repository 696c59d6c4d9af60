/**
 * The editor at its limits: a 50 MB paste is refused at once with the api-server's 3 MiB message (kubectl's words),
 * nothing is inserted, and the page stays responsive while the simulation keeps playing.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp, until, virtualTime, waitForEditor } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

test('a 50 MB paste is refused with the 3 MiB limit’s message and the page stays responsive', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitForEditor(page);
    // The document is made before the clock starts: only the page's handling of the paste is measured.
    await page.evaluate(() => {
      (window as unknown as { doc: string }).doc = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n${Array.from({ length: 1_300_000 }, (_, i) => `  k${i}: "${'x'.repeat(24)}"`).join('\n')}\n`;
    });
    await page.click('[data-testid="editor-host"] .monaco-editor .view-lines', { position: { x: 30, y: 8 } });
    const t0 = await virtualTime(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', (window as unknown as { doc: string }).doc);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const output = byTestId(page, 'apply-output');
    await until(page, 'the refusal', async () => /RequestEntityTooLarge/.test(await output.innerText().catch(() => '')), 10_000);
    expect(await output.innerText()).toMatch(/^Error from server \(RequestEntityTooLarge\): Request entity too large: limit is 3145728\n\(the text is \d+\.\d MiB; nothing was pasted\)$/);
    // Nothing was inserted: the editor still shows the playground's Deployment.
    expect(await page.locator('[data-testid="editor-host"] .view-lines').innerText()).toMatch(/kind:\sDeployment/);
    // Responsive: a round trip to the page is quick, and virtual time goes on.
    const r0 = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - r0).toBeLessThan(500);
    await until(page, 'time to go on', async () => (await virtualTime(page)) > t0 + 500, 10_000);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
