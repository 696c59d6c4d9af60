/** Object summaries for the Objects view's tests: a Deployment's chain, pods, nodes. */
import type { ObjectSummary } from '../../worker/protocol.ts';

const KEY_PREFIX: Record<string, string> = {
  Deployment: 'apps/v1/Deployment',
  ReplicaSet: 'apps/v1/ReplicaSet',
  Pod: 'v1/Pod',
  Node: 'v1/Node',
  Job: 'batch/v1/Job',
  CronJob: 'batch/v1/CronJob',
  Service: 'v1/Service',
  EndpointSlice: 'discovery.k8s.io/v1/EndpointSlice',
  Namespace: 'v1/Namespace',
  ConfigMap: 'v1/ConfigMap',
};

/** A summary of kind/name in namespace default (cluster-scoped for Node and Namespace). */
export function obj(kind: string, name: string, extra: Partial<ObjectSummary> = {}): ObjectSummary {
  const clusterScoped = kind === 'Node' || kind === 'Namespace';
  const prefix = KEY_PREFIX[kind] ?? `v1/${kind}`;
  const key = clusterScoped ? `${prefix}/${name}` : `${prefix}/default/${name}`;
  return {
    key,
    uid: `uid-${kind}-${name}`,
    apiVersion: prefix.slice(0, prefix.lastIndexOf('/')),
    kind,
    ...(clusterScoped ? {} : { namespace: 'default' }),
    name,
    resourceVersion: '1',
    deleting: false,
    ...extra,
  };
}

/** n running, ready pods owned by `owner` (a key), spread over `nodes` nodes named node-1…; names `${prefix}-00001`…. */
export function pods(n: number, owner: string | undefined, prefix: string, nodes = 3, extra: Partial<ObjectSummary> = {}): ObjectSummary[] {
  const out: ObjectSummary[] = [];
  for (let i = 1; i <= n; i++) {
    out.push(obj('Pod', `${prefix}-${String(i).padStart(5, '0')}`, { owner, nodeName: `node-${((i - 1) % nodes) + 1}`, phase: 'Running', ready: true, ...extra }));
  }
  return out;
}
