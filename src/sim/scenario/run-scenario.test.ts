import { describe, expect, it } from 'vitest';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';
import { runScenario, ScenarioRun, type ScenarioReport } from './run-scenario.ts';
import type { Scenario } from './scenario.ts';
import { FakeHost } from './testing/fake-host.ts';

/** A Deployment "web" with 3 replicas applied at 0s; the fake host makes it ready 2s after each write. */
const BASE = `apiVersion: loopscope/v1
kind: Scenario
metadata: {name: t}
manifests:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, labels: {app: web}}
    spec: {replicas: 3}
`;

function scenario(rest: string): Scenario {
  const r = parseScenario(BASE + rest);
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
  return r.scenario;
}

function run(rest: string, host = new FakeHost()): ScenarioReport & { host: FakeHost } {
  return { ...runScenario(scenario(rest), host), host };
}

const only = (r: ScenarioReport): ScenarioReport['expectations'][number] => {
  expect(r.expectations).toHaveLength(1);
  return r.expectations[0]!;
};

describe('runScenario: actions', () => {
  it('applies the manifests at 0s and performs each action at its virtual time, in order', () => {
    const r = run('actions:\n  - {at: 5s, scale: {object: deployment/web, replicas: 4}}\n  - {at: 1500ms, cordon: node-1}\nuntil: 10s\n');
    expect(r.host.acted.map((a) => [a.at, a.action.type])).toEqual([
      [0, 'apply'],
      [1500, 'cordon'],
      [5000, 'scale'],
    ]);
    expect(r.endTime).toBe(10_000);
  });

  it('counts an unexpected action error as a failure, and an expected one as fine', () => {
    const r = run('actions:\n  - {at: 1s, delete: deployment/nope}\n  - {at: 1s, delete: deployment/gone, expectError: "not found"}\n  - {at: 1s, scale: {object: deployment/web, replicas: 1}, expectError: true}\n');
    expect(r.actions.slice(1).map((a) => [a.ok, a.asExpected])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    expect(r.failed).toBe(2);
  });

  it('resolves a selector when the action runs: oldest, newest, first', () => {
    // Pods web-1..3 appear at 2s; web-4 and web-5 at 12s after the scale to 5.
    const r = run(
      'actions:\n  - {at: 10s, scale: {object: deployment/web, replicas: 5}}\n' +
        '  - {at: 20s, delete: {resource: pod, selector: "app=web", pick: newest}}\n' +
        '  - {at: 21s, delete: {resource: pods, selector: "app=web", pick: oldest}}\n' +
        '  - {at: 22s, delete: {resource: po, selector: "app=web"}}\n',
    );
    const deleted = r.host.acted.filter((a) => a.action.type === 'delete').map((a) => (a.action as { name: string }).name);
    expect(deleted).toEqual(['web-5', 'web-1', 'web-2']);
  });

  it('a selector that matches nothing is an action error naming the selector', () => {
    const r = run('actions:\n  - {at: 1s, delete: {resource: pod, selector: "app=nope"}}\n');
    expect(r.actions[1]).toMatchObject({ ok: false, error: 'no pod matches selector "app=nope"', asExpected: false });
  });
});

describe('runScenario: field expectations', () => {
  it('at: checks the value at exactly that time', () => {
    expect(only(run('expect:\n  - {at: 1s, object: deployment/web, field: status.readyReplicas, exists: false}\n'))).toMatchObject({ passed: true, time: 1000 });
    const fail = only(run('expect:\n  - {at: 1s, object: deployment/web, field: status.readyReplicas, equals: 3}\n'));
    expect(fail).toMatchObject({ passed: false, time: 1000, message: 'status.readyReplicas: the field is absent' });
  });

  it('by: passes at the first poll where it holds, with the write that made it true', () => {
    const r = run('expect:\n  - {by: 10s, object: deploy/web, field: status.readyReplicas, equals: 3}\n');
    const x = only(r);
    expect(x).toMatchObject({ passed: true, time: 2000 });
    const write = r.host.trace.get(x.traceIds[0]!);
    expect(write).toMatchObject({ kind: 'api.response', verb: 'update', object: { kind: 'Deployment', name: 'web' } });
  });

  it('by: fails at its deadline when it never held, saying what the value was', () => {
    const x = only(run('expect:\n  - {by: 10s, object: deployment/web, field: status.readyReplicas, equals: 4}\n'));
    expect(x).toMatchObject({ passed: false, time: 10_000, message: 'still not by 10s: status.readyReplicas: it is 3' });
  });

  it('no time: checked when the run ends', () => {
    const x = only(run('actions:\n  - {at: 20s, scale: {object: deployment/web, replicas: 7}}\nexpect:\n  - {object: deployment/web, field: spec.replicas, equals: 7}\nuntil: 25s\n'));
    expect(x).toMatchObject({ passed: true, time: 25_000 });
  });

  it('matches: a regex against the value (numbers as JSON)', () => {
    const r = run('expect:\n  - {at: 3s, object: pod/web-2, field: metadata.name, matches: "^web-\\\\d$"}\n  - {at: 3s, object: deployment/web, field: status.replicas, matches: "^4$"}\n');
    expect(r.expectations.map((x) => x.passed)).toEqual([true, false]);
  });

  it('a missing object fails an equals and passes exists: false', () => {
    const r = run('expect:\n  - {at: 3s, object: deployment/nope, field: spec.replicas, equals: 1}\n  - {at: 3s, object: deployment/nope, field: metadata.name, exists: false}\n');
    expect(r.expectations.map((x) => [x.passed, x.message])).toEqual([
      [false, 'spec.replicas: the object does not exist'],
      [true, 'metadata.name: the object does not exist'],
    ]);
  });

  it('an at beyond a shortened run is a failure, not a silent pass', () => {
    const r = runScenario(scenario('expect:\n  - {at: 20s, object: deployment/web, field: spec.replicas, equals: 3}\n'), new FakeHost(), { until: 5000 });
    expect(only(r)).toMatchObject({ passed: false, message: 'not checked: the run ended at 5s' });
    expect(r.endTime).toBe(5000);
  });
});

describe('runScenario: event expectations', () => {
  it('happened: passes with the matching event id; fails when it did not happen in the window', () => {
    const r = run(
      'actions:\n  - {at: 10s, scale: {object: deployment/web, replicas: 5}}\nexpect:\n' +
        '  - {event: {reason: ScalingReplicaSet, type: Normal, object: deployment/web, message: "to 5$", reportingController: deployment-controller}, happened: true}\n' +
        '  - {event: {reason: ScalingReplicaSet, message: "to 5$"}, happened: true, between: [0s, 10s]}\n',
    );
    const [yes, no] = r.expectations;
    expect(yes).toMatchObject({ passed: true, time: 12_000 });
    expect(r.host.trace.get(yes!.traceIds[0]!)).toMatchObject({ kind: 'k8s.event', reason: 'ScalingReplicaSet', message: 'Scaled deployment web to 5' });
    expect(no).toMatchObject({ passed: false, time: 10_000, traceIds: [] });
  });

  it('never happened: fails at the first match, with its id; passes when the window closes', () => {
    const r = run('expect:\n  - {event: {reason: ScalingReplicaSet}, happened: false}\n  - {event: {reason: ScalingReplicaSet}, happened: false, between: [5s, 15s]}\nuntil: 20s\n');
    const [bad, good] = r.expectations;
    expect(bad).toMatchObject({ passed: false, time: 2000 });
    expect(r.host.trace.get(bad!.traceIds[0]!)?.kind).toBe('k8s.event');
    expect(good).toMatchObject({ passed: true, time: 15_000 });
  });
});

describe('runScenario: trace expectations', () => {
  it('counts matching events within bounds; too many fails as soon as it happens', () => {
    const r = run(
      'actions:\n  - {at: 10s, scale: {object: deployment/web, replicas: 5}}\nexpect:\n' +
        '  - {trace: {kind: api.response, verb: create, object: pod/web-4}, count: {min: 1, max: 1}}\n' +
        '  - {trace: {kind: k8s.event, message: "/to [35]$/"}, count: {min: 2, max: 2}}\n' +
        '  - {trace: {kind: k8s.event, actor: "deployment-*"}, count: {min: 3}}\n' +
        '  - {trace: {kind: user.action}}\n',
    );
    expect(r.expectations.map((x) => [x.passed, x.message])).toEqual([
      [true, '1 matching event'],
      [true, '2 matching events'],
      [false, '2 matching events'],
      [true, '2 matching events'],
    ]);
    const early = run('expect:\n  - {trace: {kind: api.response, verb: create}, count: {max: 2}}\n');
    expect(only(early)).toMatchObject({ passed: false, time: 2000, message: 'more than 2 matching events' });
    expect(only(early).traceIds).toHaveLength(3);
  });
});

describe('runScenario: converged', () => {
  it('by: passes once nothing is pending; fails with the reasons when it never settles', () => {
    expect(only(run('expect:\n  - {converged: true, by: 5s}\n'))).toMatchObject({ passed: true, time: 2000 });
    const x = only(run('expect:\n  - {converged: true, at: 1s}\n'));
    expect(x).toMatchObject({ passed: false, time: 1000, message: 'not converged: deployment default/web: not ready yet' });
  });
});

describe('runScenario: reports', () => {
  it('keeps expectations in file order and counts passed and failed', () => {
    const r = run('expect:\n  - {by: 20s, object: deployment/web, field: spec.replicas, equals: 9}\n  - {at: 1s, converged: true}\n  - {by: 5s, converged: true}\n');
    expect(r.expectations.map((x) => x.source.path)).toEqual(['expect[0]', 'expect[1]', 'expect[2]']);
    expect([r.passed, r.failed]).toEqual([1, 2]);
  });

  it('the same scenario on a fresh host gives the same report', () => {
    const text = 'actions:\n  - {at: 10s, scale: {object: deployment/web, replicas: 5}}\nexpect:\n  - {trace: {kind: api.response}, count: {min: 1}}\n';
    expect(run(text).expectations).toEqual(run(text).expectations);
  });
});

describe('ScenarioRun: played step by step, as the page does', () => {
  it('advanceTo plays only what is due, decides as time passes, and finish completes the same report', () => {
    const text = 'actions:\n  - {at: 10s, scale: {object: deployment/web, replicas: 5}}\nexpect:\n  - {by: 5s, object: deployment/web, field: status.readyReplicas, equals: 3}\n  - {at: 30s, object: deployment/web, field: spec.replicas, equals: 5}\nuntil: 40s\n';
    const host = new FakeHost();
    const r = new ScenarioRun(scenario(text), host);
    r.advanceTo(9_999);
    expect(host.now).toBe(9_999);
    expect(host.acted.map((a) => a.action.type)).toEqual(['apply']);
    expect(r.results.map((x) => x.source.path)).toEqual(['expect[0]']);
    r.advanceTo(10_000);
    expect(host.acted.map((a) => a.action.type)).toEqual(['apply', 'scale']);
    expect(r.done).toBe(false);
    const report = r.finish();
    expect(r.done).toBe(true);
    expect(host.now).toBe(40_000);
    expect(report).toEqual(runScenario(scenario(text), new FakeHost()));
  });

  it('records each decision as a scenario.note in the trace when the host supports it', () => {
    const r = run('expect:\n  - {by: 5s, object: deployment/web, field: status.readyReplicas, equals: 3}\n');
    const notes = r.host.trace.slice().filter((e) => e.kind === 'scenario.note');
    expect(notes.map((e) => [e.time, e.kind === 'scenario.note' && e.detail])).toEqual([[2000, '✓ expect[0]: by 5s: deployment/web status.readyReplicas equals 3: status.readyReplicas: it is 3']]);
  });
});
