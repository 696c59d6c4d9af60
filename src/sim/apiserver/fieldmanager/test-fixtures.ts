/** Shared fixtures of the field manager's tests: a Deployment built from a small configuration, and shorthands. */
import type { KubeObject } from '../../api/object.ts';
import { BUILTIN_RESOURCES } from '../../api/resources.ts';
import { serverSideApply, updateManagedFields } from './field-manager.ts';

export const info = BUILTIN_RESOURCES.find((r) => r.kind === 'Deployment')!;
export const T0 = '2026-01-01T00:00:00Z';
export const T1 = '2026-01-01T00:01:00Z';
export const T2 = '2026-01-01T00:02:00Z';

export interface Cfg {
  replicas?: number;
  labels?: Record<string, string>;
  containers?: Array<{ name: string; image?: string; env?: Array<{ name: string; value: string }> }>;
}

export function deployment(c: Cfg): KubeObject {
  const spec: Record<string, unknown> = {};
  if (c.replicas !== undefined) spec.replicas = c.replicas;
  if (c.containers) spec.template = { spec: { containers: c.containers } };
  const metadata: KubeObject['metadata'] = { name: 'web', namespace: 'default' };
  if (c.labels) metadata.labels = c.labels;
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec };
}

export function apply(live: KubeObject | undefined, c: Cfg | KubeObject, manager: string, time = T0, force = false) {
  const applied = 'kind' in c ? (c as KubeObject) : deployment(c as Cfg);
  return serverSideApply(live, applied, { manager, force, time, info });
}

export function applyOk(live: KubeObject | undefined, c: Cfg, manager: string, time = T0, force = false): KubeObject {
  const r = apply(live, c, manager, time, force);
  if (!r.ok) throw new Error(r.status.message);
  return r.object;
}

/** A non-apply write (kubectl edit / scale / a controller's update) with its managedFields, as the api-server does it. */
export function update(live: KubeObject, change: (o: KubeObject & { spec: Record<string, unknown> }) => void, manager: string, time = T1): KubeObject {
  const next = structuredClone(live) as KubeObject & { spec: Record<string, unknown> };
  change(next);
  next.metadata.managedFields = updateManagedFields(live, next, { manager, operation: 'Update', time });
  return next;
}

export const managers = (o: KubeObject) => (o.metadata.managedFields ?? []).map((e) => `${e.manager}/${e.operation}`);
export const spec = (o: KubeObject) => o.spec as { replicas?: number; template?: { spec: { containers: Array<Record<string, unknown>> } } };
