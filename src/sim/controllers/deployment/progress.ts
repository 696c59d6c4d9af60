/**
 * `syncRolloutStatus`: the status of a rollout in progress (counts, Available, Progressing with its deadline,
 * ReplicaFailure) written with UpdateStatus when it changed; when nothing changed, `requeueStuckDeployment` looks
 * again when the progress deadline would pass, so a stalled rollout times out on time.
 *
 * Ported from kubernetes `pkg/controller/deployment/progress.go` (syncRolloutStatus, requeueStuckDeployment). The
 * status arithmetic is in deployment-status.ts and conditions.ts.
 */
import type { ClientOp } from '../../client/api-call.ts';
import { requeueStuckDeployment } from './conditions.ts';
import type { ReplicaSetObject } from './controller-ref.ts';
import { syncRolloutStatus as rolloutStatus } from './deployment-status.ts';
import { deploymentStatusEqual, updateDeploymentStatus, type DeploymentSync } from './deployment-sync.ts';
import { statusSummary } from './sync.ts';

/**
 * `syncRolloutStatus`. With no change to write, the progress-deadline requeue: `enqueueAfter(time left + 1s)` (the
 * reconcile's `requeueAfter`), or an immediate rate-limited requeue when less than a second is left.
 */
export function* syncRolloutStatus(s: DeploymentSync, allRSs: readonly ReplicaSetObject[], newRS: ReplicaSetObject | undefined): ClientOp<void> {
  const newStatus = rolloutStatus(allRSs, newRS, s.d, s.ctx.now);
  if (deploymentStatusEqual(s.d.status, newStatus)) {
    const requeue = requeueStuckDeployment(s.d, newStatus, s.ctx.now);
    if (requeue.kind === 'after') {
      s.result = { requeueAfter: requeue.delayMs };
      s.ctx.status(`status up to date; check the progress deadline again in ${requeue.delayMs}ms`);
    } else if (requeue.kind === 'rateLimited') {
      s.queue.enqueueRateLimited(s.key);
      s.ctx.status('status up to date; progress deadline less than 1s away: requeue rate-limited');
    } else {
      s.ctx.status(`status up to date: ${statusSummary(newStatus)}`);
    }
    return;
  }
  s.d.status = newStatus;
  yield* updateDeploymentStatus(s, statusSummary(newStatus));
  s.ctx.status(statusSummary(newStatus));
}
