/**
 * Presenter mode on a projector (issue 14, point 1), in Chromium: the projector check measures every visible text
 * node's rendered size (its font size times the scale of any transform above it: the graph is zoomed) at 1280×720
 * (every one ≥ 18 px) and at 1024×768 (the minimum is reported; ≥ 14 px). And a clicker's keys: PageDown with the
 * scenario picker or the speed slider focused moves the timeline (or the lesson) and leaves the control as it was;
 * 'b' blanks the screen and any key or click brings it back; 'p' leaves presenter mode and the address follows.
 *
 * Screenshots of what was measured go to e2e/screenshots/ (or $LOOPSCOPE_SHOTS).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotDir, type Browser } from './harness.ts';
import { byTestId, isPlaying, openApp, stepCounter, until, waitConverged } from './page-driver.ts';
import { renderedTextSizes } from '../bench/projector-check.ts';
import { STAGE_CENTER_W, STAGE_NODE_H, STAGE_NODE_W } from '../src/ui/graph/stage-fold.ts';

/** The stage's node sizes as its layout counts them (present.css must draw them so). */
const CENTER = `${STAGE_CENTER_W}×${STAGE_NODE_H}`;
const LOOP = `${STAGE_NODE_W}×${STAGE_NODE_H}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until presenter mode is drawn (its chunk loaded, the page's class set) and the graph re-framed. */
async function presenting(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('presenting'), null, { timeout: 20_000 });
  await byTestId(page, 'idle-loops').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(700); // the graph is framed 50 ms after a size change
}

test('the projector check: every visible text ≥ 18 px at 1280×720 in presenter mode, and legible at 1024×768', async () => {
  const { page, errors } = await openApp(browser.context, `${inject('pageUrl')}?present`);
  try {
    await presenting(page);
    const at1280 = await renderedTextSizes(page);
    await page.screenshot({ path: join(screenshotDir(), 'present-1280x720.png') });
    expect(at1280.length).toBeGreaterThan(20);
    const small = at1280.filter((t) => t.px < 18);
    expect(small, 'texts under 18 px at 1280×720').toEqual([]);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForTimeout(900);
    const at1024 = await renderedTextSizes(page);
    await page.screenshot({ path: join(screenshotDir(), 'present-1024x768.png') });
    console.log(`projector check: minimum rendered text ${at1280[0]!.px} px at 1280×720, ${at1024[0]!.px} px at 1024×768 ("${at1024[0]!.text}" in ${at1024[0]!.where})`);
    expect(at1024[0]!.px).toBeGreaterThanOrEqual(14);
    // Nothing of the top bar is pushed out of the window.
    const barOverflow = await page.evaluate(() => {
      const bar = document.querySelector('.top-bar')!;
      return bar.scrollWidth - bar.clientWidth;
    });
    expect(barOverflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.close();
  }
});

/** Where each of the top bar's parts is and how big, and the sizes of the graph's nodes (in their own units). */
async function layoutBoxes(page: Page): Promise<{ bar: string[]; nodes: string[] }> {
  return page.evaluate(() => ({
    bar: [...document.querySelectorAll('.top-bar > *, .top-bar .controls > *, .timeline .legend > *')].map((e) => {
      const r = e.getBoundingClientRect();
      // Its first class names it (the badge's other classes say its state, which changes).
      return `${String(e.className).split(' ')[0] || e.tagName} ${r.left.toFixed(1)} ${r.width.toFixed(1)} ${r.height.toFixed(1)}`;
    }),
    nodes: [...new Set([...document.querySelectorAll<HTMLElement>('.gnode')].map((e) => `${e.offsetWidth}×${e.offsetHeight}`))].sort(),
  }));
}

test('the layout never jumps while the simulation runs: the top bar, the timeline legend and the nodes keep their sizes', async () => {
  const { page, errors } = await openApp(browser.context, `${inject('pageUrl')}?present`);
  try {
    await presenting(page);
    const first = await layoutBoxes(page);
    // The middle column's nodes and the loops' as the stage layout counts them (none may be unfolded: the demo may have settled).
    expect(first.nodes).toContain(CENTER);
    const seen = [first];
    for (let i = 0; i < 6; i++) {
      await page.waitForTimeout(300);
      seen.push(await layoutBoxes(page));
    }
    // Into the past (the step counter's longest text, "step 12 of 385 (in the past: acting now forks)"), and a step on.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
    await until(page, 'the past', async () => (await byTestId(page, 'step-counter').innerText()).includes('in the past'));
    seen.push(await layoutBoxes(page));
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    seen.push(await layoutBoxes(page));
    for (const s of seen) expect(s.bar.filter((b, i) => b !== first.bar[i]), `moved, against ${JSON.stringify(first.bar)}`).toEqual([]);
    for (const s of seen) for (const n of s.nodes) expect([CENTER, LOOP]).toContain(n);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('a lesson in presenter mode: the caption, and the text sizes with it', async () => {
  const { page, errors } = await openApp(browser.context, `${inject('pageUrl')}?present&lesson=mini-drill&step=1`);
  try {
    await presenting(page);
    const caption = page.getByRole('region', { name: 'Caption' });
    await caption.waitFor({ timeout: 20_000 });
    expect(await caption.innerText()).toMatch(/^Step 1 of \d+/);
    // Step 1 spotlights deployment/web: its row is ringed.
    expect(await page.locator('[data-testid="object-spotlight"]').textContent()).toContain('obj-deployment-web');
    const sizes = await renderedTextSizes(page);
    await page.screenshot({ path: join(screenshotDir(), 'present-lesson-1280x720.png') });
    expect(sizes.filter((t) => t.px < 18)).toEqual([]);

    // A clicker's PageDown with the scenario picker focused: the lesson's Next (it is enabled on a reading step).
    const picker = byTestId(page, 'lesson-picker');
    const before = await picker.inputValue();
    await picker.focus();
    await page.keyboard.press('PageDown');
    await until(page, 'the caption at step 2', async () => /^Step 2 of/.test(await caption.innerText()));
    expect(await picker.inputValue()).toBe(before);
    // The lesson's address follows and keeps presenter mode.
    expect(new URL(page.url()).searchParams.get('step')).toBe('2');
    expect(new URL(page.url()).searchParams.has('present')).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test("a clicker's keys on a focused picker or slider move the timeline and leave the control as it was", async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    if (await isPlaying(page)) await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));
    await page.waitForTimeout(300);

    const picker = byTestId(page, 'lesson-picker');
    await until(page, 'the scenario list', async () => (await picker.locator('option').count()) > 1);
    const choice = await picker.inputValue();
    const start = (await stepCounter(page)).step;
    await picker.focus();
    await page.keyboard.press('PageDown');
    await until(page, 'a step forward', async () => (await stepCounter(page)).step === start + 1);
    await page.keyboard.press('ArrowDown');
    await until(page, 'another step forward', async () => (await stepCounter(page)).step === start + 2);
    await page.keyboard.press('PageUp');
    await until(page, 'a step back', async () => (await stepCounter(page)).step === start + 1);
    expect(await picker.inputValue()).toBe(choice);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('lesson-picker');

    const slider = page.getByRole('slider', { name: 'Speed' });
    const speed = await slider.inputValue();
    await slider.focus();
    for (const key of ['PageDown', 'PageUp', 'ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    expect(await slider.inputValue()).toBe(speed);
    expect(await page.locator('.speed output').innerText()).toBe('1×');
    // … and the timeline moved instead: +1 −1 +1 −1 −1 +1, back to where it was.
    await page.keyboard.press('PageDown');
    await until(page, 'the slider keys stepping the timeline', async () => (await stepCounter(page)).step === start + 2);
    expect(await isPlaying(page)).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test("presenter mode by the key: 'b' blanks the screen, any key or a click brings it back, 'p' leaves", async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await page.keyboard.press('p');
    await presenting(page);
    expect(new URL(page.url()).searchParams.has('present')).toBe(true);
    expect(await byTestId(page, 'present-button').getAttribute('aria-pressed')).toBe('true');

    const playing = await isPlaying(page);
    await page.keyboard.press('b');
    const blank = byTestId(page, 'blank-screen');
    await blank.waitFor({ timeout: 5_000 });
    expect(await isPlaying(page)).toBe(playing); // 'b' is the blank key here, not play/pause
    await page.screenshot({ path: join(screenshotDir(), 'present-blank.png') });
    await page.keyboard.press('x');
    await blank.waitFor({ state: 'detached', timeout: 5_000 });
    await page.keyboard.press('b');
    await blank.waitFor({ timeout: 5_000 });
    await page.mouse.click(640, 360);
    await blank.waitFor({ state: 'detached', timeout: 5_000 });

    await page.keyboard.press('p');
    await page.waitForFunction(() => !document.documentElement.classList.contains('presenting'), null, { timeout: 5_000 });
    expect(new URL(page.url()).searchParams.has('present')).toBe(false);
    expect(await page.locator('[data-testid="idle-loops"]').count()).toBe(0);

    // The button: after a click, space plays/pauses (the button does not keep the focus and toggle again).
    await byTestId(page, 'present-button').click();
    await presenting(page);
    const before = await isPlaying(page);
    await page.keyboard.press(' ');
    await until(page, 'space to play/pause', async () => (await isPlaying(page)) !== before);
    expect(await page.evaluate(() => document.documentElement.classList.contains('presenting'))).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('on a stage, a paused loop unfolds (drawn as paused) and folds back into the idle group once it is resumed and idle', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page);
    const controller = byTestId(page, 'fault-controller');
    await controller.selectOption('cronjob-controller');
    await page.locator('.faults button', { hasText: 'Pause' }).click();
    await page.keyboard.press('p');
    await presenting(page);
    const node = byTestId(page, 'gnode-cronjob-controller');
    await node.waitFor({ timeout: 10_000 });
    expect(await node.innerText()).toContain('paused');
    expect(await byTestId(page, 'idle-loops').getAttribute('title')).not.toContain('cronjob');

    await page.keyboard.press('p');
    await page.locator('.faults button', { hasText: 'Resume' }).click();
    await page.keyboard.press('p');
    await presenting(page);
    await node.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await byTestId(page, 'idle-loops').getAttribute('title')).toContain('cronjob');
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
