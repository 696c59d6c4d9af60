import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxSurge, maxUnavailable } from './fenceposts';
import { reconcileNewReplicaSet, reconcileOldReplicaSets } from './rolling-math';
import { newDeployment, rs } from './test-fixtures';

/**
 * Drives a rollout with the pure step functions; each step, `ready(n)` of the newly created pods become available
 * (the rest stay unavailable until a later step). Old pods are always available.
 */
function rollout(replicas: number, surge: number | string, unavailable: number | string, readyPerStep: number[]) {
  const d = newDeployment('foo', replicas, surge, unavailable);
  let oldSpec = replicas;
  let newSpec = 0;
  let newAvailable = 0;
  const states: { oldSpec: number; newSpec: number; available: number }[] = [];
  for (let step = 0; step < 400; step++) {
    newAvailable = Math.min(newSpec, newAvailable + (readyPerStep[step % readyPerStep.length] ?? 1));
    const oldRS = rs('foo-old', oldSpec, 0, oldSpec);
    const newRS = rs('foo-new', newSpec, 1000, newAvailable);
    const up = reconcileNewReplicaSet(d, [oldRS, newRS], newRS);
    if (up) {
      newSpec = up.replicas;
    } else if (oldSpec > 0) {
      const last = reconcileOldReplicaSets(d, [oldRS, newRS], [oldRS], newRS).steps.at(-1);
      if (last) oldSpec = last.replicas;
    }
    states.push({ oldSpec, newSpec, available: oldSpec + Math.min(newAvailable, newSpec) });
    if (oldSpec === 0 && newSpec === replicas && newAvailable === replicas) break;
  }
  return { d, states };
}

describe('rolling update invariants (property, seeded)', () => {
  it('never exceeds replicas + maxSurge, never drops below replicas − maxUnavailable available, and finishes', () => {
    const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), intOrPercent, intOrPercent, fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }), (replicas, s, u, readyPerStep) => {
        if (readyPerStep.every((r) => r === 0)) readyPerStep = [...readyPerStep, 1];
        const { d, states } = rollout(replicas, s, u, readyPerStep);
        const maxTotal = replicas + maxSurge(d);
        const minAvailable = replicas - maxUnavailable(d);
        for (const st of states) {
          expect(st.oldSpec + st.newSpec).toBeLessThanOrEqual(maxTotal);
          expect(st.available).toBeGreaterThanOrEqual(minAvailable);
        }
        expect(states.at(-1)).toMatchObject({ oldSpec: 0, newSpec: replicas });
      }),
      { seed: 20260101, numRuns: 300 },
    );
  });
});
