/**
 * The whole surface a controller author writes against, in controller-runtime's shape
 * (sigs.k8s.io/controller-runtime/pkg/reconcile): one method that is handed only a name (level-triggered: the
 * request carries no event) and returns when to look again.
 *
 * `reconcile` is a generator so that API calls take virtual time: `const pod = yield* ctx.client.create(p)`.
 * Throwing (or returning an error) becomes a rate-limited requeue; `requeueAfter` re-adds the key after a delay.
 */
import type { Client } from '../client/client.ts';
import type { ApiResponse } from '../apiserver/api-request.ts';
import type { Yielded } from '../client/api-call.ts';
import type { ObjectRef } from '../trace/trace-event.ts';

/** `reconcile.Request`: a namespace/name, nothing else. */
export interface Request {
  namespace?: string;
  name: string;
}

/** `reconcile.Result`. An empty result means "done until something changes". */
export interface Result {
  /** Re-add the key after this many virtual ms (the failure counter is reset). */
  requeueAfter?: number;
  /** Re-add the key rate-limited (deprecated upstream; kept for ported controllers). */
  requeue?: boolean;
}

/**
 * What `reconcile` returns. It is resumed with what the runner got for each yield: an `ApiResponse` for an
 * `ApiCall`, an `ApiResponse[]` for an `ApiCallBatch` (the same `TNext` as the client's `ClientOp`, so that
 * `yield* ctx.client.get(...)` type-checks inside a reconcile).
 */
export type ReconcileGenerator = Generator<Yielded, Result | void, ApiResponse | ApiResponse[]>;

/**
 * What a reconcile can report about itself, so the page can show observe → diff → act → status.
 * Each call records one trace event caused by the `queue.get` that handed this worker the key.
 */
export interface ReconcileSteps {
  observe(summary: string, observed?: Array<ObjectRef & { rv?: string }>): void;
  diff(summary: string, inSync: boolean): void;
  act(summary: string): void;
  status(summary: string): void;
}

export interface ReconcileContext extends ReconcileSteps {
  readonly client: Client;
  /** Virtual now (ms) when the reconcile started or last resumed. */
  readonly now: number;
  /** Worker index (0-based) running this reconcile. */
  readonly worker: number;
}

export interface Reconciler {
  reconcile(request: Request, ctx: ReconcileContext): ReconcileGenerator;
}
