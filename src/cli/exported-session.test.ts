/**
 * `loopscope run` on a session exported from the page (src/sim/scenario/export-scenario.ts): `--json` reports the
 * trace's hash, and `--trace` writes the same JSON Lines as the page's "Trace (JSON Lines)" download.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deploymentYaml } from '../sim/determinism-case.ts';
import { exportScenario } from '../sim/scenario/export-scenario.ts';
import { Simulation } from '../sim/simulation.ts';
import { createSimulationHost } from '../sim/scenario/simulation-host.ts';
import { toJsonLines } from '../sim/trace/chrome-trace.ts';
import { traceHash } from '../sim/trace/trace-hash.ts';
import { runCli } from './main.ts';

describe('loopscope run on an exported session', () => {
  it('reports the page’s trace hash and writes its trace byte for byte', async () => {
    const sim = Simulation.create({ seed: 2, nodes: 2 });
    sim.apply(deploymentYaml('web', 2));
    sim.runSteps(123);
    sim.act({ type: 'scale', resource: 'deployment', name: 'web', replicas: 4, command: 'kubectl scale deployment web --replicas=4' });
    sim.runFor(1_000);
    sim.act({ type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller' } });
    sim.runFor(3_000);
    const exported = exportScenario(sim.recipe());
    if (!exported.ok) throw new Error(exported.error);
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-export-'));
    writeFileSync(join(dir, 'session.yaml'), exported.text);
    let out = '';
    const code = await runCli(['run', join(dir, 'session.yaml'), '--json', '--trace', join(dir, 'run.jsonl')], {
      out: (t) => (out += t),
      err: (t) => (out += t),
      isTTY: false,
      env: {},
      createHost: createSimulationHost,
    });
    expect(code).toBe(0);
    const events = sim.trace.slice(0, sim.trace.length);
    expect(JSON.parse(out)).toMatchObject({ ok: true, traceLength: sim.trace.length, traceHash: traceHash(events) });
    expect(readFileSync(join(dir, 'run.jsonl'), 'utf8') === toJsonLines(events)).toBe(true);
  });
});
