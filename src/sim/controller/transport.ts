/**
 * How a controller (or the leader elector) sends a request to the api-server and hears back, on virtual time.
 *
 * The network side (client machinery) implements it: it adds latency, client-side QPS limits and faults, records
 * `api.request` / `api.response` in the trace, and finally calls `replyTo[method](token, response, responseEventId)`
 * from a scheduler timer. Callbacks are a target object plus a method name, never a closure, so a checkpoint can
 * copy the simulation graph (see engine/clone-graph.ts).
 */
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';

export interface Transport {
  /**
   * Sends `request`; later (never synchronously inside `send`) calls `replyTo[method](token, response, eventId)`.
   *
   * - `token` is the caller's, handed back untouched so it can match the answer to the question.
   * - `eventId` is the id of the `api.response` trace event, if the transport recorded one: the caller makes it the
   *   trace cause of whatever it does next, so every write can be walked back to the request that preceded it.
   * - The `api.request` event should take the trace cause current at the moment of `send`.
   * - A request that is lost (api-server down) may be answered with a failure Status (e.g. 503 or a timeout), or
   *   never; callers that must not hang keep their own deadline.
   */
  send(request: ApiRequest, replyTo: object, method: string, token: number): void;
}

/** The shape of the method a {@link Transport} calls back. */
export type TransportReply = (token: number, response: ApiResponse, responseEventId?: number) => void;
