/**
 * The session exported from the page as a scenario file replays, as `npx loopscope run` plays it in Node, to the
 * trace the page holds: the same trace hash as the page's "Trace (JSON Lines)" download (the share-link test's check).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, isPlaying, mouseClick, openApp, until, virtualTime, waitConverged } from './page-driver.ts';
import { openConsole, runCommand } from './console-driver.ts';
import { loadLibraries } from '../src/sim/libraries.ts';
import { parseScenario, formatScenarioError } from '../src/sim/scenario/parse-scenario.ts';
import { runScenario } from '../src/sim/scenario/run-scenario.ts';
import { createSimulationHost } from '../src/sim/scenario/simulation-host.ts';
import { traceHash } from '../src/sim/trace/trace-hash.ts';
import { toJsonLines } from '../src/sim/trace/chrome-trace.ts';
import type { TraceEvent } from '../src/sim/trace/trace-event.ts';

let browser: Browser;

beforeAll(async () => {
  await loadLibraries();
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

async function download(page: Page, group: string, button: string): Promise<string> {
  await byTestId(page, 'share').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: group }).getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

test('play, scale, crash a controller, export the scenario file: Node replays it to the page’s trace hash', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page, 30_000);
    await openConsole(page);
    await runCommand(page, 'kubectl scale deployment web --replicas=5', /scaled/);
    await until(page, 'the controller panel', async () => {
      await mouseClick(page, '[data-testid="gnode-replicaset-controller"]');
      await page.waitForTimeout(300);
      return (await byTestId(page, 'controller-inspector').count()) > 0;
    });
    const crashedAt = await virtualTime(page);
    await byTestId(page, 'crash-controller').click();
    await until(page, 'two seconds after the crash', async () => (await virtualTime(page)) > crashedAt + 2_000, 30_000);
    await byTestId(page, 'play-pause').click();
    await until(page, 'paused', async () => !(await isPlaying(page)));

    const jsonl = await download(page, 'Download the trace', 'Trace (JSON Lines)');
    const yaml = await download(page, 'Download the session', 'Scenario file (.yaml)');
    expect(yaml).toMatch(/command: kubectl scale deployment web --replicas=5/);
    expect(yaml).toMatch(/type: crash-controller/);
    const pageEvents = jsonl.trimEnd().split('\n').map((l) => JSON.parse(l) as TraceEvent);

    const parsed = parseScenario(yaml);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => formatScenarioError(e)).join('\n'));
    const host = createSimulationHost(parsed.scenario);
    const report = runScenario(parsed.scenario, host);
    expect(report.actions.filter((a) => !a.ok)).toEqual([]);
    expect(host.trace.length).toBe(pageEvents.length);
    expect(traceHash(host.trace.slice(0, host.trace.length))).toBe(traceHash(pageEvents));
    expect(toJsonLines(host.trace.slice(0, host.trace.length)) === jsonl).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
