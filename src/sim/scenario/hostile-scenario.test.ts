/**
 * Issue 17's scenario files: what would hang or crash the runner is refused when the file is read, naming the line
 * and field and saying the bound; patterns run in linear time.
 */
import { describe, expect, it } from 'vitest';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';
import { runScenario } from './run-scenario.ts';
import { createSimulationHost } from './simulation-host.ts';
import { matchesPattern } from './pattern.ts';

const HEAD = 'apiVersion: loopscope/v1\nkind: Scenario\nmetadata: {name: t}\n';

function errors(text: string): string[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected the scenario to be invalid');
  return r.errors.map((e) => formatScenarioError(e, 's.yaml'));
}

describe('hostile scenario files', () => {
  it('a trace pattern whose regex does not compile fails when read, naming file, line and field', () => {
    const text = `${HEAD}expect:\n- trace: {kind: api.request, verb: "/(unclosed/"}\n`;
    expect(errors(text)).toEqual([expect.stringMatching(/^s\.yaml: line 5, column \d+: expect\[0\]\.trace\.verb: invalid regular expression \(RE2 syntax\): error parsing regexp: missing closing \): `\(unclosed`$/)]);
    expect(errors(`${HEAD}actions:\n- at: 1s\n  scale: {object: deploy/web, replicas: 1}\n  expectError: "(?<=x)y"\n`)[0]).toMatch(/expectError: invalid regular expression \(RE2 syntax\)/);
  });

  it('a catastrophic pattern runs in linear time', () => {
    const started = performance.now();
    expect(matchesPattern('((a*)*)*b', `${'a'.repeat(100_000)}c`)).toBe(false);
    expect(matchesPattern('^(a|aa)+$', `${'a'.repeat(50_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('bounds every duration, checkInterval and the node count, saying the bound', () => {
    expect(errors(`${HEAD}until: 1e308\n`)[0]).toMatch(/^s\.yaml: line 4, column \d+: until: 1e\+308 ms is more than 24h: a scenario plays at most 24h of virtual time/);
    expect(errors(`${HEAD}actions:\n- at: 9007199254740992\n  fault: {type: kill-node, node: node-1}\n`)[0]).toMatch(/actions\[0\]\.at: 9007199254740992 ms is more than 24h/);
    expect(errors(`${HEAD}until: 3650d\n`)[0]).toMatch(/until: 315360000000 ms is more than 24h/);
    expect(errors(`${HEAD}options: {checkInterval: 0.0000001ms}\n`)[0]).toMatch(/options\.checkInterval: 1e-7 ms is less than 10ms: expectations are checked at most every 10ms/);
    expect(errors(`${HEAD}nodes: 1000\n`)[0]).toMatch(/nodes: Too big: expected number to be <=200$/);
  });

  it('a scenario at the bounds still runs', () => {
    const r = parseScenario(`${HEAD}nodes: 2\nuntil: 2m\noptions: {checkInterval: 10ms}\nexpect:\n- converged: true\n  by: 1m\n`);
    if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
    const report = runScenario(r.scenario, createSimulationHost(r.scenario));
    expect(report.failed).toBe(0);
  });
});

describe('matchesPattern', () => {
  it('keeps leading negative look-aheads (as the scenarios use them), each part run by RE2, and agrees with RegExp', () => {
    const cases: [string, string][] = [
      ['^(?!.*istio-proxy).*"name\\":\\"app', '{"f:spec":{"name\\":\\"app"}}'],
      ['^(?!.*istio-proxy).*"name\\":\\"app', '{"istio-proxy":1,"name\\":\\"app"}'],
      ['^(?!4ff4$)[0-9a-f]{4}$', '4ff4'],
      ['^(?!4ff4$)[0-9a-f]{4}$', '4ff5'],
      ['^(?!a)(?!b)\\w+', 'cab'],
      ['^(?!a)(?!b)\\w+', 'bca'],
      ['^(?![)])x', 'x'],
      ['web-\\d+', 'pod web-12 ready'],
    ];
    for (const [p, t] of cases) expect(matchesPattern(p, t), `${p} on ${t}`).toBe(new RegExp(p).test(t));
    expect(matchesPattern('(?<=a)b', 'ab')).toBe(false); // refused when read (patternError), never run
  });
});
