import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { fieldOwners } from './field-owners.ts';

describe('fieldOwners', () => {
  it('lists each owned field with its manager, leaves only, sorted by path', () => {
    const obj: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'web',
        managedFields: [
          {
            manager: 'kubectl',
            operation: 'Apply',
            apiVersion: 'apps/v1',
            time: '2026-01-01T00:00:00Z',
            fieldsType: 'FieldsV1',
            fieldsV1: {
              'f:metadata': { 'f:labels': { 'f:app': {} } },
              'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } },
            },
          },
          { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:replicas': {} } } },
          { manager: 'hpa', operation: 'Update', time: '2026-01-01T00:05:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
        ],
      },
    };
    expect(fieldOwners(obj)).toEqual([
      { path: 'metadata.labels.app', manager: 'kubectl', operation: 'Apply', time: '2026-01-01T00:00:00Z' },
      { path: 'spec.replicas', manager: 'hpa', operation: 'Update', time: '2026-01-01T00:05:00Z' },
      { path: 'spec.template.spec.containers[name=web].image', manager: 'kubectl', operation: 'Apply', time: '2026-01-01T00:00:00Z' },
      { path: 'spec.template.spec.containers[name=web].name', manager: 'kubectl', operation: 'Apply', time: '2026-01-01T00:00:00Z' },
      { path: 'status.replicas', manager: 'kube-controller-manager', operation: 'Update' },
    ]);
  });

  it('an object without managedFields has no owners', () => {
    expect(fieldOwners({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).toEqual([]);
  });
});
