/**
 * The causal trace in the Chrome trace event format (the JSON that Perfetto and chrome://tracing open): each loop a
 * track, each reconcile a slice (from the worker taking the key off the queue to `done`) with its observe, diff, act
 * and status steps as instants inside it, each API call an async slice from request to response on its client's
 * track, each watch delivery a flow arrow from the write that caused it to the informer that received it, and every
 * other event an instant on its actor's track. Times are virtual: 1 ms of the simulation is 1 ms on the timeline.
 *
 * Format: "Trace Event Format" (Google, the document linked from Perfetto's docs): `ph` B/E (slices), b/e (async),
 * s/f (flows), i (instants), M (track names); `ts` in microseconds.
 */
import type { TraceEvent } from './trace-event.ts';

export interface ChromeTraceEvent {
  name: string;
  ph: 'B' | 'E' | 'b' | 'e' | 's' | 'f' | 'i' | 'M' | 'X';
  ts: number;
  pid: number;
  tid: number;
  cat?: string;
  id?: number;
  dur?: number;
  s?: 'g' | 'p' | 't';
  bp?: 'e';
  args?: Record<string, unknown>;
}

export interface ChromeTrace {
  traceEvents: ChromeTraceEvent[];
  displayTimeUnit: 'ms';
}

const PID = 1;
const us = (ms: number) => Math.round(ms * 1000);

function objectName(o: { kind: string; namespace?: string; name: string }): string {
  return `${o.kind.toLowerCase()}/${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
}

/** Converts a trace (in id order) to a Chrome trace. Slices left open at the end are closed at the last event's time. */
export function toChromeTrace(events: readonly TraceEvent[]): ChromeTrace {
  const out: ChromeTraceEvent[] = [];
  const tids = new Map<string, number>();
  const tid = (track: string): number => {
    let t = tids.get(track);
    if (t === undefined) {
      t = tids.size + 1;
      tids.set(track, t);
      out.push({ name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: t, args: { name: track } });
    }
    return t;
  };
  out.push({ name: 'process_name', ph: 'M', ts: 0, pid: PID, tid: 0, args: { name: 'Loopscope simulated cluster' } });
  /** Open reconcile slices: queue + key → the worker's track. */
  const open = new Map<string, number>();
  /** Where and when each event happened, for flow arrows from a cause. */
  const placed = new Map<number, { tid: number; ts: number }>();
  const byId = new Map<number, TraceEvent>();
  let last = 0;
  for (const e of events) {
    byId.set(e.id, e);
    last = Math.max(last, e.time);
    const ts = us(e.time);
    switch (e.kind) {
      case 'queue.get': {
        const t = tid(`${e.queue} worker ${e.worker}`);
        open.set(`${e.queue}\u0000${e.key}`, t);
        out.push({ name: `reconcile ${e.key}`, cat: 'reconcile', ph: 'B', ts, pid: PID, tid: t, args: { queue: e.queue, key: e.key, traceId: e.id } });
        placed.set(e.id, { tid: t, ts });
        break;
      }
      case 'queue.done': {
        const k = `${e.queue}\u0000${e.key}`;
        const t = open.get(k);
        if (t !== undefined) {
          out.push({ name: `reconcile ${e.key}`, cat: 'reconcile', ph: 'E', ts, pid: PID, tid: t, args: { requeued: e.requeued } });
          open.delete(k);
          placed.set(e.id, { tid: t, ts });
        } else instant(e, ts);
        break;
      }
      case 'reconcile.observe':
      case 'reconcile.diff':
      case 'reconcile.act':
      case 'reconcile.status':
      case 'reconcile.done': {
        const t = tid(`${e.controller} worker ${e.worker}`);
        const step = e.kind.slice('reconcile.'.length);
        out.push({ name: step, cat: 'reconcile', ph: 'i', s: 't', ts, pid: PID, tid: t, args: { key: e.key, ...('summary' in e ? { summary: e.summary } : {}), ...(e.kind === 'reconcile.done' ? { result: e.result } : {}), traceId: e.id } });
        placed.set(e.id, { tid: t, ts });
        break;
      }
      case 'api.request': {
        const t = tid(e.actor);
        out.push({ name: `${e.verb} ${objectName(e.object)}${e.subresource ? `/${e.subresource}` : ''}`, cat: 'api', ph: 'b', id: e.requestId, ts, pid: PID, tid: t, args: { traceId: e.id } });
        placed.set(e.id, { tid: t, ts });
        break;
      }
      case 'api.response': {
        // The async slice ends on the track it began on (the client's): the request is its cause.
        const request = e.causeId !== null ? byId.get(e.causeId) : undefined;
        const t = request?.kind === 'api.request' && request.requestId === e.requestId ? tid(request.actor) : tid(e.actor);
        out.push({ name: `${e.verb} ${objectName(e.object)}${e.subresource ? `/${e.subresource}` : ''}`, cat: 'api', ph: 'e', id: e.requestId, ts, pid: PID, tid: t, args: { code: e.code, ...(e.rv ? { rv: e.rv } : {}), ...(e.changed ? { changed: e.changed } : {}) } });
        // A one-microsecond slice on the api-server's track anchors the flows of the watch events this write causes.
        const server = tid('api-server');
        out.push({ name: `${e.code} ${e.verb} ${objectName(e.object)}`, cat: 'api', ph: 'X', dur: 1, ts, pid: PID, tid: server, args: { traceId: e.id } });
        placed.set(e.id, { tid: server, ts });
        break;
      }
      case 'watch.deliver': {
        const t = tid(e.informer);
        out.push({ name: `${e.type} ${objectName(e.object)}${e.fate ? ` (${e.fate})` : ''}`, cat: 'watch', ph: 'X', dur: 1, ts, pid: PID, tid: t, args: { rv: e.rv, traceId: e.id } });
        placed.set(e.id, { tid: t, ts });
        const from = e.causeId !== null ? placed.get(e.causeId) : undefined;
        if (from) {
          out.push({ name: 'watch', cat: 'watch', ph: 's', id: e.id, ts: from.ts, pid: PID, tid: from.tid });
          out.push({ name: 'watch', cat: 'watch', ph: 'f', bp: 'e', id: e.id, ts, pid: PID, tid: t });
        }
        break;
      }
      default:
        instant(e, ts);
    }
  }
  // A reconcile still running when the trace ends is closed there, so every B has its E.
  for (const t of open.values()) out.push({ name: 'reconcile (running at the end of the trace)', cat: 'reconcile', ph: 'E', ts: us(last), pid: PID, tid: t });
  return { traceEvents: out, displayTimeUnit: 'ms' };

  function instant(e: TraceEvent, ts: number): void {
    const t = tid(e.actor);
    const { id, time: _time, actor: _actor, causeId, kind, ...rest } = e;
    out.push({ name: kind, cat: kind.split('.')[0]!, ph: 'i', s: 't', ts, pid: PID, tid: t, args: { traceId: id, causeId, ...rest } });
    placed.set(e.id, { tid: t, ts });
  }
}

/** The trace as JSON Lines: one event per line, as the CLI's `--trace` writes it. */
export function toJsonLines(events: readonly TraceEvent[]): string {
  let s = '';
  for (const e of events) s += `${JSON.stringify(e)}\n`;
  return s;
}
