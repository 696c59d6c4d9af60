/**
 * Lessons, done as a learner does them: open one by its address, answer a question wrong and then right, give up on
 * another, do a task by hand in the kubectl console and see its checks pass, reload and find the progress kept; and a
 * bad address that leaves the playground running with a clear message.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, until, virtualTime } from './page-driver.ts';
import { openConsole, runCommand } from './console-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

async function openLessonPage(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.getByRole('region', { name: 'Lesson' }).waitFor({ timeout: 30_000 });
  return { page, errors };
}

const stepText = (page: Page) => page.getByRole('region', { name: 'Lesson' }).getByTestId('lesson-step').innerText();

test('spec vs status: predict wrong then right, give up once, do the task by hand, progress kept across a reload', async () => {
  const { page, errors } = await openLessonPage(`${inject('pageUrl')}?lesson=spec-vs-status&step=2`);
  try {
    const lesson = page.getByRole('region', { name: 'Lesson' });
    expect(await stepText(page)).toBe('Step 2 of 4');

    // Time is held while the question waits.
    const t0 = await virtualTime(page);
    await page.waitForTimeout(1000);
    expect(await virtualTime(page)).toBe(t0);

    // A wrong answer is explained, not just marked; the learner tries again.
    await lesson.getByRole('radio', { name: 'the kubelet' }).check();
    await lesson.getByRole('button', { name: 'Check' }).click();
    const wrong = lesson.getByRole('status').filter({ hasText: 'Not quite.' });
    await wrong.waitFor();
    expect(await wrong.innerText()).toContain('status of pods only');
    await lesson.getByRole('radio', { name: 'the Deployment controller' }).check();
    await lesson.getByRole('button', { name: 'Check' }).click();
    await lesson.getByRole('status').filter({ hasText: 'Right.' }).waitFor();
    // The reveal plays the cluster on until the answer shows.
    await until(page, 'the reveal to finish', async () => (await lesson.innerText()).includes('Revealed'), 30_000);
    expect(await virtualTime(page)).toBeGreaterThan(t0);
    // The explanation points at its proof in the trace: a click selects it and the inspector tells its story.
    const evidence = lesson.getByRole('group', { name: 'Evidence in the trace' }).getByRole('button');
    await until(page, 'the evidence', async () => (await evidence.count()) > 0);
    await evidence.first().click();
    await byTestId(page, 'event-inspector').waitFor({ timeout: 10_000 });
    expect(await byTestId(page, 'event-inspector').innerText()).toContain('Why did this happen?');

    // Next: another question; this time give up and see the answer.
    await lesson.getByRole('button', { name: 'Next' }).click();
    await until(page, 'step 3', async () => (await stepText(page)) === 'Step 3 of 4');
    expect(page.url()).toContain('step=3');
    await lesson.getByRole('button', { name: 'Reveal' }).click();
    await lesson.getByRole('status').filter({ hasText: 'The answer.' }).waitFor({ timeout: 30_000 });
    await until(page, 'the reveal to finish', async () => (await lesson.innerText()).includes('Revealed'), 30_000);

    // The task, by hand, in the kubectl console: its checks are live and pass once the cluster has done it.
    await lesson.getByRole('button', { name: 'Next' }).click();
    await until(page, 'step 4', async () => (await stepText(page)) === 'Step 4 of 4');
    const checks = lesson.getByRole('list', { name: 'Checks' });
    expect(await checks.innerText()).toContain('○');
    await openConsole(page);
    await runCommand(page, 'kubectl scale deployment web --replicas=2', /deployment\.apps\/web scaled/);
    await until(page, 'the task to complete', async () => (await lesson.innerText()).includes('Step complete'), 60_000);
    expect(await checks.innerText()).not.toContain('○');

    // Reload: the progress is kept in the browser, and the address still names the step.
    await page.reload();
    await page.getByRole('region', { name: 'Lesson' }).waitFor({ timeout: 30_000 });
    expect(await stepText(page)).toBe('Step 4 of 4');
    await byTestId(page, 'lessons-button').click();
    const list = page.getByRole('dialog', { name: 'Lessons' });
    const entry = list.getByRole('button', { name: /^Spec and status/ });
    expect(await entry.getAttribute('aria-label')).toMatch(/\(\d of 4 steps done\)|\(done\)/);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('the mini drill: delete a pod by hand, the "by" column hidden until the events are labelled, wrong then right', async () => {
  const { page, errors } = await openLessonPage(`${inject('pageUrl')}?lesson=mini-drill&step=2`);
  try {
    const lesson = page.getByRole('region', { name: 'Lesson' });
    expect(await stepText(page)).toBe('Step 2 of 5');
    // The task, by hand: the ✕ on a pod's row in the objects list.
    const pod = await until(page, 'a pod row', async () => (await page.$$eval('[data-testid^="obj-Pod-"]', (els) => els.map((e) => e.getAttribute('data-testid')!.slice('obj-Pod-'.length))))[0]);
    await byTestId(page, `delete-${pod}`).click();
    await until(page, 'the task to complete', async () => (await lesson.innerText()).includes('Step complete'), 60_000);

    await lesson.getByRole('button', { name: 'Next' }).click();
    await until(page, 'step 3', async () => (await stepText(page)) === 'Step 3 of 5');
    // Learner mode: while the question waits, who wrote those events is hidden, and so is the whole trace view.
    const hidden = page.locator('[data-testid="event-by"][aria-label="hidden until you answer"]');
    await until(page, 'hidden "by" cells', async () => (await hidden.count()) > 0);
    expect(await byTestId(page, 'every-step').isDisabled()).toBe(true);
    const pick = async (event: string, loop: string) => lesson.getByRole('combobox', { name: new RegExp(`^Loop that produced ${event}`) }).selectOption({ label: loop });
    // Wrong first: everything was the kubelet.
    for (const e of ['Killing', 'SuccessfulCreate', 'Scheduled', 'Started']) await pick(e, 'the kubelet (on the pod\'s node)');
    await lesson.getByRole('button', { name: 'Check' }).click();
    await lesson.getByRole('status').filter({ hasText: 'Not quite.' }).waitFor();
    expect(await hidden.count()).toBeGreaterThan(0);
    // Then right.
    await pick('SuccessfulCreate', 'the ReplicaSet controller');
    await pick('Scheduled', 'the scheduler');
    await lesson.getByRole('button', { name: 'Check' }).click();
    await lesson.getByRole('status').filter({ hasText: 'Right.' }).waitFor();
    // Revealed: the "by" column shows the loops again.
    await until(page, 'the by column back', async () => (await hidden.count()) === 0);
    expect(await byTestId(page, 'every-step').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('the browser back button moves between lesson steps', async () => {
  const { page } = await openLessonPage(`${inject('pageUrl')}?lesson=spec-vs-status&step=1`);
  try {
    const lesson = page.getByRole('region', { name: 'Lesson' });
    // Step 1 spotlights a field of deployment/web: its row in the objects list is ringed, at a desk too.
    expect(await byTestId(page, 'lesson-spotlight').textContent()).toContain('obj-deployment-web');
    const ring = await byTestId(page, 'obj-Deployment-web').evaluate((el) => getComputedStyle(el).boxShadow);
    expect(ring).not.toBe('none');
    await lesson.getByRole('button', { name: 'Next' }).click();
    await until(page, 'step 2', async () => (await stepText(page)) === 'Step 2 of 4');
    await page.goBack();
    await until(page, 'step 1 again', async () => (await stepText(page)) === 'Step 1 of 4');
  } finally {
    await page.close();
  }
});

test('a spotlit controller is ringed on the graph outside presenter mode', async () => {
  const { page } = await openLessonPage(`${inject('pageUrl')}?lesson=work-queue&step=1`);
  try {
    await until(page, 'the ring on the ReplicaSet controller', async () => ((await byTestId(page, 'gnode-replicaset-controller').getAttribute('class')) ?? '').includes('spotlit'));
    expect(await page.locator('.gnode.spotlit').count()).toBe(1);
  } finally {
    await page.close();
  }
});

test('a bad lesson address says what is wrong and the playground plays', async () => {
  for (const [query, message] of [
    ['?lesson=no-such-lesson', /there is no lesson "no-such-lesson"/],
    ['?lesson=%3Cscript%3E', /lower-case letters, digits and dashes/],
    ['?lesson=spec-vs-status&step=99', /no step 99/],
  ] as const) {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${inject('pageUrl')}${query}`);
      const banner = byTestId(page, 'error-banner');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.innerText()).toMatch(message);
      await until(page, 'the playground to play', async () => (await virtualTime(page)) > 500, 30_000);
      expect(await page.getByRole('region', { name: 'Lesson' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  }
});
