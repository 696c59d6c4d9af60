import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRecipe, MAX_RECIPE_STEPS } from './recipe-schema.ts';
import { Simulation } from '../sim/simulation.ts';

const base = { version: 1, options: { seed: 1, nodes: 2 }, inputs: [], step: 10 };

describe('recipe schema (share links)', () => {
  it('accepts what a simulation writes', () => {
    const sim = Simulation.create({ seed: 7, nodes: 2 });
    sim.apply('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}');
    sim.runFor(2_000);
    sim.act({ type: 'fault', fault: { type: 'kill-node', node: 'node-1' } });
    sim.runFor(1_000);
    const r = parseRecipe(JSON.parse(JSON.stringify(sim.recipe())));
    expect(r.ok).toBe(true);
  });

  it('refuses absurd numbers with the field named, before any work', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...base, step: 1e12 }, 'step'],
      [{ ...base, step: MAX_RECIPE_STEPS + 1 }, 'step'],
      [{ ...base, inputs: [{ afterStep: 2 ** 53, at: 0, action: { type: 'apply' } }] }, 'inputs.0.afterStep'],
      [{ ...base, options: { seed: 1, nodes: 20_000 } }, 'options.nodes'],
      [{ ...base, options: { seed: 1, controllerManagerReplicas: 1e4 } }, 'options.controllerManagerReplicas'],
      [{ ...base, options: { seed: 1, watchHistory: 1e9 } }, 'options.watchHistory'],
      [{ ...base, version: 2 }, 'version'],
      [{ ...base, inputs: [{ afterStep: 0, at: Infinity, action: { type: 'x' } }] }, 'inputs.0.at'],
    ];
    for (const [data, path] of cases) {
      const r = parseRecipe(data);
      expect(r.ok, path).toBe(false);
      if (!r.ok) expect(r.error.startsWith(path), `${path}: ${r.error}`).toBe(true);
    }
  });

  it('never throws on any JSON, and takes nothing from the prototype', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(() => parseRecipe(v)).not.toThrow();
      }),
      { seed: 17, numRuns: 500 },
    );
    const polluted = JSON.parse('{"version":1,"options":{"seed":1,"__proto__":{"nodes":99999}},"inputs":[],"step":0}');
    const r = parseRecipe(polluted);
    expect(({} as Record<string, unknown>).nodes).toBeUndefined();
    if (r.ok) expect(r.recipe.options.nodes).toBeUndefined();
  });
});
