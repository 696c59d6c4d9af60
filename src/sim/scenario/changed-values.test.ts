/**
 * `changed: {path: value}` on a write's `api.response`: the values the write set, read from the object the write
 * left in the api-server's history (the trace records which fields changed, not their values).
 */
import { describe, expect, it } from 'vitest';
import { createSimulationHost } from './simulation-host.ts';
import { parseScenario } from './parse-scenario.ts';
import { runScenario } from './run-scenario.ts';
import { matchesTrace } from './matchers.ts';
import type { TraceEvent } from '../trace/trace-event.ts';

const scenario = (replicas: number) => `apiVersion: loopscope/v1
kind: Scenario
metadata: {name: changed-values}
seed: 2
nodes: 1
manifests: |
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    replicas: 1
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: web, image: "nginx:1.27"}]}
actions:
  - at: 5s
    patch: {object: deployment/web, type: merge, patch: {spec: {replicas: 3}}}
expect:
  - trace: {kind: api.response, object: deployment/web, changed: {spec.replicas: ${replicas}}}
    between: [4s, 10s]
until: 15s
`;

function run(text: string) {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return runScenario(parsed.scenario, createSimulationHost(parsed.scenario));
}

describe('changed: {path: value}', () => {
  it('holds for the write that set the value, and fails for another value', () => {
    expect(run(scenario(3)).expectations[0]!.passed).toBe(true);
    expect(run(scenario(4)).expectations[0]!.passed).toBe(false);
  });

  it('matches nothing without the history to read the value from', () => {
    const e = { id: 1, time: 0, actor: 'x', causeId: null, kind: 'api.response', verb: 'patch', object: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, requestId: 1, code: 200, rv: '9', changed: ['spec.replicas'] } as TraceEvent;
    expect(matchesTrace(e, { kind: 'api.response', changed: ['spec.replicas'] })).toBe(true);
    expect(matchesTrace(e, { kind: 'api.response', changed: { 'spec.replicas': 3 } })).toBe(false);
    expect(matchesTrace(e, { kind: 'api.response', changed: { 'spec.replicas': 3 } }, () => ({ spec: { replicas: 3 } }))).toBe(true);
    expect(matchesTrace(e, { kind: 'api.response', changed: { 'spec.paused': true } }, () => ({ spec: { replicas: 3, paused: true } }))).toBe(false);
  });
});
