/**
 * A client identity's connection to the api-server (client-go `rest.RESTClient` with its `flowcontrol`
 * rate limiter): every request waits for a token of the client's bucket, travels for the request latency, is
 * handled by the api-server, and the response travels back. It implements the controller runner's `Transport`
 * (`send(request, replyTo, method, token)`, src/sim/controller/transport.ts).
 *
 * Trace: `api.request` (actor = the identity) when the token is granted; `api.response` (actor `api-server`, caused by
 * the request) at the instant the api-server handled it, which for a successful write is the moment the store changed.
 *
 * Retries follow client-go `rest/request.go` (`checkWait`, `IsNextRetry`): a 429 or 5xx answer that carries a
 * Retry-After (`details.retryAfterSeconds`) is retried after that many seconds, through the rate limiter again,
 * up to 10 times; the caller only sees the last response.
 */
import { isStatus } from '../api/status.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';
import type { Transport, TransportReply } from '../controller/transport.ts';
import type { ObjectRef, TraceEventOf, Verb } from '../trace/trace-event.ts';
import { refOf } from '../trace/trace-event.ts';
import { changedPaths } from '../apiserver/strategy/object-diff.ts';
import type { Network } from './network.ts';
import { TokenBucket } from './token-bucket.ts';

export interface RestClientOptions {
  /** Requests per second; `Infinity` or `'off'` disables client-side throttling (default 20). */
  qps?: number | 'off';
  /** Bucket size (default 30). */
  burst?: number;
  /** client-go's `maxRetries` for Retry-After answers (default 10). */
  maxRetries?: number;
}

/** kube-controller-manager's `--kube-api-qps` / `--kube-api-burst` defaults. */
export const DEFAULT_QPS = 20;
export const DEFAULT_BURST = 30;
export const DEFAULT_MAX_RETRIES = 10;

/** One request in flight, carried through the scheduler's timers as data. */
export interface InFlightRequest {
  readonly request: ApiRequest;
  readonly replyTo: object;
  readonly method: string;
  readonly token: number;
  /** 0 for the first try. */
  attempt: number;
  /** Trace id of the current attempt's api.request. */
  requestEventId: number;
  requestId: number;
  /** Trace id of the last api.response, handed to the caller as `responseEventId`. */
  responseEventId: number;
}

const WRITES = new Set(['create', 'update', 'patch', 'delete']);

/** The bodies given to a trace that does not keep events (see `Trace.keepsEvents`); never stored. */
const UNKEPT_OBJECT: ObjectRef = Object.freeze({ apiVersion: '', kind: '', name: '' });
const UNKEPT_REQUEST = Object.freeze({ kind: 'api.request' as const, verb: 'get' as const, object: UNKEPT_OBJECT, requestId: 0 });
const UNKEPT_RESPONSE = Object.freeze({ kind: 'api.response' as const, verb: 'get' as const, object: UNKEPT_OBJECT, requestId: 0, code: 0 });

export class RestClient implements Transport {
  private readonly bucket: TokenBucket | null;
  private readonly maxRetries: number;
  /** Requests sent (attempts, including retries) and currently waiting for a token or a response. */
  sent = 0;
  inFlight = 0;

  constructor(
    readonly network: Network,
    /** "replicaset-controller", "kubelet/node-1": the trace actor of its requests. */
    readonly identity: string,
    options: RestClientOptions = {},
  ) {
    const qps = options.qps ?? DEFAULT_QPS;
    this.bucket = qps === 'off' || qps === Infinity ? null : new TokenBucket(qps, options.burst ?? DEFAULT_BURST, network.ctx.now);
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  }

  /**
   * The controller runner's `Transport.send`: later, from a timer, `replyTo[method](token, response, responseEventId)`
   * is called (`responseEventId` = the api.response trace event).
   */
  send(request: ApiRequest, replyTo: object, method: string, token: number): void {
    if (typeof (replyTo as Record<string, unknown>)[method] !== 'function') {
      throw new Error(`RestClient.send: reply target has no method ${JSON.stringify(method)}`);
    }
    this.inFlight++;
    const f: InFlightRequest = { request, replyTo, method, token, attempt: 0, requestEventId: 0, requestId: 0, responseEventId: 0 };
    this.throttle(f);
  }

  /** Tokens available now (Infinity when unthrottled), for the UI. */
  tokensAvailable(): number {
    return this.bucket ? this.bucket.available(this.network.ctx.now) : Infinity;
  }

  private throttle(f: InFlightRequest): void {
    const wait = this.bucket ? this.bucket.reserve(this.network.ctx.now) : 0;
    if (wait > 0) this.network.ctx.scheduler.after(wait, this, 'transmit', f);
    else this.transmit(f);
  }

  /** Timer (or direct): the token is granted; the request goes on the wire. */
  transmit(f: InFlightRequest): void {
    const ctx = this.network.ctx;
    f.requestId = this.network.newRequestId();
    f.requestEventId = this.recordRequest(f.request, f.requestId);
    this.sent++;
    withCause(ctx.trace, f.requestEventId, () => ctx.scheduler.after(this.network.requestLatency(this.identity), this, 'arrive', f));
  }

  /**
   * Sends a request and answers it in the same instant: no token, no latency, no retries. For a person's kubectl
   * acting at the moment of a user action (the simulation does not model its round trip). When `traced`, records
   * `api.request` (caused by the current trace cause) and `api.response` like any request.
   */
  callNow(request: ApiRequest, traced = true): ApiResponse {
    if (!traced) return this.network.apiServer.handle(request);
    const requestId = this.network.newRequestId();
    const requestEventId = this.recordRequest(request, requestId);
    this.sent++;
    return this.handleAndRecord(request, requestId, requestEventId).response;
  }

  private recordRequest(r: ApiRequest, requestId: number): number {
    const trace = this.network.ctx.trace;
    // A counting trace only numbers events: no body to build per request.
    if (!trace.keepsEvents) return trace.emit(this.identity, UNKEPT_REQUEST);
    const body: Omit<TraceEventOf<'api.request'>, 'id' | 'time' | 'actor' | 'causeId'> = {
      kind: 'api.request',
      verb: verbOf(r),
      object: requestRef(r),
      requestId,
    };
    if (r.subresource) body.subresource = r.subresource;
    if (r.fieldManager) body.fieldManager = r.fieldManager;
    return this.network.ctx.trace.emit(this.identity, body);
  }

  /** Timer: the request reaches the api-server, which handles it now. */
  arrive(f: InFlightRequest): void {
    const ctx = this.network.ctx;
    const { response, responseId } = this.handleAndRecord(f.request, f.requestId, f.requestEventId);
    f.responseEventId = responseId;
    const retryAfter = this.retryAfterMs(response, f.attempt);
    withCause(ctx.trace, responseId, () => {
      if (retryAfter !== undefined) {
        f.attempt++;
        ctx.scheduler.after(retryAfter, this, 'retry', f);
      } else {
        ctx.scheduler.after(this.network.requestLatency(this.identity), this, 'deliver', f, response);
      }
    });
  }

  /**
   * Has the api-server handle `r` now and records `api.response` (caused by the request); watch deliveries the
   * write queued are re-caused to the response, the instant the store changed.
   */
  private handleAndRecord(r: ApiRequest, requestId: number, requestEventId: number): { response: ApiResponse; responseId: number } {
    const trace = this.network.ctx.trace;
    if (!trace.keepsEvents && this.network.apiServer.getObject) {
      // A counting trace only numbers events: no body (nor the stored object before the write) to look up.
      const { response, queued } = this.network.handleCapturing(r);
      const responseId = trace.emit('api-server', UNKEPT_RESPONSE, requestEventId);
      queued.recause(responseId);
      return { response, responseId };
    }
    const isWrite = WRITES.has(r.verb) && !r.dryRun;
    const before = isWrite && r.verb !== 'create' && r.name ? this.peek(r) : undefined;
    const { response, queued } = this.network.handleCapturing(r);
    const body: Omit<TraceEventOf<'api.response'>, 'id' | 'time' | 'actor' | 'causeId'> = {
      kind: 'api.response',
      verb: verbOf(r),
      object: response.ok && 'object' in response ? refOf(response.object) : requestRef(r),
      requestId,
      code: response.code,
    };
    if (r.subresource) body.subresource = r.subresource;
    if (!response.ok) {
      body.reason = response.status.reason;
      body.message = response.status.message;
    } else if (isWrite && 'object' in response) {
      const rv = response.object.metadata.resourceVersion;
      if (rv !== undefined) body.rv = rv;
      const rvBefore = before?.metadata?.resourceVersion;
      if (rvBefore !== undefined) body.rvBefore = rvBefore;
      if (before) {
        // The api-server's own list (the same comparison of the same two objects) when it sent one; a /scale write
        // answers with a Scale, not the object: compare the stored object before and after.
        let changed = r.subresource !== 'scale' ? response.changed?.slice() : undefined;
        if (!changed) {
          const after = r.subresource === 'scale' ? (this.peek(r) ?? response.object) : response.object;
          changed = changedPaths(before, after);
        }
        if (changed.length) body.changed = changed;
      }
    } else if ('list' in response) {
      body.rv = response.list.metadata.resourceVersion;
    }
    const responseId = this.network.ctx.trace.emit('api-server', body, requestEventId);
    queued.recause(responseId);
    return { response, responseId };
  }

  /** Timer: a retry's Retry-After has passed; it waits for a token again. */
  retry(f: InFlightRequest): void {
    this.throttle(f);
  }

  /** Timer: the response reaches the client. */
  deliver(f: InFlightRequest, response: ApiResponse): void {
    this.inFlight--;
    (f.replyTo as Record<string, TransportReply>)[f.method]!(f.token, response, f.responseEventId);
  }

  private retryAfterMs(response: ApiResponse, attempt: number): number | undefined {
    if (response.ok || attempt >= this.maxRetries) return undefined;
    if (response.code !== 429 && response.code < 500) return undefined;
    const s = isStatus(response.status) ? response.status.details?.retryAfterSeconds : undefined;
    return s === undefined ? undefined : s * 1000;
  }

  /** The object before a write, for rvBefore and `changed` (a read of the store, not a request). */
  private peek(r: ApiRequest): { metadata?: { resourceVersion?: string } } | undefined {
    const server = this.network.apiServer;
    if (server.getObject) return server.getObject(r.apiVersion, r.kind, r.namespace, r.name!);
    const res = server.handle({
      verb: 'get',
      apiVersion: r.apiVersion,
      kind: r.kind,
      ...(r.namespace ? { namespace: r.namespace } : {}),
      name: r.name!,
      user: this.identity,
    });
    return res.ok && 'object' in res ? res.object : undefined;
  }
}

function verbOf(r: ApiRequest): Verb {
  return r.verb === 'patch' && r.patchType === 'application/apply-patch+yaml' ? 'apply' : r.verb;
}

function requestRef(r: ApiRequest): ObjectRef {
  const meta = (r.body as { metadata?: { name?: string; generateName?: string } } | undefined)?.metadata;
  const ref: ObjectRef = { apiVersion: r.apiVersion, kind: r.kind, name: r.name ?? meta?.name ?? meta?.generateName ?? '' };
  if (r.namespace) ref.namespace = r.namespace;
  return ref;
}

function withCause<T>(trace: { cause: number | null }, cause: number, fn: () => T): T {
  const previous = trace.cause;
  trace.cause = cause;
  try {
    return fn();
  } finally {
    trace.cause = previous;
  }
}
