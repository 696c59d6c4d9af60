/**
 * The real kubectl 1.32 against `loopscope serve` and the console, on one simulation at one instant (the served clock
 * is held): `kubectl top pod` and `kubectl top node` read the metrics API (src/serve/metrics.ts) and print with the
 * binary's own metricsutil printer, so its text is the reference for the console's (src/kubectl/cmd/top.ts), byte
 * for byte: the tables, sorting, `--containers`, `--sum`, percentages of allocatable and capacity, and the errors.
 * Skipped, saying so, when the binary is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../../sim/simulation.ts';
import { KUBECTL, serveForTest, type Served } from '../../serve/testing.ts';
import { kubectl as consoleKubectl } from '../testing/fixture.ts';
import { expectSameAsReal } from '../testing/same-as-real.ts';
import { loadedCluster } from './top.fixture.ts';

if (!KUBECTL) console.warn('src/kubectl/cmd/top.real.test.ts: skipped: no kubectl on PATH (or at $KUBECTL)');

describe.skipIf(!KUBECTL)('real kubectl and the console: top pod|node', () => {
  let sim: Simulation;
  let served: Served;
  beforeAll(async () => {
    sim = loadedCluster();
    served = await serveForTest(sim);
  });
  afterAll(async () => served?.close());

  const same = (line: string) => expectSameAsReal(served, sim, line);

  it.each([
    'top pod',
    'top pods -A',
    'top po --containers',
    'top pod -A --containers --sum',
    'top pod --sum',
    'top pod --sort-by=cpu',
    'top pod --sort-by=memory --no-headers',
    'top pod -l app=api',
    'top pod -l app=api --sum --no-headers',
    'top pod -l app=nothing',
    'top pod -n empty',
    'top pod --field-selector=status.phase=Running',
    'top pod nope',
    'top pod a b',
    'top pod --sort-by=name',
    'top node',
    'top nodes --show-capacity',
    'top node --sort-by=cpu',
    'top node --sort-by=memory --no-headers',
    'top no node-2',
    'top node nope',
    'top node -l kubernetes.io/hostname=node-1',
    'top node node-1 -l a=b',
    'top node --sort-by=disk',
    'api-resources --api-group=metrics.k8s.io -o wide',
    'api-versions',
    'api-resources --api-group=apps -o wide',
  ])('"kubectl %s" prints the same', async (line) => {
    await same(line);
  });

  it('a named pod prints its row, and one without a sample is metrics-server\'s NotFound', async () => {
    const name = (sim.cluster.apiServer.listObjects('v1', 'Pod', 'default').find((p) => (p.metadata.name ?? '').startsWith('web-'))!).metadata.name;
    expect((await same(`top pod ${name}`)).stdout).toContain(name);
    const starting = sim.cluster.apiServer.listObjects('v1', 'Pod', 'default').find((p) => (p.metadata.name ?? '').startsWith('slow'))!.metadata.name;
    expect((await same(`top pod ${starting}`)).stderr).toBe(`Error from server (NotFound): podmetrics.metrics.k8s.io "default/${starting}" not found\n`);
  });

  it('a pod with no sample past 2 minutes: the real kubectl measures its age with the wall clock, the console with the virtual one', async () => {
    const real = await served.kubectl('top pod -l app=slow');
    expect(real.stderr).toMatch(/^error: Metrics not available for pod default\/slow, age: \d+h/);
    expect(consoleKubectl(sim, 'kubectl top pod -l app=slow').stderr).toBe('error: metrics not available yet\n');
  });

  it('the numbers are the load: the console and the real kubectl print the set load on the web pods', async () => {
    const real = await same('top pod -l app=web --sum --no-headers');
    expect(real.stdout.trim().split('\n').at(-1)!.trim().split(/\s+/)).toEqual(['900m', '300Mi']);
  });
});
