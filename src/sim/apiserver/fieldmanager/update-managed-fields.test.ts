import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { updateManagedFields } from './field-manager.ts';
import { apply, applyOk, deployment, managers, T0, T1, T2 } from './test-fixtures.ts';

describe('updateManagedFields', () => {
  const base = (): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'u', resourceVersion: '1', labels: { app: 'web' } },
    spec: { replicas: 1, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } }, template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });

  it('a create owns every field it set, in upstream\'s FieldsV1 format', () => {
    expect(updateManagedFields(undefined, base(), { manager: 'kubectl-create', operation: 'Update', time: T0 })).toEqual([
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: T0,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {} }, 'f:type': {} },
            'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
          },
        },
      },
    ]);
  });

  it('the writer gains the fields it changed; others lose them; empty entries disappear', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const scaled = structuredClone(created) as KubeObject & { spec: { replicas: number } };
    scaled.spec.replicas = 4;
    const fields = updateManagedFields(created, scaled, { manager: 'scaler', operation: 'Update', time: T1 });
    expect(fields.map((e) => e.manager)).toEqual(['creator', 'scaler']);
    expect(fields[1]!.fieldsV1).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(JSON.stringify(fields[0]!.fieldsV1)).not.toContain('f:replicas');

    // A manager whose only field is taken over disappears.
    scaled.metadata.managedFields = fields;
    const again = structuredClone(scaled);
    (again.spec as { replicas: number }).replicas = 6;
    expect(updateManagedFields(scaled, again, { manager: 'other', operation: 'Update', time: T2 }).map((e) => e.manager)).toEqual(['creator', 'other']);
  });

  it('a write that changes nothing keeps the entries and their times', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    expect(updateManagedFields(created, structuredClone(created), { manager: 'creator', operation: 'Update', time: T2 })).toEqual(created.metadata.managedFields);
  });

  it('removing a field removes it from every manager', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const next = structuredClone(created);
    delete next.metadata.labels;
    const fields = updateManagedFields(created, next, { manager: 'editor', operation: 'Update', time: T1 });
    expect(fields.map((e) => e.manager)).toEqual(['creator']);
    expect(JSON.stringify(fields[0]!.fieldsV1)).not.toContain('labels');
  });

  it('a status write records its subresource and owns only status', () => {
    const created = base();
    created.metadata.managedFields = updateManagedFields(undefined, created, { manager: 'creator', operation: 'Update', time: T0 });
    const next = { ...structuredClone(created), status: { replicas: 1 } };
    (next.spec as { replicas: number }).replicas = 50;
    expect(updateManagedFields(created, next, { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: T1 })).toEqual([
      created.metadata.managedFields[0],
      { manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'apps/v1', time: T1, fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:replicas': {} } }, subresource: 'status' },
    ]);
  });
});

describe('field manager limits and validation', () => {
  it('more than 10 Update managers: the oldest are merged into "ancient-changes"', () => {
    let live: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} };
    for (let i = 0; i < 12; i++) {
      const next = structuredClone(live) as KubeObject & { data: Record<string, string> };
      next.data[`k${i}`] = 'v';
      next.metadata.managedFields = updateManagedFields(live, next, { manager: `m${String(i).padStart(2, '0')}`, operation: 'Update', time: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z` });
      live = next;
    }
    const entries = live.metadata.managedFields!;
    expect(entries).toHaveLength(10);
    const bucket = entries.find((e) => e.manager === 'ancient-changes')!;
    expect(bucket.fieldsV1).toEqual({ 'f:data': { 'f:k0': {}, 'f:k1': {}, 'f:k2': {} } });
    expect(bucket.time).toBe('2026-01-01T00:00:02Z');
    expect(entries.map((e) => e.manager)).not.toContain('m00');
  });

  it('an applied configuration with managedFields, or of another version, is a 400', () => {
    const withFields = deployment({ replicas: 1 });
    withFields.metadata.managedFields = [];
    const r = apply(undefined, withFields, 'kubectl');
    expect(!r.ok && r.status).toMatchObject({ code: 400, message: 'metadata.managedFields must be nil' });
    const wrong = { ...deployment({ replicas: 1 }), apiVersion: 'apps/v1beta1' };
    const r2 = apply(undefined, wrong, 'kubectl');
    expect(!r2.ok && r2.status.message).toBe('Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1');
  });
});

describe('objects that track no fields', () => {
  const untracked = (): KubeObject => ({ ...deployment({ replicas: 1, labels: { app: 'web' } }), metadata: { name: 'web', namespace: 'default', uid: 'u1', labels: { app: 'web' } } });

  it('the first apply records the existing fields as "before-first-apply" and can conflict with them', () => {
    const r = apply(untracked(), { replicas: 3 }, 'kubectl', T1);
    expect(!r.ok && r.status.message).toBe('Apply failed with 1 conflict: conflict with "before-first-apply" using apps/v1: .spec.replicas');
    const same = applyOk(untracked(), { replicas: 1 }, 'kubectl', T1);
    expect(managers(same)).toEqual(['kubectl/Apply', 'before-first-apply/Update']);
  });

  it('an update of an existing object without managedFields does not start tracking', () => {
    const next = untracked();
    (next.spec as { replicas: number }).replicas = 2;
    expect(updateManagedFields(untracked(), next, { manager: 'kubectl-edit', operation: 'Update', time: T1 })).toEqual([]);
  });

  it('an update that sends no managedFields keeps the live ones; a status write always uses the live ones', () => {
    const live = applyOk(undefined, { replicas: 1 }, 'kubectl');
    const next = structuredClone(live);
    delete next.metadata.managedFields;
    (next.metadata as { labels?: Record<string, string> }).labels = { a: 'b' };
    expect(updateManagedFields(live, next, { manager: 'ed', operation: 'Update', time: T1 }).map((e) => e.manager)).toEqual(['kubectl', 'ed']);
  });
});
