/**
 * Seeded fuzzing of the library's boundary (issue 17's "Done when"): hostile actions and manifests given to
 * `act`/`apply`. For every input: no throw out of the public API, no hang (each input within a time budget), a
 * refusal that says what is wrong (a non-empty message), nothing written by a refused apply, create, scale, patch,
 * delete or rollout (a hash of every stored object before and after), no prototype pollution; and afterwards the
 * simulation still advances, steps back and converges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Simulation } from './simulation.ts';
import type { UserAction } from './actions/user-action.ts';
import { storeHash } from './testing/store-hash.ts';

/** Wall ms one input may take (a busy shared machine: generous, but far below any hang). */
const BUDGET_MS = 3_000;
const RUNS = 150;

const deployment = (name: string, ns = 'default') => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: ns },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27', livenessProbe: { httpGet: { port: 80 }, periodSeconds: 10 } }] } },
  },
});

/** Values that have broken something before: absurd numbers, wrong types, prototype keys, deep nesting. */
const nasty = fc.oneof(
  fc.constantFrom<unknown>(1e308, -1e308, Number.NaN, Infinity, 2 ** 53, 3_000_000_000, 1.5, -3, 0, '', 'x', null, true, [], {}, { a: 1 }, '__proto__', 'constructor'),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
  fc.nat({ max: 400 }).map((depth) => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  }),
);

/** A JSON path into an object where a nasty value is put (or a key deleted). */
const paths = fc.constantFrom(
  ['spec', 'replicas'],
  ['spec', 'progressDeadlineSeconds'],
  ['spec', 'minReadySeconds'],
  ['spec', 'revisionHistoryLimit'],
  ['spec', 'template', 'spec', 'activeDeadlineSeconds'],
  ['spec', 'template', 'spec', 'terminationGracePeriodSeconds'],
  ['spec', 'template', 'spec', 'containers', '0', 'livenessProbe', 'periodSeconds'],
  ['spec', 'template', 'spec', 'containers', '0', 'image'],
  ['spec', 'template', 'metadata', 'labels', '__proto__'],
  ['spec', 'selector'],
  ['metadata', 'name'],
  ['metadata', 'namespace'],
  ['metadata', 'labels'],
  ['metadata', 'annotations', '__proto__'],
  ['kind'],
  ['apiVersion'],
  ['spec'],
);

function setPath(o: Record<string, unknown>, path: readonly string[], v: unknown, remove: boolean): void {
  let cur: Record<string, unknown> = o;
  for (const k of path.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(cur, k) ? cur[k] : undefined;
    if (typeof next !== 'object' || next === null) {
      const made = {};
      Object.defineProperty(cur, k, { value: made, enumerable: true, writable: true, configurable: true });
      cur = made;
    } else cur = next as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete cur[last];
  else Object.defineProperty(cur, last, { value: v, enumerable: true, writable: true, configurable: true });
}

const mutatedDeployment = fc.tuple(fc.constantFrom('web', 'api'), fc.array(fc.tuple(paths, nasty, fc.boolean()), { minLength: 1, maxLength: 3 })).map(([name, edits]) => {
  const d = deployment(name) as unknown as Record<string, unknown>;
  for (const [p, v, remove] of edits) setPath(d, p, v, remove);
  return d;
});

/** Streams of documents, some depending on an earlier one (a Namespace, then objects in it). */
const manifests = fc.oneof(
  fc.array(mutatedDeployment, { minLength: 1, maxLength: 3 }),
  mutatedDeployment.map((d) => [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns1' } }, { ...d, metadata: { ...(d.metadata as object), namespace: 'ns1' } }]),
  fc.constant([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'twin' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'twin' } }]),
  fc.array(nasty, { maxLength: 3 }),
);

/** Text manifests: YAML of the objects, or of nasty text. */
const textManifests = fc.oneof(
  manifests.map((docs) => docs.map((d) => JSON.stringify(d)).join('\n---\n')),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('[[[[[[[[[[', 'a: &a [*a]', '---\n'.repeat(50), 'kind: Pod\n'.repeat(3), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: {a: 1}}\n'),
);

/** Actions of every type, mutated: fields dropped, replaced by nasty values, unknown types. */
const baseActions: Record<string, unknown>[] = [
  { type: 'scale', resource: 'deployment', name: 'web', replicas: 3 },
  { type: 'delete', resource: 'pod', name: 'x', gracePeriodSeconds: 30 },
  { type: 'patch', resource: 'deployment', name: 'web', patchType: 'merge', patch: { spec: { replicas: 1 } } },
  { type: 'patch', resource: 'deployment', name: 'web', patchType: 'strategic', patch: { spec: { template: { metadata: { labels: { app: 'web' } } } } } },
  { type: 'patch', resource: 'deployment', name: 'web', patchType: 'json', patch: [{ op: 'replace', path: '/spec/replicas', value: 2 }] },
  { type: 'rollout', resource: 'deployment', name: 'web', op: 'restart' },
  { type: 'cordon', node: 'node-1' },
  { type: 'add-node', name: 'node-9', pods: 10 },
  { type: 'set-load', resource: 'deployment', name: 'web', cpu: '500m' },
  { type: 'fault', fault: { type: 'delay-watch-events', controller: 'kube-scheduler', delay: 200, duration: 1000 } },
  { type: 'fault', fault: { type: 'drop-watch-events', controller: 'replicaset-controller', duration: 500, probability: 0.5 } },
  { type: 'fault', fault: { type: 'crash-controller', controller: 'deployment-controller', restartAfter: 100 } },
  { type: 'fault', fault: { type: 'apiserver-unavailable', duration: 300 } },
  { type: 'fault', fault: { type: 'inject-conflicts', resource: 'deployments', duration: 300, probability: 0.5 } },
  { type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'ok' } },
  { type: 'teleport' },
];

const mutatedAction = fc.tuple(fc.constantFrom(...baseActions), fc.array(fc.tuple(fc.string({ maxLength: 12 }), nasty, fc.boolean()), { maxLength: 2 }), fc.boolean()).map(([base, edits, inFault]) => {
  const a = structuredClone(base);
  const target = inFault && typeof a.fault === 'object' && a.fault !== null ? (a.fault as Record<string, unknown>) : a;
  const keys = Object.keys(target);
  for (const [k, v, remove] of edits) {
    const key = keys.length && k.length % 2 === 0 ? keys[k.length % keys.length]! : k;
    if (remove) delete target[key];
    else Object.defineProperty(target, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return a;
});

const anyInput = fc.oneof(
  { weight: 3, arbitrary: manifests.map((m) => ({ type: 'apply', manifests: m }) as Record<string, unknown>) },
  { weight: 2, arbitrary: textManifests.map((m) => ({ type: 'apply', manifests: m }) as Record<string, unknown>) },
  { weight: 1, arbitrary: manifests.map((m) => ({ type: 'create', manifests: m }) as Record<string, unknown>) },
  { weight: 4, arbitrary: mutatedAction },
  { weight: 1, arbitrary: nasty.map((v) => v as Record<string, unknown>) },
);

/** Actions whose refusal must leave every stored object as it was. */
const WRITES_NOTHING_WHEN_REFUSED = new Set(['apply', 'create', 'scale', 'patch', 'delete', 'rollout']);

describe('fuzz: Simulation.act / apply (seeded)', () => {
  it(`${RUNS} hostile inputs: no throw, no hang, a message when refused, nothing written by a refusal, no pollution`, () => {
    const sim = Simulation.create({ seed: 17, nodes: 2 });
    expect(sim.apply([deployment('web')]).ok).toBe(true);
    sim.runFor(5_000);
    let tried = 0;
    let refused = 0;
    fc.assert(
      fc.property(anyInput, fc.nat({ max: 3_000 }), (input, ms) => {
        tried++;
        const before = storeHash(sim);
        const started = performance.now();
        let r: ReturnType<Simulation['act']>;
        expect(() => (r = sim.act(input as unknown as UserAction))).not.toThrow();
        expect(performance.now() - started).toBeLessThan(BUDGET_MS);
        if (!r!.ok) {
          refused++;
          expect(r!.messages.join('\n').length).toBeGreaterThan(0);
          expect(r!.messages.join('\n')).not.toMatch(/Cannot read properties|is not a function|Maximum call stack/);
          const type = (input as { type?: unknown } | null)?.type;
          if (typeof type === 'string' && WRITES_NOTHING_WHEN_REFUSED.has(type) && !(input as { dryRun?: unknown }).dryRun) expect(storeHash(sim)).toBe(before);
        }
        const t = performance.now();
        expect(() => sim.runFor(ms)).not.toThrow();
        expect(performance.now() - t).toBeLessThan(BUDGET_MS);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 1717, numRuns: RUNS },
    );
    console.log(`fuzz apply/act: ${tried} inputs tried, ${refused} refused, 0 failures`);
    // The run goes on: time advances, stepping back across every input works, and a fresh good apply converges.
    const now = sim.now;
    sim.runFor(1_000);
    expect(sim.now).toBeGreaterThan(now);
    expect(() => sim.seekStep(Math.max(0, sim.head - 500))).not.toThrow();
    expect(() => sim.seekStep(sim.head)).not.toThrow();
    sim.act({ type: 'fault', fault: { type: 'image-behavior', image: 'nginx:1.27', behavior: 'ok' } });
    expect(sim.apply([deployment('calm')]).ok).toBe(true);
    sim.runFor(30_000);
    expect(sim.listObjects('pods', 'default', 'app=calm').length).toBe(2);
  }, 120_000);
});
