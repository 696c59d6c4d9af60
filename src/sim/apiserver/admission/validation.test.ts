import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDefaults } from './defaults.ts';
import { validateCreate, validateUpdate } from './validation.ts';
import { FIXTURES, createErrors, defaulted, infoOf } from './test-fixtures.ts';
import { BUILTIN_RESOURCES } from '../../api/resources.ts';
import type { KubeObject } from '../../api/object.ts';

const KINDS = Object.keys(FIXTURES);

describe('validateCreate', () => {
  it.each(KINDS)('accepts the minimal defaulted %s', (kind) => {
    expect(createErrors(kind)).toBe('');
  });

  it.each(KINDS)('rejects a %s with an invalid name, with the DNS message and path', (kind) => {
    const text = createErrors(kind, (o) => (o.metadata.name = 'Bad_Name'));
    expect(text).toContain('metadata.name: Invalid value: "Bad_Name": ');
  });

  it('requires a namespace for namespaced kinds and forbids one on cluster-scoped kinds', () => {
    expect(createErrors('Pod', (o) => delete o.metadata.namespace)).toBe('metadata.namespace: Required value');
    expect(createErrors('Node', (o) => (o.metadata.namespace = 'default'))).toBe('metadata.namespace: Forbidden: not allowed on this type');
  });

  it('reports a body that is not an object instead of throwing', () => {
    expect(validateCreate('nope' as unknown as KubeObject, infoOf('Pod'))[0]?.field).toBe('');
    expect(validateCreate({ apiVersion: 'v1', kind: 'Pod', metadata: 7 } as unknown as KubeObject, infoOf('Pod'))[0]?.field).toBe('metadata');
  });
});

describe('validateUpdate', () => {
  it('keeps metadata.name, namespace and uid immutable', () => {
    const old = defaulted('ConfigMap', (o) => (o.metadata.uid = 'u1'));
    const next = defaulted('ConfigMap', (o) => {
      o.metadata.uid = 'u2';
      o.metadata.name = 'other';
    });
    const fields = validateUpdate(next, old, infoOf('ConfigMap')).map((e) => `${e.field}: ${e.body}`);
    expect(fields).toEqual(['metadata.name: Invalid value: "other": field is immutable', 'metadata.uid: Invalid value: "u2": field is immutable']);
  });

  it('accepts an unchanged object of every kind', () => {
    for (const kind of KINDS) expect(validateUpdate(defaulted(kind), defaulted(kind), infoOf(kind))).toEqual([]);
  });
});

/** JSON-ish values, including the wrong shapes a user can type into an editor. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 70000 }),
    fc.double({ noNaN: false }),
    fc.constantFrom('', 'a', '25%', '-1', 'Always', 'RollingUpdate', 'x/y', '1Gi', '100m', '*/5 * * * *'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('spec', 'metadata', 'name', 'containers', 'template', 'replicas', 'selector', 'ports', 'matchLabels', 'labels', 'strategy', 'rollingUpdate', 'image', 'tolerations', 'behavior', 'data', 'schedule', 'jobTemplate', 'resources', 'limits', 'requests'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Replaces the value at a random path of a valid fixture with a random JSON-ish value. */
function mutate(obj: unknown, path: string[], value: unknown): void {
  let cur = obj as Record<string, unknown>;
  for (const [i, seg] of path.entries()) {
    if (i === path.length - 1) {
      cur[seg] = value;
      return;
    }
    const next = cur[seg];
    if (typeof next !== 'object' || next === null) {
      cur[seg] = value;
      return;
    }
    cur = next as Record<string, unknown>;
  }
}

describe('bad input never throws', () => {
  it('applyDefaults + validateCreate + validateUpdate survive random values anywhere in every kind', () => {
    const infos = BUILTIN_RESOURCES.filter((r) => FIXTURES[r.kind]);
    fc.assert(
      fc.property(
        fc.constantFrom(...infos),
        fc.array(fc.constantFrom('spec', 'metadata', 'template', 'containers', '0', 'selector', 'strategy', 'ports', 'labels', 'status', 'jobTemplate', 'behavior', 'name', 'replicas', 'data', 'endpoints'), { minLength: 1, maxLength: 5 }),
        jsonish,
        (info, path, value) => {
          const obj = FIXTURES[info.kind]!();
          mutate(obj, path, value);
          const old = structuredClone(obj);
          applyDefaults(obj, info);
          const errs = validateCreate(obj, info);
          validateUpdate(obj, old, info);
          expect(Array.isArray(errs)).toBe(true);
          expect(errs.every((e) => e.type !== 'InternalError')).toBe(true);
        },
      ),
      { seed: 20261122, numRuns: 2000 },
    );
  });

  it('survives a completely random body for every kind', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BUILTIN_RESOURCES), jsonish, (info, body) => {
        const obj = body as KubeObject;
        applyDefaults(obj, info);
        const errs = validateCreate(obj, info);
        expect(errs.every((e) => e.type !== 'InternalError')).toBe(true);
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
});
