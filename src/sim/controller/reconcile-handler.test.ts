// The reconcile.done event is built as one literal; pinned against the spread of a base it was built from before
// (same keys in the same order, same values), for any outcome.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimContext } from '../engine/sim-context.ts';
import { RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import type { ReconcileRecord } from './reconcile-context.ts';
import { handleReconcileOutcome, type ReconcileOutcome } from './reconcile-handler.ts';

const outcomeArb: fc.Arbitrary<ReconcileOutcome> = fc.oneof(
  fc.record({ error: fc.oneof(fc.string().map((m) => new Error(m)), fc.string(), fc.integer()) }),
  fc.record({ result: fc.record({ requeue: fc.option(fc.boolean(), { nil: undefined }), requeueAfter: fc.option(fc.integer({ min: -5, max: 5000 }), { nil: undefined }) }, { requiredKeys: [] }) }),
);

describe('handleReconcileOutcome (property)', () => {
  it('records reconcile.done as the base spread with the result did', () => {
    fc.assert(
      fc.property(fc.constantFrom('replicaset-controller', 'kubelet/node-1'), fc.constantFrom('default/p', 'node-1'), fc.nat(3), outcomeArb, (controller, key, worker, outcome) => {
        const ctx = new SimContext({ seed: 1 });
        const q = new RateLimitingQueue(ctx, controller);
        const record: ReconcileRecord = { key, worker, startedAt: 0, act: [], requests: 0 };
        const before = ctx.trace.length;
        handleReconcileOutcome(ctx, q, { controller, worker, key, outcome, record, maxRetries: undefined });
        const done = ctx.trace.get(before + 1)!;
        const base = { kind: 'reconcile.done' as const, controller, key, worker };
        let body;
        if ('error' in outcome) {
          const error = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
          body = { ...base, result: 'error', error };
        } else if (outcome.result.requeueAfter !== undefined && outcome.result.requeueAfter > 0) {
          body = { ...base, result: 'requeueAfter', requeueAfter: outcome.result.requeueAfter };
        } else body = { ...base, result: 'success' };
        const expected = { id: done.id, time: done.time, actor: controller, causeId: done.causeId, ...body };
        expect(Object.keys(done)).toEqual(Object.keys(expected));
        expect(done).toStrictEqual(expected);
      }),
      { seed: 5150, numRuns: 300 },
    );
  });
});
