/**
 * A tiny in-memory {@link Transport} for tests of controllers and leader election: answers get / list / create /
 * update / delete from a map after a fixed virtual delay, with a global resourceVersion and optimistic
 * concurrency (an update carrying a stale resourceVersion gets 409 Conflict).
 *
 * Like the real network side, it records `api.request` (caused by the trace cause at `send`) and `api.response`
 * (caused by its request) and hands the response event id to the callback.
 *
 * @remarks Not the api-server: no admission, defaulting, patches, watches or generation rules; the answer is
 * computed when the request is sent. `down` answers every request with 503 ServiceUnavailable.
 */
import type { KubeObject } from '../api/object.ts';
import { alreadyExists, conflict, internalError, notFound, serviceUnavailable, type Status } from '../api/status.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/api-request.ts';
import { deepFreeze } from '../engine/clone-graph.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { ObjectRef, TraceEventBody } from '../trace/trace-event.ts';
import type { Transport } from './transport.ts';

export class FakeTransport implements Transport {
  /** Stored objects by "Kind/namespace/name". */
  readonly objects = new Map<string, KubeObject>();
  /** Every request sent, in order. */
  readonly sent: ApiRequest[] = [];
  /** Remaining forced failures (500 InternalError) per "verb Kind/namespace/name". */
  readonly failures = new Map<string, number>();
  down = false;
  private revision = 0;

  constructor(
    private readonly ctx: SimContext,
    /** Virtual ms between a request and its answer. */
    public delay = 10,
  ) {}

  send(request: ApiRequest, replyTo: object, method: string, token: number): void {
    this.sent.push(request);
    const requestId = this.sent.length;
    const object = refOfRequest(request);
    const requestEvent = this.ctx.trace.emit(request.user, { kind: 'api.request', verb: request.verb, object, requestId });
    const response = this.answer(request);
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = requestEvent;
    this.ctx.scheduler.after(this.delay, this, 'deliver', request, requestId, response, replyTo, method, token);
    this.ctx.trace.cause = previous;
  }

  /** Timer target: records the api.response and calls the sender back. */
  deliver(request: ApiRequest, requestId: number, response: ApiResponse, replyTo: object, method: string, token: number): void {
    const body: Extract<TraceEventBody, { kind: 'api.response' }> = {
      kind: 'api.response',
      verb: request.verb,
      object: refOfRequest(request),
      requestId,
      code: response.code,
    };
    if (!response.ok) {
      body.reason = response.status.reason;
      body.message = response.status.message;
    } else if ('object' in response && response.object.metadata.resourceVersion) {
      body.rv = response.object.metadata.resourceVersion;
    }
    const eventId = this.ctx.trace.emit('api-server', body);
    (replyTo as Record<string, (...args: unknown[]) => void>)[method]!(token, response, eventId);
  }

  /** Puts an object in the store (a fresh resourceVersion), as if created by someone else. */
  seed(obj: KubeObject): KubeObject {
    const stored = this.store(obj);
    return stored;
  }

  get(kind: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.objects.get(`${kind}/${namespace ?? ''}/${name}`);
  }

  private answer(r: ApiRequest): ApiResponse {
    if (this.down) return fail(serviceUnavailable('the server is currently unable to handle the request'));
    const body = r.body as KubeObject | undefined;
    const name = r.name ?? body?.metadata.name ?? '';
    const id = `${r.kind}/${r.namespace ?? ''}/${name}`;
    const forced = this.failures.get(`${r.verb} ${id}`);
    if (forced) {
      this.failures.set(`${r.verb} ${id}`, forced - 1);
      return fail(internalError(`injected failure for ${r.verb} ${id}`));
    }
    const gr = { group: r.apiVersion.includes('/') ? r.apiVersion.split('/')[0]! : '', resource: `${r.kind.toLowerCase()}s` };
    const existing = this.objects.get(id);
    switch (r.verb) {
      case 'get':
        return existing ? { ok: true, code: 200, object: existing } : fail(notFound(gr, name));
      case 'list': {
        const items = [...this.objects.entries()]
          .filter(([k]) => k.startsWith(`${r.kind}/${r.namespace ?? ''}`))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, o]) => o);
        return { ok: true, code: 200, list: { apiVersion: r.apiVersion, kind: `${r.kind}List`, metadata: { resourceVersion: String(this.revision) }, items } };
      }
      case 'create':
        if (existing) return fail(alreadyExists(gr, name));
        return { ok: true, code: 201, object: this.store(body!) };
      case 'update': {
        if (!existing) return fail(notFound(gr, name));
        const rv = body!.metadata.resourceVersion;
        if (rv && rv !== existing.metadata.resourceVersion) return fail(conflict(gr, name));
        return { ok: true, code: 200, object: this.store(body!) };
      }
      case 'delete':
        if (!existing) return fail(notFound(gr, name));
        this.objects.delete(id);
        return { ok: true, code: 200, object: existing };
      default:
        return fail(internalError(`FakeTransport does not support ${r.verb}`));
    }
  }

  private store(obj: KubeObject): KubeObject {
    const copy: KubeObject = { ...structuredClone(obj), metadata: { ...obj.metadata, resourceVersion: String(++this.revision) } };
    const stored = deepFreeze(copy);
    this.objects.set(`${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`, stored);
    return stored;
  }
}

function refOfRequest(r: ApiRequest): ObjectRef {
  const body = r.body as KubeObject | undefined;
  const ref: ObjectRef = { apiVersion: r.apiVersion, kind: r.kind, name: r.name ?? body?.metadata?.name ?? '' };
  if (r.namespace) ref.namespace = r.namespace;
  return ref;
}

function fail(status: Status): ApiResponse {
  return { ok: false, code: status.code, status };
}
