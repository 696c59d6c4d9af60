/**
 * The field comparison walks only where two objects differ (`indexFieldDifferences`) and looks paths up instead of
 * indexing the whole new object (`hasFieldPath`). Property: on random pairs of pods, sharing some subtrees, equal
 * in others, differing in the rest, it gives exactly what the straightforward comparison over full indexes gives.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALWAYS_PRESENT, compare, scoped } from './field-compare.ts';
import { difference, indexFields, isMap, sortedPaths, type FieldSet } from './field-set.ts';
import { canonical } from './object-paths.ts';
import { rootTypeOf } from '../patch/patch-meta.ts';

/** The root type of a core/v1 Pod (patch-meta.ts `rootTypeOf`): map-lists, sets and atomic fields as for real pods. */
const TYPE = rootTypeOf({ group: '', kind: 'Pod' });

/** SMD Compare over full indexes of both objects: the reference. */
function referenceCompare(before: unknown, after: unknown, subresource: string | undefined) {
  const bi = indexFields(before, TYPE, { object: true });
  const ai = indexFields(after, TYPE, { object: true });
  const b = scoped(bi.members, subresource);
  const a = scoped(ai.members, subresource);
  const added = difference(a, b);
  for (const p of sortedPaths(added)) {
    for (let n = 2; n < p.length; n++) {
      const last = p[n - 1]!;
      if (!last.startsWith('f:') || ALWAYS_PRESENT.has(last.slice(2))) continue;
      const prefix = JSON.stringify(p.slice(0, n));
      if (!bi.values.has(prefix) && isMap(ai.values.get(prefix))) added.add(prefix);
    }
  }
  const modified: FieldSet = new Set();
  for (const key of a) {
    if (!b.has(key) || ai.items.has(key)) continue;
    const x = bi.values.get(key);
    const y = ai.values.get(key);
    if (x !== y && !(typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && JSON.stringify(canonical(x)) === JSON.stringify(canonical(y)))) modified.add(key);
  }
  return { added, modified, removed: difference(b, a), beforePaths: [...bi.values.keys()], afterPaths: new Set(ai.values.keys()) };
}

const small = fc.constantFrom('a', 'b', 'web', 'x:1', '');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const stringMap = fc.dictionary(fc.constantFrom('app', 'tier', 'env'), small, { maxKeys: 3 });
const container = fc.record(
  {
    name: fc.constantFrom('web', 'log'),
    image: small,
    ports: fc.array(fc.record({ containerPort: fc.constantFrom(80, 443), protocol: maybe(fc.constantFrom('TCP', 'UDP')) }, { requiredKeys: ['containerPort'] }), { maxLength: 2 }),
    env: fc.array(fc.record({ name: fc.constantFrom('A', 'B'), value: small }), { maxLength: 2 }),
    resources: fc.oneof(fc.constant({}), fc.record({ requests: stringMap })),
    command: fc.array(small, { maxLength: 2 }),
  },
  { requiredKeys: ['name'] },
);
const condition = fc.record({ type: fc.constantFrom('Ready', 'PodScheduled'), status: fc.constantFrom('True', 'False'), reason: maybe(small) }, { requiredKeys: ['type'] });
const pod = fc.record(
  {
    apiVersion: fc.constant('v1'),
    kind: fc.constant('Pod'),
    metadata: fc.record(
      {
        name: fc.constant('p'),
        namespace: fc.constant('default'),
        resourceVersion: fc.constantFrom('1', '2'),
        labels: fc.oneof(stringMap, fc.constant(null)),
        annotations: maybe(stringMap),
        finalizers: fc.array(fc.constantFrom('x/a', 'x/b'), { maxLength: 2 }),
        ownerReferences: fc.array(fc.record({ uid: fc.constantFrom('u1', 'u2'), name: small, controller: maybe(fc.boolean()) }), { maxLength: 2 }),
      },
      { requiredKeys: ['name'] },
    ),
    spec: fc.record(
      {
        containers: fc.array(container, { maxLength: 2 }),
        nodeName: maybe(small),
        nodeSelector: maybe(stringMap),
        tolerations: fc.array(fc.record({ key: small }), { maxLength: 2 }),
        restartPolicy: fc.oneof(small, fc.constant(null)),
      },
      { requiredKeys: [] },
    ),
    status: fc.record({ phase: small, conditions: fc.array(condition, { maxLength: 3 }), podIP: maybe(small) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['apiVersion', 'kind', 'metadata'] },
);

/** `after` built from `before` and `other`: per field, the same object, a deep copy, or the other's value. */
function mix(before: unknown, other: unknown, choices: number[], depth = 0): unknown {
  const pick = choices[depth % choices.length]!;
  if (!isMap(before) || !isMap(other)) return pick % 3 === 0 ? before : pick % 3 === 1 ? structuredClone(before) : other;
  const out: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(other)]);
  let i = 0;
  for (const k of keys) {
    const c = choices[(depth * 7 + i++) % choices.length]!;
    if (c % 4 === 0) out[k] = before[k];
    else if (c % 4 === 1) out[k] = structuredClone(before[k]);
    else if (c % 4 === 2) out[k] = other[k];
    else out[k] = mix(before[k], other[k], choices, depth + 1);
    if (out[k] === undefined) delete out[k];
  }
  return out;
}

/** Paths no index ever holds: stripped metadata, apiVersion/kind, items by keys that no item renders to. */
const UNWALKED = [
  '["f:metadata","f:uid"]',
  '["f:metadata","f:resourceVersion"]',
  '["f:metadata","f:name"]',
  '["f:kind"]',
  '["f:spec","f:containers","k:{\\"name\\":\\"db\\"}"]',
  '["f:spec","f:containers","k:{\\"name\\":\\"web\\",\\"x\\":1}"]',
  '["f:spec","f:containers","k:{\\"name\\":\\"web\\"}","f:ports","k:{\\"containerPort\\":80}"]',
  '["f:metadata","f:finalizers","v:\\"x/a\\"","f:x"]',
];

describe('field comparison over the differences only', () => {
  it('gives the full comparison\'s added, modified and removed fields and the new object\'s paths', () => {
    fc.assert(
      fc.property(pod, pod, fc.array(fc.nat(11), { minLength: 1, maxLength: 12 }), fc.constantFrom(undefined, 'status'), fc.nat(9), (old, other, choices, subresource, create) => {
        // Now and then a create: from nothing.
        const before = create === 0 ? {} : old;
        const after = mix(old, other, choices);
        const got = compare(before, after, TYPE, subresource);
        const want = referenceCompare(before, after, subresource);
        expect([...got.added].sort()).toEqual([...want.added].sort());
        expect([...got.modified].sort()).toEqual([...want.modified].sort());
        expect([...got.removed].sort()).toEqual([...want.removed].sort());
        for (const key of [...want.beforePaths, ...want.afterPaths, ...UNWALKED]) {
          expect(got.present.has(key), key).toBe(want.afterPaths.has(key));
        }
        // Whole owned sets at once: every path of either object and the unwalked ones, split in two sets.
        for (const half of [0, 1]) {
          const owned = new Set([...want.beforePaths, ...UNWALKED, ...want.afterPaths].filter((_, i) => (i + choices[0]!) % 2 === half));
          expect([...got.present.absentFrom(owned)].sort()).toEqual([...owned].filter((k) => !want.afterPaths.has(k)).sort());
          // A set of paths of `before` only, with `before` known to have them all: subtrees kept are not walked,
          // same answer.
          const ofBefore = new Set(want.beforePaths.filter((_, i) => (i + choices[0]!) % 2 === half));
          expect([...got.present.absentFrom(ofBefore, before)].sort()).toEqual([...ofBefore].filter((k) => !want.afterPaths.has(k)).sort());
        }
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
