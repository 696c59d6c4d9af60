import { describe, expect, it } from 'vitest';
import { actionProblem, MAX_ACTION_DURATION_MS } from './validate-action.ts';
import { Simulation } from '../simulation.ts';
import type { UserAction } from './user-action.ts';

/** One valid example of every action and fault type. */
const VALID: Record<string, unknown>[] = [
  { type: 'apply', manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' },
  { type: 'create', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } }] },
  { type: 'delete', resource: 'configmap', name: 'a' },
  { type: 'scale', resource: 'deployment', name: 'web', replicas: 2 },
  { type: 'patch', resource: 'configmap', name: 'a', patch: { data: { x: '1' } } },
  { type: 'rollout', resource: 'deployment', name: 'web', op: 'restart' },
  { type: 'cordon', node: 'node-1' },
  { type: 'add-node', name: 'node-9' },
  { type: 'set-load', resource: 'deployment', name: 'web', cpu: '1' },
  { type: 'git-commit', files: { 'a.yaml': 'x: 1\n', 'b.yaml': null } },
  { type: 'fault', fault: { type: 'crash-controller', controller: 'replicaset-controller' } },
  { type: 'fault', fault: { type: 'delay-watch-events', controller: 'kube-scheduler', delay: 500 } },
  { type: 'fault', fault: { type: 'apiserver-unavailable', duration: 1000 } },
  { type: 'fault', fault: { type: 'image-behavior', image: 'nginx', behavior: 'crash' } },
];

describe('actionProblem', () => {
  it('accepts a valid example of each action and fault', () => {
    for (const a of VALID) expect(actionProblem(a), JSON.stringify(a)).toBeNull();
  });

  it('names the missing field and what it must be (issue 17: delay-watch-events without a delay)', () => {
    expect(actionProblem({ type: 'fault', fault: { type: 'delay-watch-events', controller: 'kube-scheduler' } })).toBe(
      `fault delay-watch-events: "delay" is required, a number of milliseconds from 0 to ${MAX_ACTION_DURATION_MS} (365 days)`,
    );
    expect(actionProblem({ type: 'scale', name: 'web', replicas: 1 })).toBe('scale: "resource" is required, a non-empty string');
    expect(actionProblem({ type: 'apply' })).toBe('apply: "manifests" is required, YAML text or a list of objects');
    expect(actionProblem({ type: 'fault' })).toBe('fault: "fault" is required, an object with a "type"');
    expect(actionProblem({ type: 'fault', fault: { type: 'nope' } })).toMatch(/^fault: unknown fault type "nope": one of crash-controller, /);
    expect(actionProblem({ type: 'teleport' })).toMatch(/^unknown action type "teleport": one of apply, create, /);
    expect(actionProblem(null)).toBe('an action must be an object with a "type"');
    expect(actionProblem({ type: 'fault', fault: { type: 'apiserver-unavailable', duration: 1e308 } })).toBe(
      `fault apiserver-unavailable: "duration" must be a number of milliseconds from 0 to ${MAX_ACTION_DURATION_MS} (365 days) (got 1e+308)`,
    );
    expect(actionProblem({ type: 'fault', fault: { type: 'drop-watch-events', controller: 'x', probability: Number.NaN } })).toMatch(/"probability" must be a number from 0 to 1 \(got NaN\)/);
    expect(actionProblem({ type: 'rollout', resource: 'deploy', name: 'web', op: 'explode' })).toBe('rollout: "op" must be one of "undo", "pause", "resume", "restart" (got "explode")');
  });

  it('refuses every valid example with any one required field taken away, naming that field', () => {
    for (const a of VALID) {
      const target = a.type === 'fault' ? (a.fault as Record<string, unknown>) : a;
      for (const field of Object.keys(target).filter((k) => k !== 'type')) {
        const copy = structuredClone(a);
        delete (copy.type === 'fault' ? (copy.fault as Record<string, unknown>) : copy)[field];
        const problem = actionProblem(copy);
        // Every field of the examples is required except these optional ones.
        if (['cpu', 'files'].includes(field) && a.type === 'set-load') continue;
        expect(problem, `${JSON.stringify(a)} without ${field}`).toContain(`"${field}" is required`);
      }
    }
  });

  it('refuses data the timeline cannot copy: functions, cycles, absurd nesting', () => {
    const cyclic: Record<string, unknown> = { data: {} };
    (cyclic.data as Record<string, unknown>).self = cyclic;
    expect(actionProblem({ type: 'patch', resource: 'cm', name: 'a', patch: cyclic })).toBe('patch: patch.data.self refers to an object that contains it (a cycle)');
    expect(actionProblem({ type: 'patch', resource: 'cm', name: 'a', patch: { f: () => 1 } })).toBe('patch: patch.f is a function, not JSON data');
    const throwing = new Proxy({}, { get: () => { throw new Error('boom'); } });
    expect(actionProblem(throwing)).toMatch(/boom|unknown action type/);
  });
});

describe('Simulation.act with a malformed action', () => {
  it('refuses it before it is logged, and stepping back across it works', () => {
    const sim = Simulation.create({ seed: 1, nodes: 1 });
    sim.runFor(2_000);
    const inputs = sim.inputs.length;
    const r = sim.act({ type: 'fault', fault: { type: 'delay-watch-events', controller: 'kube-scheduler' } } as unknown as UserAction);
    expect(r).toMatchObject({ ok: false, eventId: -1 });
    expect(r.messages[0]).toMatch(/^error: fault delay-watch-events: "delay" is required/);
    expect(sim.inputs.length).toBe(inputs);
    sim.runFor(5_000);
    expect(() => sim.stepBack()).not.toThrow();
    expect(() => sim.seekStep(0)).not.toThrow();
    sim.seekStep(sim.head);
    sim.runFor(1_000);
    for (const bad of [{ type: 'scale' }, { type: 'delete' }, { type: 'patch', resource: 'cm', name: 'x' }, { type: 'rollout', resource: 'deploy', name: 'w' }, { type: 'fault', fault: {} }]) {
      const answer = sim.act(bad as unknown as UserAction);
      expect(answer.ok).toBe(false);
      expect(answer.messages.join('\n')).not.toMatch(/Cannot read properties|internal error/);
    }
  });

  it('a recipe with a malformed input is refused with the input named', () => {
    expect(() => Simulation.fromRecipe({ version: 1, options: { seed: 1, nodes: 1 }, inputs: [{ afterStep: 0, at: 0, action: { type: 'scale' } as unknown as UserAction }], step: 0 })).toThrow(
      'recipe input 1: scale: "resource" is required, a non-empty string',
    );
  });
});
