/**
 * client-go's event recorder (`tools/record/event.go`, `events_cache.go`): a controller says "this happened to that
 * object" and a core/v1 Event is written to the api-server, fire-and-forget, through the process's client.
 *
 * Repeats are aggregated as `EventCorrelator`'s logger does: an event identical to one already recorded (same source,
 * involved object, type, reason and message) is not created again; the existing Event is patched with `count + 1` and
 * a new `lastTimestamp`. That is the COUNT column of `kubectl get events`.
 *
 * Every event is also a `k8s.event` trace record naming its reporting controller, so each row of the event log says
 * which loop produced it.
 *
 * @remarks Not modelled: the similar-message aggregator ("(combined from similar events)") and the per-object spam
 * filter (a 25-event burst refilled once per 5 minutes), which only matter for long storms.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ApiResponse } from '../../apiserver/api-request.ts';
import type { Transport } from '../../controller/transport.ts';
import { rfc3339, EPOCH_MS } from '../../engine/clock.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { refOf } from '../../trace/trace-event.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';

/** client-go's `maxLruCacheEntries`. */
const MAX_CACHE_ENTRIES = 4096;

interface Recorded {
  name: string;
  namespace: string;
  count: number;
  /** The create (or the last patch) has been answered: a repeat can patch. */
  written: boolean;
}

interface Pending {
  key: string;
}

export class ApiEventRecorder implements EventRecorder {
  private cache = new Map<string, Recorded>();
  private pending = new Map<number, Pending>();
  private nextToken = 1;
  /** The last timestamp used in a name, in ns: names stay unique when several events share one virtual instant. */
  private lastNanos = 0n;

  constructor(
    private readonly ctx: SimContext,
    private readonly transport: Transport,
    /** `source.component` and `reportingComponent`: "replicaset-controller", "default-scheduler", "kubelet". */
    readonly component: string,
    /** `source.host` / `reportingInstance` (a kubelet's node). */
    readonly host = '',
  ) {
    let h = 0;
    for (let i = 0; i < component.length; i++) h = (Math.imul(h, 31) + component.charCodeAt(i)) | 0;
    for (let i = 0; i < host.length; i++) h = (Math.imul(h, 31) + host.charCodeAt(i)) | 0;
    this.spread = BigInt((h >>> 0) % 997) * 1000n;
  }

  private readonly spread: bigint;

  event(object: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const involved = refOf(object);
    this.ctx.trace.emit(this.component, {
      kind: 'k8s.event',
      type,
      reason,
      message,
      involvedObject: involved,
      reportingController: this.component,
    });
    const namespace = object.metadata.namespace || 'default';
    const key = [this.component, this.host, object.kind, namespace, object.metadata.name, object.metadata.uid, type, reason, message].join('\u0000');
    const now = rfc3339(this.ctx.now);
    const seen = this.cache.get(key);
    if (seen?.written) {
      seen.count++;
      this.send(key, {
        verb: 'patch',
        apiVersion: 'v1',
        kind: 'Event',
        namespace: seen.namespace,
        name: seen.name,
        patchType: 'application/strategic-merge-patch+json',
        body: { count: seen.count, lastTimestamp: now, message },
        user: this.component,
      });
      this.touch(key, seen);
      return;
    }
    // `fmt.Sprintf("%v.%x", ref.Name, t.UnixNano())`. Real clocks never repeat a nanosecond; a virtual instant
    // does, so each recorder moves on by at least 1 ns, and recorders are spread apart by their component's hash.
    const base = BigInt(EPOCH_MS + Math.floor(this.ctx.now)) * 1_000_000n + BigInt(Math.round((this.ctx.now % 1) * 1e6)) + this.spread;
    this.lastNanos = base > this.lastNanos ? base : this.lastNanos + 1n;
    const name = `${object.metadata.name ?? 'unknown'}.${this.lastNanos.toString(16)}`;
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: {
        kind: object.kind,
        namespace: object.metadata.namespace,
        name: object.metadata.name,
        uid: object.metadata.uid,
        apiVersion: object.apiVersion,
        resourceVersion: object.metadata.resourceVersion,
      },
      reason,
      message,
      source: this.host ? { component: this.component, host: this.host } : { component: this.component },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      type,
      reportingComponent: this.component,
      reportingInstance: this.host,
    };
    this.touch(key, { name, namespace, count: 1, written: false });
    this.send(key, { verb: 'create', apiVersion: 'v1', kind: 'Event', namespace, body: event, user: this.component });
  }

  /** Transport reply. A failed create is forgotten (client-go retries a few times, then drops the event). */
  onEventResponse(token: number, response: ApiResponse): void {
    const p = this.pending.get(token);
    this.pending.delete(token);
    if (!p) return;
    const entry = this.cache.get(p.key);
    if (!entry) return;
    if (response.ok) entry.written = true;
    else if (!entry.written) this.cache.delete(p.key);
  }

  private send(key: string, request: Parameters<Transport['send']>[0]): void {
    const token = this.nextToken++;
    this.pending.set(token, { key });
    this.transport.send(request, this, 'onEventResponse', token);
  }

  private touch(key: string, entry: Recorded): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    if (this.cache.size > MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }
}
