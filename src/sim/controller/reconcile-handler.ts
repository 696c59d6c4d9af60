/**
 * What the runner does with the outcome of one reconcile: controller-runtime's `reconcileHandler`
 * (`pkg/internal/controller/controller.go`) plus the `maxRetries` of kube-controller-manager's `handleErr`
 * (e.g. `pkg/controller/deployment/deployment_controller.go`).
 *
 * - error (anything thrown, a StatusError, a panic upstream) → `addRateLimited(key)`; with `maxRetries` set and
 *   `numRequeues(key) >= maxRetries` → `forget(key)` and `queue.drop` instead;
 * - `{ requeueAfter: d }` with d > 0 → `forget(key)` + `addAfter(key, d)`;
 * - `{ requeue: true }` → `addRateLimited(key)`;
 * - otherwise → `forget(key)`;
 * then `done(key)`. The `reconcile.done` event is the cause of the queue events that follow it.
 */
import type { SimContext } from '../engine/sim-context.ts';
import type { RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import type { ReconcileRecord } from './reconcile-context.ts';
import type { Result } from './reconciler.ts';

export type ReconcileOutcome = { result: Result } | { error: unknown };

export interface FinishedReconcile {
  controller: string;
  worker: number;
  key: string;
  outcome: ReconcileOutcome;
  /** Filled in with the result. */
  record: ReconcileRecord;
  maxRetries: number | undefined;
}

export function handleReconcileOutcome(ctx: SimContext, q: RateLimitingQueue, f: FinishedReconcile): void {
  const { controller, worker, key, outcome, record } = f;
  record.finishedAt = ctx.now;
  let done: number;
  if ('error' in outcome) {
    const error = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    record.result = 'error';
    record.error = error;
    done = ctx.trace.emit(controller, { kind: 'reconcile.done', controller, key, worker, result: 'error', error });
  } else if (outcome.result.requeueAfter !== undefined && outcome.result.requeueAfter > 0) {
    record.result = 'requeueAfter';
    record.requeueAfter = outcome.result.requeueAfter;
    done = ctx.trace.emit(controller, {
      kind: 'reconcile.done',
      controller,
      key,
      worker,
      result: 'requeueAfter',
      requeueAfter: outcome.result.requeueAfter,
    });
  } else {
    record.result = 'success';
    done = ctx.trace.emit(controller, { kind: 'reconcile.done', controller, key, worker, result: 'success' });
  }

  const previous = ctx.trace.cause;
  ctx.trace.cause = done;
  try {
    if ('error' in outcome) {
      const numRequeues = q.numRequeues(key);
      if (f.maxRetries !== undefined && numRequeues >= f.maxRetries) {
        q.forget(key);
        ctx.trace.emit(controller, { kind: 'queue.drop', queue: q.name, key, numRequeues });
      } else {
        q.addRateLimited(key);
      }
    } else if (record.result === 'requeueAfter') {
      q.forget(key);
      q.addAfter(key, record.requeueAfter!, 'after');
    } else if (outcome.result.requeue) {
      q.addRateLimited(key);
    } else {
      q.forget(key);
    }
    q.done(key);
  } finally {
    ctx.trace.cause = previous;
  }
}
