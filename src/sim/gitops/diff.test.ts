import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { compareObject, formatDiff, ignoreApplies, withoutPointers } from './diff.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- editing API objects by path in fixtures
type Obj = Record<string, any>;

const desired = (): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: 1 } } }] } },
  },
});

/** The live object: defaulted by the api-server, with status and managedFields. */
function live(patch: (o: Obj) => void = () => {}, managedFields: KubeObject['metadata']['managedFields'] = []): KubeObject {
  const o = desired() as Obj;
  o.metadata = { ...o.metadata, uid: 'u1', resourceVersion: '9', generation: 2, creationTimestamp: '2026-01-01T00:00:00Z', managedFields };
  o.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } };
  o.spec.revisionHistoryLimit = 10;
  o.spec.template.spec.containers[0].imagePullPolicy = 'IfNotPresent';
  o.spec.template.spec.containers[0].resources.requests.cpu = '1';
  o.spec.template.spec.restartPolicy = 'Always';
  o.status = { replicas: 3 };
  patch(o);
  return o as KubeObject;
}

const owns = (manager: string, operation: 'Apply' | 'Update', fields: object, subresource?: string) => ({
  manager,
  operation,
  apiVersion: 'apps/v1',
  fieldsType: 'FieldsV1',
  fieldsV1: fields,
  ...(subresource ? { subresource } : {}),
});

describe('Argo CD diff of desired and live', () => {
  it('fields the api-server defaulted, status and server metadata are not differences', () => {
    expect(compareObject(desired(), live())).toEqual([]);
  });

  it('a changed field is reported with its managedFields path and JSON pointer', () => {
    const diffs = compareObject(desired(), live((o) => (o.spec.replicas = 6)));
    expect(diffs).toEqual([{ path: 'spec.replicas', pointer: '/spec/replicas', change: 'changed', desired: 3, live: 6 }]);
    expect(formatDiff(diffs)).toEqual(['spec.replicas: git 3, live 6']);
  });

  it('containers are matched by name', () => {
    const diffs = compareObject(desired(), live((o) => (o.spec.template.spec.containers[0].image = 'nginx:1.28')));
    expect(diffs.map((d) => [d.path, d.pointer])).toEqual([['spec.template.spec.containers[name=web].image', '/spec/template/spec/containers/0/image']]);
  });

  it('ignoreDifferences by jsonPointers hides the field for matching resources only', () => {
    const l = live((o) => (o.spec.replicas = 6));
    expect(compareObject(desired(), l, [{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }])).toEqual([]);
    expect(compareObject(desired(), l, [{ group: 'apps', kind: 'StatefulSet', jsonPointers: ['/spec/replicas'] }])).toHaveLength(1);
    expect(compareObject(desired(), l, [{ group: 'apps', kind: 'Deployment', name: 'other', jsonPointers: ['/spec/replicas'] }])).toHaveLength(1);
  });

  it('ignoreDifferences by managedFieldsManagers hides fields that manager owns', () => {
    const l = live((o) => (o.spec.replicas = 6), [owns('kube-controller-manager', 'Update', { 'f:spec': { 'f:replicas': {} } }, 'scale')]);
    expect(compareObject(desired(), l, [{ group: 'apps', kind: 'Deployment', managedFieldsManagers: ['kube-controller-manager'] }])).toEqual([]);
    expect(compareObject(desired(), l, [{ group: 'apps', kind: 'Deployment', managedFieldsManagers: ['kubectl'] }])).toHaveLength(1);
  });

  it('a field Argo CD applied before and Git no longer has is a removal', () => {
    const d = desired() as Obj;
    delete d.spec.replicas;
    const l = live(() => {}, [owns('argocd-controller', 'Apply', { 'f:spec': { 'f:replicas': {} } })]);
    expect(formatDiff(compareObject(d as KubeObject, l))).toEqual(['spec.replicas: git (none), live 3']);
    // Owned by the HPA instead: not Argo CD's business.
    const l2 = live(() => {}, [owns('kube-controller-manager', 'Update', { 'f:spec': { 'f:replicas': {} } }, 'scale')]);
    expect(compareObject(d as KubeObject, l2)).toEqual([]);
  });

  it('an ignoreDifferences rule applies by group, kind, name and namespace', () => {
    const obj = desired();
    expect(ignoreApplies({ kind: 'Deployment' }, obj)).toBe(true);
    expect(ignoreApplies({ group: '', kind: 'Deployment' }, obj)).toBe(false);
    expect(ignoreApplies({ group: 'apps', kind: 'Deployment', namespace: 'prod' }, obj)).toBe(false);
  });

  it('RespectIgnoreDifferences leaves ignored pointers out of the applied manifest', () => {
    const out = withoutPointers(desired(), ['/spec/replicas', '/metadata/labels/app']) as Obj;
    expect(out.spec.replicas).toBeUndefined();
    expect(out.metadata.labels).toEqual({});
    expect((desired().spec as Record<string, unknown>).replicas).toBe(3);
  });
});
