/**
 * The plain work queue, ported from client-go `util/workqueue/queue.go`.
 *
 * Contract (upstream's): *fair* (items are processed in the order they are added), *stingy* (an item added many
 * times before it is processed is processed once), and a key is never processed by two workers at once: a key
 * added while it is processing is remembered as dirty and queued again when the worker calls {@link Queue.done}.
 *
 * ```
 * add(x):  if shuttingDown: return
 *          if x in dirty: return                      # collapses duplicates
 *          dirty += x; if x in processing: return     # re-queued on done
 *          queue.push(x)
 * get():   x = queue.shift(); processing += x; dirty -= x
 * done(x): processing -= x; if x in dirty: queue.push(x)
 * ```
 *
 * @remarks Go's `Get` blocks until an item is available. The simulation cannot block, so `get` returns undefined
 * when the queue is empty, and the queue instead tells its {@link QueueConsumer} (on virtual time, through
 * `ctx.scheduler`) whenever an item becomes available. Items are string keys ("namespace/name"), which is all
 * controllers put in their queues. Every add is recorded as `queue.add`; one that collapses into a pending one (the key
 * is already dirty: queued, or processing and added again) carries `merged`, the number of adds merged into the
 * pending one so far, so the trace and the controller panel can show the deduplication ("×3 merged").
 */
import type { SimContext } from '../engine/sim-context.ts';
import type { QueueReason } from '../trace/trace-event.ts';

/** Whoever takes items from the queue: told (never synchronously inside `add`) when one may be available. */
export interface QueueConsumer {
  onQueueReady(): void;
}

/** What {@link Queue.get} hands a worker: the key and the `queue.get` trace event (the cause of its reconcile). */
export interface QueueItem {
  key: string;
  /** Id of the `queue.get` event recorded for this hand-out. */
  eventId: number;
}

/** client-go's `workqueue.Interface`, in camelCase. */
export interface Interface {
  add(key: string, reason?: QueueReason): void;
  len(): number;
  get(worker?: number): QueueItem | undefined;
  done(key: string): void;
  shutDown(): void;
  shuttingDown(): boolean;
}

export class Queue implements Interface {
  /** Keys in processing order. Invariant: every key here is in `dirty` and not in `processing`. */
  protected queue: string[] = [];
  /** Keys that need processing (queued, or added again while processing). */
  protected dirty = new Set<string>();
  /** Keys handed to a worker and not yet `done`. A key here is never handed out again until done. */
  protected processing = new Set<string>();
  /** For each dirty key, the `queue.add` event that made it dirty: the cause of the `queue.get` that hands it out. */
  protected addEvents = new Map<string, number>();
  /** For each dirty key that later adds collapsed into, how many did (cleared when the key is handed out). */
  protected merged = new Map<string, number>();
  protected isShuttingDown = false;
  protected consumer: QueueConsumer | null = null;
  /** A readiness notification is scheduled and has not run yet (one is enough for any number of adds). */
  private notifyPending = false;

  /** @param name the queue's name in the trace ("replicaset-controller"), also the trace actor. */
  constructor(
    protected readonly ctx: SimContext,
    readonly name: string,
  ) {}

  /** Registers the object told when items become available. */
  setConsumer(consumer: QueueConsumer | null): void {
    this.consumer = consumer;
    if (consumer && this.queue.length > 0) this.scheduleNotify();
  }

  /** Marks `key` as needing processing. `reason` is why (the informer event, a retry...), for the trace. */
  add(key: string, reason: QueueReason = 'manual'): void {
    if (this.isShuttingDown) return;
    if (this.dirty.has(key)) {
      const merged = (this.merged.get(key) ?? 0) + 1;
      this.merged.set(key, merged);
      this.ctx.trace.emit(this.name, { kind: 'queue.add', queue: this.name, key, reason, merged });
      return;
    }
    this.dirty.add(key);
    this.addEvents.set(key, this.ctx.trace.emit(this.name, { kind: 'queue.add', queue: this.name, key, reason }));
    if (this.processing.has(key)) return;
    this.queue.push(key);
    this.scheduleNotify();
  }

  /** Number of keys waiting to be handed out (not counting those processing). */
  len(): number {
    return this.queue.length;
  }

  /**
   * Hands the next key to `worker`, or returns undefined when none is waiting. The caller must call {@link done}
   * with the key when it has finished with it.
   */
  get(worker = 0): QueueItem | undefined {
    const key = this.queue.shift();
    if (key === undefined) return undefined;
    this.processing.add(key);
    this.dirty.delete(key);
    this.merged.delete(key);
    const cause = this.addEvents.get(key) ?? this.ctx.trace.cause;
    this.addEvents.delete(key);
    const eventId = this.ctx.trace.emit(this.name, { kind: 'queue.get', queue: this.name, key, worker }, cause);
    return { key, eventId };
  }

  /** Marks `key` done; if it was added again while processing, it is queued again now. */
  done(key: string): void {
    if (!this.processing.delete(key)) return;
    const requeued = this.dirty.has(key);
    this.ctx.trace.emit(this.name, { kind: 'queue.done', queue: this.name, key, requeued });
    if (requeued) {
      this.queue.push(key);
      this.scheduleNotify();
    }
  }

  /** New adds are ignored from now on; keys already queued can still be taken. */
  shutDown(): void {
    this.isShuttingDown = true;
  }

  shuttingDown(): boolean {
    return this.isShuttingDown;
  }

  /** Keys waiting, in the order they will be handed out (a copy, for the UI and tests). */
  queuedKeys(): string[] {
    return [...this.queue];
  }

  /** Keys currently processing, sorted (a copy). */
  processingKeys(): string[] {
    return [...this.processing].sort();
  }

  isProcessing(key: string): boolean {
    return this.processing.has(key);
  }

  isDirty(key: string): boolean {
    return this.dirty.has(key);
  }

  /** Adds merged into `key`'s pending add since it was last handed out (0 when none, or when it is not dirty). */
  mergedAdds(key: string): number {
    return this.merged.get(key) ?? 0;
  }

  /** Timer target: tells the consumer that items may be available. */
  notifyReady(): void {
    this.notifyPending = false;
    if (this.consumer && this.queue.length > 0) this.consumer.onQueueReady();
  }

  protected scheduleNotify(): void {
    if (this.notifyPending || !this.consumer) return;
    this.notifyPending = true;
    this.ctx.scheduler.after(0, this, 'notifyReady');
  }
}
