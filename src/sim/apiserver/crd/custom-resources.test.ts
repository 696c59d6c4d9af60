import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultCustomResource, resourceInfosFromCRD, validateCRD, validateCustomResource, validateCustomResourceUpdate } from './custom-resources.ts';
import { widget, widgetCRD } from './test-crd.ts';
import { deepFreeze } from '../../engine/clone-graph.ts';
import { aggregateFieldErrors } from '../../api/field-errors.ts';
import type { KubeObject } from '../../api/object.ts';

const CRD = deepFreeze(widgetCRD());

function errorsOf(obj: KubeObject): string {
  const errs = validateCustomResource(obj, CRD);
  return errs.length ? aggregateFieldErrors(errs) : '';
}

describe('resourceInfosFromCRD', () => {
  it('gives one ResourceInfo per served version, with names, scope and subresources', () => {
    const infos = resourceInfosFromCRD(CRD);
    expect(infos.map((i) => i.version)).toEqual(['v1', 'v1beta1']);
    expect(infos[0]).toEqual({
      group: 'example.com',
      version: 'v1',
      kind: 'Widget',
      resource: 'widgets',
      singular: 'widget',
      namespaced: true,
      shortNames: ['wd'],
      status: true,
      generation: 'all-but-meta-status',
      scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
    });
    expect(infos[1]!.status).toBe(false);
    expect(infos[1]!.scale).toBeUndefined();
  });

  it('maps scope Cluster to a cluster-scoped resource and defaults singular to the lower-case kind', () => {
    const crd = widgetCRD() as { spec: { scope: string; names: Record<string, unknown> } } & KubeObject;
    crd.spec.scope = 'Cluster';
    delete crd.spec.names['singular'];
    const [info] = resourceInfosFromCRD(crd);
    expect(info!.namespaced).toBe(false);
    expect(info!.singular).toBe('widget');
  });

  it('gives nothing for a CRD without names', () => {
    expect(resourceInfosFromCRD({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'x' }, spec: 5 })).toEqual([]);
  });
});

describe('validateCRD', () => {
  it('accepts a well-formed CRD', () => {
    expect(validateCRD(CRD)).toEqual([]);
  });

  it.each<[string, (c: any) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a name that is not plural.group', (c) => (c.metadata.name = 'widget.example.com'), 'metadata.name: Invalid value: "widget.example.com": must be spec.names.plural+"."+spec.group'],
    ['a group without a dot', (c) => {
      c.spec.group = 'example';
      c.metadata.name = 'widgets.example';
    }, 'spec.group: Invalid value: "example": should be a domain with at least one dot'],
    ['a missing kind', (c) => delete c.spec.names.kind, 'spec.names.kind: Required value'],
    ['an unknown scope', (c) => (c.spec.scope = 'Global'), 'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"'],
    ['a non-object root schema', (c) => (c.spec.versions[1].schema.openAPIV3Schema = { type: 'string' }), 'spec.versions[1].schema.openAPIV3Schema.type: Invalid value: "string": must be object at the root'],
    [
      'a property without a type',
      (c) => (c.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.size = { enum: ['S'] }),
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].type: Required value: must not be empty for specified object fields',
    ],
    [
      'a scale subresource pointing outside spec',
      (c) => (c.spec.versions[0].subresources.scale.specReplicasPath = '.replicas'),
      'spec.versions[0].subresources.scale.specReplicasPath: Invalid value: ".replicas": should be a json path under .spec',
    ],
    ['a version without a schema', (c) => delete c.spec.versions[2].schema, 'spec.versions[2].schema.openAPIV3Schema: Required value: schemas are required'],
  ])('rejects %s', (_what, edit, message) => {
    const crd = widgetCRD();
    edit(crd);
    expect(aggregateFieldErrors(validateCRD(crd))).toBe(message);
  });

  it('rejects a default that does not satisfy its own schema', () => {
    const crd = widgetCRD() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, Record<string, unknown>> } } } } }> } } & KubeObject;
    crd.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties['replicas']!['default'] = 'one';
    crd.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties['config']!['default'] = { mode: 3 };
    expect(validateCRD(crd).map((e) => `${e.field}: ${e.body}`)).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: "string": default in body must be of type integer: "string"',
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[config].default.mode: Invalid value: "integer": mode in body must be of type string: "integer"',
    ]);
  });

  it('requires exactly one storage version', () => {
    const crd = widgetCRD() as { spec: { versions: Array<Record<string, unknown>> } } & KubeObject;
    crd.spec.versions[1]!['storage'] = true;
    const errs = validateCRD(crd);
    expect(errs.map((e) => e.field)).toEqual(['spec.versions']);
    expect(errs[0]!.body).toMatch(/: must have exactly one version marked as storage version$/);
  });
});

describe('defaultCustomResource', () => {
  it('applies schema defaults, including nested defaults inside a defaulted object', () => {
    const w = widget({ size: 'M' });
    defaultCustomResource(w, CRD);
    expect(w.spec).toEqual({ size: 'M', replicas: 1, color: 'blue', config: { mode: 'fast' } });
  });

  it('keeps values that are set', () => {
    const w = widget({ size: 'M', replicas: 3, color: 'red' });
    defaultCustomResource(w, CRD);
    expect(w.spec).toMatchObject({ replicas: 3, color: 'red' });
  });

  it('prunes unknown fields but keeps them under x-kubernetes-preserve-unknown-fields and additionalProperties', () => {
    const w = widget({ size: 'M', junk: true, extra: { anything: { deep: 1 } }, labels: { a: 'b' }, tags: [{ name: 'x', bogus: 1 }] }, { topLevelJunk: 1 });
    defaultCustomResource(w, CRD);
    expect(w).not.toHaveProperty('topLevelJunk');
    expect(w.spec).not.toHaveProperty('junk');
    expect(w.spec).toMatchObject({ extra: { anything: { deep: 1 } }, labels: { a: 'b' }, tags: [{ name: 'x' }] });
    expect(w.metadata).toEqual({ name: 'w1', namespace: 'default' });
    expect(w.apiVersion).toBe('example.com/v1');
  });

  it('does nothing for a version the CRD does not have', () => {
    const w = { ...widget({ size: 'M', junk: 1 }), apiVersion: 'example.com/v9' };
    defaultCustomResource(w, CRD);
    expect(w.spec).toEqual({ size: 'M', junk: 1 });
  });
});

describe('validateCustomResource', () => {
  it('accepts a valid widget', () => {
    expect(errorsOf(widget({ size: 'M', replicas: 2, port: 'http', tags: [{ name: 'a' }] }))).toBe('');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a type error', { size: 'M', replicas: 'three' }, 'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"'],
    ['a missing required field', { replicas: 2 }, 'spec.size: Required value'],
    ['a value outside the enum', { size: 'XL' }, 'spec.size: Unsupported value: "XL": supported values: "S", "M", "L"'],
    ['a value below the minimum', { size: 'M', replicas: 0 }, 'spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1'],
    ['a value above the maximum', { size: 'M', replicas: 11 }, 'spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10'],
    ['a string too long', { size: 'M', color: 'ultraviolet' }, 'spec.color: Too long: may not be more than 10 bytes'],
    ['too many items', { size: 'M', tags: [{}, {}, {}] }, 'spec.tags: Too many: 3: must have at most 2 items'],
    ['a pattern mismatch in an array item', { size: 'M', tags: [{ name: 'A1' }] }, "spec.tags[0].name: Invalid value: \"A1\": spec.tags[0].name in body should match '^[a-z]+$'"],
  ])('reports %s with upstream wording', (_what, spec, message) => {
    expect(errorsOf(widget(spec))).toBe(message);
  });

  it('validates metadata like any object and the namespace per the scope', () => {
    expect(errorsOf({ ...widget({ size: 'M' }), metadata: { name: 'W', namespace: 'default' } })).toMatch(/^metadata\.name: Invalid value: "W": a lowercase RFC 1123 subdomain/);
    expect(errorsOf({ ...widget({ size: 'M' }), metadata: { name: 'w' } })).toBe('metadata.namespace: Required value');
  });

  it('compiles once per CRD object and version: a new CRD revision gets its own validator', () => {
    const strict = widgetCRD() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: { replicas: { minimum: number } } } } } } }> } } & KubeObject;
    strict.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties.replicas.minimum = 5;
    const frozen = deepFreeze(strict);
    expect(validateCustomResource(widget({ size: 'M', replicas: 3 }), CRD)).toEqual([]);
    expect(validateCustomResource(widget({ size: 'M', replicas: 3 }), frozen).map((e) => e.field)).toEqual(['spec.replicas']);
  });

  it('accepts nullable fields, including a nullable node without a type', () => {
    const crd = widgetCRD() as { spec: { versions: Array<{ schema: { openAPIV3Schema: { properties: { spec: { properties: Record<string, unknown> } } } } }> } } & KubeObject;
    const props = crd.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties;
    props['note'] = { type: 'string', nullable: true };
    props['anything'] = { nullable: true, 'x-kubernetes-preserve-unknown-fields': true };
    const frozen = deepFreeze(crd);
    expect(validateCustomResource(widget({ size: 'M', note: null, anything: null }), frozen)).toEqual([]);
    // kube-openapi runs the type and the common (enum) validators on a null, so both complain.
    expect(validateCustomResource(widget({ size: null }), frozen).map((e) => e.body)).toEqual([
      'Invalid value: "null": spec.size in body must be of type string: "null"',
      'Unsupported value: null: supported values: "S", "M", "L"',
    ]);
  });

  it('keeps metadata.name and uid immutable on update', () => {
    const old = { ...widget({ size: 'M' }), metadata: { name: 'w1', namespace: 'default', uid: 'u1' } };
    const next = { ...widget({ size: 'L' }), metadata: { name: 'w1', namespace: 'default', uid: 'u2' } };
    expect(validateCustomResourceUpdate(old, old, CRD)).toEqual([]);
    expect(validateCustomResourceUpdate(next, old, CRD).map((e) => `${e.field}: ${e.body}`)).toEqual(['metadata.uid: Invalid value: "u2": field is immutable']);
  });

  it('never throws on random bodies', () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(value, fc.constantFrom('spec', 'metadata', 'status', 'apiVersion'), (v, k) => {
        const w = widget({ size: 'M' }) as Record<string, unknown>;
        w[k] = v;
        defaultCustomResource(w as KubeObject, CRD);
        expect(Array.isArray(validateCustomResource(w as KubeObject, CRD))).toBe(true);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});
