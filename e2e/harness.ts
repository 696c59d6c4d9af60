/**
 * Shared plumbing for the real-browser checks (e2e/*.e2e.test.ts, e2e/editor.browser.ts, bench/page-*.ts): build the
 * page with vite into a temp folder, serve it with `vite preview`, and drive Debian's /usr/bin/chromium with
 * playwright-core (see /work/shared/STACK-NOTES.md, "Tests in a real browser").
 *
 * Nothing here knows the page; page-level helpers (clock, objects, editor) are in e2e/page-driver.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { build, preview, type InlineConfig, type PreviewServer } from 'vite';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

/** Flags that let Debian's chromium run headless in a container, without network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The parts of vite's (rolldown's) build output the budgets read. */
export interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Static imports (file names). */
  imports?: string[];
  dynamicImports?: string[];
  /** Source module id → its size in this chunk after tree-shaking, before minification. */
  modules?: Record<string, { renderedLength: number }>;
}

/** A built and served page. `close()` stops the server and deletes the build. */
export interface ServedPage {
  /** Base URL, ending in "/". */
  url: string;
  outDir: string;
  /**
   * What vite's build returned, and the workers' own builds' chunks: chunks with their modules' rendered sizes
   * (bench/page-budgets.ts reads them).
   */
  output: BuiltChunk[];
  close(): Promise<void>;
}

/**
 * Builds the page (or the given HTML entry) into a fresh temp folder and serves it on 127.0.0.1 with an OS-chosen
 * port. The project's dist/ is never touched, so it is safe while others build.
 */
export async function buildAndServe(options: { input?: string; label?: string } = {}): Promise<ServedPage> {
  const work = mkdtempSync(join(tmpdir(), `loopscope-${options.label ?? 'e2e'}-`));
  const outDir = join(work, 'dist');
  // Workers are bundled by builds of their own, whose output vite's build() does not return: collect their chunks.
  const workerChunks: BuiltChunk[] = [];
  const collectWorkerChunks = {
    name: 'loopscope-collect-worker-chunks',
    generateBundle(_options: unknown, bundle: Record<string, BuiltChunk>) {
      for (const c of Object.values(bundle)) if (c.type === 'chunk') workerChunks.push(c);
    },
  };
  const inline: InlineConfig = {
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(options.input ? { rollupOptions: { input: options.input } } : {}) },
    worker: { plugins: () => [collectWorkerChunks] },
  };
  // Under vitest NODE_ENV is "test", and vite would then bundle React's development build (several times slower).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ ...inline, mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  let server: PreviewServer;
  try {
    server = await preview({ ...inline, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    rmSync(work, { recursive: true, force: true });
    throw new Error('vite preview did not report a URL');
  }
  return {
    url: url.endsWith('/') ? url : `${url}/`,
    outDir,
    output: [...(Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? (r.output as unknown as BuiltChunk[]) : [])), ...workerChunks],
    async close() {
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A headless chromium with a throwaway profile. `close()` closes it and deletes the profile. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile. Service workers are blocked unless asked for: the page registers one that precaches
 * every chunk (offline use), which would serve later pages of the same test from its cache, around the network
 * routes tests set up, and would make budgets measure a warm cache. The offline test allows them.
 */
export async function launchChromium(viewport = { width: 1400, height: 900 }, options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'loopscope-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go: $LOOPSCOPE_SHOTS, or e2e/screenshots/ (gitignored). */
export function screenshotDir(): string {
  return process.env.LOOPSCOPE_SHOTS ?? join(ROOT, 'e2e', 'screenshots');
}
