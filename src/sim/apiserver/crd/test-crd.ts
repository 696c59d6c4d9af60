/** A CRD fixture for the crd tests: widgets.example.com, v1 served+storage, v1beta1 served only. */
import type { KubeObject } from '../../api/object.ts';

export function widgetCRD(): KubeObject {
  const schema = (): Record<string, unknown> => ({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['size'],
        properties: {
          replicas: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
          size: { type: 'string', enum: ['S', 'M', 'L'] },
          color: { type: 'string', default: 'blue', maxLength: 10 },
          port: { 'x-kubernetes-int-or-string': true },
          tags: { type: 'array', maxItems: 2, items: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z]+$' } } } },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          config: { type: 'object', properties: { mode: { type: 'string', default: 'fast' } }, default: {} },
        },
      },
      status: { type: 'object', properties: { replicas: { type: 'integer' } } },
    },
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: schema() },
          subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        },
        { name: 'v1beta1', served: true, storage: false, schema: { openAPIV3Schema: schema() } },
        { name: 'v1alpha1', served: false, storage: false, schema: { openAPIV3Schema: schema() } },
      ],
    },
  };
}

export function widget(spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w1', namespace: 'default' }, spec, ...extra };
}
