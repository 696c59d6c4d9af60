/**
 * The Objects view as a user drives it: the List layout by default, moved through with the keyboard (↑/↓, Home/End,
 * Enter selects), the Graph layout drawing the same objects, and the Nodes mode putting each pod under its node.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp, until, waitConverged } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The data-testid of the row that has the keyboard focus. */
function focusedRow(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => document.activeElement?.closest('[data-row]')?.querySelector('[data-testid]')?.getAttribute('data-testid'));
}

/** The data-testid of every list row, top to bottom. */
function listRows(page: Page): Promise<string[]> {
  return page.$$eval('.objects-list [data-row]', (rows) =>
    rows
      .sort((a, b) => Number((a as HTMLElement).dataset.row) - Number((b as HTMLElement).dataset.row))
      .map((r) => r.querySelector('[data-testid]')!.getAttribute('data-testid')!),
  );
}

test('the objects list is moved through with the keyboard, Enter selects, and the Graph layout draws the same objects', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page, 20_000);
    const view = byTestId(page, 'objects-view');
    expect(await byTestId(page, 'objects-layout-list').getAttribute('aria-pressed')).toBe('true');

    // Ownership: the Deployment, then its ReplicaSet, then its pods, indented under it.
    const rows = await listRows(page);
    const deployment = rows.indexOf('obj-Deployment-web');
    expect(deployment).toBeGreaterThanOrEqual(0);
    expect(rows[deployment + 1]).toMatch(/^obj-ReplicaSet-web-/);
    expect(rows.slice(deployment + 2, deployment + 5).every((id) => id.startsWith('obj-Pod-web-'))).toBe(true);

    // The focus moves on the next animation frame (the row may have to be rendered first).
    const press = async (key: string, focused: string) => {
      await page.keyboard.press(key);
      await until(page, `${focused} focused after ${key}`, async () => (await focusedRow(page)) === focused, 5_000);
    };
    await byTestId(page, 'obj-Deployment-web').focus();
    await press('ArrowDown', rows[deployment + 1]!);
    await press('ArrowDown', rows[deployment + 2]!);
    await press('ArrowUp', rows[deployment + 1]!);
    await press('End', rows[rows.length - 1]!);
    await press('Home', rows[0]!);

    // Enter on a pod's row selects it: the row is marked current and the inspector shows that pod.
    for (let i = 1; i <= deployment + 2; i++) await press('ArrowDown', rows[i]!);
    const pod = (await focusedRow(page))!;
    expect(pod).toMatch(/^obj-Pod-web-/);
    await page.keyboard.press('Enter');
    await until(page, 'the pod marked current', async () => (await byTestId(page, pod).getAttribute('aria-current')) === 'true');
    const inspected = await until(page, 'the inspector', () => page.evaluate(() => document.querySelector('[data-testid="object-inspector"]')?.textContent));
    expect(inspected).toContain(pod.slice('obj-Pod-'.length));

    // Graph: the same objects, as graph nodes; the selection stays outlined. Then back to the list.
    await byTestId(page, 'objects-layout-graph').click();
    await until(page, 'the graph laid out', async () => (await view.locator('.react-flow__node').count()) > 5);
    for (const id of rows.filter((r) => r.startsWith('obj-'))) expect(await view.locator(`.react-flow__node [data-testid="${id}"]`).count()).toBe(1);
    expect(await view.locator(`.react-flow__node [data-testid="${pod}"].selected`).count()).toBe(1);
    await byTestId(page, 'objects-layout-list').click();
    expect(await listRows(page)).toEqual(rows);

    // Nodes: every pod sits under the node it runs on.
    await byTestId(page, 'objects-mode-nodes').click();
    const byNode = await listRows(page);
    const podRows = byNode.filter((id) => id.startsWith('obj-Pod-'));
    expect(podRows).toHaveLength(3);
    for (const id of podRows) {
      const node = byNode.slice(0, byNode.indexOf(id)).reverse().find((r) => r.startsWith('obj-Node-'));
      const title = (await byTestId(page, id).getAttribute('title')) ?? '';
      expect(node, `${id} under a node`).toBeDefined();
      expect(title).toContain(node!.slice('obj-Node-'.length));
    }
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
