/**
 * The DaemonSet's status, pure: for every node that should run the pod, whether it has one, ready, available and
 * up to date (the oldest of its pods counts); pods on nodes that should not run it are misscheduled.
 *
 * Ported from kubernetes `pkg/controller/daemon/daemon_controller.go` (updateDaemonSetStatus, storeDaemonSetStatus:
 * the equality check that skips the write).
 */
import type { DaemonSetStatus } from 'kubernetes-types/apps/v1';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { isPodAvailable, isPodReady } from '../replicaset/pod-util.ts';
import { byCreationTimestampAndPhase, getTemplateGeneration, isPodUpdated, nodeShouldRunDaemonPod, type DaemonSetObject } from './daemonset-util.ts';

export interface DaemonSetCounts {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  numberReady: number;
  updatedNumberScheduled: number;
  numberAvailable: number;
  numberUnavailable: number;
}

/** The counts `updateDaemonSetStatus` computes. */
export function daemonSetCounts(ds: DaemonSetObject, nodes: readonly Node[], nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>, hash: string, now: number): DaemonSetCounts {
  const c: DaemonSetCounts = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, updatedNumberScheduled: 0, numberAvailable: 0, numberUnavailable: 0 };
  const generation = getTemplateGeneration(ds);
  for (const node of nodes) {
    const pods = nodeToDaemonPods.get(node.metadata?.name ?? '') ?? [];
    const scheduled = pods.length > 0;
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) {
      if (scheduled) c.numberMisscheduled++;
      continue;
    }
    c.desiredNumberScheduled++;
    if (!scheduled) continue;
    c.currentNumberScheduled++;
    const pod = [...pods].sort(byCreationTimestampAndPhase)[0]!;
    if (isPodReady(pod)) {
      c.numberReady++;
      if (isPodAvailable(pod, ds.spec?.minReadySeconds ?? 0, now)) c.numberAvailable++;
    }
    if (isPodUpdated(pod, hash, generation)) c.updatedNumberScheduled++;
  }
  c.numberUnavailable = c.desiredNumberScheduled - c.numberAvailable;
  return c;
}

/** `storeDaemonSetStatus`'s check: nothing to write when every count is the same and the generation observed. */
export function statusUpToDate(ds: DaemonSetObject, c: DaemonSetCounts): boolean {
  const s = ds.status ?? ({} as Partial<DaemonSetStatus>);
  return (
    (s.desiredNumberScheduled ?? 0) === c.desiredNumberScheduled &&
    (s.currentNumberScheduled ?? 0) === c.currentNumberScheduled &&
    (s.numberMisscheduled ?? 0) === c.numberMisscheduled &&
    (s.numberReady ?? 0) === c.numberReady &&
    (s.updatedNumberScheduled ?? 0) === c.updatedNumberScheduled &&
    (s.numberAvailable ?? 0) === c.numberAvailable &&
    (s.numberUnavailable ?? 0) === c.numberUnavailable &&
    (s.observedGeneration ?? 0) >= (ds.metadata.generation ?? 0)
  );
}

/**
 * The status `storeDaemonSetStatus` writes: the counts (the omitempty ones dropped at 0, as Go encodes them), the
 * observed generation when the sync acted on the spec, and the rest of the old status.
 */
export function newDaemonSetStatus(ds: DaemonSetObject, c: DaemonSetCounts, updateObservedGen: boolean): DaemonSetStatus {
  const out: DaemonSetStatus = {
    ...(ds.status ?? {}),
    desiredNumberScheduled: c.desiredNumberScheduled,
    currentNumberScheduled: c.currentNumberScheduled,
    numberMisscheduled: c.numberMisscheduled,
    numberReady: c.numberReady,
  };
  if (updateObservedGen) out.observedGeneration = ds.metadata.generation;
  const omitempty = { updatedNumberScheduled: c.updatedNumberScheduled, numberAvailable: c.numberAvailable, numberUnavailable: c.numberUnavailable } as const;
  for (const [k, v] of Object.entries(omitempty) as Array<[keyof typeof omitempty, number]>) {
    if (v === 0) delete out[k];
    else out[k] = v;
  }
  return out;
}
