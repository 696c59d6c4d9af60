import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UserAction } from '../actions/user-action.ts';
import { deploymentYaml } from '../determinism-case.ts';
import { Simulation, type SimulationRecipe } from '../simulation.ts';
import { createSimulationHost } from './simulation-host.ts';
import { traceHash } from '../trace/trace-hash.ts';
import { exportScenario } from './export-scenario.ts';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';
import { runScenario } from './run-scenario.ts';

/** Steps until the next event is due at the clock's time: an action now shares its time with events after it. */
function stepToMidInstant(sim: Simulation): void {
  for (let i = 0; i < 10_000; i++) {
    sim.stepOnce();
    if (sim.cluster.ctx.scheduler.peekTime() === sim.now) return;
  }
  throw new Error('no instant with more than one event');
}

/** Parses the exported text and plays it as `npx loopscope run` does. */
function replay(text: string) {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => formatScenarioError(e)).join('\n'));
  const host = createSimulationHost(parsed.scenario);
  const report = runScenario(parsed.scenario, host);
  return { report, host, hash: traceHash(host.trace.slice(0, host.trace.length)), length: host.trace.length };
}

describe('exportScenario', () => {
  it('replays a session with actions at odd steps, two at one virtual time, to a byte-identical trace', () => {
    const sim = Simulation.create({ seed: 11, nodes: 2 });
    sim.apply(deploymentYaml('web', 3));
    sim.runSteps(37);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5, command: 'kubectl scale deployment web --replicas=5', fieldValidation: 'Strict' });
    sim.runFor(1_500);
    stepToMidInstant(sim);
    const t = sim.now;
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller', restartAfter: 750 } });
    sim.stepOnce();
    expect(sim.now).toBe(t);
    sim.act({ type: 'patch', resource: 'deployment', name: 'web', patchType: 'merge', patch: { spec: { minReadySeconds: 1 } } });
    sim.runSteps(101);
    sim.act({ type: 'cordon', node: 'node-2', command: 'kubectl cordon node-2' });
    sim.runFor(4_000);
    stepToMidInstant(sim); // the viewer stops in the middle of an instant
    const recipe = sim.recipe();
    const exported = exportScenario(recipe);
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.text).toContain('afterStep:');
    expect(exported.text).toContain('command: kubectl scale deployment web --replicas=5');
    expect(exported.text).toMatch(/^manifests: \|/m);

    const r = replay(exported.text);
    expect(r.report.actions.filter((a) => !a.ok)).toEqual([]);
    expect(r.report.failed).toBe(0);
    expect(r.length).toBe(sim.trace.length);
    expect(r.hash).toBe(traceHash(sim.trace.slice(0, sim.trace.length)));
  });

  it('without afterStep, the same times replay to a different trace (the step is what makes it exact)', () => {
    const sim = Simulation.create({ seed: 3, nodes: 1 });
    sim.apply(deploymentYaml('web', 2));
    sim.runFor(800);
    stepToMidInstant(sim);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 4 });
    sim.runFor(2_000);
    const exported = exportScenario(sim.recipe());
    if (!exported.ok) throw new Error(exported.error);
    const timeOnly = exported.text.replace(/^\s*afterStep: \d+\n/gm, '').replace(/^untilStep: \d+\n/m, '');
    expect(replay(exported.text).hash).toBe(traceHash(sim.trace.slice(0, sim.trace.length)));
    expect(replay(timeOnly).hash).not.toBe(traceHash(sim.trace.slice(0, sim.trace.length)));
  });

  it('leaves out inputs after the viewed step, and ends at that step', () => {
    const sim = Simulation.create({ seed: 5, nodes: 1 });
    sim.apply(deploymentYaml('web', 1));
    sim.runFor(2_000);
    const step = sim.step;
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 3 });
    sim.runFor(2_000);
    sim.seekStep(step - 5);
    const exported = exportScenario(sim.recipe());
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.text).not.toContain('scale:');
    expect(exported.text).toContain(`untilStep: ${step - 5}`);
    expect(replay(exported.text).hash).toBe(traceHash(sim.trace.slice(0, sim.trace.length)));
  });

  it('refuses in words what the scenario format cannot say exactly', () => {
    const base: SimulationRecipe = { version: 1, options: { seed: 1, nodes: 1 }, inputs: [], step: 0, time: 0 };
    expect(exportScenario({ ...base, options: { seed: 1, clientQPS: { qps: 5, burst: 10 } } })).toEqual({ ok: false, error: expect.stringMatching(/5 qps, burst 10/) });
    expect(exportScenario({ ...base, options: { seed: 1, watchHistory: 500 } })).toEqual({ ok: false, error: expect.stringMatching(/watchHistory/) });
  });
});

describe('exportScenario properties', () => {
  it('any session of actions taken at random steps (some mid-instant) replays to its trace hash (seeded)', () => {
    const actionArb: fc.Arbitrary<(sim: Simulation) => UserAction> = fc.oneof(
      fc.integer({ min: 0, max: 6 }).map((replicas) => (): UserAction => ({ type: 'scale', resource: 'deployment', name: 'web', replicas, command: `kubectl scale deployment web --replicas=${replicas}` })),
      fc.constantFrom('crash-controller', 'pause-controller', 'resume-controller').map((type) => () => ({ type: 'fault', fault: { type, controller: 'replicaset-controller' } }) as UserAction),
      fc.constantFrom('cordon' as const, 'uncordon' as const).map((type) => (): UserAction => ({ type, node: 'node-1' })),
      fc.constant((sim: Simulation) => {
        const pod = sim.listObjects('pod')[0]?.metadata.name ?? 'none';
        return { type: 'delete', resource: 'pod', name: pod, gracePeriodSeconds: 0 } as UserAction;
      }),
    );
    const moveArb = fc.record({ steps: fc.integer({ min: 0, max: 400 }), midInstant: fc.boolean(), action: actionArb });
    fc.assert(
      fc.property(fc.array(moveArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), (moves, seed) => {
        const sim = Simulation.create({ seed, nodes: 2 });
        sim.apply(deploymentYaml('web', 2));
        for (const m of moves) {
          sim.runSteps(m.steps);
          if (m.midInstant && sim.cluster.ctx.scheduler.peekTime() !== undefined) {
            for (let i = 0; i < 2_000 && sim.cluster.ctx.scheduler.peekTime() !== sim.now; i++) sim.stepOnce();
          }
          sim.act(m.action(sim));
        }
        sim.runSteps(200);
        const exported = exportScenario(sim.recipe());
        if (!exported.ok) throw new Error(exported.error);
        expect(replay(exported.text).hash).toBe(traceHash(sim.trace.slice(0, sim.trace.length)));
      }),
      { seed: 2026, numRuns: 8 },
    );
  }, 120_000);
});

describe('afterStep and untilStep in a scenario file', () => {
  const file = (rest: string) => `apiVersion: loopscope/v1
kind: Scenario
metadata: {name: exact}
nodes: 1
manifests: |
${deploymentYaml('web', 2).replace(/^/gm, '  ')}
${rest}`;

  it('an action whose step is not at its time fails the run, naming the action', () => {
    const r = replay(file('actions:\n  - at: 5s\n    afterStep: 3\n    scale: {object: deployment/web, replicas: 3}\n'));
    expect(r.report.failed).toBe(1);
    expect(r.report.actions[1]).toMatchObject({ ok: false, asExpected: false, error: expect.stringMatching(/^actions\[0\]: afterStep 3 at 5s: step 3 is at .* not after 5s/) });
  });

  it('a step later than its time fails the run, naming the action', () => {
    const r = replay(file('actions:\n  - at: 1ms\n    afterStep: 100000\n    scale: {object: deployment/web, replicas: 3}\n'));
    expect(r.report.actions[1]).toMatchObject({ ok: false, error: expect.stringMatching(/^actions\[0\]: afterStep 100000 at 1ms: step 100000 is after 1ms/) });
  });

  it('is checked when the file is read: steps in the order the actions run, untilStep with until and after them', () => {
    const bad = parseScenario(
      file('actions:\n  - at: 1s\n    afterStep: 50\n    cordon: node-1\n  - at: 2s\n    afterStep: 40\n    uncordon: node-1\nuntilStep: 10\n'),
    );
    expect(bad.ok).toBe(false);
    const messages = bad.ok ? [] : bad.errors.map((e) => `${e.path}: ${e.message}`);
    expect(messages).toContainEqual('actions[1].afterStep: afterStep 40 is before afterStep 50 of actions[0], which runs earlier');
    expect(messages).toContainEqual('untilStep: untilStep goes with until (the time of that step)');
    expect(messages).toContainEqual('untilStep: untilStep 10 is before afterStep 40 of actions[1]');
  });

  it('command, dryRun and fieldValidation go with kubectl verbs only', () => {
    const bad = parseScenario(file('actions:\n  - at: 1s\n    command: kubectl x\n    fault: {type: kill-node, node: node-1}\n'));
    expect(bad.ok ? [] : bad.errors.map((e) => `${e.path}: ${e.message}`)).toContainEqual(expect.stringMatching(/^actions\[0\]\.command: command goes with a kubectl verb/));
  });
});
