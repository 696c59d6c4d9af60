/**
 * Argo CD's resource health (gitops-engine `pkg/health`: health.go, health_deployment.go), and the application's
 * health as the worst of its resources'.
 *
 * @remarks Only Deployments get a real assessment (the messages are upstream's, verbatim); every other kind that
 * exists is Healthy, a resource missing from the cluster is Missing.
 */
import type { KubeObject } from '../api/object.ts';

export type HealthStatusCode = 'Healthy' | 'Progressing' | 'Degraded' | 'Suspended' | 'Missing' | 'Unknown';

export interface HealthStatus {
  status: HealthStatusCode;
  message?: string;
}

/** health.go `healthOrder`: later is worse. */
const ORDER: HealthStatusCode[] = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'];

/** health.go `IsWorse`. */
export function isWorse(current: HealthStatusCode, next: HealthStatusCode): boolean {
  return ORDER.indexOf(next) > ORDER.indexOf(current);
}

interface DeploymentLike {
  metadata: { generation?: number };
  spec?: { replicas?: number; paused?: boolean };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    conditions?: Array<{ type: string; status: string; reason?: string; message?: string }>;
  };
}

/** health_deployment.go `getAppsv1DeploymentHealth`. */
function deploymentHealth(d: DeploymentLike): HealthStatus {
  if (d.spec?.paused) return { status: 'Suspended', message: 'Deployment is paused' };
  const st = d.status ?? {};
  const replicas = d.spec?.replicas ?? 1;
  if ((d.metadata.generation ?? 0) <= (st.observedGeneration ?? 0)) {
    const progressing = st.conditions?.find((c) => c.type === 'Progressing');
    if (progressing?.reason === 'ProgressDeadlineExceeded') {
      return { status: 'Degraded', message: `Deployment ${JSON.stringify((d as unknown as KubeObject).metadata.name)} exceeded its progress deadline` };
    }
    const updated = st.updatedReplicas ?? 0;
    if (updated < replicas) {
      return { status: 'Progressing', message: `Waiting for rollout to finish: ${updated} out of ${replicas} new replicas have been updated...` };
    }
    if ((st.replicas ?? 0) > updated) {
      return { status: 'Progressing', message: `Waiting for rollout to finish: ${(st.replicas ?? 0) - updated} old replicas are pending termination...` };
    }
    if ((st.availableReplicas ?? 0) < updated) {
      return { status: 'Progressing', message: `Waiting for rollout to finish: ${st.availableReplicas ?? 0} of ${updated} updated replicas are available...` };
    }
    return { status: 'Healthy' };
  }
  return { status: 'Progressing', message: 'Waiting for rollout to finish: observed deployment generation less than desired generation' };
}

/** health.go `GetResourceHealth` for a live object (undefined: not in the cluster). */
export function resourceHealth(live: KubeObject | undefined): HealthStatus {
  if (!live) return { status: 'Missing' };
  if (live.metadata.deletionTimestamp) return { status: 'Progressing', message: 'Pending deletion' };
  if (live.apiVersion === 'apps/v1' && live.kind === 'Deployment') return deploymentHealth(live as unknown as DeploymentLike);
  return { status: 'Healthy' };
}

/** The application's health: the worst of its resources' (Healthy when it has none). */
export function aggregateHealth(statuses: readonly HealthStatus[]): HealthStatusCode {
  let worst: HealthStatusCode = 'Healthy';
  for (const s of statuses) if (isWorse(worst, s.status)) worst = s.status;
  return worst;
}
