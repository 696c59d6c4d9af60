/**
 * `cache.SharedIndexInformer` (client-go `tools/cache/shared_informer.go`, `controller.go`): one reflector, one
 * DeltaFIFO and one indexer per resource per process, shared by every handler in the process.
 *
 * Deltas are applied to the indexer first, then handed to each registered {@link ResourceEventHandler}
 * (`processDeltas`). An update whose resourceVersion did not change (a resync, or a relist of an unchanged
 * object) is a "sync" and only goes to handlers whose own resync period is due.
 *
 * @remarks Handlers are called synchronously, in registration order, in the instant the watch event is delivered
 * (upstream: each listener's goroutine with an unbounded buffer). Handlers are objects, not closures, so the
 * informer can be checkpointed.
 */
import type { KubeObject } from '../api/object.ts';
import { matchesLabels, type ParsedLabelSelector } from '../apiserver/selectors/label-selector.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { Transport } from '../controller/transport.ts';
import type { Network } from '../network/network.ts';
import { DeltaFIFO, type Delta, type DeltaProcessor } from './delta-fifo.ts';
import { NAMESPACE_INDEX } from './index-funcs.ts';
import { CacheIndexer, type Indexer } from './indexer.ts';
import { Reflector, type ListReason, type ListWatchTarget, type ResyncChecker } from './reflector.ts';
import { isDeletedFinalStateUnknown, metaNamespaceKeyFunc, type DeletedFinalStateUnknown } from './store.ts';

/** `cache.ResourceEventHandler`. */
export interface ResourceEventHandler {
  onAdd(obj: KubeObject, isInInitialList: boolean): void;
  onUpdate(oldObj: KubeObject, newObj: KubeObject): void;
  /** A tombstone when the delete was missed and found at a relist. */
  onDelete(obj: KubeObject | DeletedFinalStateUnknown): void;
}

/** `minimumResyncPeriod`. */
export const MINIMUM_RESYNC_PERIOD_MS = 1000;

/** A registered handler (`ResourceEventHandlerRegistration`, `processorListener`). */
export interface HandlerRegistration {
  readonly handler: ResourceEventHandler;
  readonly requestedResyncPeriod: number;
  resyncPeriod: number;
  nextResync: number;
  /** Chosen by the last `shouldResync` to receive sync updates. */
  syncing: boolean;
}

/** A snapshot of an informer for the informer panel. */
export interface InformerStatus {
  name: string;
  resource: string;
  synced: boolean;
  lastSyncResourceVersion: string;
  /** Objects in the cache. */
  cached: number;
  watching: boolean;
  /** Watch events on the wire to this informer. */
  inFlight: number;
  handlers: number;
  /** Completed lists (1 = never relisted). */
  lists: number;
}

export interface SharedIndexInformerOptions {
  /** "<process>/informer/<resource>". */
  name: string;
  resource: string;
  target: ListWatchTarget;
  user: string;
  transport: Transport;
  network: Network;
  /** `defaultEventHandlerResyncPeriod` (0 = no resync). */
  resyncPeriod?: number;
  /** Index function names (default: `namespace`). */
  indexers?: readonly string[];
  initialListReason?: ListReason;
}

export class SharedIndexInformer implements DeltaProcessor, ResyncChecker {
  readonly name: string;
  private readonly indexer: CacheIndexer;
  private readonly fifo: DeltaFIFO;
  /** Made by `run`, when the resync check period is final. */
  private reflector: Reflector | null = null;
  private listeners: HandlerRegistration[] = [];
  private started = false;
  private stopped = false;
  /** The reflector's resync period: the smallest handler period (`resyncCheckPeriod`). */
  private resyncCheckPeriod: number;

  constructor(
    private readonly ctx: SimContext,
    private readonly options: SharedIndexInformerOptions,
  ) {
    this.name = options.name;
    this.indexer = new CacheIndexer(options.indexers ?? [NAMESPACE_INDEX]);
    this.fifo = new DeltaFIFO({ knownObjects: this.indexer, processor: this });
    this.resyncCheckPeriod = options.resyncPeriod ?? 0;
  }

  /** What this informer lists and watches: its type, namespace and label and field selectors. */
  get target(): Readonly<ListWatchTarget> {
    return this.options.target;
  }

  private newReflector(): Reflector {
    const o = this.options;
    return new Reflector(this.ctx, {
      name: o.name,
      resource: o.resource,
      target: o.target,
      user: o.user,
      transport: o.transport,
      network: o.network,
      store: this.fifo,
      resyncPeriod: this.resyncCheckPeriod,
      resyncChecker: this,
      ...(o.initialListReason ? { initialListReason: o.initialListReason } : {}),
    });
  }

  /**
   * `AddEventHandlerWithResyncPeriod`. Added to a running informer, the handler first gets `onAdd(obj, true)`
   * for every object already cached.
   */
  addEventHandler(handler: ResourceEventHandler, resyncPeriod = this.options.resyncPeriod ?? 0): HandlerRegistration {
    if (this.stopped) throw new Error(`handler was not added to shared informer ${this.name} because it has stopped already`);
    let period = resyncPeriod;
    if (period > 0) {
      if (period < MINIMUM_RESYNC_PERIOD_MS) period = MINIMUM_RESYNC_PERIOD_MS;
      if (period < this.resyncCheckPeriod) {
        if (this.started) period = this.resyncCheckPeriod;
        else {
          this.resyncCheckPeriod = period;
          for (const l of this.listeners) l.resyncPeriod = determineResyncPeriod(l.requestedResyncPeriod, period);
        }
      }
    }
    const reg: HandlerRegistration = {
      handler,
      requestedResyncPeriod: period,
      resyncPeriod: determineResyncPeriod(period, this.resyncCheckPeriod),
      nextResync: 0,
      syncing: false,
    };
    reg.nextResync = this.ctx.now + reg.resyncPeriod;
    this.listeners.push(reg);
    if (this.started) for (const obj of this.indexer.list()) handler.onAdd(obj, true);
    return reg;
  }

  /** `RemoveEventHandler`. */
  removeEventHandler(reg: HandlerRegistration): void {
    this.listeners = this.listeners.filter((l) => l !== reg);
  }

  /** `Run`: starts the reflector (the resync check period is fixed from here on). */
  run(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.reflector = this.newReflector();
    this.reflector.run();
  }

  /** Stops the reflector and its watch; the informer cannot be restarted (make a new one, as client-go). */
  stop(): void {
    this.stopped = true;
    this.reflector?.stop();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** What the informer panel shows. */
  status(): InformerStatus {
    const r = this.reflector;
    return {
      name: this.name,
      resource: this.options.resource,
      synced: this.hasSynced(),
      lastSyncResourceVersion: this.lastSyncResourceVersion(),
      cached: this.indexer.size,
      watching: r?.watching ?? false,
      inFlight: r?.watchChannel()?.inFlight ?? 0,
      handlers: this.listeners.length,
      lists: r?.listCount ?? 0,
    };
  }

  /** `HasSynced`: the first list has been fully processed. */
  hasSynced(): boolean {
    return this.fifo.hasSynced();
  }

  /** `LastSyncResourceVersion`. */
  lastSyncResourceVersion(): string {
    return this.reflector?.lastSyncResourceVersion ?? '';
  }

  getIndexer(): Indexer {
    return this.indexer;
  }

  getStore(): Indexer {
    return this.indexer;
  }

  /** `AddIndexers` (allowed after start, as in current client-go). */
  addIndexers(names: readonly string[]): void {
    this.indexer.addIndexers(names.filter((n) => !this.indexer.getIndexers().includes(n)));
  }

  /** The reflector, once `run`. */
  getReflector(): Reflector | null {
    return this.reflector;
  }

  /** Lister `Get`: the cached object, or undefined. */
  get(namespace: string | undefined, name: string): KubeObject | undefined {
    return this.indexer.getByKey(namespace ? `${namespace}/${name}` : name);
  }

  /** Lister `List(selector)`, optionally in one namespace. */
  list(selector?: ParsedLabelSelector, namespace?: string): KubeObject[] {
    const objs = namespace !== undefined ? this.indexer.byIndex(NAMESPACE_INDEX, namespace) : this.indexer.list();
    return selector ? objs.filter((o) => matchesLabels(selector, o.metadata.labels)) : objs;
  }

  /** `GetIndexer().ByIndex`. */
  byIndex(indexName: string, indexedValue: string): KubeObject[] {
    return this.indexer.byIndex(indexName, indexedValue);
  }

  /** `ShouldResync` (sharedProcessor): picks the handlers whose resync is due. */
  shouldResync(): boolean {
    const now = this.ctx.now;
    let needed = false;
    for (const l of this.listeners) {
      l.syncing = l.resyncPeriod > 0 && now >= l.nextResync;
      if (l.syncing) {
        needed = true;
        l.nextResync = now + l.resyncPeriod;
      }
    }
    return needed;
  }

  /** `HandleDeltas` / `processDeltas`: applies each delta to the indexer, then notifies the handlers. */
  handleDeltas(deltas: readonly Delta[], isInInitialList: boolean): void {
    for (const d of deltas) {
      const obj = d.object;
      if (d.type === 'Deleted') {
        this.indexer.delete(obj);
        for (const l of this.listeners) l.handler.onDelete(obj);
        continue;
      }
      if (isDeletedFinalStateUnknown(obj)) continue;
      this.handleObject(obj, isInInitialList);
    }
  }

  /**
   * {@link handleDeltas} of one Added/Updated delta (the DeltaFIFO's hot path: no array per watch event), with the
   * object's key when the watch event carried it.
   */
  handleDelta(_type: 'Added' | 'Updated', object: KubeObject, key?: string): void {
    this.handleObject(object, false, key);
  }

  /** An Added, Updated, Replaced or Sync delta: into the indexer, then to the handlers. */
  private handleObject(obj: KubeObject, isInInitialList: boolean, key: string = metaNamespaceKeyFunc(obj)): void {
    const old = this.indexer.swapByKey(key, obj);
    if (old) {
      // Events that did not change the resourceVersion are resyncs: only for handlers due one.
      const isSync = old.metadata.resourceVersion === obj.metadata.resourceVersion;
      for (const l of this.listeners) if (!isSync || l.syncing) l.handler.onUpdate(old, obj);
    } else {
      for (const l of this.listeners) l.handler.onAdd(obj, isInInitialList);
    }
  }
}

/** `determineResyncPeriod`. */
function determineResyncPeriod(desired: number, check: number): number {
  if (desired === 0 || check === 0) return 0;
  return desired < check ? check : desired;
}
