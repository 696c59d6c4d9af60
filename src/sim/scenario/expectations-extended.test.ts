/**
 * The expectation language's additions for lessons (issue 12): `from`, sets of objects, event counts, the fight
 * detector, queue and cache state; and issue 15 item 9: `at: T` is checked after the actions at T.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSimulationHost } from './simulation-host.ts';
import { describeAction } from './describe.ts';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';
import { runScenario, type ScenarioReport } from './run-scenario.ts';
import type { Expectation, Scenario } from './scenario.ts';
import type { TraceEvent } from '../trace/trace-event.ts';
import { FakeHost } from './testing/fake-host.ts';

const BASE = `apiVersion: loopscope/v1
kind: Scenario
metadata: {name: t}
manifests:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, labels: {app: web}}
    spec: {replicas: 3}
`;

function scenario(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
  return r.scenario;
}

const fake = (rest: string): ScenarioReport => runScenario(scenario(BASE + rest), new FakeHost());
const results = (r: ScenarioReport): boolean[] => r.expectations.map((e) => e.passed);

describe('at: T is checked after the actions at T (issue 15 item 9)', () => {
  it('sees the scale done at the same time', () => {
    const r = fake('actions:\n  - {at: 5s, scale: {object: deployment/web, replicas: 4}}\nexpect:\n  - {at: 5s, object: deployment/web, field: spec.replicas, equals: 4}\n');
    expect(r.expectations[0]).toMatchObject({ passed: true, time: 5000 });
  });
});

describe('patch defaults to strategic merge, as kubectl does (issue 15 item 9)', () => {
  it('describes a patch without type as --type=strategic', () => {
    const s = scenario(`${BASE}actions:\n  - {at: 1s, patch: {object: deployment/web, patch: {spec: {paused: true}}}}\n`);
    expect(describeAction(s.actions[0]!.action)).toBe('patch deployment/web --type=strategic');
  });
});

describe('from: nothing before it counts', () => {
  it('a state check is not decided before from', () => {
    const r = fake('expect:\n  - {by: 20s, from: 10s, object: deployment/web, field: spec.replicas, equals: 3}\n');
    expect(r.expectations[0]).toMatchObject({ passed: true, time: 10_000 });
  });

  it('an event before from does not satisfy happened: true', () => {
    const r = fake('expect:\n  - {event: {reason: ScalingReplicaSet}, happened: true, by: 8s}\n  - {event: {reason: ScalingReplicaSet}, happened: true, from: 5s, by: 8s}\n');
    expect(results(r)).toEqual([true, false]);
  });

  it('rejects a from after the time it is checked', () => {
    const r = parseScenario(`${BASE}expect:\n  - {at: 5s, from: 6s, object: deployment/web, field: spec.replicas, equals: 3}\n`);
    expect(r.ok ? [] : r.errors.map((e) => formatScenarioError(e))).toEqual(['line 10, column 20: expect[0].from: from is after the time it is checked']);
  });
});

describe('objects: sets of objects', () => {
  it('counts a set (count or equals) and tests a field on every member', () => {
    const r = fake(
      'expect:\n' +
        '  - {at: 5s, objects: {resource: pod, selector: "app=web"}, equals: 3}\n' +
        '  - {at: 5s, objects: {resource: pod, selector: "app=web"}, count: {min: 4}}\n' +
        '  - {at: 5s, objects: {resource: pod, selector: "app=web"}, every: {field: metadata.labels.app, equals: web}}\n' +
        '  - {at: 5s, objects: {resource: pod}, every: {field: metadata.labels.app, equals: db}}\n',
    );
    expect(results(r)).toEqual([true, false, true, false]);
    expect(r.expectations[1]!.message).toBe('3 pod matching "app=web", want at least 4');
  });

  it('says what is missing', () => {
    const r = parseScenario(`${BASE}expect:\n  - {objects: {resource: pod}}\n  - {objects: {resource: pod}, equals: 1.5}\n`);
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual(['an objects expectation needs count, equals: N or every', 'equals of an objects expectation is a count: a whole number']);
  });
});

describe('event count', () => {
  it('is honoured (it used to be ignored)', () => {
    const r = fake('expect:\n  - {event: {reason: ScalingReplicaSet}, happened: true, count: {max: 0}}\n  - {event: {reason: ScalingReplicaSet}, happened: true, count: {min: 1, max: 1}}\n');
    expect(results(r)).toEqual([false, true]);
  });
});

const RS = `apiVersion: loopscope/v1
kind: Scenario
metadata: {name: rs}
seed: 4
manifests: |
  apiVersion: apps/v1
  kind: ReplicaSet
  metadata: {name: web, labels: {app: web}}
  spec:
    replicas: 2
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: web, image: nginx:1.27}]}
`;

function real(text: string, extra: Expectation[] = []): ScenarioReport {
  const s = scenario(text);
  s.expect.push(...extra);
  return runScenario(s, createSimulationHost(s));
}

describe('queue and cache state (real simulation)', () => {
  it("a paused controller's queue holds the key; it empties when it resumes", () => {
    const r = real(
      `${RS}actions:\n  - {at: 6s, fault: {type: pause-controller, controller: replicaset-controller}}\n  - {at: 7s, scale: {object: rs/web, replicas: 3}}\n  - {at: 10s, fault: {type: resume-controller, controller: replicaset-controller}}\n` +
        'expect:\n  - {at: 9s, queue: {controller: replicaset-controller, depth: {min: 1}}}\n  - {at: 5s, queue: {controller: replicaset-controller, depth: {min: 1}}}\n  - {by: 20s, from: 11s, queue: {controller: replicaset-controller, depth: {max: 0}}}\n',
    );
    expect(results(r)).toEqual([true, false, true]);
  });

  it('a cache that missed watch events disagrees with the api-server until it relists', () => {
    const r = real(
      `${RS}actions:\n  - {at: 6s, fault: {type: drop-watch-events, controller: replicaset-controller, duration: 10s}}\n  - {at: 7s, scale: {object: rs/web, replicas: 3}}\n` +
        'expect:\n  - {at: 5s, cache: {controller: replicaset-controller, object: rs/web, agrees: true}}\n  - {at: 9s, cache: {controller: replicaset-controller, object: rs/web, agrees: false}}\n  - {at: 9s, cache: {controller: replicaset-controller, object: rs/web, agrees: true}}\n',
    );
    expect(results(r)).toEqual([true, true, false]);
  });
});

describe('fight (real simulation)', () => {
  const file = fileURLToPath(new URL('../../../scenarios/gitops-vs-hpa-fight.yaml', import.meta.url));
  it('sees the HPA and the GitOps sync fight over spec.replicas, and names the managers', () => {
    const text = readFileSync(file, 'utf8');
    const src = (i: number) => ({ path: `extra[${i}]`, line: 0 });
    const r = real(text, [
      { kind: 'fight', fight: { object: 'deployment/web', field: 'spec.replicas' }, happened: true, source: src(0) },
      { kind: 'fight', fight: { object: 'deployment/web', field: 'spec.replicas', managers: ['argocd-controller'] }, live: true, at: 110_000, source: src(1) },
      { kind: 'fight', fight: { object: 'deployment/web', field: 'spec.replicas', managers: ['nobody'] }, happened: true, source: src(2) },
      { kind: 'fight', fight: { field: 'spec.replicas' }, happened: true, from: 0, by: 20_000, source: src(3) },
    ]);
    const extra = r.expectations.filter((e) => e.source.path.startsWith('extra'));
    expect(extra.map((e) => e.passed)).toEqual([true, true, false, false]);
  });
});

describe('trace changed: the fields a write changed', () => {
  it('matches when the write changed at least the listed fields', async () => {
    const { matchesTrace } = await import('./matchers.ts');
    const e: TraceEvent = {
      id: 1, time: 0, actor: 'user', causeId: null, kind: 'api.response', verb: 'patch', requestId: 1, code: 200,
      object: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, changed: ['spec.replicas', 'metadata.generation'],
    };
    expect(matchesTrace(e, { kind: 'api.response', changed: ['spec.replicas'] })).toBe(true);
    expect(matchesTrace(e, { kind: 'api.response', changed: ['spec.replicas', 'metadata.generation'] })).toBe(true);
    expect(matchesTrace(e, { kind: 'api.response', changed: ['status.replicas'] })).toBe(false);
    expect(matchesTrace({ ...e, kind: 'api.response', changed: [] }, { kind: 'api.response', changed: ['spec.replicas'] })).toBe(false);
  });
});
