/**
 * Seeded fuzzing of the scenario reader and runner (issue 17's "Done when"): mutated scenario files (absurd
 * durations and counts, bad and catastrophic regexes, wrong types, hostile YAML, random text). For every input:
 * `parseScenario` does not throw and answers in time; a refusal names a line, a column and what is wrong; a file it
 * accepts runs to its end in time without a throw; nothing is polluted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScenarioError, parseScenario } from './parse-scenario.ts';
import { runScenario } from './run-scenario.ts';
import { createSimulationHost } from './simulation-host.ts';

const BUDGET_MS = 5_000;
const RUNS = 120;
/** Accepted files longer than this are read but not run here (the bound allows a day; a fuzz run must stay short). */
const RUN_AT_MOST_MS = 120_000;

const HEAD = 'apiVersion: loopscope/v1\nkind: Scenario\nmetadata: {name: fuzz}\n';
const DEPLOYMENT = `manifests: |
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    replicas: 2
    selector: {matchLabels: {app: web}}
    template:
      metadata: {labels: {app: web}}
      spec: {containers: [{name: c, image: nginx}]}
`;

const nastyScalar = fc.oneof(
  // Plausible values too, so that some files are accepted and run.
  { weight: 2, arbitrary: fc.constantFrom('30s', '90s', '1m', '2', '3', '"^web"', '"update"', '"to 3$"', '"/update|patch/"', '500') },
  fc.constantFrom('1e308', '9007199254740992', '0.0000001ms', '3650d', '-1', '1.5', '"((a*)*)*b"', '"/(unclosed/"', '"(?<=a)b"', '"^(?!x).*"', '[]', '{}', 'null', '~', '"__proto__"', '&a [*a]', '!!binary aGk='),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.integer().map(String),
);

/** Lines of a scenario, each with a slot (VALUE) a nasty scalar may fill. */
const templates = [
  'until: VALUE\n',
  'nodes: VALUE\n',
  'seed: VALUE\n',
  'options: {checkInterval: VALUE}\n',
  'options: {networkLatency: VALUE}\n',
  'actions:\n- at: VALUE\n  scale: {object: deploy/web, replicas: 3}\n',
  'actions:\n- at: 1s\n  scale: {object: deploy/web, replicas: VALUE}\n',
  'actions:\n- at: 1s\n  fault: {type: delay-watch-events, controller: kube-scheduler, delay: VALUE}\n',
  'actions:\n- at: 1s\n  scale: {object: deploy/web, replicas: 1}\n  expectError: VALUE\n',
  'expect:\n- by: VALUE\n  converged: true\n',
  'expect:\n- at: 5s\n  object: deploy/web\n  field: status.replicas\n  matches: VALUE\n',
  'expect:\n- trace: {kind: api.request, verb: VALUE}\n  count: {min: 0}\n',
  'expect:\n- event: {reason: ScalingReplicaSet, message: VALUE}\n',
  'expect:\n- between: [0s, VALUE]\n  event: {reason: ScalingReplicaSet}\n',
];

const scenarioText = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.subarray(templates, { minLength: 1, maxLength: 3 }), fc.array(nastyScalar, { minLength: 3, maxLength: 3 }), fc.boolean()).map(([lines, values, withManifests]) => {
    const keys = new Set<string>();
    let body = '';
    lines.forEach((line, i) => {
      const key = line.split(':')[0]!;
      if (keys.has(key)) return; // one block per top-level key
      keys.add(key);
      body += line.replace('VALUE', values[i]!);
    });
    return `${HEAD}${withManifests ? DEPLOYMENT : ''}${body}`;
  }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', `${HEAD}${'  '.repeat(200)}x: 1\n`, `${HEAD}a: &a\n  b: *a\n`, '\u0000\uffff', `${HEAD}until: 1s\nuntil: 2s\n`) },
);

describe('fuzz: scenario reader and runner (seeded)', () => {
  it(`${RUNS} mutated scenario files: no throw, no hang, located errors, accepted files run`, () => {
    let tried = 0;
    let refused = 0;
    let ran = 0;
    fc.assert(
      fc.property(scenarioText, (text) => {
        tried++;
        const started = performance.now();
        let parsed: ReturnType<typeof parseScenario>;
        expect(() => (parsed = parseScenario(text))).not.toThrow();
        expect(performance.now() - started).toBeLessThan(BUDGET_MS);
        const result = parsed!;
        if (!result.ok) {
          refused++;
          for (const e of result.errors) {
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.column).toBeGreaterThanOrEqual(1);
            expect(e.message.length).toBeGreaterThan(0);
            expect(formatScenarioError(e, 'f.yaml')).toMatch(/^f\.yaml: line \d+, column \d+: /);
          }
          return;
        }
        if (result.scenario.until > RUN_AT_MOST_MS) return;
        ran++;
        const t = performance.now();
        expect(() => runScenario(result.scenario, createSimulationHost(result.scenario))).not.toThrow();
        expect(performance.now() - t).toBeLessThan(BUDGET_MS * 4);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 1718, numRuns: RUNS },
    );
    console.log(`fuzz scenario reader/runner: ${tried} inputs tried, ${refused} refused with located errors, ${ran} run, 0 failures`);
  }, 120_000);
});
