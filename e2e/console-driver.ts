/**
 * The kubectl console as a user drives it: open its tab, type a command line and Enter, read what the terminal
 * shows (xterm.js draws its screen as rows of text in the page). Used by the console and lesson e2e tests.
 */
import type { Locator, Page } from 'playwright-core';

/** Opens the kubectl tab and focuses the command line. */
export async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'kubectl' }).click();
  const input = page.getByRole('textbox', { name: 'kubectl command line' });
  await input.waitFor({ timeout: 20_000 });
  await page.locator('.console-term').click();
  return input;
}

/** The terminal's screen, as text (rows joined with newlines, trailing blanks dropped). */
export async function consoleScreen(page: Page): Promise<string> {
  return page.$eval('.console-term .xterm-rows', (el) => Array.from(el.children, (r) => (r.textContent ?? '').replace(/\s+$/, '')).join('\n').trimEnd());
}

/** Types a line, presses Enter, and waits until the screen shows `expect` (a regex on the whole screen). */
export async function runCommand(page: Page, line: string, expect: RegExp, timeout = 20_000): Promise<string> {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  const deadline = Date.now() + timeout;
  for (;;) {
    const screen = await consoleScreen(page);
    if (expect.test(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`the console did not show ${expect} after "${line}"; it shows:\n${screen}`);
    await page.waitForTimeout(150);
  }
}

/** Clears the terminal (the console's own `clear`), so the next output starts at the top. */
export async function clearConsole(page: Page): Promise<void> {
  await page.keyboard.type('clear');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
}
