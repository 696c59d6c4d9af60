/**
 * client-go's event recorder (`tools/record/event.go`: `generateEvent`, `makeEvent`, `recordToSink`, `recordEvent`;
 * kubernetes/kubernetes staging/src/k8s.io/client-go/tools/record/event.go): a controller says "this happened to that
 * object" and a core/v1 Event is written to the api-server, fire-and-forget, through the process's client.
 *
 * Every event goes through the recorder's {@link EventCorrelator} (`events_cache.go`, one per recorder as
 * `StartRecordingToSink` makes one per broadcaster): similar events (same object and reason, other messages) are
 * combined into one "(combined from similar events): …" Event from the 10th within 10 minutes; an identical repeat is a
 * patch of the existing Event with `count + 1` and a new `lastTimestamp` (the COUNT column of `kubectl get events`);
 * and each source + object may write a burst of 25 events, then one per 5 minutes — the rest are skipped and never
 * reach the api-server. A patch that finds no Event (404) falls back to a create, as `recordEvent` does; any other
 * failure is not retried here (upstream retries transport errors up to 12 times, 10 s apart).
 *
 * Every event is also a `k8s.event` trace record naming its reporting controller, so each row of the event log says
 * which loop produced it — including the events the correlator skipped (`correlation: 'spam-filtered'`) or combined
 * (`correlation: 'combined'`); the Event objects in the api-server are what `kubectl get events` would list.
 *
 * In upstream the broadcaster's goroutine writes one event at a time, so a repeat is correlated after the previous
 * write was answered. Here the correlator runs when the event is recorded and writes of different Events travel
 * concurrently, but the writes of one Event (its create, then its patches) go out one at a time, in order, each after
 * the previous one's answer — so its count and message end as upstream's do, whatever the network's jitter.
 */
import type { KubeObject } from '../../api/object.ts';
import type { ApiRequest, ApiResponse } from '../../apiserver/api-request.ts';
import type { Transport } from '../../controller/transport.ts';
import { rfc3339 } from '../../engine/clock.ts';
import type { SimContext } from '../../engine/sim-context.ts';
import { refOf } from '../../trace/trace-event.ts';
import type { EventRecorder } from '../../cluster/controller-host.ts';
import type { CoreEvent } from './core-event.ts';
import { EventCorrelator } from './event-correlator.ts';
import { EventNamer } from './event-name.ts';

/** One write of an Event: the request, and the event a patch answered 404 is created from. */
interface EventWrite {
  event: CoreEvent;
  patch: boolean;
  request: ApiRequest;
}

export class ApiEventRecorder implements EventRecorder {
  private readonly names: EventNamer;
  readonly correlator: EventCorrelator;
  /** Per Event (namespace/name), its writes not yet answered; the first is in flight. */
  private writes = new Map<string, EventWrite[]>();
  /** Transport token → the Event it writes. */
  private pending = new Map<number, string>();
  private nextToken = 1;

  constructor(
    private readonly ctx: SimContext,
    private readonly transport: Transport,
    /** `source.component` and `reportingComponent`: "replicaset-controller", "default-scheduler", "kubelet". */
    readonly component: string,
    /** `source.host` / `reportingInstance` (a kubelet's node). */
    readonly host = '',
  ) {
    this.names = new EventNamer(component, host);
    this.correlator = new EventCorrelator(ctx, this.names);
  }

  event(object: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const result = this.correlator.eventCorrelate(this.makeEvent(object, type, reason, message));
    const correlation = result.skip ? 'spam-filtered' : result.event.message !== message ? 'combined' : undefined;
    this.ctx.trace.emit(this.component, {
      kind: 'k8s.event',
      type,
      reason,
      message,
      involvedObject: refOf(object),
      reportingController: this.component,
      ...(correlation ? { correlation } : {}),
    });
    if (result.skip) return;
    const event = result.event;
    if (event.count > 1) {
      this.enqueue({
        event,
        patch: true,
        request: {
          verb: 'patch',
          apiVersion: 'v1',
          kind: 'Event',
          namespace: event.metadata.namespace,
          name: event.metadata.name,
          patchType: 'application/strategic-merge-patch+json',
          body: result.patch ?? { count: event.count, lastTimestamp: event.lastTimestamp, message: event.message },
          user: this.component,
        },
      });
    } else {
      this.create(event);
    }
  }

  /** `makeEvent` + `generateEvent`: the Event, named `<object>.<unix nanos>`, in the object's namespace or default. */
  private makeEvent(object: KubeObject, type: string, reason: string, message: string): CoreEvent {
    const now = this.ctx.now;
    const t = rfc3339(now);
    const name = object.metadata.name ?? 'unknown';
    return {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: this.names.name(name, now),
        namespace: object.metadata.namespace || 'default',
      },
      involvedObject: {
        kind: object.kind,
        namespace: object.metadata.namespace,
        name,
        uid: object.metadata.uid,
        apiVersion: object.apiVersion,
        resourceVersion: object.metadata.resourceVersion,
      },
      reason,
      message,
      source: this.host ? { component: this.component, host: this.host } : { component: this.component },
      firstTimestamp: t,
      lastTimestamp: t,
      count: 1,
      type,
      reportingComponent: this.component,
      reportingInstance: this.host,
    };
  }

  private create(event: CoreEvent): void {
    this.enqueue(createWrite(event, this.component));
  }

  /** Writes of one Event go out one at a time, in order; writes of other Events do not wait. */
  private enqueue(write: EventWrite): void {
    const key = `${write.event.metadata.namespace}/${write.event.metadata.name}`;
    const queue = this.writes.get(key);
    if (queue) {
      queue.push(write);
      return;
    }
    this.writes.set(key, [write]);
    this.transmit(key, write);
  }

  private transmit(key: string, write: EventWrite): void {
    const token = this.nextToken++;
    this.pending.set(token, key);
    this.transport.send(write.request, this, 'onEventResponse', token);
  }

  /**
   * Transport reply (`recordEvent`): the server's Event updates the correlator (unless writes observed after this one
   * are queued behind it: upstream would have applied this answer before correlating them); a patch of a missing
   * Event is sent again as a create; any other failure drops the write. Then the Event's next write goes out.
   */
  onEventResponse(token: number, response: ApiResponse): void {
    const key = this.pending.get(token);
    this.pending.delete(token);
    const queue = key === undefined ? undefined : this.writes.get(key);
    if (!queue) return;
    const head = queue[0]!;
    if (response.ok) {
      if (queue.length === 1 && 'object' in response) this.correlator.updateState(response.object as unknown as CoreEvent);
    } else if (head.patch && response.code === 404) {
      queue[0] = createWrite(head.event, this.component);
      this.transmit(key!, queue[0]);
      return;
    }
    queue.shift();
    if (queue.length > 0) this.transmit(key!, queue[0]!);
    else this.writes.delete(key!);
  }
}

/** A create of `event`, "making sure that ResourceVersion is empty on creation". */
function createWrite(event: CoreEvent, user: string): EventWrite {
  const body =
    event.metadata.resourceVersion === undefined ? event : { ...event, metadata: { name: event.metadata.name, namespace: event.metadata.namespace } };
  return { event: body, patch: false, request: { verb: 'create', apiVersion: 'v1', kind: 'Event', namespace: body.metadata.namespace, body, user } };
}
