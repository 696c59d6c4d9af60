import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deploymentOnlySim, deploymentYaml, makeReplicaSetsAvailable, replicaSets, runWithAvailableReplicaSets } from './controller-test-helpers.ts';
import { resolveFenceposts } from './fenceposts.ts';

describe('rolloutRolling, whatever the fenceposts (seeded property)', () => {
  it('every observed moment keeps Σ spec ≤ replicas + maxSurge, and the rollout ends with only the new ReplicaSet, at full size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('25%', '50%')),
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('25%', '50%')),
        (replicas, maxSurge, maxUnavailable) => {
          const strategy = `rollingUpdate: {maxSurge: ${JSON.stringify(maxSurge)}, maxUnavailable: ${JSON.stringify(maxUnavailable)}}`;
          const sim = deploymentOnlySim(replicas * 7);
          // Both 0 is refused by validation ("may not be 0 when `maxSurge` is 0").
          fc.pre(sim.apply(deploymentYaml({ replicas, strategy })).ok);
          runWithAvailableReplicaSets(sim, 3000);
          sim.apply(deploymentYaml({ replicas, strategy, image: 'nginx:1.28' }));
          const { surge } = resolveFenceposts(maxSurge, maxUnavailable, replicas);
          for (let t = 0; t < 30_000; t += 100) {
            sim.runFor(100);
            const specSum = replicaSets(sim).reduce((n, rs) => n + (rs.spec!.replicas ?? 0), 0);
            expect(specSum).toBeLessThanOrEqual(replicas + surge);
            makeReplicaSetsAvailable(sim);
          }
          expect(replicaSets(sim).map((rs) => rs.spec!.replicas)).toEqual([0, replicas]);
        },
      ),
      { seed: 20261122, numRuns: 12 },
    );
  });
});
