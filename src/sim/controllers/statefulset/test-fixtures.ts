/**
 * Fixtures of the StatefulSet tests, after upstream's `newStatefulSet` / `newStatefulSetWithVolumes`
 * (pkg/controller/statefulset/stateful_set_utils_test.go): a set "foo" of nginx pods with a "datadir" claim template,
 * and pods in their states.
 */
import type { PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { PodObject, StatefulSetObject } from './identity.ts';

/** `newStatefulSetWithVolumes(replicas, name, petMounts, podMounts)` with one claim template "datadir" and one pod volume "home". */
export function newStatefulSet(replicas: number, name = 'foo'): StatefulSetObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: 'default', uid: 'test', generation: 1, annotations: {} },
    spec: {
      selector: { matchLabels: { foo: 'bar' } },
      replicas,
      serviceName: 'governingsvc',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      revisionHistoryLimit: 2,
      template: {
        metadata: { labels: { foo: 'bar' } },
        spec: {
          containers: [{ name: 'nginx', image: 'nginx', volumeMounts: [{ name: 'datadir', mountPath: '/tmp/zookeeper' }, { name: 'home', mountPath: '/home' }] }],
          volumes: [{ name: 'home', hostPath: { path: '/tmp/home' } }],
        },
      },
      volumeClaimTemplates: [{ metadata: { name: 'datadir' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  };
}

/** A pod in a phase, Ready or not, as the api-server and the kubelet leave it. */
export function withStatus(pod: PodObject, phase: string, ready: boolean, readySince = '2026-01-01T00:00:00Z'): PodObject {
  return { ...pod, metadata: { ...pod.metadata, uid: `uid-${pod.metadata.name}` }, status: { phase, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: readySince }] } };
}

/** A claim named `name` with the given owner references. */
export function claim(name: string, owners: Array<{ kind: 'StatefulSet' | 'Pod'; name: string; uid: string; controller?: boolean }> = []): PersistentVolumeClaim & KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name,
      namespace: 'default',
      ...(owners.length ? { ownerReferences: owners.map((o) => ({ apiVersion: o.kind === 'Pod' ? 'v1' : 'apps/v1', kind: o.kind, name: o.name, uid: o.uid, controller: o.controller ?? true })) } : {}),
    },
    spec: {},
  };
}

export type { Pod };
