/**
 * The controller runner: a rate-limited work queue and N workers that run a {@link Reconciler} for each key, as
 * controller-runtime's `pkg/internal/controller/controller.go` (`processNextWorkItem`, `reconcileHandler`) and
 * kube-controller-manager's `worker()` loops do.
 *
 * Outcome of one reconcile (controller-runtime's reconcileHandler, see reconcile-handler.ts): an error becomes
 * `addRateLimited(key)` (or a drop after `maxRetries`), `requeueAfter` becomes `forget` + `addAfter`, `requeue`
 * becomes `addRateLimited`, success becomes `forget`; then `done(key)`.
 *
 * Reconcilers are generators: each yielded {@link ApiCall} goes through the {@link Transport}, and the generator is
 * resumed with the response when it comes back in virtual time; an {@link ApiCallBatch} is sent at once and
 * resumed with all responses, in request order.
 *
 * Causality: the reconcile's observe/diff/act/status events are caused by its `queue.get`; while the generator
 * runs, the trace cause is the event that resumed it (the `api.response`, or the `queue.get` at first), so
 * every `api.request` it sends chains back through the queue to the watch event that added the key.
 *
 * @remarks A suspended generator cannot be copied by a checkpoint: the simulation checkpoints only when every
 * controller's {@link Controller.inFlight} is 0. A crash drops the queue (and, for the default limiter, the
 * backoff state) and the in-flight reconciles; their late responses are ignored. A rate limiter passed in
 * `options` is kept across crashes.
 */
import type { ApiResponse } from '../apiserver/api-request.ts';
import type { ApiCall, ApiCallBatch } from '../client/api-call.ts';
import { Client } from '../client/client.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { QueueReason } from '../trace/trace-event.ts';
import type { RateLimiter } from '../workqueue/default-rate-limiters.ts';
import type { WaitingItem } from '../workqueue/delaying-queue.ts';
import type { QueueConsumer, QueueItem } from '../workqueue/queue.ts';
import { RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import { WorkerReconcileContext, type ReconcileRecord } from './reconcile-context.ts';
import { handleReconcileOutcome, type ReconcileOutcome } from './reconcile-handler.ts';
import type { ReconcileGenerator, Reconciler, Request, Result } from './reconciler.ts';
import type { Transport } from './transport.ts';

export interface ControllerOptions {
  /** "replicaset-controller": the queue's name, the trace actor and the client's user. */
  name: string;
  /**
   * The trace actor and queue name when several instances share one name (each node's "kubelet" traces as
   * "kubelet/node-1"). Defaults to `name`.
   */
  actor?: string;
  reconciler: Reconciler;
  /** Concurrent workers (kube-controller-manager's `--concurrent-*-syncs`: `DEFAULT_WORKERS` in concurrent-syncs.ts). */
  workers: number;
  transport: Transport;
  /** Defaults to `defaultControllerRateLimiter()` (recreated after a crash). */
  rateLimiter?: RateLimiter;
  /** Give up on a key after this many failed attempts (upstream's per-controller `maxRetries`); unset = never. */
  maxRetries?: number;
  /** The client handed to reconcilers; defaults to `new Client(name)`. */
  client?: Client;
  /** How many finished reconciles {@link Controller.stats} keeps (default 20). */
  recentReconciles?: number;
}

/** What the page shows for a controller. Plain data. */
export interface ControllerStats {
  name: string;
  running: boolean;
  paused: boolean;
  workers: number;
  /** Queue depth: keys waiting to be handed to a worker. */
  depth: number;
  /** Those keys, in the order they will be handed out. */
  queued: string[];
  /** Keys being reconciled, by worker. */
  processing: Array<{ worker: number; key: string; since: number; pendingRequests: number }>;
  /** Keys waiting in rate-limited backoff after an error, with their ready time. */
  backoff: WaitingItem[];
  /** Keys waiting for a `requeueAfter` (or any other `addAfter`), with their ready time. */
  requeueAfter: WaitingItem[];
  /** The last finished reconciles, oldest first. */
  recent: ReconcileRecord[];
}

/** A reconcile suspended on the api-server. */
interface InFlight {
  key: string;
  gen: ReconcileGenerator;
  context: WorkerReconcileContext;
  /** Responses still awaited for the current yield. */
  awaiting: number;
  responses: ApiResponse[];
  batch: boolean;
}

export class Controller implements QueueConsumer {
  readonly name: string;
  /** Who the trace says did it (see {@link ControllerOptions.actor}). */
  readonly actor: string;
  readonly workers: number;
  readonly client: Client;
  private queueRef: RateLimitingQueue;
  private readonly reconciler: Reconciler;
  private readonly transport: Transport;
  private readonly customRateLimiter: RateLimiter | undefined;
  private readonly maxRetries: number | undefined;
  private readonly recentLimit: number;
  /** One slot per worker: the reconcile it is running, or null when idle. */
  private slots: Array<InFlight | null>;
  /** Outstanding request tokens → the worker and the position in its batch. */
  private tokens = new Map<number, { worker: number; index: number }>();
  private nextToken = 1;
  private running = false;
  private paused = false;
  private pumping = false;
  private driving = false;
  private recent: ReconcileRecord[] = [];

  constructor(
    private readonly ctx: SimContext,
    options: ControllerOptions,
  ) {
    if (!(options.workers >= 1)) throw new Error(`Controller ${options.name}: workers must be at least 1`);
    this.name = options.name;
    this.actor = options.actor ?? options.name;
    this.workers = options.workers;
    this.reconciler = options.reconciler;
    this.transport = options.transport;
    this.customRateLimiter = options.rateLimiter;
    this.maxRetries = options.maxRetries;
    this.recentLimit = options.recentReconciles ?? 20;
    this.client = options.client ?? new Client(options.name);
    this.slots = new Array<InFlight | null>(options.workers).fill(null);
    this.queueRef = this.newQueue();
  }

  /**
   * The controller's queue. A restart after a crash replaces it with a fresh one: informer handlers should call
   * {@link enqueue} rather than keep a reference to it.
   */
  get queue(): RateLimitingQueue {
    return this.queueRef;
  }

  /** What informer event handlers call: `queue.add(key)` with the reason for the trace. */
  enqueue(key: string, reason: QueueReason = 'manual'): void {
    this.queueRef.add(key, reason);
  }

  /** `queue.addAfter(key, delay)`. */
  enqueueAfter(key: string, delay: number, reason: QueueReason = 'after'): void {
    this.queueRef.addAfter(key, delay, reason);
  }

  /** Starts the workers (after a crash or stop: with a fresh, empty queue). */
  start(): void {
    if (this.running) return;
    if (this.queueRef.shuttingDown()) this.queueRef = this.newQueue();
    this.running = true;
    this.queueRef.setConsumer(this);
  }

  /** Stops like a crash: kube-controller-manager exits when it loses leadership. */
  stop(): void {
    this.crash();
  }

  /** Loses the queue and every in-flight reconcile; late responses are ignored. Restart with {@link start}. */
  crash(): void {
    this.running = false;
    this.slots.fill(null);
    this.tokens.clear();
    this.queueRef.setConsumer(null);
    this.queueRef.shutDown();
  }

  /** A paused controller takes no new keys; reconciles in flight finish. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.ctx.scheduler.after(0, this, 'onQueueReady');
  }

  isRunning(): boolean {
    return this.running;
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Reconciles suspended on the api-server. Checkpoints are possible only when this is 0. */
  inFlight(): number {
    let n = 0;
    for (const s of this.slots) if (s) n++;
    return n;
  }

  stats(): ControllerStats {
    const waiting = this.queueRef.waitingItems();
    const processing: ControllerStats['processing'] = [];
    this.slots.forEach((s, worker) => {
      if (s) processing.push({ worker, key: s.key, since: s.context.record.startedAt, pendingRequests: s.awaiting });
    });
    return {
      name: this.name,
      running: this.running,
      paused: this.paused,
      workers: this.workers,
      depth: this.queueRef.len(),
      queued: this.queueRef.queuedKeys(),
      processing,
      backoff: waiting.filter((w) => w.reason === 'retry'),
      requeueAfter: waiting.filter((w) => w.reason !== 'retry'),
      recent: this.recent.map((r) => structuredClone(r)),
    };
  }

  /** Queue callback: hands keys to idle workers. */
  onQueueReady(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.running && !this.paused) {
        const worker = this.slots.indexOf(null);
        if (worker < 0) break;
        const item = this.queueRef.get(worker);
        if (!item) break;
        this.startReconcile(worker, item);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Transport callback: one response for an outstanding request. */
  onApiResponse(token: number, response: ApiResponse, responseEventId?: number): void {
    if (this.driving) {
      // A transport answered inside send(): finish the current step first.
      this.ctx.scheduler.after(0, this, 'onApiResponse', token, response, responseEventId);
      return;
    }
    const entry = this.tokens.get(token);
    if (!entry) return; // from before a crash
    this.tokens.delete(token);
    const slot = this.slots[entry.worker];
    if (!slot) return;
    slot.responses[entry.index] = response;
    slot.awaiting--;
    if (slot.awaiting > 0) return;
    const value = slot.batch ? slot.responses : slot.responses[0];
    this.drive(entry.worker, value, responseEventId ?? this.ctx.trace.cause);
  }

  private newQueue(): RateLimitingQueue {
    return new RateLimitingQueue(this.ctx, this.actor, this.customRateLimiter);
  }

  private startReconcile(worker: number, item: QueueItem): void {
    const record: ReconcileRecord = { key: item.key, worker, startedAt: this.ctx.now, act: [], requests: 0 };
    const context = new WorkerReconcileContext(this.ctx, this.client, this.actor, worker, item.key, item.eventId, record);
    const request: Request = requestOf(item.key);
    let gen: ReconcileGenerator;
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = item.eventId;
    try {
      gen = this.reconciler.reconcile(request, context);
    } catch (e) {
      this.slots[worker] = { key: item.key, gen: emptyGenerator(), context, awaiting: 0, responses: [], batch: false };
      this.finish(worker, { error: e });
      return;
    } finally {
      this.ctx.trace.cause = previous;
    }
    this.slots[worker] = { key: item.key, gen, context, awaiting: 0, responses: [], batch: false };
    this.drive(worker, undefined, item.eventId);
  }

  /** Runs the worker's generator from `input` until it waits on the api-server or finishes. */
  private drive(worker: number, input: unknown, cause: number | null): void {
    const slot = this.slots[worker]!;
    const previous = this.ctx.trace.cause;
    this.ctx.trace.cause = cause;
    this.driving = true;
    try {
      let next = input;
      for (;;) {
        let step: IteratorResult<unknown, Result | void>;
        try {
          step = slot.gen.next(next as ApiResponse);
        } catch (e) {
          this.finish(worker, { error: e });
          return;
        }
        if (step.done) {
          this.finish(worker, { result: step.value ?? {} });
          return;
        }
        const requests = requestsOf(step.value);
        if (!requests) {
          this.finish(worker, { error: new Error(`reconciler yielded something that is not an API call`) });
          return;
        }
        if (requests.length === 0) {
          next = [];
          continue;
        }
        slot.batch = (step.value as ApiCallBatch).type === 'batch';
        slot.awaiting = requests.length;
        slot.responses = new Array<ApiResponse>(requests.length);
        slot.context.record.requests += requests.length;
        for (let index = 0; index < requests.length; index++) {
          const token = this.nextToken++;
          this.tokens.set(token, { worker, index });
          this.transport.send(requests[index]!, this, 'onApiResponse', token);
        }
        return;
      }
    } finally {
      this.driving = false;
      this.ctx.trace.cause = previous;
    }
  }

  /** After the reconcile returned or threw: see reconcile-handler.ts. */
  private finish(worker: number, outcome: ReconcileOutcome): void {
    const slot = this.slots[worker]!;
    this.slots[worker] = null;
    const record = slot.context.record;
    handleReconcileOutcome(this.ctx, this.queueRef, {
      controller: this.actor,
      worker,
      key: slot.key,
      outcome,
      record,
      maxRetries: this.maxRetries,
    });
    this.recent.push(record);
    if (this.recent.length > this.recentLimit) this.recent.splice(0, this.recent.length - this.recentLimit);
    if (!this.driving) this.onQueueReady();
    else this.ctx.scheduler.after(0, this, 'onQueueReady');
  }
}

/** A queue key ("namespace/name" or "name") as a reconcile.Request. */
export function requestOf(key: string): Request {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

function requestsOf(y: unknown): ApiCall['request'][] | undefined {
  if (!y || typeof y !== 'object') return undefined;
  const v = y as { type?: unknown; request?: ApiCall['request']; requests?: ApiCallBatch['requests'] };
  if (v.type === 'api' && v.request) return [v.request];
  if (v.type === 'batch' && Array.isArray(v.requests)) return [...v.requests];
  return undefined;
}

// eslint-disable-next-line require-yield -- a reconcile that ends at once, standing in for one that could not start
function* emptyGenerator(): ReconcileGenerator {
  return {};
}
