/** Turns API objects into the small {@link ObjectSummary} the page draws (computed in the worker, sent as deltas). */
import type { KubeObject } from '../sim/api/object.ts';
import { controllerOf } from '../sim/api/object.ts';
import type { ObjectSummary } from './protocol.ts';

export function objectKey(apiVersion: string, kind: string, namespace: string | undefined, name: string): string {
  return `${apiVersion}/${kind}/${namespace ?? ''}/${name}`;
}

interface Condition {
  type?: string;
  status?: string;
}

export function summarize(obj: KubeObject): ObjectSummary {
  const m = obj.metadata;
  const s: ObjectSummary = {
    key: objectKey(obj.apiVersion, obj.kind, m.namespace, m.name ?? ''),
    uid: m.uid ?? '',
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    name: m.name ?? '',
    resourceVersion: m.resourceVersion ?? '',
    deleting: !!m.deletionTimestamp,
  };
  if (m.namespace) s.namespace = m.namespace;
  if (m.generation !== undefined) s.generation = m.generation;
  if (m.labels) s.labels = m.labels;
  const owner = controllerOf(obj);
  if (owner) s.owner = objectKey(owner.apiVersion, owner.kind, m.namespace, owner.name);
  const status = (obj.status ?? {}) as Record<string, unknown>;
  const spec = (obj.spec ?? {}) as Record<string, unknown>;
  if (typeof status.observedGeneration === 'number') s.observedGeneration = status.observedGeneration;
  const conditions = (Array.isArray(status.conditions) ? status.conditions : []) as Condition[];
  switch (obj.kind) {
    case 'Pod': {
      if (typeof spec.nodeName === 'string') s.nodeName = spec.nodeName;
      if (typeof status.phase === 'string') s.phase = status.phase;
      s.ready = conditions.some((c) => c.type === 'Ready' && c.status === 'True');
      const containers = (Array.isArray(status.containerStatuses) ? status.containerStatuses : []) as Array<{
        restartCount?: number;
        state?: { waiting?: { reason?: string }; terminated?: { reason?: string } };
      }>;
      s.restarts = containers.reduce((n, c) => n + (c.restartCount ?? 0), 0);
      const reason = containers.map((c) => c.state?.waiting?.reason ?? c.state?.terminated?.reason).find((r) => r);
      if (reason) s.reason = reason;
      break;
    }
    case 'Node': {
      const ready = conditions.find((c) => c.type === 'Ready');
      s.phase = !ready ? 'Unknown' : ready.status === 'True' ? 'Ready' : ready.status === 'False' ? 'NotReady' : 'Unknown';
      s.ready = ready?.status === 'True';
      if (spec.unschedulable === true) s.unschedulable = true;
      break;
    }
    case 'Deployment':
    case 'ReplicaSet': {
      const desired = typeof spec.replicas === 'number' ? spec.replicas : 1;
      s.replicas = {
        desired,
        ready: Number(status.readyReplicas ?? 0),
        available: Number(status.availableReplicas ?? 0),
        updated: Number(status.updatedReplicas ?? 0),
      };
      s.ready = s.replicas.ready === desired;
      break;
    }
    case 'Job': {
      const c = conditions.find((x) => (x.type === 'Complete' || x.type === 'Failed') && x.status === 'True');
      s.phase = c?.type ?? (Number(status.active ?? 0) > 0 ? 'Running' : 'Pending');
      break;
    }
    default:
      break;
  }
  return s;
}

/** Shallow equality of two summaries (JSON), to send only what changed. */
export function sameSummary(a: ObjectSummary, b: ObjectSummary): boolean {
  return a.resourceVersion === b.resourceVersion && a.deleting === b.deleting && JSON.stringify(a) === JSON.stringify(b);
}
