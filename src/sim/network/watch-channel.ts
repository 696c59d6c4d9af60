/**
 * One watch connection from the api-server to an informer: the network's half of a watch. It receives events from
 * the api-server synchronously at each write and delivers them to the reflector after the watch latency, in order
 * (`deliverAt = max(previous deliverAt, now + latency)`), applying the network's faults on the way. Every delivery
 * (and every loss) is recorded as `watch.deliver`.
 *
 * One scheduler timer per channel at most: when it fires, every due event is delivered, so a million writes to ten
 * watchers cost about a million deliveries, not a million timers each.
 */
import { refOf } from '../trace/trace-event.ts';
import type { Timer } from '../engine/scheduler.ts';
import type { ServerWatch, WatchEvent, WatchSink } from '../apiserver/api-request.ts';
import { resourceExpired } from '../api/status.ts';
import type { Rng } from '../engine/rng.ts';
import { sample, type Network } from './network.ts';

/** The reflector end: called with the channel's token (so a stale channel's events can be told apart). */
export interface WatchReceiver {
  onWatchEvent(token: number, event: WatchEvent): void;
}

/**
 * The deliveries a request queued (see `Network.handleCapturing`), by channel and position: their cause is patched
 * to the write's api.response once it is recorded.
 */
export class QueuedDeliveries {
  private readonly channels: WatchChannel[] = [];
  private readonly positions: number[] = [];

  add(channel: WatchChannel, position: number): void {
    this.channels.push(channel);
    this.positions.push(position);
  }

  get length(): number {
    return this.channels.length;
  }

  /** Makes `cause` the cause of each of them (those still in flight). */
  recause(cause: number): void {
    for (let i = 0; i < this.channels.length; i++) this.channels[i]!.recause(this.positions[i]!, cause);
  }
}

export class WatchChannel implements WatchSink {
  private server: ServerWatch | null = null;
  // The deliveries in flight, as parallel arrays (no object per event): due time, event, cause (patched to the
  // write's api.response when the write came through a RestClient), delayed by a fault. `[head..]` are pending;
  // `base` is the position of index 0 among every delivery this channel ever queued.
  private at: number[] = [];
  private events: WatchEvent[] = [];
  private causes: (number | null)[] = [];
  private delayed: boolean[] = [];
  private head = 0;
  private base = 0;
  private lastDeliverAt = 0;
  private timer: Timer | null = null;
  private stopped = false;
  /** The informer's watch latency stream (`Network.watchLatencyStream`), looked up once, not per event. */
  private readonly latencyStream: Rng;
  /** Events delivered and dropped so far. */
  delivered = 0;
  dropped = 0;
  /** Virtual ms the channel was opened: a fault on reconnections only spares older channels. */
  readonly openedAt: number;

  constructor(
    private readonly network: Network,
    readonly id: number,
    /** The informer this channel feeds ("replicaset-controller/informer/pods"): trace actor and fault target. */
    readonly informer: string,
    private readonly receiver: WatchReceiver,
    private readonly token: number,
  ) {
    this.latencyStream = network.watchLatencyStream(informer);
    this.openedAt = network.ctx.now;
  }

  /** Attaches the server-side watch (done by `Network.openWatch`). */
  connect(server: ServerWatch): void {
    this.server = server;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Events in flight. */
  get inFlight(): number {
    return this.at.length - this.head;
  }

  onWatchEvent(event: WatchEvent): void {
    this.enqueue(event, true);
  }

  private enqueue(event: WatchEvent, faulty: boolean): void {
    if (this.stopped) return;
    const ctx = this.network.ctx;
    let extra = 0;
    let delayed = false;
    if (faulty && this.network.hasWatchFaults) {
      for (const f of this.network.faultsFor(this.informer)) {
        if (f.openedSince !== undefined && this.openedAt < f.openedSince) continue;
        // An ERROR ends the stream: the connection closes, which a lossy network cannot hide.
        if (f.type === 'drop' && event.type !== 'ERROR' && (f.probability >= 1 || ctx.rngFor(`drop/${this.informer}`).float() < f.probability)) {
          this.dropped++;
          ctx.trace.emit('network', { kind: 'watch.deliver', informer: this.informer, type: event.type, object: refOf(event.object), rv: rvOf(event), fate: 'dropped' });
          return;
        }
        if (f.type === 'delay') {
          extra += f.delayMs;
          delayed = true;
        }
      }
    }
    const at = Math.max(this.lastDeliverAt, ctx.now + sample(this.latencyStream, this.network.watchLatencyOptions) + extra);
    this.lastDeliverAt = at;
    this.at.push(at);
    this.events.push(event);
    this.causes.push(ctx.trace.cause);
    this.delayed.push(delayed);
    this.network.noteQueued(this, this.base + this.at.length - 1);
    if (!this.timer) this.timer = ctx.scheduler.at(at, this, 'deliverDue');
  }

  /** Patches the cause of the delivery at `position` (see {@link QueuedDeliveries}), if it is still in flight. */
  recause(position: number, cause: number): void {
    const i = position - this.base;
    if (i >= this.head && i < this.at.length) this.causes[i] = cause;
  }

  /** Timer: delivers every event now due, then re-arms for the next one. */
  deliverDue(): void {
    this.timer = null;
    const ctx = this.network.ctx;
    while (!this.stopped && this.head < this.at.length && this.at[this.head]! <= ctx.now) {
      const i = this.head++;
      const event = this.events[i]!;
      const cause = this.causes[i] ?? null;
      let id: number;
      if (ctx.trace.keepsEvents) {
        const body = { kind: 'watch.deliver' as const, informer: this.informer, type: event.type, object: refOf(event.object), rv: rvOf(event) };
        id = ctx.trace.emit(this.informer, this.delayed[i] ? { ...body, fate: 'delayed' as const } : body, cause);
      } else {
        // A counting trace only numbers events: no body to build per delivery.
        id = ctx.trace.emit(this.informer, UNKEPT_DELIVERY, cause);
      }
      this.delivered++;
      const previous = ctx.trace.cause;
      ctx.trace.cause = id;
      try {
        this.receiver.onWatchEvent(this.token, event);
      } finally {
        ctx.trace.cause = previous;
      }
    }
    if (this.head > 256 && this.head * 2 > this.at.length) {
      this.at = this.at.slice(this.head);
      this.events = this.events.slice(this.head);
      this.causes = this.causes.slice(this.head);
      this.delayed = this.delayed.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
    if (!this.stopped && this.head < this.at.length) this.timer = ctx.scheduler.at(this.at[this.head]!, this, 'deliverDue');
  }

  /**
   * Closes the server side and queues an ERROR 410 Expired event after everything in flight. The end of a stream
   * is not an event a fault can drop: it always arrives.
   */
  expire(): void {
    if (this.stopped) return;
    this.server?.stop();
    this.server = null;
    this.enqueue({ type: 'ERROR', object: resourceExpired('too old resource version') }, false);
  }

  /** Closes the watch: the server stops sending and anything in flight is lost. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.server?.stop();
    this.server = null;
    this.network.ctx.scheduler.cancel(this.timer);
    this.timer = null;
    this.base += this.at.length;
    this.at = [];
    this.events = [];
    this.causes = [];
    this.delayed = [];
    this.head = 0;
    this.network.forget(this);
  }
}

/** The body given to a trace that does not keep events (see `Trace.keepsEvents`); never stored. */
const UNKEPT_DELIVERY = Object.freeze({
  kind: 'watch.deliver' as const,
  informer: '',
  type: 'MODIFIED' as const,
  object: Object.freeze({ apiVersion: '', kind: '', name: '' }),
  rv: '',
});

function rvOf(event: WatchEvent): string {
  const meta = (event.object as { metadata?: { resourceVersion?: string } }).metadata;
  return meta?.resourceVersion ?? '';
}
