/**
 * The real kubectl 1.32 against `loopscope serve` and the console, on one simulation: `rollout history` and
 * `rollout undo` of a DaemonSet and a StatefulSet are client-side in the binary (polymorphichelpers history.go,
 * rollback.go, over the ControllerRevisions), so its text is the reference for the console's, byte for byte, and
 * its undo and the console's must leave the same history. Skipped, saying so, when the binary is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulation } from '../../sim/simulation.ts';
import { KUBECTL, serveForTest, type Served } from '../../serve/testing.ts';
import { kubectl as consoleKubectl } from '../testing/fixture.ts';
import { expectSameAsReal } from '../testing/same-as-real.ts';
import { rolledTwice } from './rollout-history.fixture.ts';

if (!KUBECTL) console.warn('src/kubectl/cmd/rollout-history.real.test.ts: skipped: no kubectl on PATH (or at $KUBECTL)');

describe.skipIf(!KUBECTL)('real kubectl and the console: rollout history|undo of DaemonSets and StatefulSets', () => {
  let sim: Simulation;
  let served: Served;
  beforeAll(async () => {
    sim = rolledTwice();
    served = await serveForTest(sim);
  });
  afterAll(async () => served?.close());

  const same = async (line: string) => void (await expectSameAsReal(served, sim, line));

  it.each([
    'rollout history ds/agent',
    'rollout history sts/db',
    'rollout history ds agent --revision=1',
    'rollout history ds/agent --revision=3',
    'rollout history sts/db --revision=2',
    'rollout history ds/agent --revision=9',
    'rollout history ds/agent --revision=-1',
    'rollout history ds/nope',
    'rollout undo ds/agent --dry-run=client',
    'rollout undo ds/agent --to-revision=1 --dry-run=client',
    'rollout undo sts/db --to-revision=3 --dry-run=client',
    'rollout undo ds/agent --to-revision=9 --dry-run=client',
    'rollout undo ds/agent --to-revision=9',
    'rollout undo sts/db --to-revision=-1',
    'rollout undo sts/nope',
    'rollout undo sts/db --to-revision=1 --dry-run=server',
  ])('"kubectl %s" prints the same', same);

  it('an undo by either leaves the history the other reads', async () => {
    expect((await served.kubectl('rollout undo ds/agent')).stdout).toBe('daemonset.apps/agent rolled back\n');
    expect(consoleKubectl(sim, 'kubectl rollout undo sts/db --to-revision=1').stdout).toBe('statefulset.apps/db rolled back\n');
    sim.runFor(60_000);
    for (const line of ['rollout history ds/agent', 'rollout history sts/db', 'rollout history ds/agent --revision=4', 'rollout history sts/db --revision=4', 'rollout undo sts/db --dry-run=client']) await same(line);
    expect((await served.kubectl('rollout history sts/db')).stdout).toBe('statefulset.apps/db \nREVISION  CHANGE-CAUSE\n2         pg 16.1\n3         pg 16.1\n4         <none>\n\n');
  });
});
