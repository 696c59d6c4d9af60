/**
 * Builders mirroring upstream's test helpers (`newDeployment`, `rs` in
 * `pkg/controller/deployment/deployment_controller_test.go`), so ported tables read like the originals.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import { rfc3339 } from '../../engine/clock';
import type { IntOrString } from './fenceposts';

/** upstream `newDeployment`: RollingUpdate with maxSurge/maxUnavailable 0 unless given. */
export function newDeployment(name: string, replicas: number, maxSurge?: IntOrString, maxUnavailable?: IntOrString): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { foo: 'bar' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: maxSurge ?? 0, maxUnavailable: maxUnavailable ?? 0 } },
      template: { metadata: { labels: { foo: 'bar' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  };
}

/** upstream `rs`: a ReplicaSet of `replicas` created at `createdMs`, with `available` available pods. */
export function rs(name: string, replicas: number, createdMs = 0, available = 0, annotations?: Record<string, string>): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, creationTimestamp: rfc3339(createdMs), ...(annotations ? { annotations } : {}) },
    spec: { replicas, selector: { matchLabels: { foo: 'bar' } }, template: { metadata: { labels: { foo: 'bar' } } } },
    status: { replicas, availableReplicas: available },
  };
}
