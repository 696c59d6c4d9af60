/**
 * The YAML editor in a real browser: builds the harness page (src/ui/editor/editor-demo.html) with vite into a temp
 * folder, serves it with `vite preview`, drives Debian's /usr/bin/chromium with playwright-core, and checks that
 * schema validation, hover, completion, multi-document YAML, custom resources and api-server markers all show.
 *
 * Run: `npx tsx scripts/generate-schemas.ts && npx tsx e2e/editor.browser.ts` (about 20 s). Exits non-zero on failure.
 * Screenshots go to $TMPDIR/loopscope-editor-e2e-*.png.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface EditorHandle {
  setValue(text: string): void;
  getValue(): string;
  setPosition(p: { lineNumber: number; column: number }): void;
  focus(): void;
  updateOptions(o: object): void;
  getDomNode(): HTMLElement;
  getScrolledVisiblePosition(p: { lineNumber: number; column: number }): { left: number; top: number; height: number };
}
type HarnessWindow = Window & { __editor: EditorHandle };

async function setText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => (window as unknown as HarnessWindow).__editor.setValue(t), text);
}

/** The hover text at a position (markers first, then the schema's description), polled until it contains `expected`. */
async function hoverText(page: Page, lineNumber: number, column: number, expected: string): Promise<string> {
  let text = '';
  for (let attempt = 0; attempt < 20 && !text.includes(expected); attempt++) {
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 690);
    await page.waitForTimeout(150);
    const p = await page.evaluate(
      ([l, c]) => {
        const e = (window as unknown as HarnessWindow).__editor;
        const r = e.getDomNode().getBoundingClientRect();
        const v = e.getScrolledVisiblePosition({ lineNumber: l!, column: c! });
        return { x: r.left + v.left + 3, y: r.top + v.top + v.height / 2 };
      },
      [lineNumber, column],
    );
    await page.mouse.move(p.x, p.y);
    await page.waitForTimeout(600);
    text = (await page.$$eval('.monaco-hover .hover-row', (els) => els.map((e) => e.textContent ?? ''))).join(' | ');
  }
  return text;
}

async function check(page: Page, shots: string): Promise<void> {
  await page.waitForFunction(() => (window as unknown as Partial<HarnessWindow>).__editor !== undefined, null, { timeout: 30_000 });
  await page.evaluate(() => (window as unknown as HarnessWindow).__editor.updateOptions({ editContext: false, autoIndent: 'none' }));

  // Typed, as a user would: a Deployment whose replicas is a string.
  const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n';
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(deployment);
  assert.equal(await page.evaluate(() => (window as unknown as HarnessWindow).__editor.getValue()), deployment);
  const typeError = await hoverText(page, 6, 14, 'Incorrect type');
  assert.match(typeError, /Incorrect type\. Expected "number"/, 'schema marker on replicas: three');
  assert.match(typeError, /Number of desired pods/, 'upstream description in the hover');
  assert.ok((await page.$$('.squiggly-error')).length > 0, 'schema violations show as errors, as kubectl --validate=strict rejects them');
  await page.screenshot({ path: `${shots}-schema-marker.png` });
  assert.match(await hoverText(page, 5, 2, 'Missing property'), /Missing property "selector"/, 'required field of DeploymentSpec');

  // Completion inside spec offers DeploymentSpec's fields.
  await setText(page, 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  \n');
  await page.evaluate(() => {
    const e = (window as unknown as HarnessWindow).__editor;
    e.focus();
    e.setPosition({ lineNumber: 4, column: 3 });
  });
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.suggest-widget.visible .monaco-list-row', { timeout: 15_000 });
  const suggestions = await page.$$eval('.suggest-widget .monaco-list-row', (els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  assert.ok(suggestions.some((s) => s.startsWith('template')), `completion offers template: ${suggestions.join(', ')}`);
  await page.screenshot({ path: `${shots}-completion.png` });
  await page.keyboard.press('Escape');

  // Each document of a stream is validated against its own kind; custom resources registered at run time too.
  await setText(page, 'apiVersion: v1\nkind: Service\nspec:\n  ports:\n  - port: http\n---\napiVersion: example.com/v1\nkind: Widget\nspec:\n  size: big\n');
  assert.match(await hoverText(page, 5, 11, 'Incorrect type'), /Incorrect type\. Expected "number"/, 'Service port in document 1');
  assert.match(await hoverText(page, 10, 10, 'Incorrect type'), /Incorrect type\. Expected "integer"/, 'custom resource field in document 2');

  // Ctrl+Enter applies; the harness answers with a 422 whose cause lands on the nearest existing parent.
  await setText(page, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec: {}\n');
  await page.evaluate(() => (window as unknown as HarnessWindow).__editor.focus());
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('1 api-server marker'), null, { timeout: 5_000 });
  const apiError = await hoverText(page, 7, 5, 'containers[0].image');
  assert.match(apiError, /spec\.template\.spec\.containers\[0\]\.image: Required value/, 'api-server marker');
  await page.screenshot({ path: `${shots}-api-marker.png` });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'loopscope-editor-e2e-'));
  const outDir = join(work, 'dist');
  const shots = join(tmpdir(), `loopscope-editor-e2e-${process.pid}`);
  const inline = {
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn' as const,
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'src/ui/editor/editor-demo.html') } },
  };
  await build(inline);
  const server = await preview({ ...inline, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  assert.ok(url, 'preview server URL');
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 700 },
  });
  const errors: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('Failed to load resource')) errors.push(m.text());
    });
    await page.goto(new URL('src/ui/editor/editor-demo.html', url).href);
    await check(page, shots);
    assert.deepEqual(errors, [], 'no errors in the page console');
    console.log(`editor.browser: all checks passed (screenshots: ${shots}-*.png)`);
  } finally {
    await context.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
