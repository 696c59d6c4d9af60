/**
 * Runs one generated run in a fresh process and prints its trace hash: the determinism test compares it with the
 * hash computed in the test's own process.  Usage: tsx scripts/trace-hash.ts '<json of a DeterminismCase>'
 */
import { runCase, type DeterminismCase } from '../src/sim/determinism-case.ts';
import { loadLibraries } from '../src/sim/libraries.ts';

await loadLibraries();

const c = JSON.parse(process.argv[2] ?? '{}') as DeterminismCase;
process.stdout.write(`${runCase(c).hash}\n`);
