/**
 * The comparison the console's tests against the real kubectl make (src/kubectl/cmd/*.real.test.ts): one command
 * line run by the real binary against `loopscope serve` and by the console on the same simulation must print the
 * same stdout and stderr, and fail alike.
 */
import { expect } from 'vitest';
import type { Simulation } from '../../sim/simulation.ts';
import type { KubectlResult, Served } from '../../serve/testing.ts';
import { kubectl as consoleKubectl } from './fixture.ts';

/** Runs `line` (without "kubectl") both ways and expects the same output; returns the real kubectl's result. */
export async function expectSameAsReal(served: Served, sim: Simulation, line: string): Promise<KubectlResult> {
  const real = await served.kubectl(line);
  const page = consoleKubectl(sim, `kubectl ${line}`);
  expect({ stdout: page.stdout, stderr: page.stderr, failed: page.exitCode !== 0 }, line).toEqual({ stdout: real.stdout, stderr: real.stderr, failed: real.code !== 0 });
  return real;
}
