import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatScenarioError, MAX_ALIAS_COUNT, MAX_SCENARIO_CHARS, MAX_SCENARIO_LINES, parseScenario, type ScenarioError } from './parse-scenario.ts';
import type { Scenario } from './scenario.ts';

const testdata = (name: string): string => readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
const HEAD = 'apiVersion: loopscope/v1\nkind: Scenario\nmetadata: {name: t}\n';

function errorsOf(text: string): ScenarioError[] {
  const r = parseScenario(text);
  if (r.ok) throw new Error('expected the scenario to be invalid');
  return r.errors;
}
function scenarioOf(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map((e) => formatScenarioError(e)).join('\n'));
  return r.scenario;
}

describe('parseScenario', () => {
  it('turns a valid file into a runnable scenario with times in ms and kubectl targets split', () => {
    const s = scenarioOf(testdata('scale-web.yaml'));
    expect(s.name).toBe('scale-web');
    expect(s.seed).toBe(42);
    expect(s.nodes.map((n) => n.name)).toEqual(['node-1', 'node-2']);
    expect(s.until).toBe(40_000);
    expect(s.actions[0]).toMatchObject({ at: 10_000, action: { type: 'scale', resource: 'deployment', name: 'web', replicas: 5 }, source: { path: 'actions[0]', line: 28 } });
    expect(s.actions[1]).toMatchObject({ at: 20_000, action: { type: 'delete', resource: 'pod', name: '' }, select: { selector: 'app=web', pick: 'oldest' } });
    expect(s.expect[0]).toMatchObject({ kind: 'field', by: 5000, object: { resource: 'deployment', name: 'web' }, test: { equals: 3 } });
    expect(s.expect[2]).toMatchObject({ kind: 'event', happened: true, between: [10_000, 20_000] });
    expect(s.expect[4]).toMatchObject({ kind: 'trace', count: { min: 3, max: 3 } });
    expect(typeof s.manifests).toBe('string');
    expect(s.manifestsSource?.line).toBe(9);
  });

  it('names line, column and path of a bad duration', () => {
    const [e] = errorsOf(testdata('invalid.yaml'));
    expect(formatScenarioError(e!)).toBe('line 10, column 9: actions[2].at: invalid duration "5x" (use e.g. "90s", "1m30s", "250ms")');
  });

  it('names the line and column of a YAML syntax error', () => {
    const errs = errorsOf(`${HEAD}actions:\n  - at: 1s\n    cordon: [node-1\n`);
    expect(errs[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number), path: '' });
    expect(errs[0]!.line).toBeGreaterThanOrEqual(6);
    expect(errs[0]!.message).toMatch(/flow sequence|\]/i);
  });

  it('names an unknown field where it is written', () => {
    const [e] = errorsOf(`${HEAD}actions:\n  - at: 1s\n    cordon: node-1\n    cordn: node-2\n`);
    expect(e).toMatchObject({ line: 7, column: 12, path: 'actions[0].cordn', message: 'unknown field "cordn"' });
  });

  it('names a value of the wrong type', () => {
    const [e] = errorsOf(`${HEAD}actions:\n  - at: 1s\n    scale: {object: deployment/web, replicas: three}\n`);
    expect(e).toMatchObject({ line: 6, path: 'actions[0].scale.replicas' });
    expect(e!.message).toMatch(/expected number/);
  });

  it('reports a missing required field at its parent', () => {
    const [e] = errorsOf('apiVersion: loopscope/v1\nkind: Scenario\nmetadata: {description: x}\n');
    expect(e).toMatchObject({ line: 3, path: 'metadata.name' });
  });

  it('rejects an action with two verbs or none', () => {
    expect(errorsOf(`${HEAD}actions:\n  - at: 1s\n    cordon: a\n    drain: a\n`)[0]!.message).toMatch(/exactly one of .* \(found cordon, drain\)/);
    expect(errorsOf(`${HEAD}actions:\n  - at: 1s\n`)[0]!.message).toMatch(/an action needs one of: apply, create/);
  });

  it('picks the union branch the author meant for a fault', () => {
    const [e] = errorsOf(`${HEAD}actions:\n  - at: 1s\n    fault: {type: crash-controller, controller: rs, restartAfter: soon}\n`);
    expect(e).toMatchObject({ path: 'actions[0].fault.restartAfter', line: 6 });
    expect(e!.message).toMatch(/invalid duration "soon"/);
  });

  it('rejects an unknown fault type naming the field', () => {
    const [e] = errorsOf(`${HEAD}actions:\n  - at: 1s\n    fault: {type: melt-cluster}\n`);
    expect(e!.path).toBe('actions[0].fault.type');
  });

  it('rejects bad regexes, field paths and targets with their location', () => {
    const errs = errorsOf(
      `${HEAD}expect:\n  - object: deployment/web\n    field: status..x\n    exists: true\n  - event: {reason: X, message: "a("}\n    happened: true\n  - object: web\n    field: spec\n    exists: true\n`,
    );
    expect(errs.map((e) => e.path)).toEqual(['expect[0].field', 'expect[1].event.message', 'expect[2].object']);
    expect(errs[1]!.message).toMatch(/invalid regular expression/);
    expect(errs[2]!.line).toBe(10);
  });

  it('rejects an expectation without a check, or with two', () => {
    expect(errorsOf(`${HEAD}expect:\n  - at: 1s\n`)[0]!.message).toMatch(/exactly one of: field/);
    expect(errorsOf(`${HEAD}expect:\n  - object: deployment/web\n    field: spec.replicas\n    equals: 1\n    exists: true\n`)[0]!.message).toMatch(/exactly one of: equals, matches, exists/);
  });

  it('rejects actions after until', () => {
    const [e] = errorsOf(`${HEAD}until: 10s\nactions:\n  - at: 20s\n    cordon: node-1\n`);
    expect(e).toMatchObject({ path: 'actions[0].at', line: 6, message: 'after until (10s)' });
  });

  it('rejects duplicate keys and several documents', () => {
    expect(errorsOf(`${HEAD}seed: 1\nseed: 2\n`)[0]).toMatchObject({ line: 5, column: 1, message: 'Map keys must be unique: "seed" appears twice' });
    expect(errorsOf(`${HEAD}---\n${HEAD}`)[0]!.line).toBe(4);
  });

  it('rejects an alias bomb quickly, naming the first alias', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const text = `${HEAD}${levels.join('\n')}\n`;
    const start = performance.now();
    const [e] = errorsOf(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(e!.message).toMatch(new RegExp(`alias.*at most ${MAX_ALIAS_COUNT}`, 'i'));
    expect(e).toMatchObject({ line: 5 });
  });

  it('refuses a 50 MB document without parsing it', () => {
    const big = `${HEAD}metadata2: "${'x'.repeat(50 * 1024 * 1024)}"\n`;
    const start = performance.now();
    const [e] = errorsOf(big);
    expect(performance.now() - start).toBeLessThan(200);
    expect(e).toMatchObject({ line: 1, column: 1 });
    expect(e!.message).toContain(`at most ${MAX_SCENARIO_CHARS}`);
  });

  it('refuses absurd nesting before the YAML parser recurses into it', () => {
    for (const text of ['['.repeat(100_000), '- '.repeat(100_000), `${HEAD}x: ${'{a: '.repeat(100)}`]) {
      const [e] = errorsOf(text);
      expect(e!.message).toMatch(/^nested too deeply/);
    }
    expect(errorsOf(`${HEAD}x: [[[[1]]]]\ny: {a: {b: {c: 1}}}\n`)[0]!.message).toBe('unknown field "x"');
  });

  it('refuses a file of too many lines, and lists at most the first 20 errors', () => {
    expect(errorsOf(']\n'.repeat(MAX_SCENARIO_LINES + 1))[0]!.message).toBe(`the file has ${MAX_SCENARIO_LINES + 2} lines; a scenario may have at most ${MAX_SCENARIO_LINES}`);
    expect(errorsOf(']\n'.repeat(1000))).toHaveLength(20);
    expect(errorsOf(`${HEAD}${Array.from({ length: 100 }, (_, i) => `k${i}: 1`).join('\n')}\n`)).toHaveLength(20);
  });

  it('expands a node count, fills defaults and defaults until to 10s after the last time, at least 30s', () => {
    const s = scenarioOf(`${HEAD}nodes: 3\nactions:\n  - at: 45s\n    cordon: node-1\n`);
    expect(s.nodes).toHaveLength(3);
    expect(s.nodes[2]).toEqual({ name: 'node-3', cpu: '4', memory: '8Gi', pods: 110, labels: {}, taints: [] });
    expect(s.until).toBe(55_000);
    expect(scenarioOf(HEAD).until).toBe(30_000);
    expect(scenarioOf(HEAD).nodes).toHaveLength(1);
  });

  it('keeps same-time actions in file order and sorts the rest by time', () => {
    const s = scenarioOf(`${HEAD}actions:\n  - {at: 5s, cordon: b}\n  - {at: 1s, cordon: a}\n  - {at: 5s, drain: b}\n`);
    expect(s.actions.map((a) => a.action.type)).toEqual(['cordon', 'cordon', 'drain']);
    expect(s.actions.map((a) => a.at)).toEqual([1000, 5000, 5000]);
  });

  it('converts fault durations to ms and accepts the apply wrapper with fieldManager', () => {
    const s = scenarioOf(
      `${HEAD}actions:\n  - at: 1s\n    fault: {type: drop-watch-events, controller: replicaset-controller, duration: 1m, probability: 0.5}\n  - at: 2s\n    apply: {manifests: [{apiVersion: v1, kind: ConfigMap, metadata: {name: c}}], fieldManager: teacher, force: true}\n`,
    );
    expect(s.actions[0]!.action).toEqual({ type: 'fault', fault: { type: 'drop-watch-events', controller: 'replicaset-controller', duration: 60_000, probability: 0.5 } });
    expect(s.actions[1]!.action).toMatchObject({ type: 'apply', fieldManager: 'teacher', force: true, manifests: [{ kind: 'ConfigMap' }] });
  });

  it('never throws, whatever the text', () => {
    for (const text of ['', '~', '[]', '42', 'a: *nope', '\t\t', '{', `${HEAD}nodes: -1`, `${HEAD}expect: {}`]) {
      const r = parseScenario(text);
      expect(r.ok).toBe(false);
      if (!r.ok) for (const e of r.errors) expect(e.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('accepts the complete example of docs/scenario-format.md', () => {
    const doc = readFileSync(new URL('../../../docs/scenario-format.md', import.meta.url), 'utf8');
    const example = /## A complete example\n\n```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
    expect(scenarioOf(example).name).toBe('replicaset-heals');
  });
});

describe('parseScenario: manifests inside the scenario', () => {
  const MANIFESTS = `${HEAD}manifests: |
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  ---
  apiVersion: v1
  kind: Widget
  metadata: {name: w}
`;

  it('names an unknown kind at its line in the scenario file, in kubectl\'s words', () => {
    const [e] = errorsOf(MANIFESTS);
    expect(formatScenarioError(e!)).toBe('line 9, column 3: manifests: no matches for kind "Widget" in version "v1" (ensure CRDs are installed first)');
  });

  it('accepts a kind defined by a CustomResourceDefinition of the same scenario', () => {
    const crd = `actions:
  - at: 1s
    apply:
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.v1}
      spec:
        group: v1
        names: {kind: Widget, plural: widgets}
        versions: [{name: v1}]
`;
    // group "v1" with version "v1" gives apiVersion "v1/v1", not "v1": still unknown.
    expect(errorsOf(MANIFESTS + crd)[0]!.message).toContain('"Widget"');
    expect(parseScenario(MANIFESTS.replace('apiVersion: v1\n  kind: Widget', 'apiVersion: example.com/v1\n  kind: Widget') + crd.replace('group: v1', 'group: example.com')).ok).toBe(true);
  });

  it('names a YAML error inside a manifest block at the scenario\'s line, and object manifests by index', () => {
    const [syntax] = errorsOf(`${HEAD}manifests: |\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c\n  data: {}\n`);
    expect(syntax).toMatchObject({ path: 'manifests' });
    expect(syntax!.line).toBeGreaterThanOrEqual(6);
    const [obj] = errorsOf(`${HEAD}actions:\n  - at: 1s\n    create:\n      - {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n      - {apiVersion: v9, kind: ConfigMap, metadata: {name: b}}\n`);
    expect(obj).toMatchObject({ path: 'actions[0].create[1]', line: 8, message: expect.stringContaining('in version "v9"') });
  });

  it('an alias bomb inside a manifest block is refused', () => {
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 8; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const text = `${HEAD}manifests: |\n${bomb.map((l) => `  ${l}`).join('\n')}\n`;
    const [e] = errorsOf(text);
    expect(e).toMatchObject({ path: 'manifests' });
    expect(e!.message).toMatch(/alias/i);
  });
});

describe('image-behavior runFor', () => {
  it('is a duration, read into virtual ms', () => {
    const r = parseScenario(`apiVersion: loopscope/v1
kind: Scenario
metadata: {name: x}
actions:
  - at: 1s
    fault: {type: image-behavior, image: "busybox:1", behavior: exit, exitCode: 3, runFor: 2s}
`);
    expect(r.ok && r.scenario.actions[0]!.action).toEqual({ type: 'fault', fault: { type: 'image-behavior', image: 'busybox:1', behavior: 'exit', exitCode: 3, runFor: 2000 } });
  });
});
