/**
 * Vitest setup file: loads the simulation's on-demand libraries (yaml, ajv, croner: see `../libraries.ts`) before
 * each test file, as the CLI and the benchmarks do before their first simulation.
 */
import { loadLibraries } from '../libraries.ts';

await loadLibraries();
