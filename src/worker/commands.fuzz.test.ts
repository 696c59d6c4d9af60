/**
 * Seeded fuzzing of the worker's boundary (issue 17's "Done when"): the command validator, the share-link recipe
 * validator, and a SimHost fed sequences of hostile messages. For every input: no throw, no hang (a time budget per
 * message), a refusal that says what and where (an error reply or message naming the path), the host still ticking
 * and advancing afterwards, nothing polluted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommand } from './commands.ts';
import { parseRecipe } from './recipe-schema.ts';
import { SimHost } from './sim-host.ts';
import type { Frame } from './protocol.ts';
import { deploymentYaml } from './testing/sim-host-harness.ts';
import { Simulation } from '../sim/simulation.ts';

const BUDGET_MS = 3_000;

const nasty = fc.oneof(
  fc.constantFrom<unknown>(1e12, 2 ** 53, -1, 1.5, Number.NaN, Infinity, 0, '', 'x', null, true, [], {}, 1e308, 100_000, 20_000),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
);

const TYPES = ['init', 'act', 'play', 'pause', 'speed', 'step', 'stepBack', 'seek', 'undoFork', 'advance', 'inspect', 'focusController', 'recipe', 'kubectl', 'kubectlComplete', 'export', 'lesson', 'nope'];

/** A message: a type and some fields, each a plausible or a nasty value. */
const message = fc.record({
  type: fc.constantFrom(...TYPES),
  requestId: fc.oneof(fc.nat(1000), nasty),
  count: fc.oneof(fc.integer({ min: 1, max: 200 }), nasty),
  speed: fc.oneof(fc.double({ min: 0.001, max: 100, noNaN: true }), nasty),
  step: fc.oneof(fc.nat(300), nasty),
  time: fc.oneof(fc.nat(20_000), nasty),
  ms: fc.oneof(fc.nat(5_000), nasty),
  line: fc.oneof(fc.constantFrom('get pods', 'scale deploy web --replicas=1e9', 'delete pod x --grace-period=1e308', 'apply -f -'), fc.string({ maxLength: 30 })),
  action: fc.oneof(
    fc.constantFrom<unknown>({ type: 'scale', resource: 'deployment', name: 'web', replicas: 3 }, { type: 'fault', fault: { type: 'delay-watch-events', controller: 'kube-scheduler' } }, { type: 'apply', manifests: 'kind: x' }),
    fc.dictionary(fc.constantFrom('type', 'resource', 'name', 'replicas', 'fault', 'manifests'), nasty, { maxKeys: 4 }),
  ),
  ref: fc.oneof(fc.constant({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }), nasty),
  setup: fc.oneof(fc.constant({ seed: 1, nodes: 1 }), fc.record({ seed: nasty, nodes: nasty })),
}, { requiredKeys: ['type'] }).map((m) => ({ ...m, v: 1 }));

describe('fuzz: the worker protocol (seeded)', () => {
  it('parseCommand and parseRecipe answer every value, a refusal naming its path', () => {
    let tried = 0;
    fc.assert(
      fc.property(fc.oneof(message, fc.anything(), nasty), (data) => {
        tried++;
        const c = parseCommand(data);
        if (!c.ok) expect(c.error).toMatch(/^invalid command: \S.*: /);
        const r = parseRecipe(data);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 1719, numRuns: 1_000 },
    );
    console.log(`fuzz worker command/recipe validation: ${tried} inputs tried, 0 failures`);
  });

  it('a SimHost fed sequences of hostile messages keeps answering, ticking and advancing', () => {
    let tried = 0;
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 12 }), (messages) => {
        const out: { type: string; error?: string; message?: string }[] = [];
        const host = new SimHost((m) => out.push(m as never), () => performance.now());
        host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, nodes: 2, manifests: deploymentYaml(2) } });
        host.tick();
        for (const m of messages) {
          tried++;
          const started = performance.now();
          expect(() => host.receive(m)).not.toThrow();
          expect(() => host.tick()).not.toThrow();
          expect(performance.now() - started).toBeLessThan(BUDGET_MS);
        }
        for (const o of out) {
          if (o.type === 'error') expect(o.message!.length).toBeGreaterThan(0);
          if (o.type === 'reply' && (o as { ok?: boolean }).ok === false) expect(o.error!.length).toBeGreaterThan(0);
        }
        // Still alive: a fresh init plays.
        host.receive({ type: 'init', v: 1, requestId: 2, setup: { seed: 1, nodes: 1 } });
        host.receive({ type: 'play' });
        host.tick();
        host.receive({ type: 'advance', ms: 500 });
        host.tick();
        const frames = out.filter((o): o is Frame & { type: string } => o.type === 'frame');
        expect(frames.at(-1)!.now).toBeGreaterThan(0);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 1720, numRuns: 40 },
    );
    console.log(`fuzz worker SimHost: ${tried} hostile messages in 40 sessions, 0 failures`);
  }, 120_000);

  it('share-link recipes, mutated, open or are refused in words, within the budget', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.runFor(2_000);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 2 });
    sim.runFor(2_000);
    const base = sim.recipe();
    let tried = 0;
    let opened = 0;
    const mutation = fc.record({
      field: fc.constantFrom('step', 'time', 'afterStep', 'at', 'action', 'nodes', 'watchHistory', 'controllerManagerReplicas', 'version'),
      value: fc.oneof(nasty, fc.nat(5_000)),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (edits) => {
        tried++;
        const recipe = structuredClone(base) as unknown as Record<string, unknown> & { inputs: Record<string, unknown>[]; options: Record<string, unknown> };
        for (const { field, value } of edits) {
          if (field === 'afterStep' || field === 'at' || field === 'action') recipe.inputs[0]![field] = value;
          else if (field === 'nodes' || field === 'watchHistory' || field === 'controllerManagerReplicas') recipe.options[field] = value;
          else recipe[field] = value;
        }
        const out: { type: string; ok?: boolean; error?: string }[] = [];
        const host = new SimHost((m) => out.push(m as never), () => performance.now());
        const started = performance.now();
        expect(() => host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, recipe } })).not.toThrow();
        expect(performance.now() - started).toBeLessThan(BUDGET_MS * 2);
        const reply = out.find((o) => o.type === 'reply')!;
        if (reply.ok) opened++;
        else expect(reply.error).toMatch(/^cannot open this link: |\S/);
        expect(() => host.tick()).not.toThrow();
      }),
      { seed: 1721, numRuns: 60 },
    );
    console.log(`fuzz share-link recipes: ${tried} mutated recipes, ${opened} opened, the rest refused in words, 0 failures`);
  }, 120_000);
});
