/**
 * "Converged": every loop has nothing left to do, and what it owns says so. The check a scenario's
 * `converged: true` and the page's "settled" badge use:
 * - every running controller's queue is empty: nothing queued, processing, or waiting in backoff (a pending
 *   `requeueAfter` is fine: it is a loop checking back later, not unfinished work);
 * - every workload's status is current and matches its spec (observedGeneration, replica counts; a DaemonSet's
 *   pod on each node that should run one, up to date and available, none misscheduled);
 * - no namespace is terminating;
 * - pods of running workloads are bound and, unless finished, running and ready.
 */
import type { KubeObject } from '../api/object.ts';
import type { Cluster } from './cluster.ts';

export interface Convergence {
  converged: boolean;
  reasons: string[];
}

interface DaemonSetStatus {
  desiredNumberScheduled?: number;
  currentNumberScheduled?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberMisscheduled?: number;
  observedGeneration?: number;
}

interface ReplicaStatus {
  replicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  updatedReplicas?: number;
  observedGeneration?: number;
}

export function checkConvergence(cluster: Cluster): Convergence {
  const reasons: string[] = [];
  for (const p of cluster.processes.values()) {
    if (!p.isAlive()) continue;
    for (const s of p.stats().controllers) {
      const busy = s.depth + s.processing.length + s.backoff.length;
      if (busy > 0) reasons.push(`${s.name} queue: ${s.depth} queued, ${s.processing.length} processing, ${s.backoff.length} in backoff`);
    }
  }
  const api = cluster.apiServer;
  const name = (o: KubeObject) => `${o.metadata.namespace}/${o.metadata.name}`;
  for (const d of api.listObjects('apps/v1', 'Deployment')) {
    if (d.metadata.deletionTimestamp) continue;
    const spec = (d.spec as { replicas?: number; paused?: boolean }) ?? {};
    const st = (d.status as ReplicaStatus | undefined) ?? {};
    const want = spec.replicas ?? 1;
    if ((st.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) reasons.push(`deployment ${name(d)}: status not observed yet (generation ${d.metadata.generation})`);
    else if (!spec.paused && ((st.updatedReplicas ?? 0) !== want || (st.replicas ?? 0) !== want || (st.availableReplicas ?? 0) !== want)) {
      reasons.push(`deployment ${name(d)}: ${st.availableReplicas ?? 0}/${want} available, ${st.updatedReplicas ?? 0} updated, ${st.replicas ?? 0} total`);
    }
  }
  for (const rs of api.listObjects('apps/v1', 'ReplicaSet')) {
    if (rs.metadata.deletionTimestamp) continue;
    const want = (rs.spec as { replicas?: number } | undefined)?.replicas ?? 1;
    const st = (rs.status as ReplicaStatus | undefined) ?? {};
    if ((st.observedGeneration ?? 0) < (rs.metadata.generation ?? 0)) reasons.push(`replicaset ${name(rs)}: status not observed yet`);
    else if ((st.replicas ?? 0) !== want || (st.readyReplicas ?? 0) !== want) reasons.push(`replicaset ${name(rs)}: ${st.readyReplicas ?? 0}/${want} ready`);
  }
  for (const ds of api.listObjects('apps/v1', 'DaemonSet')) {
    if (ds.metadata.deletionTimestamp) continue;
    const st = (ds.status as DaemonSetStatus | undefined) ?? {};
    const desired = st.desiredNumberScheduled ?? 0;
    if ((st.observedGeneration ?? 0) < (ds.metadata.generation ?? 0)) reasons.push(`daemonset ${name(ds)}: status not observed yet`);
    else if ((st.currentNumberScheduled ?? 0) !== desired || (st.updatedNumberScheduled ?? 0) !== desired || (st.numberAvailable ?? 0) !== desired || (st.numberMisscheduled ?? 0) > 0) {
      reasons.push(`daemonset ${name(ds)}: ${st.numberAvailable ?? 0}/${desired} available, ${st.updatedNumberScheduled ?? 0} updated, ${st.numberMisscheduled ?? 0} misscheduled`);
    }
  }
  for (const ns of api.listObjects('v1', 'Namespace')) {
    if (ns.metadata.deletionTimestamp) reasons.push(`namespace ${ns.metadata.name}: terminating`);
  }
  const hasScheduler = cluster.controllerNames().includes('default-scheduler');
  for (const pod of api.listObjects('v1', 'Pod')) {
    const phase = (pod.status as { phase?: string } | undefined)?.phase;
    if (pod.metadata.deletionTimestamp) {
      reasons.push(`pod ${name(pod)}: terminating`);
      continue;
    }
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    if (hasScheduler && !(pod.spec as { nodeName?: string } | undefined)?.nodeName) reasons.push(`pod ${name(pod)}: not scheduled`);
  }
  return { converged: reasons.length === 0, reasons };
}
