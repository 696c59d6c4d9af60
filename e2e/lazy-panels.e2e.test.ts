/**
 * Panels loaded after the first frame (src/ui/state/after-first-frame.ts). The page's own panels (the editor column,
 * the objects view, the event log...) show placeholders of their size at the first animated frame and take their
 * places without moving anything. When a tab's code does not arrive, the tab says so where the user looked, the other
 * tabs keep working, and "Try again" loads it once the network is back.
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

/**
 * Records in the page, at every animation frame from the first animated one on (the clock past 0 and the graph drawn),
 * the box of each panel and heading whenever it changes: `[frame, what, box]`, frames counted from that first one (0).
 */
const BOXES_PROBE = `(() => {
  const w = window;
  w.__boxes = [];
  const last = new Map();
  let frame = -1;
  const what = ['.top-bar', '.left-pane', '.editor-host', '.graph', '.objects', '.objects-list', '.inspector', '.timeline', '.event-log', '.panel-tabs', '.tab-bar', 'h2'];
  const loop = () => {
    const clock = document.querySelector('[data-testid="virtual-time"]');
    if (frame < 0 && clock && clock.textContent !== '0.000 s' && document.querySelector('.react-flow__node')) frame = 0;
    if (frame >= 0) {
      for (const selector of what) {
        document.querySelectorAll(selector).forEach((e, i) => {
          const r = e.getBoundingClientRect();
          const key = selector + '#' + i;
          const box = [r.x, r.y, r.width, r.height].map(Math.round).join(',');
          if (last.get(key) !== box) { w.__boxes.push([frame, key, box]); last.set(key, box); }
        });
      }
      frame++;
    }
    if (performance.now() < 20000) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})();`;

test('the panels come after the first animated frame, in the places their placeholders held: nothing moves', async () => {
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.addInitScript(BOXES_PROBE);
    await page.goto(inject('pageUrl'));
    await byTestId(page, 'kill-node').waitFor({ timeout: 30_000 });
    await byTestId(page, 'scrubber').waitFor({ timeout: 10_000 });
    await page.locator('.event-log .table').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    const boxes = await page.evaluate(() => (window as unknown as { __boxes: Array<[number, string, string]> }).__boxes);
    const atFirst = new Map(boxes.filter(([frame]) => frame === 0).map(([, key, box]) => [key, box]));
    // The first animated frame has every panel's place, its heading, and none of its controls (they are in its chunk).
    for (const key of ['.left-pane#0', '.editor-host#0', '.objects#0', '.objects-list#0', '.inspector#0', '.timeline#0', '.event-log#0', '.panel-tabs#0']) expect(atFirst.has(key), key).toBe(true);
    expect(atFirst.has('h2#4'), 'five headings: Desired state, Objects, Inspector, Events, Break things').toBe(true);
    // Once there, a box keeps its place and size (the faults tab's section grows inside its fixed pane, which is not listed).
    const moved = boxes.filter(([frame, key, box]) => frame > 0 && atFirst.has(key) && atFirst.get(key) !== box);
    expect(moved).toEqual([]);
  } finally {
    await page.close();
  }
});

test('presenter mode (?present) is laid out for the stage from the first animated frame: nothing moves when the rest arrives', async () => {
  const page = await browser.context.newPage();
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.addInitScript(BOXES_PROBE);
    await page.goto(`${inject('pageUrl')}?present`);
    await page.locator('.event-log .table').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(1000);
    const boxes = await page.evaluate(() => (window as unknown as { __boxes: Array<[number, string, string]> }).__boxes);
    const atFirst = new Map(boxes.filter(([frame]) => frame === 0).map(([, key, box]) => [key, box]));
    expect(atFirst.has('.graph#0')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenting'))).toBe(true);
    const moved = boxes.filter(([frame, key, box]) => frame > 0 && atFirst.has(key) && atFirst.get(key) !== box);
    expect(moved).toEqual([]);
  } finally {
    await page.close();
  }
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
