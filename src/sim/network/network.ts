/**
 * The simulated network between clients and the api-server, on virtual time. It owns what every connection shares:
 * latency distributions (all jitter from `ctx.rng`), the registry of REST clients (one per identity) and open watch
 * channels, and the watch faults (drop or delay events to one informer or one whole process).
 *
 * @remarks Faults here are passive: they hold an end time and are checked as events pass, so no timer is needed
 * to lift one. Recording `fault.inject` is the fault planner's job; a lapsed fault simply stops matching.
 * API-server unavailability is the api-server's own fault (it answers 503); clients retry per client-go.
 */
import type { KubeObject } from '../api/object.ts';
import { isStatus, type Status } from '../api/status.ts';
import type { ApiRequest, ApiResponse, ServerWatch, WatchRequest, WatchSink } from '../apiserver/api-request.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Rng } from '../engine/rng.ts';
import { RestClient, type RestClientOptions } from './rest-client.ts';
import { QueuedDeliveries, WatchChannel, type WatchReceiver } from './watch-channel.ts';

/** What the network needs of the api-server (`class ApiServer` satisfies it). */
export interface ApiServerEndpoint {
  /** Handles one request synchronously, at `ctx.now`. */
  handle(req: ApiRequest): ApiResponse;
  /** Opens a server-side watch that calls `sink` at each matching change; a Status (e.g. 410 Expired) if refused. */
  watch(req: WatchRequest, sink: WatchSink): ServerWatch | Status;
  /** A read of the store without a request (for a write's rvBefore and changed fields); else a `get` is used. */
  getObject?(apiVersion: string, kind: string, namespace: string | undefined, name: string): KubeObject | undefined;
}

/** A uniform latency: `meanMs ± jitterMs`. */
export interface Latency {
  meanMs: number;
  jitterMs: number;
}

export interface NetworkOptions {
  /** One-way latency of a request or a response (default 2 ms ± 1 ms). */
  requestLatency?: Latency;
  /** Latency from the api-server's write to an informer receiving the watch event (default 3 ms ± 2 ms). */
  watchLatency?: Latency;
  /** Defaults for every REST client (kube-controller-manager: 20 qps, burst 30). */
  client?: RestClientOptions;
}

export const DEFAULT_REQUEST_LATENCY: Latency = Object.freeze({ meanMs: 2, jitterMs: 1 });
export const DEFAULT_WATCH_LATENCY: Latency = Object.freeze({ meanMs: 3, jitterMs: 2 });

/** A watch fault on a target: an informer name, or a process whose informers all match ("replicaset-controller"). */
export interface WatchFault {
  readonly target: string;
  readonly type: 'drop' | 'delay';
  /** drop: probability in [0, 1] each event is lost. */
  readonly probability: number;
  /** delay: extra ms added to each event. */
  readonly delayMs: number;
  /** Virtual ms the fault lapses. */
  readonly until: number;
  /** Only channels opened at or after this virtual time (a reconnection); absent: every channel. */
  readonly openedSince?: number;
}

export class Network {
  requestLatencyOptions: Latency;
  watchLatencyOptions: Latency;
  private readonly clientDefaults: RestClientOptions;
  private readonly clients = new Map<string, RestClient>();
  private readonly channels = new Map<number, WatchChannel>();
  private nextChannelId = 1;
  private nextRequestId = 1;
  private faults: WatchFault[] = [];
  /** The latency streams already looked up, by identity / informer (see `streamOf`). */
  private readonly requestStreams = new Map<string, Rng>();
  private readonly watchStreams = new Map<string, Rng>();
  /** Deliveries queued while a request is inside `apiServer.handle`, whose cause becomes its api.response. */
  private capture: QueuedDeliveries | null = null;
  /** Stale views: lists of `target` (a process) answered at `revision` until `until` (the `stale-view` fault). */
  private staleViews: Array<{ target: string; revision: number; until: number }> = [];

  constructor(
    readonly ctx: SimContext,
    readonly apiServer: ApiServerEndpoint,
    options: NetworkOptions = {},
  ) {
    this.requestLatencyOptions = options.requestLatency ?? DEFAULT_REQUEST_LATENCY;
    this.watchLatencyOptions = options.watchLatency ?? DEFAULT_WATCH_LATENCY;
    this.clientDefaults = options.client ?? {};
  }

  /** Changes the request latency from now on (a "slow network" fault, or a settings slider). */
  setRequestLatency(latency: Latency): void {
    this.requestLatencyOptions = { ...latency };
  }

  /** Changes the watch delivery latency from now on; events in flight keep their delivery time. */
  setWatchLatency(latency: Latency): void {
    this.watchLatencyOptions = { ...latency };
  }

  /** A one-way request/response latency sample (ms). */
  requestLatency(identity = ''): number {
    return sample(this.streamOf(this.requestStreams, 'net/', identity), this.requestLatencyOptions);
  }

  /** A watch delivery latency sample (ms). */
  watchLatency(informer = ''): number {
    return sample(this.watchLatencyStream(informer), this.watchLatencyOptions);
  }

  /**
   * The random stream of `informer`'s watch latency (`watchLatency` draws from it): a channel looks it up once and
   * samples it with {@link sample} for each event.
   */
  watchLatencyStream(informer: string): Rng {
    return this.streamOf(this.watchStreams, 'watch/', informer);
  }

  /**
   * `ctx.rngFor(prefix + name)`, remembered by `name`: the same stream, without building and hashing the stream
   * name on every watch event.
   */
  private streamOf(streams: Map<string, Rng>, prefix: string, name: string): Rng {
    let r = streams.get(name);
    if (!r) {
      r = this.ctx.rngFor(`${prefix}${name}`);
      streams.set(name, r);
    }
    return r;
  }

  /** The REST client of `identity` ("replicaset-controller", "kubelet/node-1"), created on first use. */
  restClient(identity: string, options: RestClientOptions = {}): RestClient {
    let c = this.clients.get(identity);
    if (!c) {
      c = new RestClient(this, identity, { ...this.clientDefaults, ...options });
      this.clients.set(identity, c);
    }
    return c;
  }

  /** Every REST client, by identity (for the UI). */
  restClients(): RestClient[] {
    return [...this.clients.values()];
  }

  /** A unique id for an `api.request`/`api.response` pair. */
  newRequestId(): number {
    return this.nextRequestId++;
  }

  /**
   * Opens a watch for `informer`: a {@link WatchChannel} that delivers to `receiver.onWatchEvent(token, event)`,
   * connected to the api-server. Returns the channel, or the api-server's refusal (e.g. 410 Expired).
   */
  openWatch(informer: string, req: WatchRequest, receiver: WatchReceiver, token: number): WatchChannel | Status {
    const channel = new WatchChannel(this, this.nextChannelId++, informer, receiver, token);
    const w = this.apiServer.watch(req, channel);
    if (isStatus(w)) return w;
    channel.connect(w);
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Open channels, oldest first. */
  openChannels(): WatchChannel[] {
    return [...this.channels.values()];
  }

  /** Called by a channel when it stops. */
  forget(channel: WatchChannel): void {
    this.channels.delete(channel.id);
  }

  /** Drops watch events to `target` (each with `probability`, default all) for `durationMs`. */
  dropWatchEvents(target: string, durationMs: number, probability = 1): void {
    this.faults.push({ target, type: 'drop', probability, delayMs: 0, until: this.ctx.now + durationMs });
  }

  /**
   * Adds `delayMs` to every watch event to `target` for `durationMs`; with `newChannelsOnly`, only on the watches it
   * opens from now on (a reconnection lands on a lagging api-server; the open connections stay as they are).
   */
  delayWatchEvents(target: string, delayMs: number, durationMs: number, newChannelsOnly = false): void {
    const now = this.ctx.now;
    this.faults.push({ target, type: 'delay', probability: 1, delayMs, until: now + durationMs, ...(newChannelsOnly ? { openedSince: now } : {}) });
  }

  /** Lifts the watch faults on `target` (all of them without a target). */
  clearWatchFaults(target?: string): void {
    this.faults = target === undefined ? [] : this.faults.filter((f) => f.target !== target);
  }

  /** Faults in force now. */
  activeFaults(): WatchFault[] {
    this.faults = this.faults.filter((f) => f.until > this.ctx.now);
    return [...this.faults];
  }

  /** Whether any watch fault is registered (lapsed ones included): the cheap check before {@link faultsFor}. */
  get hasWatchFaults(): boolean {
    return this.faults.length > 0;
  }

  /** The faults that apply to an informer now. */
  faultsFor(informer: string): WatchFault[] {
    if (this.faults.length === 0) return [];
    return this.activeFaults().filter((f) => informer === f.target || informer.startsWith(`${f.target}/`));
  }

  /**
   * Ends the watches of `target` with an ERROR 410 Expired event, as when the api-server's watch cache moved
   * past them: their reflectors relist.
   */
  expireWatches(target: string): number {
    let n = 0;
    for (const ch of this.openChannels()) {
      if (ch.informer === target || ch.informer.startsWith(`${target}/`)) {
        ch.expire();
        n++;
      }
    }
    return n;
  }

  /**
   * Until `durationMs` from now, `target`'s lists (a relist, a restart's list) are answered as the cluster was at
   * `revision`, as by an api-server of an HA control plane whose watch cache lags: the `stale-view` fault.
   */
  serveStaleView(target: string, revision: number, durationMs: number): void {
    this.staleViews.push({ target, revision, until: this.ctx.now + durationMs });
  }

  /** The revision `user`'s lists are served at now, if a stale view is in force for it. */
  staleRevisionFor(user: string): number | undefined {
    this.staleViews = this.staleViews.filter((v) => v.until > this.ctx.now);
    return this.staleViews.find((v) => user === v.target || user.startsWith(`${v.target}/`))?.revision;
  }

  /** Runs `apiServer.handle` and returns the response with the deliveries it queued (see `capture`). */
  handleCapturing(req: ApiRequest): { response: ApiResponse; queued: QueuedDeliveries } {
    if (this.staleViews.length > 0 && req.verb === 'list' && req.resourceVersionMatch === undefined) {
      const revision = this.staleRevisionFor(req.user);
      if (revision !== undefined) req = { ...req, resourceVersion: String(revision), resourceVersionMatch: 'Exact' };
    }
    const outer = this.capture;
    const queued = new QueuedDeliveries();
    this.capture = queued;
    try {
      return { response: this.apiServer.handle(req), queued };
    } finally {
      this.capture = outer;
    }
  }

  /** Called by a channel for each delivery it queues (its position on that channel). */
  noteQueued(channel: WatchChannel, position: number): void {
    this.capture?.add(channel, position);
  }
}

/** A latency sample from `rng`: `meanMs ± jitterMs`, never below 0. */
export function sample(rng: Rng, l: Latency): number {
  if (l.jitterMs <= 0) return Math.max(0, l.meanMs);
  return Math.max(0, l.meanMs + (rng.float() * 2 - 1) * l.jitterMs);
}
