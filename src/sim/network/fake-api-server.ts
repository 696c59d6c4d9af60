/**
 * A small in-memory api-server for the network's and the client machinery's tests: one global revision, get/list/
 * create/update/delete, watches with a bounded history (a watch from a compacted revision gets 410 Expired; from
 * "0", the current state as synthetic ADDED events; from "", only what comes next),
 * and an `unavailable` switch (503 with Retry-After). It is a test double for {@link ApiServerEndpoint}, not the
 * simulation's api-server (src/sim/apiserver): no admission, no patches, no finalizers.
 */
import { keyOf, type KubeObject } from '../api/object.ts';
import { alreadyExists, conflict, methodNotSupported, notFound, resourceExpired, serviceUnavailable, type Status } from '../api/status.ts';
import type { ApiRequest, ApiResponse, ServerWatch, WatchEvent, WatchRequest, WatchSink } from '../apiserver/api-request.ts';
import type { ApiServerEndpoint } from './network.ts';

interface HistoryEntry {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  obj: KubeObject;
}

class FakeWatch implements ServerWatch {
  stopped = false;
  constructor(
    private readonly server: FakeApiServer,
    readonly id: number,
    readonly req: WatchRequest,
    readonly sink: WatchSink,
  ) {}
  stop(): void {
    this.stopped = true;
    this.server.removeWatch(this);
  }
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export class FakeApiServer implements ApiServerEndpoint {
  rv = 0;
  /** Answer every request with 503 while true. */
  unavailable = false;
  /** Requests handled, in order (reads by the network's `peek` included). */
  handled: ApiRequest[] = [];
  /** Refuse every watch with this Status while set (e.g. a 429). */
  refuseWatches: Status | null = null;
  /** Watch requests, in order. */
  watchRequests: WatchRequest[] = [];
  private objects = new Map<string, KubeObject>();
  private history: HistoryEntry[] = [];
  private watches: FakeWatch[] = [];
  private nextWatchId = 1;

  /** @param historyLimit watch history kept; older revisions are compacted. */
  constructor(private readonly historyLimit = 1000) {}

  handle(req: ApiRequest): ApiResponse {
    this.handled.push(req);
    if (this.unavailable) return fail(serviceUnavailable('the server is currently unable to handle the request'));
    const gr = { group: '', resource: `${req.kind.toLowerCase()}s` };
    const key = (name: string) => `${req.apiVersion}|${req.kind}|${req.namespace ? `${req.namespace}/` : ''}${name}`;
    switch (req.verb) {
      case 'get': {
        const o = this.objects.get(key(req.name!));
        return o ? { ok: true, code: 200, object: o } : fail(notFound(gr, req.name!));
      }
      case 'list': {
        const asked = req.resourceVersion;
        if (asked && asked !== '0' && Number(asked) < this.oldestRetained() - 1) {
          return fail(resourceExpired(`The resourceVersion for the provided list is too old.`));
        }
        return { ok: true, code: 200, list: { apiVersion: req.apiVersion, kind: `${req.kind}List`, metadata: { resourceVersion: String(this.rv) }, items: this.list(req.apiVersion, req.kind, req.namespace) } };
      }
      case 'create': {
        const body = req.body as KubeObject;
        const k = key(body.metadata.name!);
        if (this.objects.has(k)) return fail(alreadyExists(gr, body.metadata.name!));
        return { ok: true, code: 201, object: this.write(k, 'ADDED', body) };
      }
      case 'update': {
        const body = req.body as KubeObject;
        const k = key(req.name!);
        const old = this.objects.get(k);
        if (!old) return fail(notFound(gr, req.name!));
        const want = body.metadata.resourceVersion;
        if (want && want !== old.metadata.resourceVersion) return fail(conflict(gr, req.name!));
        return { ok: true, code: 200, object: this.write(k, 'MODIFIED', body) };
      }
      case 'delete': {
        const k = key(req.name!);
        const old = this.objects.get(k);
        if (!old) return fail(notFound(gr, req.name!));
        return { ok: true, code: 200, object: this.write(k, 'DELETED', old) };
      }
      default:
        return fail(methodNotSupported(gr, req.verb));
    }
  }

  watch(req: WatchRequest, sink: WatchSink): ServerWatch | Status {
    this.watchRequests.push(req);
    if (this.refuseWatches) return this.refuseWatches;
    if (this.unavailable) return serviceUnavailable('the server is currently unable to handle the request');
    const w = new FakeWatch(this, this.nextWatchId++, req, sink);
    if (req.resourceVersion === '0') {
      // "Any": the current state as synthetic ADDED events, then changes.
      this.watches.push(w);
      for (const o of this.list(req.apiVersion, req.kind, req.namespace)) sink.onWatchEvent({ type: 'ADDED', object: o });
      return w;
    }
    const from = req.resourceVersion === '' ? this.rv : Number(req.resourceVersion);
    const oldest = this.oldestRetained();
    if (from < oldest - 1) return resourceExpired(`too old resource version: ${from} (${oldest - 1})`);
    this.watches.push(w);
    for (const h of this.history) if (h.rv > from && matches(req, h.obj)) sink.onWatchEvent({ type: h.type, object: h.obj });
    return w;
  }

  /** The oldest revision still in the history (now + 1 when it is empty). */
  private oldestRetained(): number {
    return this.history.length ? this.history[0]!.rv : this.rv + 1;
  }

  removeWatch(w: FakeWatch): void {
    this.watches = this.watches.filter((x) => x !== w);
  }

  /** Open server-side watches. */
  get watchCount(): number {
    return this.watches.length;
  }

  /** The truth: objects of a type, in key order. */
  list(apiVersion: string, kind: string, namespace?: string): KubeObject[] {
    return [...this.objects.values()]
      .filter((o) => o.apiVersion === apiVersion && o.kind === kind && (!namespace || o.metadata.namespace === namespace))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  }

  /** Alias of {@link list}, named as the real api-server's. */
  listObjects(apiVersion: string, kind: string, namespace?: string): KubeObject[] {
    return this.list(apiVersion, kind, namespace);
  }

  /** Forgets all history up to now: every watch from an older revision gets 410. */
  compact(): void {
    this.history = [];
  }

  /** Sends ERROR 410 Expired to every open watch and closes them. */
  expireWatches(): void {
    for (const w of [...this.watches]) {
      w.sink.onWatchEvent({ type: 'ERROR', object: resourceExpired('too old resource version') });
      w.stop();
    }
  }

  private write(k: string, type: HistoryEntry['type'], body: KubeObject): KubeObject {
    const rv = ++this.rv;
    const obj = deepFreeze({ ...structuredClone(body), metadata: { ...structuredClone(body.metadata), resourceVersion: String(rv) } });
    if (type === 'DELETED') this.objects.delete(k);
    else this.objects.set(k, obj);
    this.history.push({ rv, type, obj });
    if (this.history.length > this.historyLimit) this.history.splice(0, this.history.length - this.historyLimit);
    const event: WatchEvent = { type, object: obj };
    for (const w of [...this.watches]) if (!w.stopped && matches(w.req, obj)) w.sink.onWatchEvent(event);
    return obj;
  }
}

function matches(req: WatchRequest, obj: KubeObject): boolean {
  return obj.apiVersion === req.apiVersion && obj.kind === req.kind && (!req.namespace || obj.metadata.namespace === req.namespace);
}

function fail(status: Status): ApiResponse {
  return { ok: false, code: status.code, status };
}
