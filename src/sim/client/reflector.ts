/**
 * `cache.Reflector` (client-go `tools/cache/reflector.go`): keeps a store in step with the api-server by
 * ListAndWatch. It lists through the client's {@link RestClient} (QPS and latency apply), replaces the store with
 * the result, then watches from the list's resourceVersion through a {@link WatchChannel}.
 *
 * - The first list asks for `resourceVersion="0"`; relists ask for the last synced RV; after a list answered
 *   410 Expired, `""` (a consistent read) (`relistResourceVersion`).
 * - A watch refused with 429 is retried after the backoff without relisting. A watch that ends with ERROR
 *   410 Expired, or any other error, ends ListAndWatch; the next one starts after the backoff (`wait.BackoffUntil` with `NewExponentialBackoffManager(800ms, 30s, 2min, 2.0, 1.0)`).
 * - Each watch asks the server to close it after a random [5 min, 10 min); then the reflector watches again from
 *   the last RV without relisting.
 * - Every `resyncPeriod`, if the informer says a handler is due (`ShouldResync`), the store is resynced.
 *
 * @remarks The watch is opened at the instant the list answer arrives (no extra round trip); it replays from the
 * list's RV, so nothing is missed. Watch-list streaming (WatchListClient) and bookmarks-driven progress are not
 * modelled; BOOKMARK events only advance the last synced RV.
 */
import type { KubeObject } from '../api/object.ts';
import { isStatus, type Status } from '../api/status.ts';
import type { ApiRequest, ApiResponse, WatchEvent, WatchRequest } from '../apiserver/api-request.ts';
import type { KeyedWatchEvent } from '../apiserver/storage/watch-cache.ts';
import type { Timer } from '../engine/scheduler.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Transport } from '../controller/transport.ts';
import type { Network } from '../network/network.ts';
import type { WatchChannel, WatchReceiver } from '../network/watch-channel.ts';
import type { DeletedFinalStateUnknown } from './store.ts';

/** What is listed and watched (client-go's `ListerWatcher` options). */
export interface ListWatchTarget {
  apiVersion: string;
  kind: string;
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

/**
 * The reflector's store: a DeltaFIFO. `key`, when given, is `MetaNamespaceKeyFunc(obj)` as the watch event carried
 * it (see `KeyedWatchEvent`), so the store need not compute it.
 */
export interface ReflectorStore {
  add(obj: KubeObject, key?: string): void;
  update(obj: KubeObject, key?: string): void;
  delete(obj: KubeObject | DeletedFinalStateUnknown): void;
  replace(list: readonly KubeObject[], resourceVersion: string): void;
  resync(onQueued?: (count: number) => void): number;
}

/** `ShouldResync`: asked before each periodic resync. */
export interface ResyncChecker {
  shouldResync(): boolean;
}

export type ListReason = 'initial' | 'expired' | 'restart' | 'error';

export interface ReflectorOptions {
  /** The informer's name ("replicaset-controller/informer/pods"): trace actor and watch fault target. */
  name: string;
  /** Plural resource for the trace ("pods"). */
  resource: string;
  target: ListWatchTarget;
  /** Who lists and watches (the process identity). */
  user: string;
  transport: Transport;
  network: Network;
  store: ReflectorStore;
  /** 0 = never. */
  resyncPeriod?: number;
  resyncChecker?: ResyncChecker;
  /** Trace reason of the first list ('restart' for a restarted process). */
  initialListReason?: ListReason;
}

export const MIN_WATCH_TIMEOUT_MS = 5 * 60_000;
export const BACKOFF_INITIAL_MS = 800;
export const BACKOFF_CAP_MS = 30_000;
export const BACKOFF_RESET_MS = 2 * 60_000;

export class Reflector implements WatchReceiver {
  /** `LastSyncResourceVersion`: the RV of the last list or watch event processed. */
  lastSyncResourceVersion = '';
  private isLastSyncResourceVersionUnavailable = false;
  /** Bumped at each (re)start; stale list answers and channels carry an older token and are ignored. */
  private generation = 0;
  private channel: WatchChannel | null = null;
  private timer: Timer | null = null;
  private resyncTimer: Timer | null = null;
  private running = false;
  private nextListReason: ListReason;
  private backoffDuration = BACKOFF_INITIAL_MS;
  private lastBackoffStart = -Infinity;
  /** Lists completed (for tests and the UI). */
  listCount = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly options: ReflectorOptions,
  ) {
    this.nextListReason = options.initialListReason ?? 'initial';
  }

  get name(): string {
    return this.options.name;
  }

  /** `Run`: starts ListAndWatch (and the resync timer). */
  run(): void {
    if (this.running) return;
    this.running = true;
    this.list();
    const period = this.options.resyncPeriod ?? 0;
    if (period > 0) this.resyncTimer = this.ctx.scheduler.after(period, this, 'resyncTick');
  }

  /** Stops everything: the watch is closed, timers are cancelled, answers in flight are ignored. */
  stop(): void {
    this.running = false;
    this.generation++;
    this.channel?.stop();
    this.channel = null;
    this.ctx.scheduler.cancel(this.timer);
    this.ctx.scheduler.cancel(this.resyncTimer);
    this.timer = this.resyncTimer = null;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** The open watch channel, if any (for the UI: events in flight). */
  watchChannel(): WatchChannel | null {
    return this.channel;
  }

  /** Whether a watch is open. */
  get watching(): boolean {
    return this.channel !== null;
  }

  /** `relistResourceVersion`. */
  relistResourceVersion(): string {
    if (this.isLastSyncResourceVersionUnavailable) return '';
    return this.lastSyncResourceVersion === '' ? '0' : this.lastSyncResourceVersion;
  }

  /** Timer (or `run`): sends the LIST. */
  list(): void {
    this.timer = null;
    if (!this.running) return;
    const t = this.options.target;
    const req: ApiRequest = { verb: 'list', apiVersion: t.apiVersion, kind: t.kind, resourceVersion: this.relistResourceVersion(), user: this.options.user };
    if (t.namespace) req.namespace = t.namespace;
    if (t.labelSelector) req.labelSelector = t.labelSelector;
    if (t.fieldSelector) req.fieldSelector = t.fieldSelector;
    this.options.transport.send(req, this, 'onListResponse', ++this.generation);
  }

  /** The LIST answer. */
  onListResponse(token: number, response: ApiResponse, responseEventId?: number): void {
    if (token !== this.generation || !this.running) return;
    withCause(this.ctx, responseEventId, () => {
      if (!response.ok || !('list' in response)) {
        const expired = !response.ok && response.code === 410;
        if (expired) this.isLastSyncResourceVersionUnavailable = true;
        this.restartAfterBackoff(expired ? 'expired' : 'error');
        return;
      }
      this.isLastSyncResourceVersionUnavailable = false;
      const list = response.list;
      const rv = list.metadata.resourceVersion;
      this.listCount++;
      const listId = this.ctx.trace.emit(this.name, { kind: 'informer.list', informer: this.name, resource: this.options.resource, count: list.items.length, rv, reason: this.nextListReason });
      withCause(this.ctx, listId, () => this.options.store.replace(list.items, rv));
      this.lastSyncResourceVersion = rv;
      this.watch();
    });
  }

  /** Opens the watch from the last synced RV. */
  watch(): void {
    this.timer = null;
    if (!this.running) return;
    const t = this.options.target;
    const req: WatchRequest = { apiVersion: t.apiVersion, kind: t.kind, resourceVersion: this.lastSyncResourceVersion, allowWatchBookmarks: true, user: this.options.user };
    if (t.namespace) req.namespace = t.namespace;
    if (t.labelSelector) req.labelSelector = t.labelSelector;
    if (t.fieldSelector) req.fieldSelector = t.fieldSelector;
    const ch = this.options.network.openWatch(this.name, req, this, this.generation);
    if (isStatus(ch)) {
      // isWatchErrorRetriable: on 429 Too Many Requests, watch again after the backoff, without relisting.
      if (ch.code === 429) this.timer = this.ctx.scheduler.after(this.nextBackoff(), this, 'watch');
      else this.watchFailed(ch);
      return;
    }
    this.channel = ch;
    // timeoutSeconds = minWatchTimeout * (rand + 1)
    const timeout = MIN_WATCH_TIMEOUT_MS * (1 + this.ctx.rng.float());
    this.timer = this.ctx.scheduler.after(timeout, this, 'onWatchTimeout', this.generation);
  }

  /** Timer: the server closed the watch after its timeout; watch again from the last RV. */
  onWatchTimeout(token: number): void {
    if (token !== this.generation || !this.running) return;
    this.timer = null;
    this.channel?.stop();
    this.channel = null;
    this.watch();
  }

  /** A watch event, after the network delivered it. */
  onWatchEvent(token: number, event: WatchEvent): void {
    if (token !== this.generation || !this.running) return;
    if (event.type === 'ERROR') {
      this.watchFailed(event.object as Status);
      return;
    }
    const obj = event.object as KubeObject;
    const key = (event as Partial<KeyedWatchEvent>).key;
    const store = this.options.store;
    if (event.type === 'ADDED') store.add(obj, key);
    else if (event.type === 'MODIFIED') store.update(obj, key);
    else if (event.type === 'DELETED') store.delete(obj);
    const rv = obj.metadata?.resourceVersion;
    if (rv) this.lastSyncResourceVersion = rv;
  }

  private watchFailed(status: Status): void {
    this.channel?.stop();
    this.channel = null;
    this.ctx.scheduler.cancel(this.timer);
    this.timer = null;
    this.restartAfterBackoff(status.code === 410 ? 'expired' : 'error');
  }

  /** `wait.BackoffUntil`: the next ListAndWatch after the backoff. */
  private restartAfterBackoff(reason: ListReason): void {
    this.generation++;
    // Until a first list succeeds, it keeps its reason ('initial' or 'restart').
    if (this.listCount > 0) this.nextListReason = reason;
    this.timer = this.ctx.scheduler.after(this.nextBackoff(), this, 'list');
  }

  /** `exponentialBackoffManagerImpl.getNextBackoff` with jitter 1.0 from ctx.rng. */
  nextBackoff(): number {
    const now = this.ctx.now;
    if (now - this.lastBackoffStart > BACKOFF_RESET_MS) this.backoffDuration = BACKOFF_INITIAL_MS;
    this.lastBackoffStart = now;
    const d = this.backoffDuration;
    this.backoffDuration = Math.min(d * 2, BACKOFF_CAP_MS);
    return d + this.ctx.rng.float() * d;
  }

  /** Timer: the resync period passed. */
  resyncTick(): void {
    this.resyncTimer = null;
    if (!this.running) return;
    const checker = this.options.resyncChecker;
    if (!checker || checker.shouldResync()) {
      const previous = this.ctx.trace.cause;
      try {
        this.options.store.resync((count) => {
          this.ctx.trace.cause = this.ctx.trace.emit(this.name, { kind: 'informer.resync', informer: this.name, count });
        });
      } finally {
        this.ctx.trace.cause = previous;
      }
    }
    this.resyncTimer = this.ctx.scheduler.after(this.options.resyncPeriod!, this, 'resyncTick');
  }
}

function withCause(ctx: SimContext, cause: number | undefined, fn: () => void): void {
  const previous = ctx.trace.cause;
  if (cause !== undefined) ctx.trace.cause = cause;
  try {
    fn();
  } finally {
    ctx.trace.cause = previous;
  }
}
