/**
 * `kubectl rollout status`'s viewers (kubectl pkg/polymorphichelpers/rollout_status.go): for a Deployment, a
 * DaemonSet or a StatefulSet, the line kubectl prints for the object's state now and whether the rollout is done.
 * Any other kind has none ("no status viewer has been implemented for …").
 */
import type { KubeObject } from '../../sim/api/object.ts';
import type { ResourceInfo } from '../../sim/api/resources.ts';

export interface RolloutStatus {
  text: string;
  done: boolean;
  error?: string;
}

/** DeploymentStatusViewer.Status. */
export function deploymentStatus(d: KubeObject): RolloutStatus {
  const name = d.metadata.name ?? '';
  const spec = (d.spec ?? {}) as { replicas?: number };
  const status = (d.status ?? {}) as { observedGeneration?: number; updatedReplicas?: number; replicas?: number; availableReplicas?: number; conditions?: Array<{ type?: string; reason?: string }> };
  if ((d.metadata.generation ?? 0) <= (status.observedGeneration ?? 0)) {
    const progressing = status.conditions?.find((c) => c.type === 'Progressing');
    if (progressing?.reason === 'ProgressDeadlineExceeded') return { text: '', done: true, error: `deployment "${name}" exceeded its progress deadline` };
    const updated = status.updatedReplicas ?? 0;
    if (spec.replicas !== undefined && updated < spec.replicas) {
      return { text: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${spec.replicas} new replicas have been updated...\n`, done: false };
    }
    if ((status.replicas ?? 0) > updated) {
      return { text: `Waiting for deployment "${name}" rollout to finish: ${(status.replicas ?? 0) - updated} old replicas are pending termination...\n`, done: false };
    }
    if ((status.availableReplicas ?? 0) < updated) {
      return { text: `Waiting for deployment "${name}" rollout to finish: ${status.availableReplicas ?? 0} of ${updated} updated replicas are available...\n`, done: false };
    }
    return { text: `deployment "${name}" successfully rolled out\n`, done: true };
  }
  return { text: 'Waiting for deployment spec update to be observed...\n', done: false };
}

/** DaemonSetStatusViewer.Status (its error names the StatefulSet strategy constant, as upstream's does). */
export function daemonSetStatus(ds: KubeObject): RolloutStatus {
  const name = ds.metadata.name ?? '';
  const spec = (ds.spec ?? {}) as { updateStrategy?: { type?: string } };
  const status = (ds.status ?? {}) as { observedGeneration?: number; updatedNumberScheduled?: number; desiredNumberScheduled?: number; numberAvailable?: number };
  if ((spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return { text: '', done: true, error: 'rollout status is only available for RollingUpdate strategy type' };
  if ((ds.metadata.generation ?? 0) <= (status.observedGeneration ?? 0)) {
    const desired = status.desiredNumberScheduled ?? 0;
    const updated = status.updatedNumberScheduled ?? 0;
    if (updated < desired) return { text: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false };
    const available = status.numberAvailable ?? 0;
    if (available < desired) return { text: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`, done: false };
    return { text: `daemon set "${name}" successfully rolled out\n`, done: true };
  }
  return { text: 'Waiting for daemon set spec update to be observed...\n', done: false };
}

/** StatefulSetStatusViewer.Status. */
export function statefulSetStatus(sts: KubeObject): RolloutStatus {
  const spec = (sts.spec ?? {}) as { replicas?: number; updateStrategy?: { type?: string; rollingUpdate?: { partition?: number } } };
  const status = (sts.status ?? {}) as { observedGeneration?: number; readyReplicas?: number; updatedReplicas?: number; currentReplicas?: number; updateRevision?: string; currentRevision?: string };
  const strategy = spec.updateStrategy?.type ?? 'RollingUpdate';
  if (strategy !== 'RollingUpdate') return { text: '', done: true, error: 'rollout status is only available for RollingUpdate strategy type' };
  const observed = status.observedGeneration ?? 0;
  if (observed === 0 || (sts.metadata.generation ?? 0) > observed) return { text: 'Waiting for statefulset spec update to be observed...\n', done: false };
  const ready = status.readyReplicas ?? 0;
  if (spec.replicas !== undefined && ready < spec.replicas) return { text: `Waiting for ${spec.replicas - ready} pods to be ready...\n`, done: false };
  const updated = status.updatedReplicas ?? 0;
  const rolling = spec.updateStrategy?.rollingUpdate;
  if (rolling !== undefined) {
    if (spec.replicas !== undefined && rolling.partition !== undefined && updated < spec.replicas - rolling.partition) {
      return { text: `Waiting for partitioned roll out to finish: ${updated} out of ${spec.replicas - rolling.partition} new pods have been updated...\n`, done: false };
    }
    return { text: `partitioned roll out complete: ${updated} new pods have been updated...\n`, done: true };
  }
  if (status.updateRevision !== status.currentRevision) {
    return { text: `waiting for statefulset rolling update to complete ${updated} pods at revision ${status.updateRevision ?? ''}...\n`, done: false };
  }
  return { text: `statefulset rolling update complete ${status.currentReplicas ?? 0} pods at revision ${status.currentRevision ?? ''}...\n`, done: true };
}

/** StatusViewerFor: the viewer of `info`'s kind, or undefined when kubectl has none. */
export function statusViewerFor(info: ResourceInfo): ((obj: KubeObject) => RolloutStatus) | undefined {
  if (info.group !== 'apps') return undefined;
  return info.kind === 'Deployment' ? deploymentStatus : info.kind === 'DaemonSet' ? daemonSetStatus : info.kind === 'StatefulSet' ? statefulSetStatus : undefined;
}
