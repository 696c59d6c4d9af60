import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  customResourceDefinitionName,
  openAPIV3ToJsonSchema,
  withCustomResources,
  type CustomResourceSchema,
  type KubernetesSchema,
} from './kubernetes-schema.ts';

const base: KubernetesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    apiVersion: { type: 'string', enum: ['v1'] },
    kind: { type: 'string', enum: ['ConfigMap'] },
  },
  required: ['apiVersion', 'kind'],
  allOf: [{ if: { properties: { kind: { const: 'ConfigMap' } }, required: ['kind'] }, then: { $ref: '#/definitions/v1_ConfigMap' } }],
  definitions: {
    ObjectMeta: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false },
    v1_ConfigMap: {
      type: 'object',
      properties: { apiVersion: { const: 'v1' }, kind: { const: 'ConfigMap' }, metadata: { $ref: '#/definitions/ObjectMeta' }, data: { type: 'object' } },
      additionalProperties: false,
    },
  },
};

const widget: CustomResourceSchema = {
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  openAPIV3Schema: {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          size: { type: 'integer' },
          port: { 'x-kubernetes-int-or-string': true },
          note: { type: 'string', nullable: true },
          extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        },
        required: ['size'],
      },
    },
  },
};

function validator(schema: KubernetesSchema) {
  return new Ajv({ strict: false, allErrors: true }).compile(schema);
}

describe('openAPIV3ToJsonSchema', () => {
  it('reads int-or-string, nullable and preserve-unknown-fields as the api-server does', () => {
    const root = openAPIV3ToJsonSchema(widget.openAPIV3Schema) as { properties: Record<string, Record<string, unknown>> };
    const spec = root.properties;
    const props = (spec['spec'] as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props['port']).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(props['note']!['type']).toEqual(['string', 'null']);
    expect(props['extra']!['additionalProperties']).toBeUndefined();
    expect(spec['spec']!['additionalProperties']).toBe(false);
  });
});

describe('withCustomResources', () => {
  it('returns the base schema untouched when there are no custom resources', () => {
    expect(withCustomResources(base, [])).toBe(base);
  });

  it('validates a custom resource against its CRD schema, selected by kind and apiVersion', () => {
    const validate = validator(withCustomResources(base, [widget]));
    const ok = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { size: 2, port: 'http', note: null, extra: { any: 1 } } };
    expect(validate(ok)).toBe(true);
    expect(validate({ ...ok, spec: { size: 'big' } })).toBe(false);
    expect(validate({ ...ok, spec: { port: 80 } })).toBe(false);
    expect(validate({ ...ok, spec: { size: 1, unknown: true } })).toBe(false);
    expect(validate({ ...ok, metadata: { nam: 'typo' } })).toBe(false);
  });

  it('offers the custom kind and apiVersion in the root enums, and leaves built-ins as they were', () => {
    const schema = withCustomResources(base, [widget]);
    expect(schema.properties.kind.enum).toEqual(['ConfigMap', 'Widget']);
    expect(schema.properties.apiVersion.enum).toEqual(['v1', 'example.com/v1']);
    expect(schema.definitions[customResourceDefinitionName('example.com', 'v1', 'Widget')]).toBeDefined();
    expect(base.properties.kind.enum).toEqual(['ConfigMap']);
    expect(validator(schema)({ apiVersion: 'v1', kind: 'ConfigMap', data: {} })).toBe(true);
  });

  it('tells two served versions of one kind apart', () => {
    const v2: CustomResourceSchema = { ...widget, version: 'v2', openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'string' } } } } } };
    const validate = validator(withCustomResources(base, [widget, v2]));
    expect(validate({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { size: 1 } })).toBe(true);
    expect(validate({ apiVersion: 'example.com/v2', kind: 'Widget', spec: { size: 'L' } })).toBe(true);
    expect(validate({ apiVersion: 'example.com/v2', kind: 'Widget', spec: { size: 1 } })).toBe(false);
  });
});
