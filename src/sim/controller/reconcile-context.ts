/**
 * The {@link ReconcileContext} a worker hands to one reconcile, and the record of what that reconcile reported
 * (the observe → diff → act → status summaries the page shows for the last few reconciles).
 *
 * Each step is a trace event caused by the `queue.get` that handed the worker its key, so the page can draw the
 * four phases of one loop iteration as a group.
 */
import type { Client } from '../client/client.ts';
import type { SimContext } from '../engine/sim-context.ts';
import type { ObjectRef } from '../trace/trace-event.ts';
import type { ReconcileContext } from './reconciler.ts';

/** One reconcile as the UI lists it. Plain data. */
export interface ReconcileRecord {
  key: string;
  worker: number;
  startedAt: number;
  /** Set when the reconcile finished (absent while it is in flight). */
  finishedAt?: number;
  observe?: string;
  diff?: string;
  inSync?: boolean;
  /** Every `act` summary, in order. */
  act: string[];
  status?: string;
  result?: 'success' | 'requeueAfter' | 'error';
  requeueAfter?: number;
  error?: string;
  /** API requests sent during this reconcile. */
  requests: number;
}

export class WorkerReconcileContext implements ReconcileContext {
  constructor(
    private readonly ctx: SimContext,
    readonly client: Client,
    /** The controller's name: the trace actor. */
    private readonly controller: string,
    readonly worker: number,
    private readonly key: string,
    /** The `queue.get` event that started this reconcile. */
    private readonly getEventId: number,
    readonly record: ReconcileRecord,
  ) {}

  get now(): number {
    return this.ctx.now;
  }

  observe(summary: string, observed: Array<ObjectRef & { rv?: string }> = []): void {
    this.record.observe = summary;
    this.ctx.trace.emit(
      this.controller,
      { kind: 'reconcile.observe', controller: this.controller, key: this.key, worker: this.worker, observed, summary },
      this.getEventId,
    );
  }

  diff(summary: string, inSync: boolean): void {
    this.record.diff = summary;
    this.record.inSync = inSync;
    this.ctx.trace.emit(
      this.controller,
      { kind: 'reconcile.diff', controller: this.controller, key: this.key, worker: this.worker, summary, inSync },
      this.getEventId,
    );
  }

  act(summary: string): void {
    this.record.act.push(summary);
    this.ctx.trace.emit(
      this.controller,
      { kind: 'reconcile.act', controller: this.controller, key: this.key, worker: this.worker, summary },
      this.getEventId,
    );
  }

  status(summary: string): void {
    this.record.status = summary;
    this.ctx.trace.emit(
      this.controller,
      { kind: 'reconcile.status', controller: this.controller, key: this.key, worker: this.worker, summary },
      this.getEventId,
    );
  }
}
