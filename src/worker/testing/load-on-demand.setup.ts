/**
 * Vitest setup file: loads what the worker loads on demand (../on-demand.ts), so a SimHost under test obeys every
 * message at once, as the page's worker does once they are in. Tests of the holding itself pass their own loader.
 */
import { loadOnDemand } from '../on-demand.ts';

await loadOnDemand();
