/**
 * How a reconciler waits for the api-server without blocking the simulation.
 *
 * Reconcilers are generator functions. An API call is `yield`ed as data; the controller runner sends it through the
 * controller's rate-limited, latency-modelled REST client and resumes the generator with the response when it comes
 * back in virtual time. `yield* client.create(pod)` therefore reads like Go's blocking `client.Create(ctx, pod)`.
 *
 * Several requests yielded together (`ApiCallBatch`) are in flight at once, like the ReplicaSet controller's
 * slow-start batches of goroutines; the generator resumes with all responses in request order.
 */
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';

export interface ApiCall {
  readonly type: 'api';
  readonly request: ApiRequest;
}

export interface ApiCallBatch {
  readonly type: 'batch';
  readonly requests: readonly ApiRequest[];
}

export type Yielded = ApiCall | ApiCallBatch;

/** A client operation: yields API calls, returns `T`. Resumed with `ApiResponse` (or `ApiResponse[]` for a batch). */
export type ClientOp<T> = Generator<Yielded, T, ApiResponse | ApiResponse[]>;
