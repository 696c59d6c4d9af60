/**
 * StatefulSet and PersistentVolumeClaim defaults and validation, after kubernetes `pkg/apis/apps/v1/defaults_test.go`
 * (TestSetDefaultStatefulSet*), `pkg/apis/apps/validation/validation_test.go` (TestValidateStatefulSet's error
 * cases, TestValidateStatefulSetUpdate) and `pkg/apis/core/validation` (PVC access modes and storage).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are poked at freely by the tests */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../../api/resources.ts';
import { applyDefaults } from '../defaults.ts';
import { validateCreate, validateUpdate } from '../validation.ts';

function info(kind: string): ResourceInfo {
  return BUILTIN_RESOURCES.find((r) => r.kind === kind)!;
}

function sts(edit?: (o: any) => void): KubeObject {
  const o: any = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  };
  applyDefaults(o, info('StatefulSet'));
  edit?.(o);
  return o;
}

function errors(o: KubeObject, old?: KubeObject): string[] {
  const errs = old ? validateUpdate(o, old, info(o.kind)) : validateCreate(o, info(o.kind));
  return errs.map((e) => `${e.field}: ${e.body}`);
}

describe('StatefulSet defaults (SetDefaults_StatefulSet, 1.32 gates)', () => {
  it('OrderedReady, RollingUpdate partition 0, Retain/Retain, 1 replica, 10 revisions; claim templates Filesystem and Pending', () => {
    const o = sts() as any;
    expect(o.spec).toMatchObject({
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      replicas: 1,
      revisionHistoryLimit: 10,
    });
    expect(o.spec.updateStrategy.rollingUpdate.maxUnavailable).toBeUndefined();
    expect(o.spec.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' });
    expect(o.spec.volumeClaimTemplates[0]).toMatchObject({ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  });

  it('OnDelete gets no rollingUpdate; a given partition and policy are kept', () => {
    const o: any = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'a' }, spec: { updateStrategy: { type: 'OnDelete' }, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete' } } };
    applyDefaults(o, info('StatefulSet'));
    expect(o.spec.updateStrategy).toEqual({ type: 'OnDelete' });
    expect(o.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenScaled: 'Delete', whenDeleted: 'Retain' });
  });
});

describe('StatefulSet validation (ValidateStatefulSet)', () => {
  it('accepts the defaulted set', () => {
    expect(errors(sts())).toEqual([]);
  });

  it('refuses what upstream refuses, with its texts', () => {
    expect(errors(sts((o) => (o.spec.podManagementPolicy = 'Burst')))).toEqual(["spec.podManagementPolicy: Invalid value: \"Burst\": must be 'OrderedReady' or 'Parallel'"]);
    expect(errors(sts((o) => (o.spec.replicas = -1)))).toEqual(['spec.replicas: Invalid value: -1: must be greater than or equal to 0']);
    expect(errors(sts((o) => (o.spec.updateStrategy.rollingUpdate.partition = -1)))).toEqual(['spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0']);
    expect(errors(sts((o) => (o.spec.updateStrategy = { type: 'OnDelete', rollingUpdate: { partition: 1 } })))).toEqual([
      "spec.updateStrategy.rollingUpdate: Invalid value: &apps.RollingUpdateStatefulSetStrategy{Partition:1, MaxUnavailable:<nil>}: only allowed for updateStrategy 'RollingUpdate'",
    ]);
    expect(errors(sts((o) => (o.spec.template.metadata.labels = { app: 'other' })))).toEqual(['spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`']);
    expect(errors(sts((o) => (o.spec.selector = {})))).toEqual([
      'spec.selector: Invalid value: &v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset',
    ]);
    expect(errors(sts((o) => (o.spec.template.spec.restartPolicy = 'Never')))).toEqual(['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']);
    expect(errors(sts((o) => (o.spec.template.spec.activeDeadlineSeconds = 5)))).toEqual(['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported']);
    expect(errors(sts((o) => (o.spec.persistentVolumeClaimRetentionPolicy.whenScaled = 'Keep')))).toEqual([
      'spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "Keep": supported values: "Retain", "Delete"',
    ]);
    expect(errors(sts((o) => (o.metadata.name = 'web.v1')))).toEqual([expect.stringMatching(/^metadata\.name: Invalid value: "web\.v1": a lowercase RFC 1123 label must consist of/)]);
  });

  it('a wrong JSON type is a clear error, never a throw', () => {
    expect(errors(sts((o) => (o.spec.replicas = 'three')))).toEqual(['spec.replicas: Invalid value: "three": spec.replicas in body must be of type integer: "string"']);
    expect(errors(sts((o) => (o.spec.updateStrategy = 'RollingUpdate')))[0]).toMatch(/^spec\.updateStrategy: Invalid value: "RollingUpdate": spec\.updateStrategy in body must be of type object/);
  });

  it('ValidateStatefulSetUpdate: replicas, template, updateStrategy… may change; serviceName, selector, claim templates may not', () => {
    const old = sts();
    expect(errors(sts((o) => ((o.spec.replicas = 5), (o.spec.template.spec.containers[0].image = 'nginx:2'), (o.spec.updateStrategy.rollingUpdate.partition = 3))), old)).toEqual([]);
    const forbidden =
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
    expect(errors(sts((o) => (o.spec.serviceName = 'other')), old)).toEqual([forbidden]);
    expect(errors(sts((o) => (o.spec.volumeClaimTemplates[0].spec.resources.requests.storage = '2Gi')), old)).toEqual([forbidden]);
  });
});

describe('PersistentVolumeClaim (SetDefaults_PersistentVolumeClaim, ValidatePersistentVolumeClaim)', () => {
  function pvc(spec: object): KubeObject {
    const o: KubeObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec };
    applyDefaults(o, info('PersistentVolumeClaim'));
    return o;
  }

  it('defaults volumeMode and phase Pending', () => {
    expect(pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } })).toMatchObject({ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
  });

  it('needs an access mode and a storage request; the spec is immutable but for the request', () => {
    expect(errors(pvc({}))).toEqual(['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value']);
    expect(errors(pvc({ accessModes: ['ReadWriteSometimes'], resources: { requests: { storage: '1Gi' } } }))).toEqual([
      'spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    ]);
    const old = pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } });
    expect(errors(pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } } }), old)).toEqual([]);
    expect(errors(pvc({ accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } }), old)).toEqual([
      'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims',
    ]);
  });
});
