/**
 * The page never says more than the truth: while the api-server is down or a controller is paused, the badge says
 * degraded with the reason, and the graph draws the api-server or the loop as such for as long as it lasts; once
 * healed, the cluster converges and the badge says so again.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, openApp, until, waitConverged } from './page-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

test('an api-server outage and a paused controller are shown as they are, and the badge comes back to converged', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page);
    const badge = byTestId(page, 'convergence-badge');
    await page.getByRole('button', { name: 'api-server down 10 s' }).click();
    await until(page, 'degraded', async () => (await badge.getAttribute('aria-label'))?.startsWith('degraded: the api-server is unavailable') ?? false, 10_000);
    expect(await byTestId(page, 'gnode-api-server').innerText()).toContain('unavailable (503)');
    // Ten seconds without the api-server is kube-controller-manager's renew deadline: it may lose its Lease, exit and
    // wait for the Lease to expire before it leads again (the badge says so meanwhile). Converged for good is converged
    // with the controller manager leading, for three seconds on end.
    let since = 0;
    await until(page, 'converged with the controller manager back', async () => {
      const label = (await badge.getAttribute('aria-label')) ?? '';
      const ok = label.startsWith('converged') && (await byTestId(page, 'gnode-replicaset-controller').innerText()).includes('idle');
      since = ok ? since || Date.now() : 0;
      return ok && Date.now() - since >= 3_000;
    }, 60_000);
    expect(await byTestId(page, 'gnode-api-server').innerText()).not.toContain('unavailable');

    await byTestId(page, 'fault-controller').selectOption('replicaset-controller');
    await page.getByRole('button', { name: 'Pause replicaset-controller' }).click();
    await until(page, 'degraded by the pause', async () => (await badge.getAttribute('aria-label'))?.includes('replicaset-controller is paused') ?? false, 10_000);
    expect(await byTestId(page, 'gnode-replicaset-controller').innerText()).toContain('paused');
    await page.getByRole('button', { name: 'Resume replicaset-controller' }).click();
    await waitConverged(page, 30_000);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
