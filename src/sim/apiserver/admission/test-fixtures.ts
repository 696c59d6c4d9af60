/**
 * Minimal valid objects of each built-in kind, for the admission tests. Each call returns a fresh, mutable copy.
 */
import type { KubeObject } from '../../api/object.ts';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../api/resources.ts';
import { applyDefaults } from './defaults.ts';
import { validateCreate } from './validation.ts';
import { aggregateFieldErrors } from '../../api/field-errors.ts';

/** The built-in ResourceInfo of `kind`. */
export function infoOf(kind: string): ResourceInfo {
  const info = BUILTIN_RESOURCES.find((r) => r.kind === kind);
  if (!info) throw new Error(`no built-in kind ${kind}`);
  return info;
}

const podSpec = () => ({ containers: [{ name: 'web', image: 'nginx:1.25' }] });
const template = () => ({ metadata: { labels: { app: 'web' } }, spec: podSpec() });

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are poked at freely by the tests */
export const FIXTURES: Record<string, () => any> = {
  Deployment: () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template() } }),
  ReplicaSet: () => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-1', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template() } }),
  Pod: () => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default' }, spec: podSpec() }),
  Service: () => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } }),
  Namespace: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } }),
  Node: () => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' }, spec: {}, status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' } } }),
  ConfigMap: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' }, data: { 'app.properties': 'a=b' } }),
  Event: () => ({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' }, reason: 'Started', message: 'ok', type: 'Normal' }),
  Job: () => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl:5.34' }] } } } }),
  CronJob: () => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'hello', namespace: 'default' }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'hello', image: 'busybox:1.36' }] } } } } } }),
  HorizontalPodAutoscaler: () => ({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5 } }),
  Lease: () => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'node-1', namespace: 'kube-node-lease' }, spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40 } }),
  EndpointSlice: () => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abc', namespace: 'default' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }], ports: [{ name: 'http', port: 80 }] }),
};

/** A defaulted fixture. */
export function defaulted(kind: string, edit?: (o: any) => void): KubeObject {
  const o = FIXTURES[kind]!();
  edit?.(o);
  applyDefaults(o, infoOf(kind));
  return o;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The aggregated error text of creating `kind` after `edit` and defaulting ("" when valid). */
export function createErrors(kind: string, edit?: (o: Record<string, any>) => void): string { // eslint-disable-line @typescript-eslint/no-explicit-any
  const errs = validateCreate(defaulted(kind, edit), infoOf(kind));
  return errs.length ? aggregateFieldErrors(errs) : '';
}
