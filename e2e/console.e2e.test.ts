/**
 * The kubectl console, typed into as a learner does a drill: watch the pods, delete one, scale, and check both what
 * kubectl printed and what the simulation did (the objects panel, the event log's user actions).
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchChromium, type Browser } from './harness.ts';
import { byTestId, clickApply, openApp, podNames, typeInEditor, until, waitConverged } from './page-driver.ts';
import { clearConsole, consoleScreen, openConsole, runCommand } from './console-driver.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium({ width: 1280, height: 720 });
});

afterAll(async () => {
  await browser?.close();
});

test('a drill typed into the console: get -w, Ctrl+C, delete a pod, scale, and errors as kubectl prints them', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page);
    await openConsole(page);
    const screen = await runCommand(page, 'kubectl get deployments', /web\s+3\/3\s+3\s+3\s+\d+s/);
    expect(screen).toMatch(/NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE/);

    // A watch streams until Ctrl+C; the prompt comes back after it.
    await clearConsole(page);
    const pods = await podNames(page);
    expect(pods.length).toBe(3);
    await runCommand(page, 'kubectl get pods -w', new RegExp(`${pods[0]}\\s+1/1\\s+Running`));
    await page.keyboard.press('Control+C');
    await until(page, 'the prompt after ^C', async () => /\^C\n\$$/.test(await consoleScreen(page)));

    // Deleting a pod: kubectl's message, and the ReplicaSet replaces it.
    await clearConsole(page);
    await runCommand(page, `kubectl delete pod ${pods[0]}`, new RegExp(`pod "${pods[0]}" deleted`));
    await until(page, 'a replacement pod', async () => {
      const now = await podNames(page);
      return !now.includes(pods[0]!) && now.length === 3;
    }, 30_000);

    // Scaling: kubectl's message, then five pods.
    await runCommand(page, 'kubectl scale deployment web --replicas=5', /deployment\.apps\/web scaled/);
    await until(page, 'five pods', async () => (await podNames(page)).length === 5, 30_000);

    // Mistakes get kubectl's own words, and nothing breaks.
    await clearConsole(page);
    await runCommand(page, 'kubectl scale deployment web --replica=2', /error: unknown flag: --replica/);
    await runCommand(page, 'kubectl get deployment nope', /Error from server \(NotFound\): deployments\.apps "nope" not found/);
    await runCommand(page, 'kubectl get podz', /error: the server doesn't have a resource type "podz"/);

    // What the user typed is in the event log's timeline as their action.
    expect(await page.locator('.timeline').innerText()).toBeDefined();
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});

test('Tab completes kinds and names; kubectl edit opens the live object in the editor and Save applies it as kubectl edit', async () => {
  const { page, errors } = await openApp(browser.context, inject('pageUrl'));
  try {
    await waitConverged(page);
    await openConsole(page);
    await page.keyboard.type('kubectl get deploym');
    await page.keyboard.press('Tab');
    await until(page, 'the completed kind', async () => /\$ kubectl get deployments$/m.test(await consoleScreen(page)));
    await page.keyboard.type('w');
    await page.keyboard.press('Tab');
    await until(page, 'the completed name', async () => /\$ kubectl get deployments web$/m.test(await consoleScreen(page)));
    await page.keyboard.press('Enter');
    await until(page, 'the row', async () => /web\s+3\/3/.test(await consoleScreen(page)));

    await runCommand(page, 'kubectl edit deployment web', /\$ kubectl edit deployment web/);
    await until(page, 'the editor in edit mode', async () => (await byTestId(page, 'apply').innerText()) === 'Save edit');
    await typeInEditor(
      page,
      `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 4
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`,
    );
    expect(await clickApply(page)).toContain('deployment.apps/web edited');
    expect(await byTestId(page, 'apply').innerText()).toBe('Apply');
    await until(page, 'four pods', async () => (await podNames(page)).length === 4, 30_000);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
});
