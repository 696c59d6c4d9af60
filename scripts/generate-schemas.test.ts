import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../src/sim/api/resources.ts';
import {
  scopeClashingDefinitions,
  builtinKindSources,
  generateKubernetesSchema,
  kindBranch,
  kubernetesTypesModule,
  mergeDefinitions,
  type KubernetesSchema,
} from './generate-schemas.ts';

const typesDir = resolve(import.meta.dirname, '../node_modules/kubernetes-types');

describe('kind sources', () => {
  it('finds each group in the kubernetes-types folder named for its first label', () => {
    expect(kubernetesTypesModule('', 'v1')).toBe('core/v1');
    expect(kubernetesTypesModule('apps', 'v1')).toBe('apps/v1');
    expect(kubernetesTypesModule('discovery.k8s.io', 'v1')).toBe('discovery/v1');
    expect(kubernetesTypesModule('autoscaling', 'v2')).toBe('autoscaling/v2');
  });

  it('covers every kind the simulated api-server serves', () => {
    const kinds = builtinKindSources().map((k) => `${k.apiVersion} ${k.kind}`);
    expect(kinds).toContain('apps/v1 Deployment');
    expect(kinds).toContain('autoscaling/v2 HorizontalPodAutoscaler');
    expect(kinds).toContain('apiextensions.k8s.io/v1 CustomResourceDefinition');
    expect(kinds).toContain('admissionregistration.k8s.io/v1 MutatingWebhookConfiguration');
    expect(kinds).toHaveLength(BUILTIN_RESOURCES.length);
  });
});

describe('mergeDefinitions', () => {
  it('keeps one copy of a definition two kinds share', () => {
    const into = { ObjectMeta: { type: 'object' } };
    mergeDefinitions(into, { ObjectMeta: { type: 'object' }, PodSpec: { type: 'object' } });
    expect(Object.keys(into).sort()).toEqual(['ObjectMeta', 'PodSpec']);
  });

  it('refuses two different definitions under one name', () => {
    expect(() => mergeDefinitions({ Foo: { type: 'string' } }, { Foo: { type: 'number' } })).toThrow(/"Foo"/);
  });
});

describe('kindBranch', () => {
  it('keys built-in kinds on the kind alone and custom resources on kind and apiVersion', () => {
    expect(kindBranch('Pod', '#/definitions/v1_Pod')).toEqual({
      if: { properties: { kind: { const: 'Pod' } }, required: ['kind'] },
      then: { $ref: '#/definitions/v1_Pod' },
    });
    expect(kindBranch('Widget', '#/x', 'example.com/v1')['if']).toEqual({
      properties: { kind: { const: 'Widget' }, apiVersion: { const: 'example.com/v1' } },
      required: ['kind', 'apiVersion'],
    });
  });
});

describe('the generated schema', () => {
  let schema: KubernetesSchema;
  let validate: (doc: unknown) => boolean;
  beforeAll(() => {
    schema = generateKubernetesSchema(builtinKindSources(), typesDir);
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    validate = ajv.compile(schema);
  }, 60_000);

  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: 1, memory: '64Mi' } } }] },
      },
    },
  };

  it('accepts a valid Deployment, with a numeric CPU quantity as the api-server does', () => {
    expect(validate(deployment)).toBe(true);
  });

  it('rejects a field of the wrong type, through the kind selected by `kind`', () => {
    expect(validate({ ...deployment, spec: { ...deployment.spec, replicas: 'three' } })).toBe(false);
  });

  it('rejects an unknown field and a wrong apiVersion for the kind', () => {
    expect(validate({ ...deployment, spec: { ...deployment.spec, replica: 3 } })).toBe(false);
    expect(validate({ ...deployment, apiVersion: 'v1' })).toBe(false);
  });

  it('rejects a kind the simulation does not serve', () => {
    expect(validate({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'x' } })).toBe(false);
  });

  it('selects the right kind for every served kind', () => {
    for (const { apiVersion, kind } of schema['x-loopscope-kinds']) {
      expect(validate({ apiVersion, kind, metadata: { name: 'x' }, bogusField: 1 }), kind).toBe(false);
    }
    expect(validate({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' } })).toBe(true);
    expect(validate({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'b' } })).toBe(true);
  });

  it('carries the upstream field descriptions for hover', () => {
    const spec = schema.definitions['DeploymentSpec'] as { properties: Record<string, { description?: string }> };
    expect(spec.properties['replicas']!.description).toMatch(/Number of desired pods/);
    expect((schema.definitions['apps_v1_Deployment'] as { description?: string }).description).toMatch(/declarative updates/);
  });

  it('stores shared definitions once and stays small', () => {
    expect(Object.keys(schema.definitions).filter((n) => n === 'ObjectMeta')).toHaveLength(1);
    expect(JSON.stringify(schema).length).toBeLessThan(600_000);
  });
});

describe('scopeClashingDefinitions', () => {
  it('renames a definition that differs from one already kept, and the references to it, transitively', () => {
    const into = { ServiceReference: { properties: { name: { type: 'string' } } }, WebhookClientConfig: { properties: { service: { $ref: '#/definitions/ServiceReference' } } } };
    const defs = {
      ServiceReference: { properties: { name: { type: 'string' }, port: { type: 'number' } } },
      WebhookClientConfig: { properties: { service: { $ref: '#/definitions/ServiceReference' } } },
      Other: { type: 'string' },
    };
    const root = { properties: { webhooks: { items: { $ref: '#/definitions/WebhookClientConfig' } } } };
    const r = scopeClashingDefinitions(into, defs, root, 'admissionregistration_v1');
    expect(Object.keys(r.defs).sort()).toEqual(['Other', 'admissionregistration_v1_ServiceReference', 'admissionregistration_v1_WebhookClientConfig']);
    expect(r.defs['admissionregistration_v1_WebhookClientConfig']).toEqual({ properties: { service: { $ref: '#/definitions/admissionregistration_v1_ServiceReference' } } });
    expect(r.root).toEqual({ properties: { webhooks: { items: { $ref: '#/definitions/admissionregistration_v1_WebhookClientConfig' } } } });
  });

  it('leaves identical shared definitions alone', () => {
    const r = scopeClashingDefinitions({ A: { type: 'string' } }, { A: { type: 'string' } }, { $ref: '#/definitions/A' }, 's');
    expect(r.defs).toEqual({ A: { type: 'string' } });
  });
});
