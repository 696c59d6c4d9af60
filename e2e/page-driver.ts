/**
 * What a user sees and does on the Loopscope page, as Playwright calls: read the clock, the step counter, the
 * objects and the event log; type into the editor and Apply; reach the simulation worker for hostile messages.
 * Used by e2e/page.e2e.test.ts and bench/page-budgets.ts. Selectors are the page's `data-testid`s.
 */
import type { BrowserContext, Locator, Page, Worker } from 'playwright-core';

/** The element with this `data-testid` (what Playwright's getByTestId does, spelled out for page.evaluate users). */
export function byTestId(page: Page, id: string): Locator {
  return page.locator(`[data-testid="${id}"]`);
}

/** A page opened on the app, with the errors its console and its workers reported. */
export interface OpenedPage {
  page: Page;
  errors: string[];
}

/** Opens the app in a new tab and waits until the simulation runs (the clock has moved and the objects are listed). */
export async function openApp(context: BrowserContext, url: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="virtual-time"]')?.textContent ?? '';
    return t !== '' && t !== '0.000 s' && document.querySelector('[data-testid^="obj-Deployment-"]') !== null;
  }, null, { timeout: 30_000 });
  return { page, errors };
}

/** Parses the page's clock text ("12.345 s", "3 min 04.1 s", "1 h 02 min") back into virtual ms. */
export function parseClock(text: string): number {
  const t = text.trim();
  let m = /^(\d+(?:\.\d+)?) s$/.exec(t);
  if (m) return Math.round(Number(m[1]) * 1000);
  m = /^(\d+) min (\d+(?:\.\d+)?) s$/.exec(t);
  if (m) return Math.round((Number(m[1]) * 60 + Number(m[2])) * 1000);
  m = /^(\d+) h (\d+) min$/.exec(t);
  if (m) return (Number(m[1]) * 60 + Number(m[2])) * 60_000;
  throw new Error(`not a clock: ${JSON.stringify(text)}`);
}

/** The virtual time the top bar shows, in ms. */
export async function virtualTime(page: Page): Promise<number> {
  return parseClock(await byTestId(page, 'virtual-time').innerText());
}

/** The step the top bar shows ("step 385" or "step 12 of 385 (in the past…)"): current and head. */
export async function stepCounter(page: Page): Promise<{ step: number; head: number }> {
  const text = await byTestId(page, 'step-counter').innerText();
  const m = /step (\d+)(?: of (\d+))?/.exec(text);
  if (!m) throw new Error(`not a step counter: ${JSON.stringify(text)}`);
  const step = Number(m[1]);
  return { step, head: m[2] ? Number(m[2]) : step };
}

/** Names of the pods listed in the objects panel (not the collapsed groups), sorted. */
export async function podNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid^="obj-Pod-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice('obj-Pod-'.length)).sort());
}

/** Text of every object row ("kind name state"), in page order: a cheap fingerprint of what the objects panel shows. */
export async function objectRows(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid^="obj-"]', (els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').replace(' ✕', '').trim()));
}

export async function isConverged(page: Page): Promise<boolean> {
  return (await byTestId(page, 'convergence-badge').innerText()).trim() === 'converged';
}

export async function waitConverged(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="convergence-badge"]')?.textContent?.trim() === 'converged', null, { timeout });
}

export async function isPlaying(page: Page): Promise<boolean> {
  return (await byTestId(page, 'play-pause').getAttribute('aria-label')) === 'Pause';
}

/** Waits until Monaco has replaced the loading textarea. */
export async function waitForEditor(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="editor-host"] .monaco-editor .view-lines', { timeout: 30_000 });
}

/**
 * Replaces the editor's text as a user would: click into it, select all, paste. (Typing multi-line YAML with
 * `keyboard.insertText` gets Monaco's auto-indent added on every line; a paste keeps the text as it is.)
 */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await waitForEditor(page);
  // Near the top left of the text: the lines' box is as wide as the longest line, so its centre may lie outside the pane.
  await page.click('[data-testid="editor-host"] .monaco-editor .view-lines', { position: { x: 30, y: 8 } });
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const target = document.activeElement ?? document.querySelector('[data-testid="editor-host"] .monaco-editor textarea');
    target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Clicks Apply and waits for kubectl's answer to change; returns its text. (Two applies in a row that answer the
 * same text cannot be told apart: use a fresh page or a different manifest.)
 */
export async function clickApply(page: Page, timeout = 30_000): Promise<string> {
  const output = byTestId(page, 'apply-output');
  const before = (await output.count()) ? await output.innerText() : null;
  await byTestId(page, 'apply').click();
  await page.waitForFunction(
    (prev) => {
      const out = document.querySelector('[data-testid="apply-output"]');
      return out !== null && out.textContent !== prev;
    },
    before,
    { timeout },
  );
  return output.innerText();
}

/** The simulation's Web Worker (the one whose script is sim.worker-*.js). */
export async function simWorker(page: Page): Promise<Worker> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const w = page.workers().find((x) => /sim\.worker/.test(x.url()));
    if (w) return w;
    if (Date.now() > deadline) throw new Error(`no simulation worker among ${page.workers().map((x) => x.url()).join(', ')}`);
    await page.waitForTimeout(100);
  }
}

/**
 * Delivers each of `messages` to the simulation worker exactly as a `postMessage` from the page would (its
 * `onmessage` runs with it), in order: the way a hostile script or a forged share link reaches the worker.
 */
export async function postToWorker(page: Page, ...messages: unknown[]): Promise<void> {
  const worker = await simWorker(page);
  // Delivered from timers, so that a message that makes the worker hang does not hang this call too.
  await worker.evaluate((list) => {
    const scope = self as unknown as { onmessage: ((e: { data: unknown }) => void) | null };
    for (const d of list) setTimeout(() => scope.onmessage?.({ data: d }), 0);
  }, messages);
}

/** Events in the log as the user reads them: one string per row, cells joined by " | ". Newest first. */
export async function eventRows(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="event-row"]', (rows) => rows.map((r) => [...r.children].map((c) => (c as HTMLElement).innerText.trim()).join(' | ')));
}

/**
 * Reads the event log from the newest row down, a screenful at a time, as a reader scrolls (the log keeps only the rows
 * in view, and a margin, in the page), until a row matches; leaves the match scrolled into view. Undefined when none
 * does. Meant for a paused page: while playing, rows move under it.
 */
export async function findEventRow(page: Page, match: (row: string) => boolean): Promise<string | undefined> {
  await page.evaluate(() => {
    document.querySelector('.event-log .table')!.scrollTop = 0;
  });
  for (;;) {
    await page.waitForTimeout(100); // the rows now in view are rendered
    const hit = (await eventRows(page)).find(match);
    if (hit) {
      await page.evaluate((text) => {
        const rows = [...document.querySelectorAll('[data-testid="event-row"]')] as HTMLElement[];
        rows.find((r) => [...r.children].map((c) => (c as HTMLElement).innerText.trim()).join(' | ') === text)?.scrollIntoView({ block: 'center' });
      }, hit);
      return hit;
    }
    const scrolled = await page.evaluate(() => {
      const table = document.querySelector('.event-log .table') as HTMLElement;
      const before = table.scrollTop;
      table.scrollTop += table.clientHeight - 30;
      return table.scrollTop > before;
    });
    if (!scrolled) return undefined;
  }
}

/**
 * Clicks the middle of the element with the mouse, as a user would. (For React Flow's nodes, which Playwright's
 * actionability checks keep calling "not visible" while the graph re-renders every frame.)
 */
export async function mouseClick(page: Page, selector: string): Promise<void> {
  const box = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, selector);
  if (!box) throw new Error(`nothing matches ${selector}`);
  await page.mouse.click(box.x, box.y);
}

/** Polls `fn` until it returns a truthy value (returned) or the timeout passes (throws with the last value). */
export async function until<T>(page: Page, what: string, fn: () => Promise<T>, timeout = 20_000): Promise<Exclude<T, null | undefined | false | 0 | ''>> {
  const deadline = Date.now() + timeout;
  let last: T;
  for (;;) {
    last = await fn();
    if (last) return last as Exclude<T, null | undefined | false | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await page.waitForTimeout(150);
  }
}
