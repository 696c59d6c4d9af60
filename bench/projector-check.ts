/**
 * The projector check (issue 14): how large the page's text is drawn on a projector, in headless Debian chromium on a
 * local `vite preview`. For the page as it opens and in presenter mode (`?present`), on the playground and in a
 * lesson, at 1280×720 (a typical projector) and 1024×768, it measures every visible text node's rendered size (its
 * font size times the scale of every transform above it: the controller graph is zoomed to fit) and prints the
 * smallest, the median, how many are under 18 px and which is smallest; a screenshot of each goes to
 * e2e/screenshots/ (or $LOOPSCOPE_SHOTS). e2e/present.e2e.test.ts holds presenter mode to ≥ 18 px at 1280×720 with
 * the same measure ({@link renderedTextSizes}).
 *
 * Run: `npx tsx bench/projector-check.ts`. Prints a table; exits 0 (small text is a finding, not a crash).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { buildAndServe, launchChromium, screenshotDir } from '../e2e/harness.ts';
import { openApp } from '../e2e/page-driver.ts';

export interface TextSize {
  /** Rendered size, px. */
  px: number;
  text: string;
  /** The element holding it ("span.queue"). */
  where: string;
}

/** Every text node drawn in the window (not hidden, not transparent, not scrolled or laid out of view), smallest first. */
export async function renderedTextSizes(page: Page): Promise<TextSize[]> {
  return page.evaluate(() => {
    const out: Array<{ px: number; text: string; where: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const el = n.parentElement;
      if (!text || !el) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const inView = [...range.getClientRects()].some((r) => r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight);
      if (!inView) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible') continue;
      let opacity = 1;
      let scale = 1;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        opacity *= Number(s.opacity);
        if (s.transform && s.transform !== 'none') {
          const m = new DOMMatrixReadOnly(s.transform);
          scale *= Math.hypot(m.a, m.b);
        }
      }
      if (opacity === 0) continue;
      const where = `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')}`;
      out.push({ px: Math.round(parseFloat(style.fontSize) * scale * 10) / 10, text: text.slice(0, 40), where });
    }
    return out.sort((a, b) => a.px - b.px);
  });
}

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];
const PAGES = [
  { name: 'playground', search: '' },
  { name: 'lesson', search: 'lesson=mini-drill&step=1' },
];

async function main(): Promise<void> {
  const served = await buildAndServe({ label: 'projector-check' });
  const browser = await launchChromium(VIEWPORTS[0]);
  const rows: string[][] = [['page', 'mode', 'viewport', 'min px', 'median px', 'under 18 px', 'smallest']];
  try {
    for (const presenting of [false, true])
      for (const p of PAGES)
        for (const viewport of VIEWPORTS) {
          const search = [presenting ? 'present' : '', p.search].filter(Boolean).join('&');
          const { page } = await openApp(browser.context, `${served.url}${search ? `?${search}` : ''}`);
          try {
            await page.setViewportSize(viewport);
            if (presenting) await page.waitForFunction(() => document.documentElement.classList.contains('presenting'), null, { timeout: 20_000 });
            await page.waitForTimeout(2000); // the panels after the first frame, and the graph framed again
            const sizes = await renderedTextSizes(page);
            const label = `${p.name}-${presenting ? 'present' : 'normal'}-${viewport.width}x${viewport.height}`;
            await page.screenshot({ path: join(screenshotDir(), `projector-${label}.png`) });
            const min = sizes[0];
            rows.push([
              p.name,
              presenting ? 'presenter' : 'normal',
              `${viewport.width}×${viewport.height}`,
              String(min?.px ?? '-'),
              String(sizes[Math.floor(sizes.length / 2)]?.px ?? '-'),
              `${sizes.filter((s) => s.px < 18).length} of ${sizes.length}`,
              min ? `"${min.text}" (${min.where})` : '-',
            ]);
          } finally {
            await page.close();
          }
        }
  } finally {
    await browser.close();
    await served.close();
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
