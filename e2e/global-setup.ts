/**
 * Vitest global setup for the e2e config: builds the page once (into a temp folder, never dist/), serves it with
 * `vite preview` on a free port, and provides its URL to the tests as `inject('pageUrl')`. Stops and deletes both after.
 */
import type { TestProject } from 'vitest/node';
import { buildAndServe, type ServedPage } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the served page, ending in "/". */
    pageUrl: string;
    /** The built page's folder (what `loopscope serve` serves at / in the attach test). */
    pageDir: string;
  }
}

let served: ServedPage | undefined;

export async function setup(project: TestProject): Promise<void> {
  served = await buildAndServe({ label: 'page-e2e' });
  project.provide('pageUrl', served.url);
  project.provide('pageDir', served.outDir);
}

export async function teardown(): Promise<void> {
  await served?.close();
  served = undefined;
}
