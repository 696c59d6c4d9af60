import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserAction } from './actions/user-action.ts';
import { deploymentYaml, runCase, type DeterminismCase } from './determinism-case.ts';

const action: fc.Arbitrary<UserAction> = fc.oneof(
  fc.record({ name: fc.constantFrom('web', 'api'), replicas: fc.integer({ min: 0, max: 6 }) }).map(
    ({ name, replicas }): UserAction => ({ type: 'apply', manifests: deploymentYaml(name, replicas) }),
  ),
  fc.record({ name: fc.constantFrom('web', 'api'), replicas: fc.integer({ min: 0, max: 6 }) }).map(
    ({ name, replicas }): UserAction => ({ type: 'scale', resource: 'deployment', name, replicas }),
  ),
  fc.constantFrom<UserAction>(
    { type: 'fault', fault: { type: 'crash-controller', controller: 'kube-controller-manager' } },
    { type: 'fault', fault: { type: 'drop-watch-events', controller: 'kube-controller-manager', duration: 5000, probability: 0.5 } },
    { type: 'fault', fault: { type: 'expire-watch', controller: 'kube-controller-manager' } },
    { type: 'fault', fault: { type: 'apiserver-unavailable', duration: 3000 } },
    { type: 'fault', fault: { type: 'kill-node', node: 'node-1' } },
    { type: 'fault', fault: { type: 'restore-node', node: 'node-1' } },
    { type: 'delete', resource: 'deployment', name: 'web' },
  ),
);

const caseArb: fc.Arbitrary<DeterminismCase> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  nodes: fc.integer({ min: 1, max: 3 }),
  actions: fc.array(fc.record({ at: fc.integer({ min: 0, max: 30_000 }), action }), { minLength: 1, maxLength: 5 }),
  until: fc.constant(40_000),
});

describe('determinism', () => {
  it('the same seed and inputs give a byte-identical trace (property)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const a = runCase(c);
        const b = runCase(structuredClone(c));
        expect(b.hash).toBe(a.hash);
        expect(a.events).toBeGreaterThan(0);
      }),
      { seed: 20261122, numRuns: 12 },
    );
  });

  it('a different seed gives a different trace', () => {
    const c: DeterminismCase = { seed: 1, nodes: 2, actions: [{ at: 0, action: { type: 'apply', manifests: deploymentYaml('web', 3) } }], until: 20_000 };
    expect(runCase({ ...c, seed: 2 }).hash).not.toBe(runCase(c).hash);
  });

  it('another process computes the same trace hash for the same run', () => {
    const cases = fc.sample(caseArb, { seed: 7, numRuns: 2 });
    const script = fileURLToPath(new URL('../../scripts/trace-hash.ts', import.meta.url));
    for (const c of cases) {
      const here = runCase(c).hash;
      const there = execFileSync(process.execPath, ['--import', 'tsx', script, JSON.stringify(c)], { encoding: 'utf8' }).trim();
      expect(there).toBe(here);
    }
  });
});
