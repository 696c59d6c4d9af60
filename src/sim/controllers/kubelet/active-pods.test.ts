import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation.ts';
import type { UserAction } from '../../actions/user-action.ts';
import type { ImageBehavior } from '../../cluster/container-runtime.ts';
import { sumResources, type Resource } from '../scheduler/pod-resources.ts';
import { ActivePods } from './active-pods.ts';
import { activePodsCheck } from './kubelet.ts';
import { podYaml } from './test-helpers.ts';

const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 4_000 }) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 10, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 52, 2 ** 53 - 1, 2 ** 60) },
);
const requests: fc.Arbitrary<Resource> = fc.record({
  milliCPU: quantity,
  memory: quantity,
  ephemeralStorage: quantity,
  scalar: fc.dictionary(fc.constantFrom('nvidia.com/gpu', 'example.com/foo'), quantity, { maxKeys: 2 }),
});
const op = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), requests: fc.option(requests, { nil: undefined }) });

const same = (a: Resource, b: Resource): boolean =>
  a.milliCPU === b.milliCPU &&
  a.memory === b.memory &&
  a.ephemeralStorage === b.ephemeralStorage &&
  [...new Set([...Object.keys(a.scalar), ...Object.keys(b.scalar)])].every((k) => (a.scalar[k] ?? 0) === (b.scalar[k] ?? 0));
const exact = (r: Resource): boolean => [r.milliCPU, r.memory, r.ephemeralStorage, ...Object.values(r.scalar)].every((n) => Number.isSafeInteger(n) && n >= 0);

describe('the active pods tally', () => {
  it('counts what it was told and sums the requests as adding up the list does, or says it cannot', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const tally = new ActivePods();
        const model = new Map<string, Resource>();
        for (const { key, requests } of ops) {
          tally.set(key, requests);
          if (requests) model.set(key, requests);
          else model.delete(key);
          expect(tally.count).toBe(model.size);
          const plain = sumResources(model.values());
          const got = tally.requested();
          if (got !== undefined) expect(same(got, plain)).toBe(true);
          // Exact requests with safe totals are always answered (then every order of addition gives the same sums).
          if ([...model.values()].every(exact) && exact(plain)) expect(got).toBeDefined();
        }
      }),
      { seed: 4242, numRuns: 500 },
    );
  });
});

describe('the kubelet keeps the tally in step with its pod cache and runtime', () => {
  afterEach(() => {
    activePodsCheck.enabled = false;
    activePodsCheck.mismatches.length = 0;
  });

  const images: Record<string, ImageBehavior> = { 'job:1': { behavior: 'exit', runFor: 700, exitCode: 0 }, 'fail:1': { behavior: 'crash', runFor: 400, exitCode: 1 } };
  const action = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ name: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'), image: fc.constantFrom('nginx:1.27', 'job:1', 'fail:1'), cpu: fc.constantFrom(0, 100, 300, 700), never: fc.boolean() })
        .map(({ name, image, cpu, never }): UserAction => ({
          type: 'apply',
          manifests: podYaml(name, image, { ...(never ? { restartPolicy: 'Never' } : {}), ...(cpu ? { containerExtra: `    resources: {requests: {cpu: ${cpu}m}}\n` } : {}) }),
        })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ name: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'), force: fc.boolean() })
        .map(({ name, force }): UserAction => ({ type: 'delete', resource: 'pod', name, ...(force ? { gracePeriodSeconds: 0 } : {}) })),
    },
    { weight: 1, arbitrary: fc.constant<UserAction>({ type: 'fault', fault: { type: 'crash-controller', controller: 'kubelet', restartAfter: 500 } }) },
  );

  it('admission sees the same active pods through the tally as by listing them (random pods, deletions, completions, kubelet crashes, a seek back)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(action, fc.constantFrom(0, 0, 2, 20, 300, 1000, 3000)), { minLength: 1, maxLength: 14 }), (steps) => {
        activePodsCheck.enabled = true;
        activePodsCheck.mismatches.length = 0;
        const sim = Simulation.create({ seed: 1, nodes: [{ name: 'node-1', cpu: '1', pods: 4 }], controllers: ['kubelet'], runtime: { images } });
        sim.runFor(1000);
        for (const [a, wait] of steps) {
          sim.act(a);
          sim.runFor(wait);
        }
        sim.runFor(5000);
        // Back in time (a checkpoint's copy of the kubelet and its tally) and on from there.
        sim.seekTime(1000 + Math.floor((sim.now - 1000) / 2));
        sim.act({ type: 'apply', manifests: podYaml('p7', 'nginx:1.27', { containerExtra: '    resources: {requests: {cpu: 300m}}\n' }) });
        sim.runFor(3000);
        expect(activePodsCheck.mismatches).toEqual([]);
      }),
      { seed: 4243, numRuns: 40 },
    );
  });
});
