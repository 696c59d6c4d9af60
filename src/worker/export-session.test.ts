/**
 * The Share popover's "Scenario file (.yaml)": the worker writes the session as a scenario file that replays, as
 * `npx loopscope run` plays it, to the trace the page's "Trace (JSON Lines)" download holds, byte for byte; opened on
 * the page, the file plays its actions at the same steps.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse-scenario.ts';
import { runScenario } from '../sim/scenario/run-scenario.ts';
import { Simulation } from '../sim/simulation.ts';
import { createSimulationHost } from '../sim/scenario/simulation-host.ts';
import { exportScenario } from '../sim/scenario/export-scenario.ts';
import { toJsonLines } from '../sim/trace/chrome-trace.ts';
import type { WorkerMessage } from './protocol.ts';
import { deploymentYaml, harness } from './testing/sim-host-harness.ts';

type ExportReply = Extract<WorkerMessage, { type: 'reply'; kind: 'export' }>;

describe('export of the session as a scenario file', () => {
  it('replays to the trace the page holds', () => {
    const h = harness();
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 4, nodes: 2, manifests: deploymentYaml(2) } });
    h.host.receive({ type: 'speed', speed: 20 });
    h.host.receive({ type: 'play' });
    h.run(100);
    h.host.receive({ type: 'act', requestId: 2, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 4 } });
    h.run(50);
    h.host.receive({ type: 'act', requestId: 3, action: { type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller' } } });
    h.run(100);
    h.host.receive({ type: 'pause' });
    h.host.receive({ type: 'export', requestId: 4, format: 'scenario' });
    h.host.receive({ type: 'export', requestId: 5, format: 'jsonl' });
    const file = h.reply(4) as ExportReply;
    const jsonl = h.reply(5) as ExportReply;
    expect(file).toMatchObject({ ok: true, mediaType: 'application/yaml', fileName: expect.stringMatching(/^loopscope-session-step-\d+\.yaml$/) });
    const parsed = parseScenario(file.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.actions.map((a) => a.action.type)).toEqual(['scale', 'fault']);
    const host = createSimulationHost(parsed.scenario);
    expect(runScenario(parsed.scenario, host).failed).toBe(0);
    expect(toJsonLines(host.trace.slice(0, host.trace.length)) === jsonl.text).toBe(true);
  });

  it('opened on the page, plays its actions at their steps, between events of one instant', () => {
    const sim = Simulation.create({ seed: 9, nodes: 2 });
    sim.apply(deploymentYaml(2));
    sim.runFor(900);
    // Step into an instant that has more events after this one: the action shares its time with them.
    while (sim.cluster.ctx.scheduler.peekTime() !== sim.now) sim.stepOnce();
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 5 });
    sim.runFor(2_000);
    const file = exportScenario(sim.recipe());
    if (!file.ok) throw new Error(file.error);
    const expected = toJsonLines(sim.trace.slice(0, sim.trace.length));
    const page = harness();
    page.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 1, scenario: file.text } });
    page.host.receive({ type: 'speed', speed: 20 });
    page.host.receive({ type: 'play' });
    page.run(400);
    page.host.receive({ type: 'pause' });
    page.host.receive({ type: 'export', requestId: 2, format: 'jsonl' });
    const played = (page.reply(2) as ExportReply).text;
    expect(played.length).toBeGreaterThan(expected.length);
    expect(played.slice(0, expected.length) === expected).toBe(true);
  });

  it('answers in words when the session has no scenario form', () => {
    const h = harness();
    // A shared run whose api-server keeps a shorter watch history than the default: the format has no words for it.
    h.host.receive({ type: 'init', v: 1, requestId: 1, setup: { seed: 4, recipe: { version: 1, options: { seed: 4, nodes: 1, watchHistory: 500 }, inputs: [], step: 0, time: 0 } } });
    h.host.receive({ type: 'export', requestId: 3, format: 'scenario' });
    expect(h.reply(3)).toMatchObject({ ok: false, error: expect.stringMatching(/cannot be written as a scenario file: the scenario format has no words for the cluster option watchHistory/) });
  });
});
